import Canopy
import CanopyTesting
import Testing

/// Pop-ups that may leave the window: where widgets place them when a host lets them, and which
/// presentations the scene hands the host to show in surfaces of their own.
@MainActor @Suite(.serialized) struct PopUpHostTests {
    let time = ManualTime()

    /// A host that lets pop-ups cover `area` (window coordinates), counting how often it is
    /// asked (asking X11's host may cost round trips).
    @MainActor final class Host: PopUpHost {
        let area: Rect?
        var asked = 0
        var popUpArea: Rect? {
            asked += 1
            return area
        }
        let popUpSurfacesAreTranslucent: Bool
        init(_ area: Rect?, translucent: Bool = false) {
            self.area = area
            popUpSurfacesAreTranslucent = translucent
        }
    }

    /// A 300 × 150 window with a drop-down of ten 44-point rows near its bottom-right corner.
    func makeWindow(host: Host?) -> (Scene, DropDown) {
        let scene = time.makeScene(size: Size(width: 300, height: 150), host: MemoryHost(popUpHost: host))
        let dropDown = DropDown(
            placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
            frame: Rect(x: 160, y: 100, width: 200, height: 36))
        dropDown.popupOffset = .zero
        scene.rootView.addSubview(dropDown)
        return (scene, dropDown)
    }

    @Test func framesWithNothingFloatingAskTheHostNothing() {
        let host = Host(Rect(x: -300, y: -200, width: 1024, height: 768))
        let (scene, dropDown) = makeWindow(host: host)
        scene.rootView.addSubview(Label(text: "Hello"))
        _ = scene.prepareFrame()
        dropDown.title = "Changed"
        _ = scene.prepareFrame()
        #expect(host.asked == 0)
    }

    @Test func withoutAHostADropDownStaysInsideTheWindow() {
        let (scene, dropDown) = makeWindow(host: nil)
        dropDown.open()
        time.step(by: 1)
        _ = scene.prepareFrame()
        let frame = dropDown.popup.frame
        #expect(frame.maxY <= 150 && frame.maxX <= 300 && frame.minY >= 0, "\(frame)")
        #expect(scene.detachedPresentations.isEmpty)
    }

    @Test func aTranslucentSurfaceTakesInThePopUpsShadowAndAnOpaqueOneOnlyItsFrame() throws {
        for translucent in [false, true] {
            let (scene, dropDown) = makeWindow(
                host: Host(Rect(x: -300, y: -200, width: 1024, height: 768), translucent: translucent))
            dropDown.open()
            time.step(by: 1)
            _ = scene.prepareFrame()
            let area = try #require(scene.detachedPresentations.first?.surfaceArea)
            let frame = dropDown.popup.frame
            let shadow = try #require(dropDown.popup.shadow)
            if translucent {
                // The shadow's blur reaches past every edge, further below (its offset).
                #expect(area.minX < frame.minX && area.maxX > frame.maxX, "\(area) around \(frame)")
                #expect(area.maxY >= frame.maxY + shadow.offset.y + shadow.radius, "\(area) around \(frame)")
                #expect(area.contains(frame))
            } else {
                #expect(area == frame)
            }
        }
    }

    @Test func withAHostItOpensBelowPastTheWindowInASurfaceOfItsOwn() throws {
        let host = Host(Rect(x: -300, y: -200, width: 1024, height: 768))
        let (scene, dropDown) = makeWindow(host: host)
        dropDown.open()
        _ = scene.prepareFrame()
        let presentation = try #require(scene.detachedPresentations.first)
        #expect(presentation.view === dropDown.popup)  // detached from the first frame
        time.step(by: 1)
        let damage = scene.prepareFrame()
        let frame = dropDown.popup.frame
        #expect(frame.minY == 136 && frame.maxY > 150 && frame.minX == 160 && frame.width == 200, "\(frame)")
        #expect(presentation.surfaceArea == frame)
        #expect(!scene.takeSurfaceDamage(of: presentation).isEmpty)
        #expect(scene.takeSurfaceDamage(of: presentation).isEmpty)  // taken once
        #expect(damage.allSatisfy { Rect(x: 0, y: 0, width: 300, height: 150).contains($0) })
        // A row past the window's bottom takes the click, in window coordinates.
        var chosen: Int?
        dropDown.onValueChanged = { chosen = $0 }
        let row = Point(x: 250, y: frame.minY + 4 + 44 * 3 + 22)
        scene.handleMouseDown(MouseEvent(locationInWindow: row))
        scene.handleMouseUp(MouseEvent(locationInWindow: row))
        #expect(chosen == 3)
        // On its way out it keeps its surface; once gone it has none.
        _ = scene.prepareFrame()
        #expect(scene.detachedPresentations.count == 1)
        time.step(by: 1)
        _ = scene.prepareFrame()
        #expect(scene.detachedPresentations.isEmpty)
    }

    @Test func aPopUpThatFitsIsDrawnInTheWindow() {
        let host = Host(Rect(x: -300, y: -200, width: 1024, height: 768))
        let scene = time.makeScene(size: Size(width: 400, height: 400), host: MemoryHost(popUpHost: host))
        let menu = Menu(items: [MenuItem("Cut"), MenuItem("Copy")])
        menu.present(at: Point(x: 20, y: 20), in: scene)
        time.step(by: 1)
        _ = scene.prepareFrame()
        #expect(scene.presentations.count == 1)
        #expect(scene.detachedPresentations.isEmpty)
        #expect(scene.presentations.first?.role == .popUpMenu)
    }

    @Test func aModalNeverLeavesTheWindow() {
        let host = Host(Rect(x: -300, y: -200, width: 1024, height: 768))
        let scene = time.makeScene(size: Size(width: 200, height: 200), host: MemoryHost(popUpHost: host))
        let panel = View(frame: Rect(x: 100, y: 100, width: 300, height: 300))
        let presentation = scene.present(panel, style: .modal())
        time.step(by: 1)
        _ = scene.prepareFrame()
        #expect(presentation.role == .dialog)
        #expect(scene.detachedPresentations.isEmpty)
    }

    @Test func aMenuNearTheAreasRightEdgeFlipsLeftOfThePointAndStaysInside() {
        // The window's right edge is 10 points from the screen's; below it there is room.
        let host = Host(Rect(x: -500, y: -300, width: 770, height: 768))
        let scene = time.makeScene(size: Size(width: 260, height: 160), host: MemoryHost(popUpHost: host))
        let menu = Menu(items: ["Cut", "Copy", "Paste", "Select everything in the document"].map { MenuItem($0) })
        menu.present(at: Point(x: 250, y: 150), in: scene)
        time.step(by: 1)
        let frame = menu.frame
        #expect(frame.maxX == 250, "\(frame)")  // flipped: it ends at the point
        #expect(frame.minY == 150 && frame.maxY > 160)  // below the point, past the window
        #expect(host.popUpArea.map { $0.contains(frame) } == true)
    }
}
