import Canopy
import CanopyTesting
import Testing

/// The parts controls draw alike come from the theme: the fill for a state, the focus ring, the
/// drop-down arrow; a control written outside the library draws them the same way.
@MainActor @Suite struct LookVocabularyTests {
    /// A theme whose four control fills are told apart at a glance.
    static let theme: Theme = {
        var theme = Theme()
        theme.controlBackground = Color(rgb: 0x102030)
        theme.hoveredControlBackground = Color(rgb: 0x203040)
        theme.pressedControlBackground = Color(rgb: 0x304050)
        theme.disabledControlBackground = Color(rgb: 0x405060)
        return theme
    }()

    /// A control of an app's own: a face filled for its state, with the theme's focus ring.
    final class Pad: Control {
        override func draw(in context: GraphicsContext, bounds: Rect) {
            context.fillRoundedRect(bounds, cornerRadius: 4, color: theme.controlFills.color(for: state))
            if isFocused { theme.drawFocusRing(around: bounds, cornerRadius: 4, in: context) }
        }
    }

    func render(_ scene: Scene) -> RecordingContext {
        let context = RecordingContext(size: scene.size)
        _ = scene.prepareFrame()
        scene.render(Rect(origin: .zero, size: scene.size), in: context)
        return context
    }

    /// The control fills among what was drawn, in order.
    func controlFills(in context: RecordingContext) -> [Color] {
        let fills = Self.theme.controlFills
        let four = [fills.normal, fills.hovered, fills.highlighted, fills.disabled]
        return context.operations.compactMap { operation -> Color? in
            guard case let .fillRoundedRect(_, _, color) = operation, four.contains(color) else { return nil }
            return color
        }
    }

    @Test(arguments: ["Button", "Slider", "Switch", "Pad"])
    func aControlsFaceTakesTheThemesFillForEachState(_ kind: String) {
        let scene = Scene(size: Size(width: 300, height: 100))
        scene.theme = Self.theme
        let control: Control
        switch kind {
        case "Button": control = Button(title: "OK")
        case "Slider": control = Slider(value: 0)
        case "Switch": control = Switch()
        default: control = Pad()
        }
        control.frame = Rect(x: 10, y: 10, width: 120, height: 30)
        scene.rootView.addSubview(control)
        let fills = Self.theme.controlFills
        // The knob of a slider at 0 and of a switch that is off sits at the left.
        let face = Point(x: 22, y: 25)
        #expect(controlFills(in: render(scene)) == [fills.normal], "\(kind) at rest")
        scene.handleMouseMoved(MouseEvent(locationInWindow: face, clickCount: 0))
        #expect(controlFills(in: render(scene)) == [fills.hovered], "\(kind) hovered")
        scene.handleMouseDown(MouseEvent(locationInWindow: face))
        #expect(controlFills(in: render(scene)) == [fills.highlighted], "\(kind) pressed")
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 250, y: 90)))
        control.isEnabled = false
        #expect(controlFills(in: render(scene)) == [fills.disabled], "\(kind) disabled")
    }

    @Test func focusRingsAreTheThemesWhereverTheyAreDrawn() {
        let scene = Scene(size: Size(width: 400, height: 300))
        scene.theme = Self.theme
        let checkBox = CheckBox(title: "On", frame: Rect(x: 10, y: 10, width: 80, height: 24))
        let slider = Slider(frame: Rect(x: 10, y: 50, width: 120, height: 28))
        let toggle = Switch(frame: Rect(x: 10, y: 90, width: 46, height: 30))
        let list = ListView(frame: Rect(x: 150, y: 10, width: 100, height: 100))
        let group = RadioGroup(options: ["A", "B"], frame: Rect(x: 150, y: 130, width: 100, height: 60))
        let pad = Pad(frame: Rect(x: 10, y: 200, width: 40, height: 40))
        for view in [checkBox, slider, toggle, list, group, pad] as [View] {
            scene.rootView.addSubview(view)
            _ = render(scene)  // laid out
            #expect(view.becomeFocused())
            let rings = render(scene).operations.filter { operation in
                guard case let .strokeRoundedRect(_, _, width, color) = operation else { return false }
                return width == Theme.focusRingWidth && color == Self.theme.focusRing
            }
            #expect(rings.count == 1, "\(type(of: view))")
            view.removeFromSuperview()
        }
    }

    @Test func dropDownsAndMenuButtonsDrawTheThemesArrowUnlessTold() {
        let scene = Scene(size: Size(width: 300, height: 100))
        let dropDown = DropDown(placeholder: "Pick", items: ["A"], frame: Rect(x: 10, y: 10, width: 100, height: 30))
        let menuButton = MenuButton(
            title: "File", menu: Menu(items: [MenuItem("Open")]), frame: Rect(x: 150, y: 10, width: 100, height: 30))
        scene.rootView.addSubview(dropDown)
        scene.rootView.addSubview(menuButton)
        func lines() -> [RecordingContext.Operation] {
            render(scene).operations.filter { if case .line = $0 { return true } else { return false } }
        }
        // The same chevron at each button's right edge, 14 points in.
        let arrow = RecordingContext(size: scene.size)
        Theme.standard.drawDropDownArrow(centeredAt: Point(x: 96, y: 25), isEnabled: true, in: arrow)
        arrow.translateBy(x: 140, y: 0)
        Theme.standard.drawDropDownArrow(centeredAt: Point(x: 96, y: 25), isEnabled: true, in: arrow)
        #expect(lines() == arrow.operations)
        dropDown.showsIndicator = false
        menuButton.showsIndicator = false
        #expect(lines().isEmpty)
        #expect(dropDown.contentInsets.right == dropDown.contentInsets.left)
    }
}
