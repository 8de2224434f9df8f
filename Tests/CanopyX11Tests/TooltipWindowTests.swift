import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// A tooltip that would pass its window's edge, in an X window of its own: on the screen
    /// whole, typed as a tooltip for other clients, and taking neither input nor the focus;
    /// under a compositor, with its rounded corners and shadow blended with what is beneath.
    @MainActor @Suite struct TooltipWindowTests {
        @Test(arguments: [nil, .picom] as [CompositingManager.Kind?])
        func aTooltipAtTheWindowsBottomRightEdgeShowsWhollyInAWindowThatTakesNoInput(
            under compositor: CompositingManager.Kind?
        ) throws {
            let display = try VirtualDisplay(width: 800, height: 600)
            defer { display.stop() }
            let compositing = try compositor.map { try CompositingManager($0, on: display) }
            defer { compositing?.stop() }
            let root = View()
            root.backgroundColor = Color(rgb: 0x203040)
            let button = Button(title: "Save", frame: Rect(x: 200, y: 110, width: 100, height: 40))
            button.toolTip = "Save the document to the folder it came from"
            root.addSubview(button)
            let test = try TestWindow(size: Size(width: 300, height: 150), rootView: root, display: display)
            defer { test.close() }
            // Another program's window where the tooltip will show, below and right of the app's.
            let other = try OtherClient(servedBy: test.application)
            let otherColour: UInt32 = 0x808080
            let beneath = other.showWindow(at: Rect(x: 250, y: 150, width: 500, height: 100), color: UInt(otherColour))
            let scene = test.window.scene
            #expect(test.wait { test.window.popUpSurfacesAreTranslucent == (compositor != nil) })
            let window = test.input.screenFrame(of: test.window.windowID)
            /// The screen's colour at `point` (pixels).
            func screen(at point: Point) -> UInt32? {
                test.input.captureScreen(Rect(origin: point, size: Size(width: 1, height: 1)))?.rgb(x: 0, y: 0)
            }

            test.move(to: Point(x: 290, y: 140))
            #expect(test.wait { scene.presentations.contains { $0.isPresented && $0.view is Tooltip } })
            #expect(test.settle())
            let tooltip = try #require(scene.presentations.last?.view as? Tooltip)
            let popUp = try #require(test.window.popUpWindowIDs.first)
            #expect(test.input.atomNames("_NET_WM_WINDOW_TYPE", ofWindow: popUp) == ["_NET_WM_WINDOW_TYPE_TOOLTIP"])
            // The note lies wholly on the screen, past the window's bottom and right edges.
            let note = tooltip.frame.offsetBy(dx: window.minX, dy: window.minY)
            let screenRect = Rect(x: 0, y: 0, width: 800, height: 600)
            #expect(screenRect.contains(note) && note.maxX > window.maxX && note.minY >= window.maxY, "\(note)")
            let popUpFrame = test.input.screenFrame(of: popUp)
            if compositor == nil {
                #expect(popUpFrame == note)  // opaque: its window is its frame
            } else {
                // Translucent: its window takes in the shadow; at the note's very corner the other
                // window shows (rounded), and below the note the shadow darkens it.
                #expect(popUpFrame.contains(note) && popUpFrame.maxY > note.maxY + 1, "\(popUpFrame)")
                #expect(test.wait { (screen(at: note.origin) ?? 0xffffff) & 0xff < 0xa0 })
                #expect(test.wait { (screen(at: Point(x: note.midX, y: note.maxY + 1)) ?? 0xff) & 0xff < 0x78 })
            }
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                let name = "tooltip-past-the-window\(compositor.map { "-under-\($0)" } ?? "")"
                try test.input.captureScreen(Rect(x: 0, y: 0, width: 700, height: 260))?.writePNG(
                    to: "\(directory)/\(name).png")
            }
            // The screen shows it there: its background at both ends, its text between.
            #expect(screen(at: Point(x: note.minX + 3, y: note.midY)) == 0xffffff)
            #expect(screen(at: Point(x: note.maxX - 3, y: note.midY)) == 0xffffff)
            let shown = try #require(test.input.captureScreen(note))
            var text = 0
            for y in 0..<shown.height {
                for x in 0..<shown.width where (shown.rgb(x: x, y: y) ?? 0xffffff) < 0x404040 { text += 1 }
            }
            #expect(text > 100)
            #expect(test.window.hasKeyboardFocus)  // it took no focus

            // The pointer over it is over the window beneath, as a press there would be.
            test.input.move(toScreen: Point(x: note.midX, y: note.midY))
            #expect(test.input.topLevelWindowUnderPointer() == beneath)
            // Off the button the note goes, and the other program's window shows again.
            #expect(test.wait { test.window.popUpWindowIDs.isEmpty && scene.presentations.isEmpty })
            #expect(test.wait { screen(at: Point(x: note.midX, y: note.midY)) == otherColour })
        }
    }
}
