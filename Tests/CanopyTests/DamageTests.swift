import Canopy
import Testing

@MainActor @Suite struct DamageTests {
    @Test func overlappingRectanglesMerge() {
        var region = DamageRegion()
        region.add(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 5, y: 5, width: 10, height: 10))
        region.add(Rect(x: 100, y: 100, width: 1, height: 1))
        region.add(Rect(x: 2, y: 2, width: 3, height: 3))  // already covered
        #expect(
            region.rectangles == [Rect(x: 0, y: 0, width: 15, height: 15), Rect(x: 100, y: 100, width: 1, height: 1)])
    }

    @Test func fractionalDamageRoundsOutAndManyPiecesCollapse() {
        var region = DamageRegion()
        region.add(Rect(x: 0.5, y: 0.5, width: 1, height: 1))
        #expect(region.rectangles == [Rect(x: 0, y: 0, width: 2, height: 2)])
        for i in 1...DamageRegion.maximumRectangles { region.add(Rect(x: Double(i * 10), y: 0, width: 2, height: 2)) }
        #expect(region.rectangles.count == 1)
        #expect(region.bounds == Rect(x: 0, y: 0, width: Double(DamageRegion.maximumRectangles * 10 + 2), height: 2))
        #expect(region.take().count == 1)
        #expect(region.isEmpty)
    }

    func freshScene() -> (Scene, View) {
        let scene = Scene(size: Size(width: 200, height: 200))
        let view = View(frame: Rect(x: 20, y: 30, width: 40, height: 50))
        scene.rootView.addSubview(view)
        _ = scene.prepareFrame()
        return (scene, view)
    }

    @Test func movingAViewDamagesWhereItWasAndWhereItIs() {
        let (scene, view) = freshScene()
        view.frame.origin = Point(x: 100, y: 30)
        #expect(
            scene.prepareFrame() == [
                Rect(x: 20, y: 30, width: 40, height: 50), Rect(x: 100, y: 30, width: 40, height: 50),
            ])
    }

    @Test func changesInsideANestedScrolledViewDamageWindowCoordinates() {
        let (scene, view) = freshScene()
        let inner = Label(text: "x", frame: Rect(x: 5, y: 5, width: 10, height: 10))
        view.addSubview(inner)
        view.bounds.origin = Point(x: 0, y: 4)
        _ = scene.prepareFrame()
        inner.text = "y"
        #expect(scene.prepareFrame() == [Rect(x: 25, y: 31, width: 10, height: 10)])
    }

    @Test func aShadowWidensTheDamage() {
        let (scene, view) = freshScene()
        view.shadow = Shadow(opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)
        #expect(scene.prepareFrame() == [Rect(x: 5, y: 25, width: 60, height: 70)])
    }

    @Test func hiddenViewsDamageOnlyWhenTheyShowOrHide() {
        let (scene, view) = freshScene()
        view.isHidden = true
        #expect(scene.prepareFrame() == [Rect(x: 20, y: 30, width: 40, height: 50)])
        view.backgroundColor = .red
        #expect(scene.prepareFrame().isEmpty)
        view.isHidden = false
        #expect(scene.prepareFrame() == [Rect(x: 20, y: 30, width: 40, height: 50)])
    }

    @Test func damageOutsideTheWindowIsDropped() {
        let (scene, view) = freshScene()
        view.frame = Rect(x: 190, y: 190, width: 40, height: 40)
        #expect(
            scene.prepareFrame() == [
                Rect(x: 20, y: 30, width: 40, height: 50), Rect(x: 190, y: 190, width: 10, height: 10),
            ])
        #expect(!scene.needsFrame)
    }

    @Test func resizingRelaysOut() {
        final class Counting: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let root = Counting()
        let scene = Scene(rootView: root, size: Size(width: 100, height: 100))
        _ = scene.prepareFrame()
        #expect(root.layouts == 1)
        _ = scene.prepareFrame()
        #expect(root.layouts == 1)
        scene.size = Size(width: 120, height: 100)
        #expect(scene.prepareFrame() == [Rect(x: 0, y: 0, width: 120, height: 100)])
        #expect(root.layouts == 2)
    }
}
