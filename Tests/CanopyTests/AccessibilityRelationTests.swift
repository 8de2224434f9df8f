import Canopy
import CanopyTesting
import Testing

/// How elements of the platform-free accessibility tree stand to one another: a field named by
/// the label that labels it, radio buttons members of their group, a drop-down the controller of
/// its open list, a menu the popup of its button.
@MainActor @Suite struct AccessibilityRelationTests {
    let time = ManualTime()

    /// A scene of 400 × 400 holding `views`, laid out.
    func scene(_ views: View...) -> Scene {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        for view in views { scene.rootView.addSubview(view) }
        _ = scene.prepareFrame()
        return scene
    }

    func relations(_ view: View) -> [AccessibilityRelation] { AccessibilityElement(view).relations }

    func relation(_ kind: AccessibilityRelation.Kind, _ targets: View...) -> AccessibilityRelation {
        AccessibilityRelation(kind, targets: targets.map(AccessibilityElement.init))
    }

    @Test func aFieldWithoutANameIsNamedByItsLabelAndBothReportTheRelation() {
        let label = Label(text: "Name", frame: Rect(x: 0, y: 0, width: 60, height: 24))
        let field = TextField(placeholder: "Ada Lovelace", frame: Rect(x: 70, y: 0, width: 200, height: 24))
        _ = scene(label, field)
        #expect(AccessibilityElement(field).node?.name == "")
        #expect(relations(field).isEmpty)

        field.accessibilityLabelledBy = label
        #expect(AccessibilityElement(field).node?.name == "Name")
        #expect(AccessibilityElement(field).node?.placeholder == "Ada Lovelace")
        #expect(relations(field) == [relation(.labelledBy, label)])
        #expect(relations(label) == [relation(.labelFor, field)])

        label.text = "Full name"
        #expect(AccessibilityElement(field).node?.name == "Full name")

        field.accessibilityLabel = "Your name"
        #expect(AccessibilityElement(field).node?.name == "Your name")  // the app's own name wins
        #expect(relations(field) == [relation(.labelledBy, label)])
    }

    @Test func aTitledControlKeepsItsTitleButStillReportsItsLabel() {
        let label = Label(text: "Colour", frame: Rect(x: 0, y: 0, width: 60, height: 24))
        let button = Button(title: "Pick…", frame: Rect(x: 70, y: 0, width: 80, height: 24))
        button.accessibilityLabelledBy = label
        _ = scene(label, button)
        #expect(AccessibilityElement(button).node?.name == "Pick…")
        #expect(relations(button) == [relation(.labelledBy, label)])
    }

    @Test func theNameAndTheRelationsGoWhenTheLabelGoes() {
        let label = Label(text: "Name", frame: Rect(x: 0, y: 0, width: 60, height: 24))
        let field = TextField(frame: Rect(x: 70, y: 0, width: 200, height: 24))
        let scene = scene(label, field)
        field.accessibilityLabelledBy = label

        label.isHidden = true
        #expect(AccessibilityElement(field).node?.name == "")
        #expect(relations(field).isEmpty)
        label.isHidden = false
        #expect(AccessibilityElement(field).node?.name == "Name")

        label.removeFromSuperview()
        #expect(AccessibilityElement(field).node?.name == "")
        #expect(relations(field).isEmpty)
        scene.rootView.addSubview(label)
        #expect(relations(field) == [relation(.labelledBy, label)])

        let other = Label(text: "E-mail", frame: Rect(x: 0, y: 30, width: 60, height: 24))
        scene.rootView.addSubview(other)
        field.accessibilityLabelledBy = other
        #expect(relations(label).isEmpty)  // labels nothing now
        #expect(relations(other) == [relation(.labelFor, field)])
        #expect(AccessibilityElement(field).node?.name == "E-mail")
    }

    @Test func aFreedLabelLeavesTheFieldNameless() {
        let field = TextField(frame: Rect(x: 70, y: 0, width: 200, height: 24))
        let scene = scene(field)
        do {
            let label = Label(text: "Name", frame: Rect(x: 0, y: 0, width: 60, height: 24))
            scene.rootView.addSubview(label)
            field.accessibilityLabelledBy = label
            #expect(AccessibilityElement(field).node?.name == "Name")
            label.removeFromSuperview()
        }
        #expect(field.accessibilityLabelledBy == nil)
        #expect(AccessibilityElement(field).node?.name == "")
        #expect(relations(field).isEmpty)
    }

    @Test func everyRadioButtonIsAMemberOfItsWholeGroup() {
        let group = RadioGroup(options: ["Small", "Medium", "Large"], frame: Rect(x: 0, y: 0, width: 120, height: 90))
        _ = scene(group)
        let buttons = AccessibilityElement(group).children
        #expect(buttons.count == 3)
        for button in buttons {
            #expect(button.relations == [AccessibilityRelation(.memberOf, targets: buttons)])
        }
        #expect(relations(group).isEmpty)
    }

    @Test func anOpenDropDownControlsItsListWhichPopsUpForIt() {
        let dropDown = DropDown(placeholder: "Fruit", items: ["Apple", "Banana"])
        dropDown.frame = Rect(x: 0, y: 0, width: 120, height: 28)
        _ = scene(dropDown)
        #expect(relations(dropDown).isEmpty)

        dropDown.open()
        #expect(relations(dropDown) == [relation(.controllerFor, dropDown.list)])
        #expect(relations(dropDown.list) == [relation(.controlledBy, dropDown), relation(.popupFor, dropDown)])

        dropDown.close()
        #expect(relations(dropDown).isEmpty)
    }

    @Test func aMenuOpenedFromAButtonIsAPopupForIt() {
        let menu = Menu(items: [MenuItem("Open") {}, MenuItem("Rename") {}])
        let button = MenuButton(title: "Actions", menu: menu, frame: Rect(x: 0, y: 0, width: 100, height: 28))
        _ = scene(button)
        #expect(relations(menu).isEmpty)
        button.open()
        #expect(relations(menu) == [relation(.popupFor, button)])
        #expect(relations(button).isEmpty)
    }
}
