/// How one small coverage mask draws a shape of any size that varies only near its ends: a
/// nine-slice.
///
/// The mask is made for a shape at most `side` pixels wide (and high), with `margin` pixels
/// around it. An axis at least `side` long is cut in three bands: the leading part of the mask
/// as it is, its middle column (or row) repeated along the length, the trailing part as it is.
/// Where both axes repeat, the piece takes the interior's coverage. An axis shorter than the side
/// comes from a mask made at its own length. This is exact for any shape whose columns (rows)
/// within reach of the middle one all have the same coverage: a rounded rectangle's straight
/// sides, blurred or not.
struct NineSlice {
    /// Where a piece's coverage comes from.
    enum Coverage {
        /// The mask as it is.
        case mask
        /// The mask's middle column, repeated across the piece.
        case middleColumn
        /// The mask's middle row, repeated down the piece.
        case middleRow
        /// The shape's interior, far from every edge.
        case interior
    }

    /// A rectangle of the shape and the part of the mask it shows: mask pixel (`maskX`, `maskY`)
    /// lands on (`x`, `y`), counted from where the whole shape's mask would start (the shape's
    /// top-left corner less the margin).
    struct Piece {
        let coverage: Coverage
        let maskX: Int
        let maskY: Int
        let x: Int
        let y: Int
        let width: Int
        let height: Int
    }

    /// One band of an axis: `length` pixels from `source` in the mask drawn at `destination`.
    private struct Band {
        let source: Int
        let destination: Int
        let length: Int
        let repeats: Bool
    }

    /// The width of the shape the mask is made for.
    let maskShapeWidth: Int
    /// The height of the shape the mask is made for.
    let maskShapeHeight: Int
    /// The pieces that together cover the shape and its margin, without overlap.
    let pieces: [Piece]

    /// The pieces of a `width` × `height` shape (whole pixels) drawn from a mask made for a shape
    /// at most `side` pixels wide and high (odd, so that it has a middle pixel), `margin` pixels
    /// around it.
    init(width: Int, height: Int, side: Int, margin: Int) {
        maskShapeWidth = min(width, side)
        maskShapeHeight = min(height, side)
        let columns = Self.bands(length: width, side: side, margin: margin)
        let rows = Self.bands(length: height, side: side, margin: margin)
        pieces = rows.flatMap { row in
            columns.map { column in
                let coverage: Coverage
                switch (column.repeats, row.repeats) {
                case (false, false): coverage = .mask
                case (true, false): coverage = .middleColumn
                case (false, true): coverage = .middleRow
                case (true, true): coverage = .interior
                }
                return Piece(
                    coverage: coverage, maskX: column.source, maskY: row.source, x: column.destination,
                    y: row.destination, width: column.length, height: row.length)
            }
        }
    }

    /// Whether a mask for a shape `length` long on one axis repeats its middle there.
    static func slices(length: Int, side: Int) -> Bool { length >= side }

    /// The bands of an axis `length` pixels long in the shape: the whole mask when it is shorter
    /// than `side`, else its ends around the middle pixel repeated.
    private static func bands(length: Int, side: Int, margin: Int) -> [Band] {
        guard slices(length: length, side: side) else {
            return [Band(source: 0, destination: 0, length: length + 2 * margin, repeats: false)]
        }
        let end = margin + side / 2  // the mask's pixels before its middle one
        return [
            Band(source: 0, destination: 0, length: end, repeats: false),
            Band(source: end, destination: end, length: length + 2 * margin - 2 * end, repeats: true),
            Band(source: end + 1, destination: length + 2 * margin - end, length: end, repeats: false),
        ]
    }
}
