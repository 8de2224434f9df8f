import Canopy
import Testing

/// The one pop-up placement rule, case by case, in a 200 × 100 area.
@Suite struct PopUpPlacementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let placement: PopUpPlacement
        let size: Size
        let frame: Rect
        let edge: PopUpPlacement.Edge

        var testDescription: String { name }
    }

    static let area = Rect(x: 0, y: 0, width: 200, height: 100)

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    static func at(_ x: Double, _ y: Double) -> Rect { rect(x, y, 0, 0) }

    static let cases: [Case] = [
        // Below a button.
        Case(
            name: "fits below", placement: PopUpPlacement(anchor: rect(20, 10, 60, 20), gap: 2),
            size: Size(width: 50, height: 30), frame: rect(20, 32, 50, 30), edge: .bottom),
        Case(
            name: "flips above", placement: PopUpPlacement(anchor: rect(20, 60, 60, 20), gap: 2),
            size: Size(width: 50, height: 30), frame: rect(20, 28, 50, 30), edge: .top),
        Case(
            name: "slides up over the anchor when neither side fits",
            placement: PopUpPlacement(anchor: rect(20, 40, 60, 20), gap: 2), size: Size(width: 50, height: 45),
            frame: rect(20, 55, 50, 45), edge: .bottom),
        Case(
            name: "without sliding takes the roomier side and shrinks to it",
            placement: PopUpPlacement(anchor: rect(20, 50, 60, 20), gap: 2, slides: .horizontal),
            size: Size(width: 50, height: 60), frame: rect(20, 0, 50, 48), edge: .top),
        Case(
            name: "without sliding or flipping shrinks where it wants to be",
            placement: PopUpPlacement(anchor: rect(20, 50, 60, 20), gap: 2, flips: [], slides: []),
            size: Size(width: 50, height: 60), frame: rect(20, 72, 50, 28), edge: .bottom),
        Case(
            name: "slides left at the right edge",
            placement: PopUpPlacement(anchor: rect(150, 10, 40, 20), flips: .vertical),
            size: Size(width: 80, height: 30), frame: rect(120, 30, 80, 30), edge: .bottom),
        Case(
            name: "flips its alignment at the right edge",
            placement: PopUpPlacement(anchor: rect(150, 10, 40, 20)), size: Size(width: 80, height: 30),
            frame: rect(110, 30, 80, 30), edge: .bottom),
        Case(
            name: "slides right at the left edge, centred",
            placement: PopUpPlacement(anchor: rect(0, 10, 20, 20), alignment: .center),
            size: Size(width: 60, height: 30), frame: rect(0, 30, 60, 30), edge: .bottom),
        Case(
            name: "centred", placement: PopUpPlacement(anchor: rect(80, 10, 40, 20), alignment: .center),
            size: Size(width: 60, height: 30), frame: rect(70, 30, 60, 30), edge: .bottom),
        Case(
            name: "end-aligned", placement: PopUpPlacement(anchor: rect(80, 10, 40, 20), alignment: .end),
            size: Size(width: 60, height: 30), frame: rect(60, 30, 60, 30), edge: .bottom),
        Case(
            name: "shrinks to the area when larger than it",
            placement: PopUpPlacement(anchor: rect(20, 10, 40, 20)), size: Size(width: 300, height: 150),
            frame: rect(0, 0, 200, 100), edge: .bottom),
        Case(
            name: "an anchor past the area's bottom, not sliding, leaves a line on the edge",
            placement: PopUpPlacement(anchor: rect(20, 120, 40, 20), flips: [], slides: .horizontal),
            size: Size(width: 50, height: 30), frame: rect(20, 100, 50, 0), edge: .bottom),
        // Above.
        Case(
            name: "fits above", placement: PopUpPlacement(anchor: rect(20, 60, 40, 20), edge: .top, gap: 4),
            size: Size(width: 50, height: 30), frame: rect(20, 26, 50, 30), edge: .top),
        Case(
            name: "flips below", placement: PopUpPlacement(anchor: rect(20, 10, 40, 20), edge: .top, gap: 4),
            size: Size(width: 50, height: 30), frame: rect(20, 34, 50, 30), edge: .bottom),
        // Beside.
        Case(
            name: "fits right", placement: PopUpPlacement(anchor: rect(20, 10, 40, 20), edge: .right),
            size: Size(width: 50, height: 30), frame: rect(60, 10, 50, 30), edge: .right),
        Case(
            name: "flips left", placement: PopUpPlacement(anchor: rect(140, 10, 40, 20), edge: .right),
            size: Size(width: 50, height: 30), frame: rect(90, 10, 50, 30), edge: .left),
        Case(
            name: "fits left", placement: PopUpPlacement(anchor: rect(140, 10, 40, 20), edge: .left, gap: 5),
            size: Size(width: 50, height: 30), frame: rect(85, 10, 50, 30), edge: .left),
        Case(
            name: "flips right and slides up beside",
            placement: PopUpPlacement(anchor: rect(30, 75, 40, 20), edge: .left, flips: .horizontal),
            size: Size(width: 50, height: 30), frame: rect(70, 70, 50, 30), edge: .right),
        Case(
            name: "beside, flips its alignment at the bottom",
            placement: PopUpPlacement(anchor: rect(30, 75, 40, 20), edge: .right),
            size: Size(width: 50, height: 30), frame: rect(70, 65, 50, 30), edge: .right),
        // At the pointer.
        Case(
            name: "pointer: below and right", placement: PopUpPlacement(anchor: at(50, 20)),
            size: Size(width: 60, height: 40), frame: rect(50, 20, 60, 40), edge: .bottom),
        Case(
            name: "pointer: flips both ways in the bottom-right corner",
            placement: PopUpPlacement(anchor: at(190, 90)), size: Size(width: 60, height: 40),
            frame: rect(130, 50, 60, 40), edge: .top),
        Case(
            name: "pointer: slides where neither side fits",
            placement: PopUpPlacement(anchor: at(100, 50)), size: Size(width: 150, height: 80),
            frame: rect(50, 20, 150, 80), edge: .bottom),
    ]

    @Test(arguments: cases) func placesThePopUp(_ example: Case) {
        let placed = example.placement.place(example.size, in: Self.area)
        #expect(placed.frame == example.frame)
        #expect(placed.edge == example.edge)
    }
}
