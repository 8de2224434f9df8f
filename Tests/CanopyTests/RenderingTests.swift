import Canopy
import CanopyTesting
import Testing

@MainActor @Suite struct RenderingTests {
    final class Marker: View {
        override func draw(in context: GraphicsContext, bounds: Rect) {
            context.strokeLine(from: .zero, to: Point(x: 1, y: 1), lineWidth: 1, color: .black)
        }
    }

    @Test func eachViewDrawsShadowBackgroundContentSubviewsThenBorder() {
        let scene = Scene(size: Size(width: 100, height: 100))
        let card = Marker(frame: Rect(x: 10, y: 10, width: 50, height: 40))
        card.backgroundColor = .white
        card.cornerRadius = 8
        card.borderWidth = 1
        card.borderColor = .gray
        card.shadow = Shadow(opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)
        let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        child.backgroundColor = .red
        card.addSubview(child)
        scene.rootView.addSubview(card)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(
            context.operations == [
                .shadow(Rect(x: 10, y: 10, width: 50, height: 40), radius: 8, card.shadow!),
                .fillRoundedRect(Rect(x: 10, y: 10, width: 50, height: 40), radius: 8, .white),
                .line(Point(x: 10, y: 10), Point(x: 11, y: 11), width: 1, .black),
                .fill(Rect(x: 15, y: 15, width: 10, height: 10), .red),
                .strokeRoundedRect(Rect(x: 10, y: 10, width: 50, height: 40), radius: 8, width: 1, .gray),
            ])
    }

    @Test func translucentViewsDrawAsGroupsAndHiddenViewsDrawNothing() {
        let scene = Scene(size: Size(width: 100, height: 100))
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.alpha = 0.5
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .blue
        child.alpha = 0.5
        let hidden = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        parent.addSubview(child)
        parent.addSubview(hidden)
        scene.rootView.addSubview(parent)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(
            context.operations == [
                .beginLayer(Rect(x: 0, y: 0, width: 50, height: 50), radius: 0, alpha: 0.5),
                .beginLayer(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, alpha: 0.5),
                .fill(Rect(x: 0, y: 0, width: 10, height: 10), .blue),
                .endLayer,
                .endLayer,
            ])
    }

    @Test func onlyViewsInTheDamagedAreaDraw() {
        let scene = Scene(size: Size(width: 300, height: 100))
        let views = (0..<3).map { i in
            let view = View(frame: Rect(x: Double(i) * 100, y: 0, width: 100, height: 100))
            view.backgroundColor = Color(white: Double(i) / 4)
            view.clipsToBounds = true
            scene.rootView.addSubview(view)
            return view
        }
        _ = scene.prepareFrame()
        views[1].backgroundColor = .red
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(context.operations == [.fill(Rect(x: 100, y: 0, width: 100, height: 100), .red)])
    }

    @Test func labelsCentreTheirText() {
        let scene = Scene(size: Size(width: 200, height: 100))
        let label = Label(
            text: "abcd", font: .system(size: 10), alignment: .center, frame: Rect(x: 0, y: 0, width: 100, height: 40))
        scene.rootView.addSubview(label)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        // 4 characters × 5 = 20 wide, centred in 100; baseline at 20 + (8 - 2) / 2 = 23.
        #expect(context.operations == [.text("abcd", at: Point(x: 40, y: 23), .system(size: 10), Theme.standard.text)])
    }
}
