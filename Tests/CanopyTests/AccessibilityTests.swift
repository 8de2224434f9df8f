import Canopy
import CanopyTesting
import Testing

/// What assistive technology is told about each widget, and what it can do with them, read from
/// the platform-free tree without a display.
@MainActor @Suite struct AccessibilityTests {
    let time = ManualTime()

    /// A scene of 400 × 400 holding `views`, laid out.
    func scene(_ views: View...) -> Scene {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        for view in views { scene.rootView.addSubview(view) }
        _ = scene.prepareFrame()
        return scene
    }

    func node(_ view: View) -> AccessibilityNode? { AccessibilityElement(view).node }

    @Test func everydayControlsDescribeThemselves() throws {
        let check = CheckBox(title: "Milk", isChecked: true, frame: Rect(x: 0, y: 0, width: 100, height: 24))
        let toggle = Switch(isOn: false, frame: Rect(x: 0, y: 30, width: 46, height: 30))
        toggle.accessibilityLabel = "Wi-Fi"
        let slider = Slider(value: 0.25, in: 0...2, step: 0.25, frame: Rect(x: 0, y: 70, width: 160, height: 28))
        let radios = RadioGroup(
            options: ["Red", "Green"], selectedIndex: 1, frame: Rect(x: 0, y: 100, width: 100, height: 60))
        let bar = ProgressBar(progress: 0.4, frame: Rect(x: 0, y: 170, width: 160, height: 6))
        let disabled = Button(title: "Later", frame: Rect(x: 0, y: 180, width: 80, height: 30))
        disabled.isEnabled = false
        _ = scene(check, toggle, slider, radios, bar, disabled)

        #expect(
            node(check)
                == AccessibilityNode(
                    role: .checkBox, name: "Milk",
                    states: [.enabled, .checkable, .checked, .visible, .showing, .focusable],
                    actions: [.click]))
        #expect(node(toggle)?.role == .switch)
        #expect(node(toggle)?.name == "Wi-Fi")
        #expect(node(toggle)?.states.contains(.checked) == false)
        #expect(node(slider)?.value == AccessibilityValue(current: 0.25, minimum: 0, maximum: 2, step: 0.25))
        #expect(node(bar)?.value == AccessibilityValue(current: 0.4, minimum: 0, maximum: 1))
        #expect(node(bar)?.states.contains(.readOnly) == true)
        #expect(node(disabled)?.states.contains(.enabled) == false)
        #expect(!AccessibilityElement(disabled).perform(.click))

        let group = AccessibilityElement(radios)
        #expect(group.node?.role == .group)
        #expect(group.children.map { $0.node?.name } == ["Red", "Green"])
        #expect(group.children.map { $0.node?.states.contains(.checked) } == [false, true])
        #expect(radios.accessibilitySelectedChildren == [1])
    }

    @Test func operatingControlsCallsWhatTheUsersActionWould() {
        let check = CheckBox(title: "Milk", frame: Rect(x: 0, y: 0, width: 100, height: 24))
        let slider = Slider(value: 0, in: 0...1, step: 0.1, frame: Rect(x: 0, y: 70, width: 160, height: 28))
        let radios = RadioGroup(options: ["Red", "Green"], frame: Rect(x: 0, y: 100, width: 100, height: 60))
        _ = scene(check, slider, radios)
        var reported: [String] = []
        check.onValueChanged = { reported.append("check \($0)") }
        slider.onValueChanged = { reported.append("slider \($0)") }
        radios.onValueChanged = { reported.append("radio \($0)") }

        #expect(AccessibilityElement(check).perform(.click))
        #expect(slider.setAccessibilityValue(0.74))  // stepped, as a drag would be
        #expect(radios.selectAccessibilityChild(1))
        #expect(!radios.deselectAccessibilityChild(1))  // a radio group always has a choice
        #expect(reported == ["check true", "slider 0.7000000000000001", "radio 1"])
        #expect(check.isChecked && radios.selectedIndex == 1)
    }

    @Test func aMillionRowListMakesOnlyTheRowsAskedAbout() throws {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source = CountingDataSource(count: 1_000_000)
        list.dataSource = source
        let scene = scene(list)
        source.requested.removeAll()

        let element = try #require(scene.accessibilityElements.first)
        #expect(element.node?.role == .list)
        #expect(element.node?.states.contains(.managesDescendants) == true)
        #expect(element.childCount == 1_000_000)
        let last = try #require(element.child(at: 999_999))
        #expect(last.node?.name == "Row 999999")
        #expect(last.node?.states.contains(.showing) == false)  // far below the viewport
        #expect(element.child(at: 2)?.node?.states.contains(.showing) == true)
        #expect(element.child(at: 1_000_000) == nil)
        #expect(last.indexInParent == 999_999)
        #expect(last.parent == element)
        #expect(source.requested.count <= 4, "asked for \(source.requested)")
        #expect(scene.accessibilityElement(at: Point(x: 50, y: 45)) == element.child(at: 1))
    }

    @Test func listRowsCanBeToggledDeletedAndChosen() throws {
        let rows = ArrayListDataSource([ListRow("Milk", isChecked: false, isDeletable: true), ListRow("Eggs")])
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.dataSource = rows
        let scene = scene(list)
        var reported: [String] = []
        list.onValueChanged = { row, checked in
            reported.append("check \(row) \(checked)")
            rows.rows[row].isChecked = checked
        }
        list.onDelete = { reported.append("delete \($0)") }
        list.onPrimaryAction = { reported.append("choose \($0)") }
        list.onSelectionChanged = { reported.append("select \(String(describing: $0))") }
        let milk = try #require(scene.accessibilityElements.first?.child(at: 0))
        #expect(milk.node?.actions == [.activate, .toggle, .delete])
        #expect(milk.node?.states.contains(.checkable) == true)
        #expect(milk.node?.role == .checkBox)  // whose tick Orca speaks; a list item's it does not
        #expect(milk.perform(.toggle))
        #expect(milk.node?.states.contains(.checked) == true)
        #expect(milk.perform(.delete))
        let eggs = try #require(scene.accessibilityElements.first?.child(at: 1))
        #expect(eggs.node?.actions == [.activate])
        #expect(eggs.node?.role == .listItem)
        #expect(!eggs.perform(.toggle))
        #expect(eggs.perform(.activate))
        #expect(list.deselectAccessibilityChild(1))
        #expect(reported == ["check 0 true", "delete 0", "select Optional(1)", "choose 1", "select nil"])
    }

    @Test func aMenuShowsItsItemsAndRunsThem() throws {
        var ran: [String] = []
        let menu = Menu(items: [
            MenuItem("Cut") { ran.append("cut") }, MenuItem("Paste", isEnabled: false), .separator,
            MenuItem("Select All") { ran.append("all") },
        ])
        let owner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        owner.accessibilityLabel = "Canvas"
        owner.contextMenu = menu
        let scene = scene(owner)
        let canvas = try #require(scene.accessibilityElements.first)
        #expect(canvas.node?.role == .panel)
        #expect(canvas.node?.actions == [.showMenu])
        #expect(canvas.perform(.showMenu))
        let element = try #require(scene.accessibilityElements.last)
        #expect(element.node?.role == .menu)
        #expect(element.children.map { $0.node?.role } == [.menuItem, .menuItem, .separator, .menuItem])
        #expect(element.children.map { $0.node?.name } == ["Cut", "Paste", "", "Select All"])
        #expect(element.child(at: 1)?.node?.states.contains(.enabled) == false)
        #expect(element.child(at: 1)?.perform(.activate) == false)
        #expect(element.child(at: 3)?.perform(.activate) == true)
        #expect(ran == ["all"])
        #expect(!menu.isOpen)
    }

    @Test func theAppNamesHidesAndRolesViews() throws {
        /// A custom view that describes itself.
        final class Swatch: View {
            override func makeAccessibilityNode() -> AccessibilityNode? {
                AccessibilityNode(role: .image, name: "Mixed colour", description: "#3366cc")
            }
        }
        let swatch = Swatch(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let decoration = Label(text: "✦", frame: Rect(x: 60, y: 0, width: 20, height: 20))
        decoration.isAccessibilityHidden = true
        let group = StackView(views: [Label(text: "Inside")])
        group.frame = Rect(x: 0, y: 100, width: 200, height: 40)
        let renamed = Button(title: "×", frame: Rect(x: 0, y: 200, width: 40, height: 40))
        renamed.accessibilityLabel = "Close"
        renamed.accessibilityDescription = "Closes the window"
        let hidden = Button(title: "Gone", frame: Rect(x: 50, y: 200, width: 40, height: 40))
        hidden.isHidden = true
        let scene = scene(swatch, decoration, group, renamed, hidden)

        #expect(scene.accessibilityElements.map { $0.node?.name } == ["Mixed colour", "Inside", "Close"])
        #expect(node(swatch)?.description == "#3366cc")
        #expect(node(renamed)?.description == "Closes the window")
        group.accessibilityLabel = "Options"  // a labelled stack is a panel of its own
        #expect(scene.accessibilityElements.map { $0.node?.role } == [.image, .panel, .pushButton])
        #expect(scene.accessibilityElements[1].children.map { $0.node?.name } == ["Inside"])
        renamed.accessibilityRole = .toggleButton
        #expect(node(renamed)?.role == .toggleButton)
    }

    @Test func aToolTipIsTheDescriptionOfAViewThatHasNone() {
        let save = Button(title: "Save", frame: Rect(x: 0, y: 0, width: 80, height: 30))
        save.toolTip = "Saves the document (Ctrl+S)"
        let described = Button(title: "Open", frame: Rect(x: 0, y: 40, width: 80, height: 30))
        described.toolTip = "Opens a file"
        described.accessibilityDescription = "Opens a document from disk"
        _ = scene(save, described)
        #expect(node(save)?.description == "Saves the document (Ctrl+S)")
        #expect(node(described)?.description == "Opens a document from disk")  // the app's own wins
        save.toolTip = nil
        #expect(node(save)?.description == "")
    }

    @Test func aPlaceholderIsAHintNotTheNameOfAFieldOrTextView() {
        let field = TextField(placeholder: "Search", frame: Rect(x: 0, y: 0, width: 160, height: 30))
        let view = TextView(placeholder: "Notes", frame: Rect(x: 0, y: 40, width: 160, height: 100))
        let plain = TextField(frame: Rect(x: 0, y: 150, width: 160, height: 30))
        let scene = scene(field, view, plain)
        #expect(node(field)?.name == "")
        #expect(node(field)?.placeholder == "Search")
        #expect(node(view)?.name == "")
        #expect(node(view)?.placeholder == "Notes")
        #expect(node(plain)?.placeholder == "")
        let tracker = AccessibilityChangeTracker(scene: scene)
        field.accessibilityLabel = "Find"
        #expect(tracker.changes() == [.nameChanged(AccessibilityElement(field), "Find")])
        #expect(node(field)?.placeholder == "Search")  // the label names the field; the hint stays
        field.placeholder = ""
        #expect(node(field)?.placeholder == "")
        #expect(tracker.changes().isEmpty)  // a hint changing is not a new name
    }
}
