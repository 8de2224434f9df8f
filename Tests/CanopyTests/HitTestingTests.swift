import Canopy
import Testing

@MainActor @Suite struct HitTestingTests {
    /// root (0,0,200,200) ⊃ parent (10,10,100,100) ⊃ child (20,20,30,30)
    func makeTree() -> (root: View, parent: View, child: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let parent = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        let child = View(frame: Rect(x: 20, y: 20, width: 30, height: 30))
        root.addSubview(parent)
        parent.addSubview(child)
        return (root, parent, child)
    }

    @Test func deepestViewUnderThePointAnswers() {
        let (root, parent, child) = makeTree()
        #expect(root.hitTest(Point(x: 35, y: 35)) === child)
        #expect(root.hitTest(Point(x: 15, y: 15)) === parent)
        #expect(root.hitTest(Point(x: 150, y: 150)) === root)
        #expect(root.hitTest(Point(x: 250, y: 10)) == nil)
    }

    @Test(arguments: ["hidden", "noninteractive", "transparent"])
    func aSkippedViewTakesItsWholeSubtreeWithIt(rule: String) {
        let (root, parent, _) = makeTree()
        switch rule {
        case "hidden": parent.isHidden = true
        case "noninteractive": parent.isUserInteractionEnabled = false
        default: parent.alpha = 0.009
        }
        #expect(root.hitTest(Point(x: 35, y: 35)) === root)
    }

    @Test func alphaAtTheThresholdStillTakesHits() {
        let (root, parent, child) = makeTree()
        parent.alpha = 0.01
        #expect(root.hitTest(Point(x: 35, y: 35)) === child)
    }

    @Test func theReceiverMustContainThePointBeforeItsSubviewsAreAsked() {
        let (root, parent, _) = makeTree()
        let outside = View(frame: Rect(x: 120, y: 0, width: 20, height: 20))  // pokes out of parent
        parent.addSubview(outside)
        #expect(root.hitTest(Point(x: 135, y: 15)) === root)
    }

    @Test func laterSubviewsAreHitFirst() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let back = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let front = View(frame: Rect(x: 25, y: 25, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(Point(x: 30, y: 30)) === front)
        root.bringSubviewToFront(back)
        #expect(root.hitTest(Point(x: 30, y: 30)) === back)
        root.sendSubviewToBack(back)
        #expect(root.subviews.first === back)
    }

    final class PassThroughView: View {
        override func hitTest(_ point: Point) -> View? {
            let hit = super.hitTest(point)
            return hit === self ? nil : hit
        }
    }

    @Test func anOverrideAnywhereInTheTreeTakesPart() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overlay = PassThroughView(frame: root.bounds)
        let button = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(overlay)
        overlay.addSubview(button)
        #expect(root.hitTest(Point(x: 15, y: 15)) === button)
        #expect(root.hitTest(Point(x: 60, y: 60)) === root)  // the overlay lets it through
    }

    @Test func boundsOriginScrollsSubviewsForHitTesting() {
        let (root, parent, child) = makeTree()
        parent.bounds.origin = Point(x: 0, y: 15)
        #expect(root.hitTest(Point(x: 35, y: 20)) === child)  // child now at window y 15...45
        #expect(root.hitTest(Point(x: 35, y: 48)) === parent)
    }

    @Test func convertingPointsBetweenAnyTwoViews() {
        let (root, parent, child) = makeTree()
        let other = View(frame: Rect(x: 150, y: 5, width: 20, height: 20))
        root.addSubview(other)
        #expect(child.convert(Point(x: 1, y: 2), to: nil) == Point(x: 31, y: 32))
        #expect(child.convert(Point(x: 1, y: 2), to: other) == Point(x: -119, y: 27))
        #expect(other.convert(Point(x: -119, y: 27), to: child) == Point(x: 1, y: 2))
        #expect(parent.convert(Point(x: 31, y: 32), from: nil) == Point(x: 21, y: 22))
        parent.bounds.origin = Point(x: 5, y: 5)
        #expect(child.convert(Point.zero, to: root) == Point(x: 25, y: 25))
        #expect(
            child.convert(Rect(x: 0, y: 0, width: 3, height: 4), to: nil) == Rect(x: 25, y: 25, width: 3, height: 4))
    }
}
