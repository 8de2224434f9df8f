@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Testing
import TodoKit

/// The to-do app on a real window under Xvfb, driven with XTest as a user would.
@MainActor @Suite(.serialized) struct TodoTests {
    /// A screen with three items in a test window.
    func open() throws -> (TodoScreen, TestWindow) {
        let screen = TodoScreen(items: [TodoList.Item("Buy milk"), TodoList.Item("Walk"), TodoList.Item("Read")])
        let test = try TestWindow(size: TodoScreen.preferredSize, title: "To do", rootView: screen.view)
        return (screen, test)
    }

    func titles(_ screen: TodoScreen) -> [String] { screen.items.items.map(\.title) }

    /// A pixel inside the check box of `row` (off the tick), as the window shows it with the
    /// pointer elsewhere.
    func checkBoxColor(of row: Int, in screen: TodoScreen, _ test: TestWindow) throws -> UInt32? {
        test.move(to: Point(x: 5, y: 5))
        #expect(test.settle())
        let box = try #require(screen.list.rowView(for: row)?.checkBox)
        let inside = box.convert(Point(x: box.boxFrame.minX + 5, y: box.boxFrame.minY + 3), to: nil)
        return try test.capture().rgb(x: Int(inside.x), y: Int(inside.y))
    }

    @Test func typingAndEnterAddsAnItemAtTheEndAndEmptiesTheField() throws {
        let (screen, test) = try open()
        defer { test.close() }
        test.click(screen.field)
        test.type("Buy bread · 买面包")
        test.tap(.enter)
        #expect(test.wait { screen.items.items.count == 4 })
        #expect(titles(screen).last == "Buy bread · 买面包")
        #expect(screen.field.text.isEmpty)
        #expect(screen.field.isFocused)  // ready for the next one
        #expect(test.settle())
        #expect(screen.list.rowView(for: 3)?.content.text == "Buy bread · 买面包")
        #expect(screen.footer.text.hasPrefix("4 of 4 left"))
    }

    @Test func theAddButtonAddsTooButNotBlankText() throws {
        let (screen, test) = try open()
        defer { test.close() }
        test.click(screen.field)
        test.type("   ")
        test.click(screen.addButton)
        #expect(screen.items.items.count == 3)
        test.click(screen.field)
        test.type("  Sleep ")
        test.click(screen.addButton)
        #expect(test.wait { screen.items.items.count == 4 })
        #expect(titles(screen).last == "Sleep")
    }

    @Test func aClickOnTheBoxOrSpaceTicksAnItem() throws {
        let (screen, test) = try open()
        defer { test.close() }
        let unticked = try checkBoxColor(of: 0, in: screen, test)
        let box = try #require(screen.list.rowView(for: 0)?.checkBox)
        test.click(box)
        #expect(test.wait { screen.items.items[0].isDone })
        #expect(test.settle())
        let ticked = try checkBoxColor(of: 0, in: screen, test)
        #expect(ticked != unticked)
        #expect(ticked == 0x3478f6)  // the theme's accent fills a ticked box
        #expect(screen.footer.text.hasPrefix("2 of 3 left"))
        test.tap(.down)  // the list has the keyboard since the click: select row 0
        test.tap(.down)
        test.tap(.space)
        #expect(test.wait { screen.items.items[1].isDone })
        test.tap(.space)
        #expect(test.wait { !screen.items.items[1].isDone })
    }

    @Test func deletingARowSlidesTheRowsBelowUp() throws {
        let (screen, test) = try open()
        defer { test.close() }
        let secondRow = try #require(screen.list.rowView(for: 1))
        let delete = try #require(screen.list.rowView(for: 0)?.deleteButton)
        test.click(delete)
        #expect(titles(screen) == ["Walk", "Read"])
        // "Walk" slides from the second row's place to the first's, through the places between.
        var tops: [Double] = []
        #expect(
            test.wait {
                tops.append(secondRow.presentedFrame.minY)
                return !test.window.scene.animator.isAnimating
            })
        #expect(tops.first ?? 0 > 0 && tops.last == 0)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(tops.contains { $0 > 0 && $0 < screen.list.rowHeight })
        #expect(test.settle())
        #expect(screen.list.rowView(for: 0) === secondRow)
        #expect(screen.list.numberOfRows == 2)
    }

    @Test func controlZBringsADeletedItemBackAndControlShiftZDeletesItAgain() throws {
        let (screen, test) = try open()
        defer { test.close() }
        test.click(try #require(screen.list.rowView(for: 1)?.deleteButton))
        #expect(test.wait { titles(screen) == ["Buy milk", "Read"] })
        #expect(test.window.scene.undoMenuItems.map(\.title) == ["Undo Delete Item", "Redo"])
        test.tap(.character("z"), modifiers: .control)
        #expect(test.wait { titles(screen) == ["Buy milk", "Walk", "Read"] })
        #expect(test.settle())
        #expect(screen.list.rowView(for: 1)?.content.text == "Walk")
        #expect(screen.footer.text.hasPrefix("3 of 3 left"))
        test.tap(.character("z"), modifiers: [.control, .shift])
        #expect(test.wait { titles(screen) == ["Buy milk", "Read"] })
        test.tap(.character("z"), modifiers: .control)
        #expect(test.wait { titles(screen) == ["Buy milk", "Walk", "Read"] })
    }

    @Test func everythingWorksFromTheKeyboardAlone() throws {
        let (screen, test) = try open()
        defer { test.close() }
        let scene = test.window.scene
        test.tap(.tab)  // reading order: the field first
        #expect(test.wait { screen.field.isFocused })
        test.type("Cook")
        test.tap(.enter)
        #expect(test.wait { titles(screen) == ["Buy milk", "Walk", "Read", "Cook"] })
        test.tap(.tab)
        #expect(test.wait { scene.focusedView === screen.addButton })
        test.tap(.tab)
        #expect(test.wait { screen.list.isFocused })
        test.tap(.end)
        test.tap(.space)  // tick "Cook"
        #expect(test.wait { screen.items.items[3].isDone })
        test.tap(.home)
        test.tap(.delete)  // delete "Buy milk"
        #expect(test.wait { titles(screen) == ["Walk", "Read", "Cook"] })
        #expect(screen.list.selectedRow == 0)  // "Walk" takes its place, ready for the next key
        test.tap(.delete)
        test.tap(.delete)
        test.tap(.delete)
        #expect(test.wait { screen.items.items.isEmpty })
        #expect(test.settle())
        #expect(screen.footer.text.isEmpty)
        #expect(screen.list.isHidden)  // a note takes its place
        #expect(screen.field.isFocused)  // and the field the keyboard, ready for a new item
        test.tap(.tab, modifiers: .shift)  // back to the Add button
        #expect(test.wait { scene.focusedView === screen.addButton })
    }

    @Test func resizingTheWindowStretchesTheListAndKeepsTheButtonAtTheEdge() throws {
        let (screen, test) = try open()
        defer { test.close() }
        test.window.resize(to: Size(width: 600, height: 700))
        #expect(test.wait { test.window.scene.size == Size(width: 600, height: 700) })
        #expect(screen.list.frame == Rect(x: 20, y: 108, width: 560, height: 544))
        #expect(screen.addButton.convert(screen.addButton.bounds, to: nil).maxX == 580)  // in the field's row
        #expect(screen.field.frame.width == 600 - 40 - 80)
    }
}
