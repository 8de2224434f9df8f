import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit
import Testing

/// Every Showcase widget driven to its outcome with the keyboard alone (real XTest keys).
@MainActor @Suite(.serialized) struct KeyboardOnlyTests {
    @Test func everyWidgetWorksWithoutAMouse() throws {
        let screen = try ShowcaseOnScreen()
        let (showcase, test) = (screen.showcase, screen.test)
        defer { test.close() }
        let scene = test.window.scene
        func keys(_ keys: Key...) { for key in keys { test.tap(key) } }

        // Tab reaches the drop-down's button first (reading order); Space opens it.
        keys(.tab)
        #expect(test.wait { scene.focusedView === showcase.dropDownDemo.dropDown })
        keys(.space)
        #expect(test.wait { showcase.dropDownDemo.dropDown.isOpen })
        keys(.down, .down, .down, .down, .enter)
        #expect(test.wait { screen.announced.last == "dropdown: selected Hello 3" })
        #expect(test.wait { scene.focusedView === showcase.dropDownDemo.dropDown })

        // The search bar: the type control opens the panel, arrows choose, Enter confirms and
        // hands the keyboard to the field.
        keys(.tab)
        #expect(test.wait { scene.focusedView === showcase.searchBarDemo.typeControl })
        keys(.enter)
        #expect(test.wait { showcase.searchBarDemo.typeControl.popup.isFocused })
        keys(.right, .right, .enter)
        #expect(test.wait { scene.focusedView === showcase.searchBarDemo.field })
        test.type("hello")
        keys(.enter)
        #expect(test.wait { screen.announced.last == "search: sina hello" })

        // The picker: Tab to its button, Enter presents, arrows and Enter choose.
        keys(.tab)
        #expect(test.wait { scene.focusedView === showcase.pickerDemo.button })
        keys(.enter)
        #expect(test.wait { showcase.pickerDemo.picker?.list.isFocused == true })
        keys(.down, .down, .down, .down, .enter)
        #expect(test.wait { screen.announced.last == "picker: SelectValue 4" })
        #expect(
            screen.announced == [
                "dropdown: selected Hello 3", "search: type sina", "search: sina hello",
                "picker: SelectValue 4",
            ])
    }

    @Test func thePointerIsAHandOverButtonsAndAnIBeamOverTheField() throws {
        let showcase = ShowcaseView { _ in }
        let test = try TestWindow(size: ShowcaseView.preferredSize, title: "Showcase", rootView: showcase)
        defer { test.close() }
        let button = showcase.dropDownDemo.dropDown
        test.input.move(to: button.convert(button.bounds.center, to: nil), in: test.window)
        #expect(test.wait { test.window.pointerShape == .hand })
        let field = showcase.searchBarDemo.field
        test.input.move(to: field.convert(field.bounds.center, to: nil), in: test.window)
        #expect(test.wait { test.window.pointerShape == .text })
    }
}
