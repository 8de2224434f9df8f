import Canopy
import CanopyTesting
import Testing

/// Drawing in the middle of a size animation: what a view draws lies inside the bounds it has
/// on screen (its presentation value), never at the size it is animating to.
@MainActor @Suite struct PresentedBoundsDrawingTests {
    let time = ManualTime()

    @Test func aButtonGrowingDrawsItsFaceAtTheWidthOnScreen() {
        let scene = time.makeScene(size: Size(width: 400, height: 100))
        let button = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 30))
        scene.rootView.addSubview(button)
        View.animate(duration: 1, curve: .linear) { button.frame.size.width = 300 }
        time.step(by: 0.5)
        #expect(button.presentedFrame == Rect(x: 10, y: 10, width: 200, height: 30))
        let context = RecordingContext(size: scene.size)
        scene.render(Rect(origin: .zero, size: scene.size), in: context)
        let face = context.operations.compactMap { operation -> Rect? in
            switch operation {
            case let .fillRoundedRect(rect, _, _), let .strokeRoundedRect(rect, _, _, _): return rect
            default: return nil
            }
        }
        #expect(face == [Rect(x: 10, y: 10, width: 200, height: 30), Rect(x: 10, y: 10, width: 200, height: 30)])
        #expect(context.drawnTexts == ["OK"])
    }

    /// A widget, and the view whose drawing is checked: the widget, or what it shows once
    /// something was done to it (the pop-up it opened, the tooltip the pointer brought up).
    struct Subject: Sendable {
        let name: String
        /// The size the widget starts at; what is checked grows to three times as wide and twice
        /// as tall.
        let size: Size
        /// Makes the widget.
        let make: @MainActor @Sendable () -> View
        /// Done to the widget once it is in its scene and before time moves on; nothing by
        /// default.
        var act: @MainActor @Sendable (View, Scene) -> Void = { _, _ in }
        /// The view that grows and is checked, once the widget has settled; the widget by
        /// default.
        var drawn: @MainActor @Sendable (View, Scene) -> View = { view, _ in view }
    }

    /// Every library widget. A new widget gets a row here.
    nonisolated static let subjects: [Subject] = [
        Subject(name: "View", size: Size(width: 60, height: 40)) {
            let view = View()
            view.backgroundColor = .white
            view.cornerRadius = 6
            view.borderWidth = 1
            view.shadow = Shadow(opacity: 0.3, offset: Point(x: 0, y: 2), radius: 4)
            return view
        },
        Subject(name: "Control", size: Size(width: 60, height: 40)) { Control() },
        Subject(name: "Button", size: Size(width: 80, height: 28)) { Button(title: "Save") },
        Subject(name: "Button with an image", size: Size(width: 80, height: 28)) {
            Button(title: "Go", image: PresentedBoundsDrawingTests.dot)
        },
        Subject(name: "CheckBox", size: Size(width: 90, height: 24)) { CheckBox(title: "Wrap", isChecked: true) },
        Subject(name: "RadioGroup and RadioButton", size: Size(width: 90, height: 60)) {
            RadioGroup(options: ["One", "Two"])
        },
        Subject(name: "Switch", size: Size(width: 46, height: 30)) { Switch(isOn: true) },
        Subject(name: "Slider", size: Size(width: 80, height: 28)) { Slider(value: 0.7) },
        Subject(name: "ProgressBar", size: Size(width: 80, height: 6)) { ProgressBar(progress: 0.8) },
        Subject(name: "ProgressBar, indeterminate", size: Size(width: 80, height: 6)) {
            ProgressBar(isIndeterminate: true)
        },
        Subject(name: "Label", size: Size(width: 80, height: 40)) {
            Label(text: "Words that wrap onto lines", alignment: .right, numberOfLines: 0)
        },
        Subject(name: "ImageView", size: Size(width: 30, height: 30)) {
            ImageView(image: PresentedBoundsDrawingTests.dot)
        },
        Subject(name: "TextField", size: Size(width: 80, height: 28)) {
            TextField(text: "Some text that runs on past the field's end")
        },
        Subject(
            name: "ScrollView", size: Size(width: 80, height: 60),
            make: {
                let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
                content.minimumSize = content.frame.size
                content.backgroundColor = .white
                let scrollView = ScrollView(content: content)
                scrollView.fitsContentWidth = false
                return scrollView
            },
            drawn: { view, _ in
                (view as? ScrollView)?.flashScrollIndicators()
                return view
            }),
        Subject(name: "ListView and ListRowView", size: Size(width: 80, height: 60)) {
            let list = ListView()
            list.dataSource = PresentedBoundsDrawingTests.rows
            list.selectRow(1)
            return list
        },
        Subject(name: "StackView", size: Size(width: 80, height: 60)) {
            StackView(axis: .vertical, views: [Label(text: "Top"), Label(text: "Bottom")])
        },
        Subject(name: "TileView", size: Size(width: 60, height: 60)) {
            let tile = TileView(title: "Home", image: PresentedBoundsDrawingTests.dot)
            tile.isSelected = true
            return tile
        },
        Subject(name: "Menu", size: Size(width: 80, height: 60)) {
            Menu(items: [MenuItem("Cut"), .separator, MenuItem("Paste")])
        },
        Subject(name: "PopUpButton", size: Size(width: 80, height: 28)) { PopUpButton(popup: View(), title: "More") },
        Subject(name: "DropDown", size: Size(width: 80, height: 28)) {
            DropDown(placeholder: "Pick", items: ["A", "B"])
        },
        Subject(name: "MenuButton", size: Size(width: 80, height: 28)) {
            MenuButton(title: "File", menu: Menu(items: [MenuItem("Open")]))
        },
        Subject(name: "TileSelector", size: Size(width: 80, height: 28)) {
            TileSelector(items: [TileSelector.Item(title: "One"), TileSelector.Item(title: "Two")])
        },
        Subject(
            name: "DropDown's list", size: Size(width: 80, height: 28),
            make: { DropDown(placeholder: "Pick", items: ["A", "B", "C", "D"]) }, act: open, drawn: popup),
        Subject(
            name: "MenuButton's menu", size: Size(width: 80, height: 28),
            make: { MenuButton(title: "File", menu: Menu(items: [MenuItem("Open"), MenuItem("Close")])) },
            act: open, drawn: popup),
        Subject(
            name: "TileSelector's panel", size: Size(width: 80, height: 28),
            make: { TileSelector(items: [TileSelector.Item(title: "One"), TileSelector.Item(title: "Two")]) },
            act: open, drawn: popup),
        Subject(
            name: "Tooltip", size: Size(width: 80, height: 28),
            make: {
                let view = View()
                view.toolTip = "A note on what this does"
                return view
            },
            act: { _, scene in
                scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 50, y: 50), clickCount: 0))
            },
            drawn: { view, scene in scene.presentations.last { $0.view is Tooltip }?.view ?? view }),
    ]

    nonisolated static let dot = Image(
        pixelWidth: 16, pixelHeight: 16, pixels: [UInt8](repeating: 0x80, count: 16 * 16 * 4))
    static let rows = TextListDataSource((1...20).map { "Row \($0)" })

    /// Opens the pop-up of a ``PopUpButton``.
    static func open(_ view: View, _ scene: Scene) { (view as? PopUpButton)?.open() }

    /// The pop-up of a ``PopUpButton``.
    static func popup(_ view: View, _ scene: Scene) -> View { (view as? PopUpButton)?.popup ?? view }

    @Test(arguments: subjects.map(\.name))
    func drawsInsideItsBoundsOnScreenHalfwayThroughGrowing(_ name: String) throws {
        let subject = try #require(Self.subjects.first { $0.name == name })
        for focused in [false, true] {
            let scene = time.makeScene(size: Size(width: 600, height: 500))
            let widget = subject.make()
            widget.frame = Rect(origin: Point(x: 40, y: 40), size: subject.size)
            scene.rootView.addSubview(widget)
            if focused { _ = widget.becomeFocused() }
            subject.act(widget, scene)
            time.step(by: 1)  // everything settled: pop-ups open, tooltips shown
            _ = scene.prepareFrame()  // and laid out, as for a frame at rest
            let view = subject.drawn(widget, scene)
            let start = view.frame
            View.animate(duration: 1, curve: .linear) {
                view.frame.size = Size(width: start.width * 3, height: start.height * 2)
            }
            time.step(by: 0.5)
            let shown = Self.presentedRectInWindow(of: view)
            #expect(shown.size == Size(width: start.width * 2, height: start.height * 1.5), "\(name)")
            let overhang = view.drawingOverhang
            var allowed = shown.insetBy(dx: -overhang, dy: -overhang)
            if let shadow = view.shadow { allowed = allowed.union(shadow.extent(of: shown)) }
            for (operation, clip) in Self.operations(of: view, in: scene) {
                guard let reach = Self.reach(of: operation), let visible = reach.intersection(clip),
                    !visible.isEmpty
                else { continue }
                #expect(
                    Self.contains(allowed, visible),
                    "\(name)\(focused ? ", focused" : ""): \(operation) outside \(shown)"
                )
            }
        }
    }

    /// What `view` and its subviews draw, with the clip of each operation: the scene drawn with
    /// the view and without it, less what both drew.
    static func operations(of view: View, in scene: Scene) -> [(RecordingContext.Operation, Rect)] {
        let whole = Rect(origin: .zero, size: scene.size)
        _ = scene.prepareFrame()  // lays out what the growth asked to
        let with = RecordingContext(size: scene.size)
        scene.render(whole, in: with)
        view.isHidden = true
        let without = RecordingContext(size: scene.size)
        scene.render(whole, in: without)
        view.isHidden = false
        let all = Array(zip(with.operations, with.clips))
        let before = zip(with.operations, without.operations).prefix { $0 == $1 }.count
        let after = zip(with.operations.reversed(), without.operations.reversed()).prefix { $0 == $1 }.count
        return Array(all[before..<max(before, all.count - min(after, without.operations.count - before))])
    }

    /// The area `operation` covers, in device coordinates (text measured as the recording
    /// context measures it); `nil` for the ends of groups.
    static func reach(of operation: RecordingContext.Operation) -> Rect? {
        switch operation {
        case let .fill(rect, _), let .fillRoundedRect(rect, _, _), let .strokeRoundedRect(rect, _, _, _),
            let .image(_, rect), let .beginLayer(rect, _, _):
            return rect
        case let .shadow(rect, _, shadow):
            return shadow.extent(of: rect)
        case let .line(start, end, width, _):
            let box = Rect(
                x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x),
                height: abs(end.y - start.y))
            return box.insetBy(dx: -width / 2, dy: -width / 2)
        case let .text(text, origin, font, _):
            return Rect(
                x: origin.x, y: origin.y - font.size * 0.8, width: Double(text.count) * font.size * 0.5,
                height: font.size)
        case .endLayer:
            return nil
        }
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        let slack = 0.001
        return inner.minX >= outer.minX - slack && inner.minY >= outer.minY - slack
            && inner.maxX <= outer.maxX + slack && inner.maxY <= outer.maxY + slack
    }

    /// The view's rectangle as it is on screen now, in window coordinates.
    static func presentedRectInWindow(of view: View) -> Rect {
        var rect = view.presentedBounds
        var current: View? = view
        while let each = current {
            rect = rect.offsetBy(
                dx: each.presentedFrame.minX - each.presentedBounds.minX,
                dy: each.presentedFrame.minY - each.presentedBounds.minY)
            current = each.superview
        }
        return rect
    }
}
