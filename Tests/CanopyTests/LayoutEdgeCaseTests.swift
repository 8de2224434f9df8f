@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// A measurer that counts what it is asked, over the approximate one.
@MainActor final class CountingMeasurer: TextMeasuring {
    private let inner = ApproximateTextMeasurer()
    var measurements = 0

    func measure(_ text: String, font: Font) -> TextMetrics {
        measurements += 1
        return inner.measure(text, font: font)
    }
}

/// A stack that counts its layout passes.
@MainActor final class CountingStack: StackView {
    var layouts = 0

    override func layoutSubviews() {
        layouts += 1
        super.layoutSubviews()
    }
}

/// Layout where it gets hard: changes deep in nested stacks, wrapping text in rows, views that
/// move between stacks, plain views, focus order around scroll views, and nonsense values.
@MainActor @Suite(.serialized) struct LayoutEdgeCaseTests {
    let time = ManualTime()

    /// A scene measuring with the approximate measurer (a `measurer` of the test's own, if
    /// given).
    func makeScene(width: Double = 400, height: Double = 300, measurer: TextMeasuring = ApproximateTextMeasurer())
        -> Scene
    {
        time.makeScene(size: Size(width: width, height: height), host: MemoryHost(textMeasurer: measurer))
    }

    @Test func aLabelGrowingInAStackInAStackGrowsBothStacks() {
        let scene = makeScene()
        let label = Label(text: "One line", numberOfLines: 0)
        let inner = StackView(axis: .vertical, spacing: 0, views: [label])
        let below = Block(50, 20)
        let outer = StackView(axis: .vertical, spacing: 0, views: [inner, below])
        outer.alignment = .leading
        outer.frame = Rect(x: 0, y: 0, width: 120, height: 300)
        scene.rootView.addSubview(outer)
        _ = scene.prepareFrame()
        let oneLine = label.frame.height
        label.text = String(repeating: "word ", count: 40)
        _ = scene.prepareFrame()
        #expect(label.frame.height > oneLine * 4)
        #expect(inner.frame.height == label.frame.height)
        #expect(below.frame.minY == inner.frame.maxY)
    }

    @Test func hidingAViewInAnInnerStackShrinksItInTheOuterOne() {
        let scene = makeScene()
        let first = Block(40, 40), second = Block(40, 40)
        let inner = StackView(axis: .vertical, spacing: 0, views: [first, second])
        let below = Block(40, 10)
        let outer = StackView(axis: .vertical, spacing: 0, views: [inner, below])
        outer.frame = Rect(x: 0, y: 0, width: 100, height: 300)
        scene.rootView.addSubview(outer)
        _ = scene.prepareFrame()
        #expect(below.frame.minY == 80)
        second.isHidden = true
        _ = scene.prepareFrame()
        #expect(inner.frame.height == 40)
        #expect(below.frame.minY == 40)
    }

    @Test func aScrollViewsContentSizeFollowsALabelGrowingDeepInside() {
        let scene = makeScene()
        let label = Label(text: "Short", numberOfLines: 0)
        let column = StackView(axis: .vertical, spacing: 0, views: [StackView(views: [label]), Block(10, 30)])
        let scroll = ScrollView(content: column, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.rootView.addSubview(scroll)
        _ = scene.prepareFrame()
        let before = scroll.contentSize.height
        label.text = String(repeating: "grow ", count: 60)
        _ = scene.prepareFrame()  // no scrolling: the change alone lays out again
        #expect(scroll.contentSize.height > before + 100)
        #expect(scroll.contentSize.height == column.frame.height)
        scroll.contentOffset = Point(x: 0, y: .infinity)
        #expect(scroll.contentOffset.y == scroll.contentSize.height - 100)
    }

    @Test func aWrappingLabelInARowIsAsTallAsItsLinesAtTheWidthItGets() {
        let scene = makeScene()
        let label = Label(text: String(repeating: "wrap me ", count: 12), numberOfLines: 0)
        label.flex = 1
        let button = Block(80, 30)
        let row = StackView(axis: .horizontal, spacing: 10, views: [label, button])
        row.alignment = .center
        let column = StackView(axis: .vertical, spacing: 0, views: [row, Block(10, 10)])
        column.frame = Rect(x: 0, y: 0, width: 200, height: 300)
        scene.rootView.addSubview(column)
        _ = scene.prepareFrame()
        let lines = label.lines(forWidth: label.frame.width)
        #expect(label.frame.width == 110)
        #expect(lines.count > 2)
        #expect(label.frame.height == label.lineHeight(of: lines) * Double(lines.count))
        #expect(row.frame.height == label.frame.height)  // the row grew to hold every line
    }

    @Test func aViewTakenOutOfAStackAnyWayLeavesItsArrangement() {
        let a = Block(10, 10), b = Block(10, 10)
        let first = StackView(views: [a, b]), second = StackView()
        a.removeFromSuperview()
        #expect(first.arrangedSubviews.count == 1 && first.arrangedSubviews[0] === b)
        second.addArrangedSubview(b)
        #expect(first.arrangedSubviews.isEmpty)
        #expect(second.arrangedSubviews.count == 1)
        first.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        a.frame = Rect(x: 5, y: 5, width: 7, height: 7)
        first.layoutIfNeeded()
        #expect(a.frame == Rect(x: 5, y: 5, width: 7, height: 7))  // no longer placed by the stack
    }

    @Test func aStretchedPlainViewDoesNotHoldItsRowOpen() {
        let scene = makeScene()
        let stripe = View()  // a plain view asks for its minimum size: nothing
        let tall = Block(20, 100)
        let row = StackView(axis: .horizontal, spacing: 0, views: [stripe, tall])
        row.alignment = .fill
        let column = StackView(axis: .vertical, spacing: 0, views: [row])
        column.alignment = .leading
        column.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        scene.rootView.addSubview(column)
        _ = scene.prepareFrame()
        #expect(stripe.frame.height == 100)
        tall.wanted = Size(width: 20, height: 20)
        tall.invalidateIntrinsicSize()
        _ = scene.prepareFrame()
        #expect(row.frame.height == 20)
        #expect(stripe.frame.height == 20)
    }

    @Test func scrollingAContentViewDoesNotLayItOutAgain() {
        let scene = makeScene()
        let column = CountingStack(axis: .vertical, spacing: 0, views: (0..<20).map { _ in Block(50, 40) })
        let scroll = ScrollView(content: column, frame: Rect(x: 0, y: 0, width: 200, height: 100))
        scene.rootView.addSubview(scroll)
        _ = scene.prepareFrame()
        let layouts = column.layouts
        for step in 1...10 {
            scroll.contentOffset = Point(x: 0, y: Double(step) * 30)
            _ = scene.prepareFrame()
        }
        #expect(column.layouts == layouts)
        #expect(scroll.contentOffset.y == 300)
    }

    @Test func aLongTextCutToThreeLinesMeasuresAboutThreeLines() {
        let measurer = CountingMeasurer()
        let scene = makeScene(measurer: measurer)
        let label = Label(text: String(repeating: "many words here ", count: 5_000), numberOfLines: 3)
        label.frame = Rect(x: 0, y: 0, width: 200, height: 60)
        scene.rootView.addSubview(label)
        let lines = label.lines(forWidth: 200)
        #expect(lines.count == 3 && lines[2].hasSuffix("…"))
        #expect(measurer.measurements < 500, "\(measurer.measurements) measurements")
        let asked = measurer.measurements
        _ = label.lines(forWidth: 200)  // the same width again: remembered
        _ = label.sizeThatFits(Size(width: 200, height: .infinity))
        #expect(measurer.measurements - asked <= 7)  // the three lines' widths and their height
    }

    @Test func aLineBreakAtTheVeryEndStartsNoEmptyLine() {
        let scene = makeScene()
        let label = Label(text: "one\ntwo\n", numberOfLines: 2)
        scene.rootView.addSubview(label)
        #expect(label.lines(forWidth: 300) == ["one", "two"])
        label.text = "one\n\nthree"
        label.numberOfLines = 0
        #expect(label.lines(forWidth: 300) == ["one", "", "three"])
    }

    @Test func nonsenseValuesPlaceViewsAtFiniteNonNegativeSizes() {
        let a = Block(.nan, .infinity), b = Block(-20, 30), c = Block(40, 40)
        a.flex = .infinity
        b.minimumSize = Size(width: .nan, height: -4)
        c.maximumSize = Size(width: -5, height: .nan)
        #expect(c.maximumSize == Size(width: 0, height: .infinity))
        let stack = StackView(axis: .horizontal, spacing: .nan, views: [a, b, c])
        stack.layoutMargins = EdgeInsets(top: .infinity, left: -3, bottom: .nan, right: 4)
        #expect(stack.spacing == 0 && stack.layoutMargins == EdgeInsets(right: 4))
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        stack.layoutIfNeeded()
        for view in [a, b, c] {
            let frame = view.frame
            #expect(
                [frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0.isFinite && $0 >= 0 },
                "\(frame)")
        }
        #expect(c.frame.width == 0)  // its maximum, made sane
        let size = stack.sizeThatFits(Size(width: 500, height: 500))
        #expect(size.width.isFinite && size.height.isFinite)
    }

    @Test func aMinimumLargerThanTheMaximumWinsAlongAndAcross() {
        let a = Block(10, 10)
        a.minimumSize = Size(width: 60, height: 50)
        a.maximumSize = Size(width: 30, height: 20)
        let stack = StackView(axis: .horizontal, spacing: 0, views: [a])
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        stack.layoutIfNeeded()
        #expect(a.frame.size == Size(width: 60, height: 50))
    }

    @Test func anEmptiedScrollViewHasNothingToScroll() {
        let scroll = ScrollView(
            content: StackView(views: [Block(10, 500)]), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scroll.layoutIfNeeded()
        #expect(scroll.contentOverflows)
        scroll.contentView = nil
        #expect(scroll.contentSize == .zero && !scroll.contentOverflows)
        scroll.contentSize = Size(width: .nan, height: .infinity)
        #expect(scroll.contentSize == .zero)
    }

    @Test func tabLeavesAScrolledViewForTheHeaderAboveIt() {
        let scene = makeScene()
        let header = Button(title: "Header", frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let buttons = (0..<20).map { Button(title: "B\($0)") }
        let scroll = ScrollView(
            content: StackView(axis: .vertical, spacing: 10, views: buttons),
            frame: Rect(x: 0, y: 40, width: 200, height: 200))
        scene.rootView.addSubview(header)
        scene.rootView.addSubview(scroll)
        _ = scene.prepareFrame()
        scroll.contentOffset = Point(x: 0, y: 200)
        _ = scene.prepareFrame()
        let order = FocusOrder(in: scene.rootView).views
        #expect(order.first === header)
        #expect(order.dropFirst().map(ObjectIdentifier.init) == buttons.map(ObjectIdentifier.init))
    }

    @Test func tabReadsAColumnDownBeforeTheColumnBesideIt() {
        let scene = makeScene()
        let left = (0..<3).map { _ in TextField() }, right = (0..<3).map { _ in TextField() }
        let columns = StackView(
            axis: .horizontal, spacing: 10,
            views: [StackView(axis: .vertical, views: left), StackView(axis: .vertical, views: right)])
        columns.distribution = .fillEqually
        columns.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        scene.rootView.addSubview(columns)
        _ = scene.prepareFrame()
        #expect(
            FocusOrder(in: scene.rootView).views.map(ObjectIdentifier.init)
                == (left + right).map(ObjectIdentifier.init))
    }

    @Test func aFocusedCheckBoxBelowTheFoldIsScrolledInWithItsRing() {
        let scene = makeScene()
        let box = CheckBox(title: "Below")
        let column = StackView(axis: .vertical, spacing: 0, views: [Block(50, 150), box, Block(50, 100)])
        let scroll = ScrollView(content: column, frame: Rect(x: 0, y: 0, width: 200, height: 100))
        scene.rootView.addSubview(scroll)
        _ = scene.prepareFrame()
        scene.animator.reducedMotion = true
        #expect(box.becomeFocused())
        time.step(by: 1)
        // The box's ring reaches 3 points below it: that much more is scrolled in.
        #expect(scroll.contentOffset.y == box.frame.maxY + box.drawingOverhang - 100)
    }
}
