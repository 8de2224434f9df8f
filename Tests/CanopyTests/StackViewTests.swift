import Canopy
import CanopyTesting
import Testing

/// A view that asks for a fixed size.
@MainActor final class Block: View {
    var wanted: Size
    init(_ width: Double, _ height: Double) {
        wanted = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override func sizeThatFits(_ size: Size) -> Size { wanted }
}

@MainActor @Suite struct StackViewTests {
    /// Lays `stack` out at `size` as a frame would.
    func laidOut(_ stack: StackView, _ width: Double, _ height: Double) -> StackView {
        stack.frame = Rect(x: 0, y: 0, width: width, height: height)
        stack.layoutIfNeeded()
        return stack
    }

    @Test func aColumnStretchesAcrossAndStacksDownWithSpacingInsideTheMargins() {
        let a = Block(50, 20), b = Block(80, 30)
        let stack = StackView(axis: .vertical, spacing: 10, views: [a, b])
        stack.layoutMargins = EdgeInsets(top: 5, left: 6, bottom: 5, right: 6)
        _ = laidOut(stack, 200, 200)
        #expect(a.frame == Rect(x: 6, y: 5, width: 188, height: 20))
        #expect(b.frame == Rect(x: 6, y: 35, width: 188, height: 30))
        #expect(stack.sizeThatFits(Size(width: 1000, height: 1000)) == Size(width: 92, height: 70))
    }

    @Test(arguments: [StackView.Alignment.leading, .center, .trailing])
    func aRowPlacesViewsAcrossAsAligned(_ alignment: StackView.Alignment) {
        let a = Block(40, 20), b = Block(40, 60)
        let stack = StackView(axis: .horizontal, spacing: 4, views: [a, b])
        stack.alignment = alignment
        _ = laidOut(stack, 200, 100)
        let expectedY: Double = alignment == .leading ? 0 : alignment == .center ? 40 : 80
        #expect(a.frame == Rect(x: 0, y: expectedY, width: 40, height: 20))
        #expect(b.frame.minX == 44 && b.frame.height == 60)
    }

    @Test func rightToLeftARowRunsFromTheRightAndAColumnsLeadingSideIsItsRight() {
        let time = ManualTime()
        let a = Block(50, 20), b = Block(80, 30), c = Block(40, 10), d = Block(60, 10)
        let row = StackView(axis: .horizontal, spacing: 10, views: [a, b])
        row.layoutMargins = EdgeInsets(top: 0, left: 4, bottom: 0, right: 6)
        let column = StackView(axis: .vertical, spacing: 0, views: [c, d])
        column.alignment = .leading
        let root = View()
        root.addSubview(row)
        root.addSubview(column)
        let scene = time.makeScene(rootView: root, size: Size(width: 300, height: 200))
        row.frame = Rect(x: 0, y: 0, width: 300, height: 40)
        column.frame = Rect(x: 0, y: 50, width: 300, height: 40)
        _ = scene.prepareFrame()
        #expect(a.frame.minX == 4 && b.frame.minX == 64)  // left to right first
        #expect(c.frame.minX == 0 && d.frame.minX == 0)
        scene.layoutDirection = .rightToLeft
        _ = scene.prepareFrame()
        // The first view at the right, inside the same margins, and the others to its left.
        #expect(a.frame == Rect(x: 244, y: 0, width: 50, height: 40), "\(a.frame)")
        #expect(b.frame == Rect(x: 154, y: 0, width: 80, height: 40), "\(b.frame)")
        #expect(c.frame.maxX == 300 && d.frame.maxX == 300)
    }

    @Test func spareRoomGoesToFlexibleViewsByTheirFlex() {
        let fixed = Block(40, 20), one = Block(5, 20), two = Block(5, 20)
        one.flex = 1
        two.flex = 2
        let stack = laidOut(StackView(axis: .horizontal, spacing: 0, views: [fixed, one, two]), 200, 20)
        #expect(fixed.frame.width == 40)
        #expect(one.frame.width == 5 + 50 && two.frame.width == 5 + 100)
        #expect(two.frame.maxX == 200)
        // Without flex the room stays empty at the end.
        one.flex = 0
        two.flex = 0
        stack.layoutIfNeeded()
        #expect(two.frame.maxX == 50)
    }

    @Test func equalAndProportionalDistributionsFillTheStack() {
        let a = Block(10, 20), b = Block(30, 20)
        let stack = StackView(axis: .horizontal, spacing: 10, views: [a, b])
        stack.distribution = .fillEqually
        _ = laidOut(stack, 210, 20)
        #expect(a.frame.width == 100 && b.frame.width == 100 && b.frame.minX == 110)
        stack.distribution = .fillProportionally
        stack.layoutIfNeeded()
        #expect(a.frame.width == 50 && b.frame.width == 150)
    }

    @Test func tooLittleRoomShrinksFlexibleViewsFirstThenOthersDownToTheirMinimum() {
        let rigid = Block(100, 20), soft = Block(100, 20)
        soft.flex = 1
        soft.minimumSize = Size(width: 30, height: 0)
        let stack = laidOut(StackView(axis: .horizontal, spacing: 0, views: [rigid, soft]), 150, 20)
        #expect(rigid.frame.width == 100 && soft.frame.width == 50)
        stack.frame.size.width = 100
        stack.layoutIfNeeded()
        #expect(soft.frame.width == 30)  // at its minimum
        #expect(rigid.frame.width == 70)  // the rest from the other
    }

    @Test func aMaximumSizeIsKeptAndTheRestShared() {
        let capped = Block(10, 20), open = Block(10, 20)
        capped.flex = 1
        open.flex = 1
        capped.maximumSize = Size(width: 40, height: .infinity)
        _ = laidOut(StackView(axis: .horizontal, spacing: 0, views: [capped, open]), 200, 20)
        #expect(capped.frame.width == 40 && open.frame.width == 160)
    }

    @Test func hiddenViewsTakeNoRoomAndShowingThemLaysOutAgain() {
        let a = Block(10, 20), b = Block(10, 30), c = Block(10, 40)
        let stack = laidOut(StackView(axis: .vertical, spacing: 5, views: [a, b, c]), 100, 200)
        b.isHidden = true
        stack.layoutIfNeeded()  // hiding asked for layout
        #expect(c.frame.minY == 25)
        #expect(stack.sizeThatFits(Size(width: 100, height: 1000)).height == 65)
        b.isHidden = false
        stack.layoutIfNeeded()
        #expect(c.frame.minY == 60)
    }

    @Test func stacksNestAndMeasureThroughEachOther() {
        let left = Block(30, 10), right = Block(50, 20)
        let row = StackView(axis: .horizontal, spacing: 10, views: [left, right])
        let below = Block(20, 15)
        let column = laidOut(StackView(axis: .vertical, spacing: 5, views: [row, below]), 300, 300)
        column.alignment = .leading
        column.layoutIfNeeded()
        #expect(row.frame == Rect(x: 0, y: 0, width: 90, height: 20))
        #expect(below.frame == Rect(x: 0, y: 25, width: 20, height: 15))
        #expect(right.frame == Rect(x: 40, y: 0, width: 50, height: 20))
        #expect(column.sizeThatFits(Size(width: 300, height: 300)) == Size(width: 90, height: 40))
    }

    @Test func aLabelWhoseTextChangesIsLaidOutAgain() {
        let scene = Scene(size: Size(width: 400, height: 100), host: MemoryHost())
        let label = Label(text: "Hi")
        let after = Block(20, 20)
        let row = StackView(axis: .horizontal, spacing: 0, views: [label, after])
        row.frame = Rect(x: 0, y: 0, width: 400, height: 30)
        scene.rootView.addSubview(row)
        _ = scene.prepareFrame()
        let before = after.frame.minX
        label.text = "Hello, a longer text"
        _ = scene.prepareFrame()
        #expect(after.frame.minX > before)
        #expect(after.frame.minX == label.frame.maxX)
    }
}

/// Stacks that know their views' minimums: a stack in a stack is not squeezed below what its
/// own views need.
@MainActor @Suite struct StackMinimumTests {
    @Test func aNestedRowIsNotSqueezedBelowItsViewsMinimums() {
        let first = Block(120, 20), second = Block(120, 20)
        first.minimumSize = Size(width: 100, height: 20)
        second.minimumSize = Size(width: 100, height: 20)
        let inner = StackView(axis: .horizontal, spacing: 8, views: [first, second])
        let filler = Block(300, 20)
        filler.flex = 1
        let outer = StackView(axis: .horizontal, spacing: 10, views: [inner, filler])
        outer.layoutMargins = EdgeInsets(all: 4)
        #expect(inner.minimumLayoutSize == Size(width: 208, height: 20))
        #expect(outer.minimumLayoutSize == Size(width: 226, height: 28))
        outer.frame = Rect(x: 0, y: 0, width: 200, height: 40)  // 26 points short of the minimum
        outer.layoutIfNeeded()
        #expect(inner.frame.width == 208)  // the filler gave all its room first; the row overflows
        #expect(first.frame.maxX <= second.frame.minX)
        #expect(second.frame.maxX <= inner.bounds.maxX)
    }

    @Test func hiddenViewsAndEqualSharesCount() {
        let a = Block(10, 10), b = Block(10, 10), c = Block(10, 10)
        a.minimumSize = Size(width: 30, height: 5)
        b.minimumSize = Size(width: 50, height: 15)
        c.minimumSize = Size(width: 500, height: 500)
        c.isHidden = true
        let column = StackView(axis: .vertical, spacing: 2, views: [a, b, c])
        #expect(column.minimumLayoutSize == Size(width: 50, height: 22))
        column.distribution = .fillEqually
        #expect(column.minimumLayoutSize == Size(width: 50, height: 32))
        column.minimumSize = Size(width: 80, height: 0)
        #expect(column.minimumLayoutSize == Size(width: 80, height: 32))
    }
}
