import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct ScrollViewTests {
    let time = ManualTime()

    /// A 200 × 100 scroll view over a column of `count` 40-point blocks (and a field at `fieldAt`).
    func makeScrollView(count: Int = 10, fieldAt: Int? = nil) -> (Scene, ScrollView, StackView) {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        var views: [View] = (0..<count).map { _ in Block(50, 40) }
        if let fieldAt { views[fieldAt] = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 40)) }
        let column = StackView(axis: .vertical, spacing: 0, views: views)
        let scroll = ScrollView(content: column, frame: Rect(x: 10, y: 10, width: 200, height: 100))
        scene.rootView.addSubview(scroll)
        _ = scene.prepareFrame()
        return (scene, scroll, column)
    }

    func wheel(_ scene: Scene, dx: Double = 0, dy: Double = 0, modifiers: Modifiers = []) {
        scene.handleScroll(
            ScrollEvent(locationInWindow: Point(x: 50, y: 50), deltaX: dx, deltaY: dy, modifiers: modifiers))
    }

    @Test func theContentIsAsWideAsTheScrollViewAndAsTallAsItAsks() {
        let (_, scroll, column) = makeScrollView()
        #expect(column.frame == Rect(x: 0, y: 0, width: 200, height: 400))
        #expect(scroll.contentSize == Size(width: 200, height: 400))
        #expect(scroll.maximumContentOffset == Point(x: 0, y: 300))
    }

    @Test func theWheelScrollsWithinTheContent() {
        let (scene, scroll, _) = makeScrollView()
        wheel(scene, dy: 2)
        #expect(scroll.contentOffset == Point(x: 0, y: 80))
        wheel(scene, dy: 20)
        #expect(scroll.contentOffset.y == 300)
        wheel(scene, dy: -100)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func wideContentScrollsWithTheHorizontalWheelOrShift() {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        let row = StackView(axis: .horizontal, spacing: 0, views: (0..<10).map { _ in Block(60, 40) })
        let scroll = ScrollView(content: row, frame: Rect(x: 10, y: 10, width: 200, height: 100))
        scroll.fitsContentWidth = false
        scene.rootView.addSubview(scroll)
        _ = scene.prepareFrame()
        #expect(scroll.maximumContentOffset == Point(x: 400, y: 0))
        wheel(scene, dx: 1)
        #expect(scroll.contentOffset == Point(x: 40, y: 0))
        wheel(scene, dy: 1, modifiers: .shift)
        #expect(scroll.contentOffset == Point(x: 80, y: 0))
    }

    @Test func aScrollViewWithNothingToScrollPassesTheWheelOn() {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        let outer = LoggingView("outer", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let scroll = ScrollView(content: Block(50, 40), frame: Rect(x: 10, y: 10, width: 200, height: 100))
        outer.addSubview(scroll)
        scene.rootView.addSubview(outer)
        _ = scene.prepareFrame()
        wheel(scene, dy: 1)
        #expect(outer.log.contains("wheel 1.0"))
        #expect(!scroll.canBecomeFocused)
    }

    @Test func theKeyboardScrollsAFocusedScrollViewAndKeysLeftByAFieldInside() {
        let (scene, scroll, _) = makeScrollView()
        #expect(scroll.becomeFocused())  // nothing inside takes focus: the scroll view does
        scene.handleKeyDown(KeyEvent(key: .pageDown))
        #expect(scroll.contentOffset.y == 60)  // a page less one step
        scene.handleKeyDown(KeyEvent(key: .end))
        #expect(scroll.contentOffset.y == scroll.maximumContentOffset.y)
        scene.handleKeyDown(KeyEvent(key: .home))
        #expect(scroll.contentOffset.y == 0)
        scene.handleKeyDown(KeyEvent(key: .down))
        #expect(scroll.contentOffset.y == 40)
    }

    @Test func keysAFocusedFieldInsideLeavesScrollTheScrollView() {
        let (scene, scroll, column) = makeScrollView(fieldAt: 0)
        #expect(!scroll.canBecomeFocused)  // a view inside can: no Tab stop of its own
        column.arrangedSubviews[0].becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .pageDown))  // the field takes Left and Right, not this
        #expect(scroll.contentOffset.y == 60)
    }

    @Test func aViewInsideThatTakesFocusIsScrolledIntoView() {
        let (scene, scroll, column) = makeScrollView(fieldAt: 8)
        let field = column.arrangedSubviews[8]  // far below the 100-point view
        scene.handleKeyDown(KeyEvent(key: .tab))  // the field is the only Tab stop
        #expect(field.isFocused)
        time.step(by: 0.3)
        #expect(scroll.contentOffset.y == field.frame.maxY - 100)  // its bottom at the scroll view's
    }

    @Test func theIndicatorCanBeDraggedAndItsTrackClicked() {
        let (scene, scroll, _) = makeScrollView()
        // The content is four times the view: the knob moves a quarter as far as the content.
        let strip = 10 + 200 - 4.0
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: strip, y: 15)))
        #expect(scene.capturingView === scroll)
        scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: strip, y: 35)))
        #expect(scroll.contentOffset.y == 80)
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: strip, y: 35)))
        scroll.contentOffset = .zero
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: strip, y: 100)))  // low on the track
        #expect(scroll.contentOffset.y > 200)
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: strip, y: 100)))
    }

    @Test func theIndicatorsShowWhileScrollingThenFade() {
        let (scene, scroll, _) = makeScrollView()
        let context = RecordingContext(size: scene.size)
        func indicatorDrawn() -> Bool {
            context.removeAll()
            scene.render(Rect(origin: .zero, size: scene.size), in: context)
            return context.operations.contains {
                if case let .fillRoundedRect(rect, radius: _, _) = $0 { return rect.width == 3 } else { return false }
            }
        }
        #expect(!indicatorDrawn())
        wheel(scene, dy: 1)
        _ = scene.prepareFrame()
        #expect(indicatorDrawn())
        time.step(by: 0.8)  // the fade starts...
        time.step(by: 0.3)  // ...and ends
        #expect(!indicatorDrawn())
        #expect(scene.timers.nextFireTime == nil && !scene.animator.isAnimating)
        withExtendedLifetime(scroll) {}
    }
}
