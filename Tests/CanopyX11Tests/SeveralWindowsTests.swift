@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

/// A window of its own beside a test window: a coloured root with a text field and a button.
@MainActor final class SecondWindowContent {
    let root = View()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 36))
    let button = Button(title: "Press", frame: Rect(x: 20, y: 80, width: 120, height: 36))
    var presses = 0

    init(color: Color) {
        root.backgroundColor = color
        root.addSubview(field)
        root.addSubview(button)
        button.onPrimaryAction = { [unowned self] in self.presses += 1 }
    }

    /// Whether `window` shows the field's caret: an accent-coloured pixel across the middle of
    /// the field's text area (the focus ring is outside it, the text is in another colour).
    func showsCaret(in window: Window) throws -> Bool {
        let image = try window.captureImage()
        let area = field.convert(field.textRect, to: nil)
        let y = Int(area.midY * window.scale)
        let accent: UInt32 = field.theme.accent.rgb
        return (Int(area.minX * window.scale)..<Int(area.maxX * window.scale)).contains { x in
            image.rgb(x: x, y: y) == accent
        }
    }
}

/// A plain class that builds a dialog's content and counts its button's presses, as a view
/// controller would; its callback holds it weakly, as the guide's do.
@MainActor final class CountingScreen {
    let root = View()
    let button = Button(title: "Press", frame: Rect(x: 20, y: 20, width: 120, height: 36))
    private let onPress: () -> Void

    init(onPress: @escaping () -> Void) {
        self.onPress = onPress
        root.addSubview(button)
        button.onPrimaryAction = { [weak self] in self?.onPress() }
    }

    /// Opens a new screen in a dialog of `window`, which keeps it as its controller, and
    /// returns the screen (the caller holds it weakly: nothing else does).
    static func openDialog(of window: Window, onPress: @escaping () -> Void) throws -> CountingScreen {
        let screen = CountingScreen(onPress: onPress)
        let dialog = try window.presentDialog(
            title: "Counting", size: Size(width: 200, height: 100), rootView: screen.root, modal: false)
        dialog.controller = screen
        return screen
    }
}

extension Color {
    /// The colour as 0xRRGGBB, as ``Canopy/Bitmap/rgb(x:y:)`` reads pixels.
    fileprivate var rgb: UInt32 {
        let channels = [red, green, blue].map { UInt32(($0 * 255).rounded()) }
        return channels[0] << 16 | channels[1] << 8 | channels[2]
    }
}

extension TestWindow {
    /// Opens a second window of the test's application showing `content`, at `origin` on the
    /// screen (pixels, ignored under a window manager, which places it), and waits for its first
    /// frame on the screen.
    func openSecondWindow(
        _ content: SecondWindowContent, at origin: Point = Point(x: 500, y: 0), kind: Window.Kind = .normal
    ) throws -> Window {
        let second = try Window(
            application: application, title: "Second", size: Size(width: 300, height: 200), rootView: content.root,
            kind: kind)
        application.synchronize()  // the server has made the window before another client moves it
        input.moveWindow(second, to: origin)
        second.show()
        try #require(wait { second.isMapped && second.framesPresented > 0 && self.input.isViewable(second) })
        return second
    }

    /// Clicks the middle of `view` in `window` (any window of the application), then lets the app
    /// handle it.
    func click(_ view: View, in window: Window) {
        let before = application.loopTurns
        input.click(at: view.convert(view.bounds.center, to: nil), in: window)
        application.run(timeout: 0.5) { self.application.loopTurns > before }
    }
}

extension X11Tests {
    /// An application with more than one window, on the bare server.
    @MainActor @Suite struct SeveralWindowsTests {
        @Test func twoWindowsDrawAndTakeInputEachOnItsOwn() throws {
            let first = SecondWindowContent(color: Color(rgb: 0xcc3322))
            let test = try TestWindow(size: Size(width: 300, height: 200), rootView: first.root)
            defer { test.close() }
            test.click(first.field)
            #expect(test.wait { first.field.isFocused })
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let second = try test.openSecondWindow(content)
            #expect(test.application.windows.map(\.windowID) == [test.window.windowID, second.windowID])
            // Each window shows its own scene.
            #expect(try test.capture().rgb(x: 280, y: 180) == 0xcc3322)
            #expect(try second.captureImage().rgb(x: 280, y: 180) == 0x2255aa)

            // A click in the second window focuses its field and leaves the first one's alone.
            test.click(content.button, in: second)
            test.click(content.field, in: second)
            #expect(test.wait { content.field.isFocused && content.presses == 1 })
            #expect(first.field.isFocused && first.presses == 0)

            // Keys go to the window with the keyboard; the caret shows only there.
            test.input.focus(second)
            #expect(test.wait { second.hasKeyboardFocus && !test.window.hasKeyboardFocus })
            test.type("two")
            #expect(test.wait { content.field.text == "two" })
            #expect(test.settle())
            #expect(try !first.showsCaret(in: test.window))
            #expect(test.wait { (try? content.showsCaret(in: second)) == true })
            test.input.focus(test.window)
            #expect(test.wait { test.window.hasKeyboardFocus && !second.hasKeyboardFocus })
            test.type("one")
            #expect(test.wait { first.field.text == "one" })
            #expect(content.field.text == "two")
            #expect(test.settle())
            #expect(try !content.showsCaret(in: second))
            #expect(test.wait { (try? first.showsCaret(in: test.window)) == true })
        }

        @Test func aDialogIsTransientForItsParentAndAModalOneTakesItsInput() throws {
            let parent = SecondWindowContent(color: Color(rgb: 0xeeeeee))
            let test = try TestWindow(size: Size(width: 300, height: 200), rootView: parent.root)
            defer { test.close() }
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let dialog = try test.window.presentDialog(
                title: "Dialog", size: Size(width: 300, height: 200), rootView: content.root)
            #expect(test.wait { dialog.isMapped && dialog.framesPresented > 0 })
            // What another client (a window manager) reads.
            #expect(test.input.atomNames("_NET_WM_WINDOW_TYPE", of: dialog) == ["_NET_WM_WINDOW_TYPE_DIALOG"])
            #expect(test.input.longs("WM_TRANSIENT_FOR", of: dialog) == [Int(test.window.windowID)])
            #expect(test.input.atomNames("_NET_WM_STATE", of: dialog) == ["_NET_WM_STATE_MODAL"])
            #expect(dialog.parent === test.window && dialog.isModal)
            #expect(test.window.dialogs.map(\.windowID) == [dialog.windowID])
            #expect(test.window.modalDialog === dialog)

            // The parent takes no clicks or keys while the modal dialog is open.
            test.input.moveWindow(dialog, to: Point(x: 500, y: 0))  // uncover the parent
            test.click(parent.button)
            test.input.focus(test.window)
            test.type("x")
            #expect(test.settle())
            #expect(parent.presses == 0 && parent.field.text.isEmpty)
            dialog.close()
            #expect(!dialog.isOpen && test.window.dialogs.isEmpty)
            test.click(parent.button)
            #expect(test.wait { parent.presses == 1 })
        }

        @Test func aModelessDialogLeavesItsParentsInputAloneAndClosesWithIt() throws {
            let parent = SecondWindowContent(color: Color(rgb: 0xeeeeee))
            let test = try TestWindow(size: Size(width: 300, height: 200), rootView: parent.root)
            defer { test.close() }
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let dialog = try test.openSecondWindow(content, kind: .dialog(of: test.window))
            #expect(test.input.atomNames("_NET_WM_STATE", of: dialog).isEmpty)
            test.click(parent.button)
            #expect(test.wait { parent.presses == 1 })
            var closed = false
            dialog.didClose = { closed = true }
            test.window.close()
            #expect(closed && !dialog.isOpen && test.application.windows.isEmpty)
        }

        @Test func aClickInAnotherWindowOfTheAppClosesAMenuOpenInTheFirst() throws {
            let test = try TestWindow(size: Size(width: 300, height: 200))
            defer { test.close() }
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let second = try test.openSecondWindow(content)
            let menu = Menu(items: [MenuItem("Cut"), MenuItem("Copy")])
            menu.present(at: Point(x: 40, y: 40), in: test.window.scene)
            #expect(test.wait { test.window.isGrabbingPointer })
            test.click(content.button, in: second)
            #expect(test.wait { !test.window.scene.hasOpenPopover && !test.window.isGrabbingPointer })
            #expect(test.wait { content.presses == 1 })  // and the click lands where it was aimed
        }

        @Test func closingTheSecondWindowLeavesTheFirstRunning() throws {
            let first = SecondWindowContent(color: Color(rgb: 0xcc3322))
            let test = try TestWindow(size: Size(width: 300, height: 200), rootView: first.root)
            defer { test.close() }
            let second = try test.openSecondWindow(SecondWindowContent(color: Color(rgb: 0x2255aa)))
            var closed = false
            second.didClose = { closed = true }
            test.input.requestClose(of: second)  // the window manager's close button, from another client
            #expect(test.wait { closed })
            #expect(!second.isOpen && test.application.windows.map(\.windowID) == [test.window.windowID])
            // The first window goes on: it draws and takes clicks.
            test.click(first.button)
            #expect(test.wait { first.presses == 1 })
            first.root.backgroundColor = Color(rgb: 0x22aa55)
            #expect(test.settle())
            #expect(try test.capture().rgb(x: 280, y: 180) == 0x22aa55)
        }

        @Test func closingTheLastOfTwoWindowsEndsTheRunLoop() throws {
            let test = try TestWindow()
            defer { test.close() }
            let second = try test.openSecondWindow(SecondWindowContent(color: Color(rgb: 0x2255aa)))
            test.input.requestClose(of: second)
            test.input.requestClose(of: test.window)
            // A run loop that did not end would be stopped here, and the test would fail.
            let watchdog = test.application.timers.schedule(after: 10) { test.application.quit() }
            test.application.run()
            test.application.timers.cancel(watchdog)
            #expect(test.application.windows.isEmpty)
            #expect(!test.window.isOpen && !second.isOpen)
        }

        @Test func aCopyOutlivesTheWindowItWasMadeInWhileAnotherIsOpen() throws {
            let test = try TestWindow()
            defer { test.close() }
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let second = try test.openSecondWindow(content)
            second.scene.host?.clipboard?.setText("kept · 留着")
            second.close()
            // Still offered, now by the window left open.
            let reader = try SelectionReader(servedBy: test.application)
            reader.request("CLIPBOARD", as: "UTF8_STRING")
            #expect(test.wait { reader.answer != nil })
            #expect(reader.answer == .text("kept · 留着"))
        }

        @Test func oneWindowOfTheApplicationOwnsItsSelectionsWhicheverWindowCopiedOrCloses() throws {
            let test = try TestWindow()
            defer { test.close() }
            let second = try test.openSecondWindow(SecondWindowContent(color: Color(rgb: 0x2255aa)))
            let reader = try SelectionReader(servedBy: test.application)
            second.scene.host?.clipboard?.setText("from the second")
            test.window.scene.host?.primarySelection?.setText("from the first")
            test.application.synchronize()
            let owner = reader.owner(of: "CLIPBOARD")
            #expect(owner != 0 && reader.owner(of: "PRIMARY") == owner)
            #expect(owner != test.window.windowID && owner != second.windowID)
            second.close()  // nothing changes hands
            test.application.synchronize()
            #expect(reader.owner(of: "CLIPBOARD") == owner && reader.owner(of: "PRIMARY") == owner)
            reader.request("PRIMARY", as: "UTF8_STRING")
            #expect(test.wait { reader.answer != nil })
            #expect(reader.answer == .text("from the first"))
        }

        @Test func openingAndClosingASecondWindowLeavesNoServerResourcesBehind() throws {
            let test = try TestWindow()
            defer { test.close() }
            func cycle() throws {
                let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
                let second = try test.openSecondWindow(content)
                let dialogContent = SecondWindowContent(color: .white)
                let dialog = try second.presentDialog(
                    title: "Dialog", size: Size(width: 200, height: 100), rootView: dialogContent.root)
                #expect(test.wait { dialog.framesPresented > 0 })
                test.click(content.field, in: second)
                second.close()  // the dialog goes with it
                #expect(!dialog.isOpen)
                test.application.synchronize()
            }
            func resources() -> [String: Int] {
                ServerResources.count(
                    forClientOwning: test.window.windowID, displayName: test.application.displayName) ?? [:]
            }
            try cycle()  // fonts, glyphs and caches made once
            let before = resources()
            #expect(!before.isEmpty)
            for _ in 0..<10 { try cycle() }
            let after = resources()
            #expect(after == before, "before: \(before), after: \(after)")
        }
    }
}

extension X11Tests {
    /// Several windows under real window managers: focus, typing and dialogs as the user's
    /// desktop handles them.
    @MainActor @Suite struct SeveralWindowsUnderAWindowManagerTests {
        @Test(arguments: WindowManager.Kind.allCases)
        func typingGoesToTheWindowTheWindowManagerFocused(_ kind: WindowManager.Kind) throws {
            let first = SecondWindowContent(color: Color(rgb: 0xcc3322))
            let test = try TestWindow(
                size: Size(width: 300, height: 200), rootView: first.root,
                windowManager: ManagedDisplays.windowManager(kind))
            defer { test.close() }
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let second = try test.openSecondWindow(content)
            // The manager focuses the new window.
            #expect(test.wait { second.hasKeyboardFocus && !test.window.hasKeyboardFocus })
            test.click(content.field, in: second)
            #expect(test.wait { content.field.isFocused })
            test.type("bee")
            #expect(test.wait { content.field.text == "bee" })
            // A click on the first window: the manager focuses it, and typing follows.
            test.click(first.field)
            #expect(test.wait { test.window.hasKeyboardFocus && !second.hasKeyboardFocus })
            #expect(test.wait { first.field.isFocused })
            test.type("ay")
            #expect(test.wait { first.field.text == "ay" })
            #expect(content.field.text == "bee" && content.field.isFocused)
            #expect(test.settle())
            #expect(try !content.showsCaret(in: second))
            #expect(test.wait { (try? first.showsCaret(in: test.window)) == true })
        }

        @Test(arguments: WindowManager.Kind.allCases)
        func aModalDialogIsFocusedKeptAboveItsParentAndTakesItsClicks(_ kind: WindowManager.Kind) throws {
            let parent = SecondWindowContent(color: Color(rgb: 0xeeeeee))
            parent.button.frame = Rect(x: 260, y: 240, width: 120, height: 36)  // clear of the dialog
            let test = try TestWindow(
                size: Size(width: 400, height: 300), rootView: parent.root,
                windowManager: ManagedDisplays.windowManager(kind))
            defer { test.close() }
            let content = SecondWindowContent(color: Color(rgb: 0x2255aa))
            let dialog = try test.window.presentDialog(
                title: "Dialog", size: Size(width: 240, height: 130), rootView: content.root)
            #expect(test.wait { dialog.hasKeyboardFocus && test.input.isViewable(dialog) })
            #expect(test.input.atomNames("_NET_WM_STATE", of: dialog).contains("_NET_WM_STATE_MODAL"))
            #expect(test.input.longs("WM_TRANSIENT_FOR", of: dialog) == [Int(test.window.windowID)])
            // A click on the parent presses nothing there (both managers keep such a click to
            // themselves too; the bare-server test shows the app's own blocking); the one after
            // it, on the dialog, lands.
            test.click(parent.button)
            test.click(content.button, in: dialog)
            #expect(test.wait { content.presses == 1 })
            #expect(parent.presses == 0)
            // The manager may still be handing the focus back from the parent's click: type
            // once the dialog has it and the field shows its caret, as a user would.
            test.click(content.field, in: dialog)
            #expect(test.wait { dialog.hasKeyboardFocus && content.field.isFocused })
            test.type("ok")
            #expect(test.wait { content.field.text == "ok" })
            #expect(parent.field.text.isEmpty)
            // Closed by the window manager, the dialog goes and the parent takes input again.
            test.input.closeThroughWindowManager(dialog.windowID)
            #expect(test.wait { !dialog.isOpen })
            #expect(test.application.windows.map(\.windowID) == [test.window.windowID])
            test.click(parent.button)
            #expect(test.wait { parent.presses == 1 })
        }

        @Test func aDialogKeepsItsControllerWhileOpenAndLetsItGoWhenItCloses() throws {
            let test = try TestWindow(size: Size(width: 300, height: 200))
            defer { test.close() }
            var presses = 0
            weak let screen = try CountingScreen.openDialog(of: test.window) { presses += 1 }
            let dialog = try #require(test.window.dialogs.first)
            #expect(test.wait { dialog.isMapped && dialog.framesPresented > 0 })
            #expect(screen != nil)  // the function that opened it has returned
            test.click(try #require(screen?.button), in: dialog)
            #expect(test.wait { presses == 1 })
            dialog.close()
            #expect(screen == nil)  // gone with the dialog: no leak
        }
    }
}
