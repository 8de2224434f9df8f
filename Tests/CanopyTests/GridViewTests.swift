import Canopy
import CanopyTesting
import Testing

/// Grids for forms: columns as wide as their widest view, labels right-aligned against
/// fields, a flexible column taking the spare room and giving it back first, spans, and rows
/// that collapse when hidden.
@MainActor @Suite struct GridViewTests {
    /// A two-column form: labels 40 and 70 wide (right-aligned), fields asking 100 (flexible).
    func form() -> (GridView, labels: [View], fields: [View]) {
        let grid = GridView(
            columns: [GridView.Column(alignment: .trailing), GridView.Column(alignment: .fill, flex: 1)],
            columnSpacing: 10, rowSpacing: 5)
        let labels = [Block(40, 20), Block(70, 20), Block(55, 20)]
        let fields = [Block(100, 30), Block(100, 30), Block(100, 30)]
        for (label, field) in zip(labels, fields) { grid.addRow([label, field]) }
        let scene = Scene(size: Size(width: 800, height: 600), host: MemoryHost())
        scene.rootView.addSubview(grid)
        return (grid, labels, fields)
    }

    @Test func labelsAreRightAlignedAgainstFieldsThatTakeTheSpareWidth() {
        let (grid, labels, fields) = form()
        #expect(grid.sizeThatFits(Size(width: 1000, height: 1000)) == Size(width: 180, height: 100))
        grid.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        grid.layoutIfNeeded()
        // The label column is as wide as its widest label, each label against its right edge.
        #expect(labels.map(\.frame.maxX) == [70, 70, 70])
        #expect(labels.map(\.frame.width) == [40, 70, 55])
        // The fields start after the spacing and take the rest of the width.
        #expect(fields.map(\.frame) == [0, 35, 70].map { Rect(x: 80, y: $0, width: 220, height: 30) })
        // Labels are centred on their rows.
        #expect(labels.map(\.frame.midY) == fields.map(\.frame.midY))
    }

    @Test func aNarrowGridTakesFromTheFlexibleColumnFirstDownToItsMinimum() {
        let (grid, labels, fields) = form()
        fields[0].minimumSize = Size(width: 60, height: 0)
        grid.frame = Rect(x: 0, y: 0, width: 150, height: 200)
        grid.layoutIfNeeded()
        #expect(fields[0].frame.width == 70)  // 150 - 70 - 10: the labels keep their room
        #expect(labels[1].frame.width == 70)
        grid.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        grid.layoutIfNeeded()
        // The fields stop at their minimum; the labels' column gives the rest.
        #expect(fields[0].frame.width == 60)
        #expect(fields[0].frame.minX == 30 + 10)
    }

    @Test func aViewSpanningColumnsWidensTheLastOfThemAndSpansTheirWidth() {
        let (grid, _, fields) = form()
        let wide = Block(300, 24)
        grid.place(wide, in: GridView.Cell(row: 3, column: 0, columnSpan: 2))
        #expect(grid.numberOfRows == 4 && grid.cell(of: wide)?.columnSpan == 2)
        #expect(grid.sizeThatFits(Size(width: 1000, height: 1000)).width == 300)
        grid.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        grid.layoutIfNeeded()
        #expect(wide.frame == Rect(x: 100, y: 105, width: 300, height: 24))  // trailing, as column 0 says
        #expect(fields[0].frame.width == 320)
    }

    @Test func aHiddenRowCollapsesWithItsSpacing() {
        let (grid, labels, fields) = form()
        grid.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        labels[1].isHidden = true
        fields[1].isHidden = true
        grid.layoutIfNeeded()
        #expect(fields[2].frame.minY == 35)  // where the second row was
        #expect(grid.sizeThatFits(Size(width: 1000, height: 1000)).height == 65)
        fields[1].isHidden = false  // one view of the row shown: the row is back
        grid.layoutIfNeeded()
        #expect(fields[2].frame.minY == 70)
    }

    @Test func theGridsMinimumIsItsViewsMinimumsWithTheSpacing() {
        let (grid, labels, fields) = form()
        labels[1].minimumSize = Size(width: 70, height: 20)
        fields[0].minimumSize = Size(width: 60, height: 30)
        grid.layoutMargins = EdgeInsets(all: 4)
        // Columns 70 and 60 with 10 between; rows 30, 20 and 0 with 5 between, and the margins.
        #expect(grid.minimumLayoutSize == Size(width: 148, height: 68))
        labels[1].isHidden = true
        fields[1].isHidden = true
        #expect(grid.minimumLayoutSize == Size(width: 78, height: 43))  // the row collapses, its label too
    }

    @Test func removingAViewEmptiesItsCell() {
        let (grid, labels, _) = form()
        labels[2].removeFromSuperview()
        #expect(grid.cell(of: labels[2]) == nil)
        #expect(grid.placements.count == 5)
        grid.remove(grid.placements[0].view)
        #expect(grid.placements.count == 4)
    }

    @Test func aLayoutAsksEachViewItsSizeOncePerWidth() {
        let (grid, _, _) = form()
        let counted = CountingBlock(80, 20)
        grid.addRow([Block(40, 20), counted])
        grid.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        grid.layoutIfNeeded()
        // Once with all the room (the column's width), once at the width it is given.
        #expect(counted.askedWidths == [.infinity, 220])
    }
}

/// A block that records the widths it is asked to fit, so a test sees how often a layout
/// measures it.
@MainActor private final class CountingBlock: View {
    let wanted: Size
    var askedWidths: [Double] = []
    init(_ width: Double, _ height: Double) {
        wanted = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override func sizeThatFits(_ size: Size) -> Size {
        askedWidths.append(size.width)
        return wanted
    }
}
