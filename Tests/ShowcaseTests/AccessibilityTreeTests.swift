import Canopy
import CanopyTesting
import ShowcaseKit
import Testing

/// The Showcase's accessibility tree, read without a display: what a screen reader is told
/// about each widget, and each seed widget operated through the tree alone.
@MainActor struct AccessibilityTreeTests {
    /// The Showcase in a scene on manual time, with the lines it announced.
    @MainActor final class Fixture {
        let time = ManualTime()
        var announced: [String] = []
        private(set) var showcase: ShowcaseView!
        private(set) var scene: Scene!

        init() {
            showcase = ShowcaseView { [unowned self] line in self.announced.append(line) }
            scene = time.makeScene(rootView: showcase, size: ShowcaseView.preferredSize)
            settle()
        }

        /// Lays out and lets animations finish.
        func settle() {
            _ = scene.prepareFrame()
            time.step(by: 1)
            _ = scene.prepareFrame()
        }

        /// The tree as indented lines: role, name and placeholder (where there is one).
        func outline(_ elements: [AccessibilityElement]? = nil, depth: Int = 0) -> [String] {
            (elements ?? scene.accessibilityElements).flatMap { element -> [String] in
                guard let node = element.node else { return [] }
                var line = String(repeating: "  ", count: depth) + "\(node.role) '\(node.name)'"
                if !node.placeholder.isEmpty { line += " placeholder '\(node.placeholder)'" }
                return [line] + outline(element.children, depth: depth + 1)
            }
        }

        /// The first element with `role` named `name`, searched depth first.
        func find(_ role: AccessibilityRole, _ name: String? = nil) -> AccessibilityElement? {
            func search(_ elements: [AccessibilityElement]) -> AccessibilityElement? {
                for element in elements {
                    if let node = element.node, node.role == role, name == nil || node.name == name { return element }
                    if node(of: element)?.states.contains(.managesDescendants) == true { continue }
                    if let found = search(element.children) { return found }
                }
                return nil
            }
            func node(of element: AccessibilityElement) -> AccessibilityNode? { element.node }
            return search(scene.accessibilityElements)
        }
    }

    @Test func everyWidgetHasItsRoleNameAndStates() throws {
        let fixture = Fixture()
        #expect(
            fixture.outline() == [
                "scrollPane ''",
                "  label 'NIDropDown'",
                "  comboBox 'Select · 选择'",
                "  label 'TopBarView · TypeSelectView'",
                "  comboBox 'web'",
                "  textField '' placeholder 'Search · 搜索'",
                "  label 'SelectViewController'",
                "  pushButton 'Pick a number · 选择数字'",
                "  label 'Selected: –'",
            ])
        let dropDown = try #require(fixture.find(.comboBox, "Select · 选择")?.node)
        #expect(
            dropDown.states
                == [.enabled, .visible, .showing, .focusable, .expandable, .hasPopup])
        #expect(dropDown.actions == [.click, .expand])
        let field = try #require(fixture.find(.textField)?.node)
        #expect(field.states.isSuperset(of: [.enabled, .editable, .singleLine, .focusable, .showing]))
        #expect(field.actions == [.activate])
        let caption = try #require(fixture.find(.label, "NIDropDown"))
        #expect(caption.node?.states == [.enabled, .visible, .showing])
        #expect(
            caption.frameInWindow
                == fixture.showcase.dropDownDemo.convert(Rect(x: 0, y: 0, width: 200, height: 20), to: nil))
        #expect(caption.parent?.node?.role == .scrollPane)
        #expect(caption.indexInParent == 0)
    }

    @Test func theDropDownOpensAndChoosesThroughTheTree() throws {
        let fixture = Fixture()
        let dropDown = try #require(fixture.find(.comboBox, "Select · 选择"))
        #expect(dropDown.perform(.click))
        fixture.settle()
        #expect(dropDown.node?.states.contains(.expanded) == true)
        #expect(dropDown.node?.actions == [.click, .collapse])
        let list = try #require(fixture.scene.accessibilityElements.last)
        #expect(list.node?.role == .list)
        #expect(list.node?.states.contains(.focused) == true)  // the open list has the keyboard
        #expect(list.childCount == 10)
        #expect(list.children.map { $0.node?.name } == (0..<10).map { "Hello \($0)" })
        #expect(list.children.allSatisfy { $0.node?.role == .listItem && $0.parent == list })
        let selection = try #require(list.view as? AccessibilitySelectable)
        #expect(selection.selectAccessibilityChild(3))
        #expect(list.child(at: 3)?.node?.states.contains(.selected) == true)
        #expect(fixture.announced.isEmpty)  // selecting is not choosing
        #expect(list.child(at: 3)?.perform(.activate) == true)
        fixture.settle()
        #expect(fixture.announced == ["dropdown: selected Hello 3"])
        #expect(dropDown.node?.name == "Hello 3")
        #expect(dropDown.node?.states.contains(.expanded) == false)
        #expect(fixture.scene.accessibilityElements.count == 1)  // the list has gone
    }

    @Test func theSearchBarChoosesATypeAndSearchesThroughTheTree() throws {
        let fixture = Fixture()
        let typeControl = try #require(fixture.find(.comboBox, "web"))
        #expect(typeControl.perform(.click))
        fixture.settle()
        let panel = try #require(fixture.scene.accessibilityElements.last)
        #expect(panel.node?.role == .panel)
        #expect(panel.children.map { $0.node?.name } == ["web", "weibo", "sina", "sohu"])
        #expect(panel.children.allSatisfy { $0.node?.role == .toggleButton })
        #expect(panel.child(at: 0)?.node?.states.isSuperset(of: [.checked, .selected]) == true)
        #expect((panel.view as? AccessibilitySelectable)?.accessibilitySelectedChildren == [0])
        #expect(panel.child(at: 2)?.perform(.click) == true)
        fixture.settle()
        #expect(fixture.announced == ["search: type sina"])
        #expect(typeControl.node?.name == "sina")
        let field = try #require(fixture.find(.textField))
        #expect(fixture.scene.focusedAccessibilityElement == field)  // choosing a type hands over the keyboard
        let text = try #require(field.view as? AccessibilityText)
        #expect(text.replaceAccessibilityText(in: 0..<0, with: "hello"))
        #expect(text.accessibilityTextState.text == "hello")
        #expect(text.accessibilityTextState.caret == 5)
        let first = text.accessibilityFrame(ofCharactersIn: 0..<1)
        let second = text.accessibilityFrame(ofCharactersIn: 1..<2)
        #expect(first.width > 0 && second.minX == first.maxX && first.minX == TextField.padding)
        #expect(text.accessibilityFrame(ofCharactersIn: 0..<2) == first.union(second))
        #expect(text.accessibilityFrame(ofCharactersIn: 5..<9).width == 0)  // past the end: where the next goes
        #expect(text.accessibilityCharacterIndex(at: Point(x: second.midX + 0.1, y: second.midY)) == 2)
        #expect(field.perform(.activate))
        #expect(fixture.announced == ["search: type sina", "search: sina hello"])
    }

    @Test func thePickerIsAModalDialogOfFiveItems() throws {
        let fixture = Fixture()
        let button = try #require(fixture.find(.pushButton, "Pick a number · 选择数字"))
        #expect(button.perform(.click))
        fixture.settle()
        let dialog = try #require(fixture.scene.accessibilityElements.last)
        #expect(dialog.node?.role == .dialog)
        #expect(dialog.node?.states.contains(.modal) == true)
        let list = try #require(dialog.child(at: 0))
        #expect(list.node?.role == .list)
        #expect(list.children.map { $0.node?.name } == ["1", "2", "3", "4", "5"])
        #expect(list.child(at: 3)?.perform(.activate) == true)
        fixture.settle()
        #expect(fixture.announced == ["picker: SelectValue 4"])
        #expect(fixture.find(.label, "Selected: 4") != nil)
        #expect(fixture.scene.accessibilityElements.count == 1)

        #expect(button.perform(.click))
        fixture.settle()
        #expect(fixture.scene.accessibilityElements.last?.perform(.dismiss) == true)
        fixture.settle()
        #expect(fixture.announced == ["picker: SelectValue 4", "picker: dismissed"])
    }

    @Test func anActionAnElementDoesNotListDoesNothing() throws {
        let fixture = Fixture()
        let caption = try #require(fixture.find(.label, "NIDropDown"))
        #expect(!caption.perform(.click))
        let dropDown = try #require(fixture.find(.comboBox))
        #expect(!dropDown.perform(.collapse))  // it is closed: collapse is not offered
        #expect(!dropDown.perform(.activate))
        #expect(fixture.scene.accessibilityElements.count == 1)
    }
}
