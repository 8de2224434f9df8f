@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Keyboard shortcuts on menu items: how they read, what they match, how a menu shows them and
/// when they run with the menu closed.
@MainActor @Suite(.serialized) struct KeyboardShortcutTests {
    let time = ManualTime()

    @Test func aShortcutReadsAsMenusShowIt() {
        #expect(KeyboardShortcut(.character("n"), modifiers: .control).displayName == "Ctrl+N")
        #expect(KeyboardShortcut(.delete).displayName == "Del")
        #expect(KeyboardShortcut(.function(2)).displayName == "F2")
        #expect(KeyboardShortcut(.character("z"), modifiers: [.shift, .control]).displayName == "Ctrl+Shift+Z")
        #expect(KeyboardShortcut(.function(4), modifiers: .alt).displayName == "Alt+F4")
        #expect(KeyboardShortcut(.pageUp, modifiers: [.meta, .alt]).displayName == "Alt+Super+Page Up")
    }

    @Test func aShortcutMatchesItsKeyInEitherCaseWithExactlyItsModifiers() {
        let new = KeyboardShortcut(.character("n"), modifiers: .control)
        #expect(new.matches(KeyEvent(key: .character("n"), modifiers: .control)))
        #expect(new.matches(KeyEvent(key: .character("N"), modifiers: .control)))
        #expect(!new.matches(KeyEvent(key: .character("n"))))
        #expect(!new.matches(KeyEvent(key: .character("n"), modifiers: [.control, .alt])))
        #expect(!new.matches(KeyEvent(key: .character("m"), modifiers: .control)))
        #expect(KeyboardShortcut(.delete).matches(KeyEvent(key: .delete)))
    }

    @Test func aMenuIsWideEnoughForItsShortcutsAndDrawsThemAtTheTrailingEdge() throws {
        let plain = Menu(items: [MenuItem("New Window")])
        let withShortcut = Menu(items: [
            MenuItem("New Window", shortcut: KeyboardShortcut(.character("n"), modifiers: [.control, .shift]))
        ])
        let measurer = View.defaultTextMeasurer, font = Theme.standard.font
        let shortcutWidth = measurer.measure("Ctrl+Shift+N", font: font).width
        let room = Size(width: 1000, height: 1000)
        let titleWidth = measurer.measure("New Window", font: font).width
        #expect(
            plain.sizeThatFits(room).width == max(plain.minimumWidth, (titleWidth + 2 * Menu.textInset).rounded(.up)))
        #expect(
            withShortcut.sizeThatFits(room).width
                == (titleWidth + Menu.shortcutGap + shortcutWidth + 2 * Menu.textInset).rounded(.up))

        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let scene = time.makeScene(size: Size(width: 500, height: 300))
            scene.layoutDirection = direction
            withShortcut.present(at: Point(x: 100, y: 50), in: scene)
            time.step(by: 1)
            let context = RecordingContext(size: scene.size)
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
            let texts = context.operations.compactMap { operation -> (String, Double, Color)? in
                if case let .text(string, origin, _, color) = operation { return (string, origin.x, color) }
                return nil
            }
            let title = try #require(texts.first { $0.0 == "New Window" })
            let shortcut = try #require(texts.first { $0.0 == "Ctrl+Shift+N" })
            #expect(shortcut.2 == Theme.standard.secondaryText)
            let frame = withShortcut.frame
            let drawnWidth = context.measure("Ctrl+Shift+N", font: font).width  // as the context measures it
            if direction == .leftToRight {
                #expect(title.1 == frame.minX + Menu.textInset)
                #expect(abs(shortcut.1 + drawnWidth - (frame.maxX - Menu.textInset)) < 1)
            } else {
                #expect(shortcut.1 == frame.minX + Menu.textInset)
                #expect(title.1 > shortcut.1 + drawnWidth)
            }
            withShortcut.close()
            time.step(by: 1)
        }
    }

    @Test func aContextMenuItemRunsFromItsShortcutWithTheMenuClosedAfterTheFocusedViewsOwnKeys() {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        var ran: [String] = []
        let list = LoggingView("list", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.focusable = true
        list.swallowsKeys = false
        let field = TextField(text: "hello", frame: Rect(x: 0, y: 210, width: 200, height: 30))
        scene.rootView.addSubview(list)
        scene.rootView.addSubview(field)
        let menu = Menu(items: [
            MenuItem("Rename", shortcut: KeyboardShortcut(.function(2))) { ran.append("rename") },
            MenuItem("Delete", shortcut: KeyboardShortcut(.delete)) { ran.append("delete") },
            MenuItem("Select All", shortcut: KeyboardShortcut(.character("a"), modifiers: .control)) {
                ran.append("select all")
            },
            MenuItem("Archive", isEnabled: false, shortcut: KeyboardShortcut(.character("e"), modifiers: .control)) {
                ran.append("archive")
            },
        ])
        scene.rootView.contextMenu = menu
        list.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .delete))
        scene.handleKeyDown(KeyEvent(key: .function(2)))
        scene.handleKeyDown(KeyEvent(key: .character("e"), modifiers: .control))  // disabled: nothing
        #expect(ran == ["delete", "rename"])
        #expect(!menu.isOpen)
        #expect(list.log.contains("key delete"))  // the focused view saw it first

        // A focused text field keeps its editing keys; keys it leaves still reach the menu.
        field.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .character("a"), modifiers: .control))
        scene.handleKeyDown(KeyEvent(key: .delete))
        scene.handleKeyDown(KeyEvent(key: .function(2)))
        #expect(ran == ["delete", "rename", "rename"])
        #expect(field.text.isEmpty)  // Ctrl+A selected all of it and Delete deleted it, in the field
    }

    @Test func aScenesOwnShortcutComesAfterTheMenusAndCanBeRemoved() {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        var ran: [String] = []
        let menu = Menu(items: [
            MenuItem("Save", shortcut: KeyboardShortcut(.character("s"), modifiers: .control)) { ran.append("menu") }
        ])
        let holder = LoggingView("holder", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        holder.focusable = true
        holder.swallowsKeys = false
        holder.contextMenu = menu
        scene.rootView.addSubview(holder)
        holder.becomeFocused()
        let registration = scene.addKeyboardShortcut(KeyboardShortcut(.character("s"), modifiers: .control)) {
            ran.append("scene")
        }
        #expect(registration.shortcut.displayName == "Ctrl+S")
        scene.handleKeyDown(KeyEvent(key: .character("s"), modifiers: .control))
        holder.contextMenu = nil
        scene.handleKeyDown(KeyEvent(key: .character("s"), modifiers: .control))
        scene.removeKeyboardShortcut(registration)
        scene.handleKeyDown(KeyEvent(key: .character("s"), modifiers: .control))
        #expect(ran == ["menu", "scene"])
    }
}
