/// How one blurred mask draws the shadow of a rounded rectangle of any size: a nine-slice.
///
/// A blurred rounded rectangle varies only near its ends. The blur reaches at most its margin,
/// twice the blur radius (its three box blurs reach 1.5 times it), so once a column of the
/// shape lies the corner radius plus that margin or more from both ends, every column within
/// reach is a straight-edge column, and it blurs to the same values as every other such column;
/// rows likewise. The mask is therefore blurred for a shape at most ``side(cornerRadius:blur:)``
/// pixels wide (and high), and a longer axis is cut in three bands: the leading part of the mask
/// as it is, its middle column (or row) repeated along the length, the trailing part as it is.
/// Where both axes repeat, the shadow is fully covered. This is exact, not an approximation;
/// an axis shorter than the side is blurred at its own length.
struct ShadowNineSlice {
    /// Where a piece's coverage comes from.
    enum Coverage {
        /// The mask as it is.
        case mask
        /// The mask's middle column, repeated across the piece.
        case middleColumn
        /// The mask's middle row, repeated down the piece.
        case middleRow
        /// Full coverage: the shadow's solid interior.
        case full
    }

    /// A rectangle of the shadow and the part of the mask it shows: mask pixel (`maskX`,
    /// `maskY`) lands on (`x`, `y`), counted from where the whole shadow's mask would start.
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

    /// The corner radius in pixels.
    let cornerRadius: Int
    /// The blur radius in pixels.
    let blur: Int
    /// The width of the shape the mask is blurred for.
    let maskShapeWidth: Int
    /// The height of the shape the mask is blurred for.
    let maskShapeHeight: Int
    /// The pieces that together cover the shadow, without overlap.
    let pieces: [Piece]

    /// The pieces of the shadow of a `width` × `height` shape (whole pixels). With `stretches`
    /// off, the mask is blurred at the shape's own size and drawn whole.
    init(width: Int, height: Int, cornerRadius: Double, blur: Double, stretches: Bool) {
        self.cornerRadius = Int(cornerRadius.rounded())
        self.blur = Int(blur.rounded(.up))
        let side = stretches ? Self.side(cornerRadius: self.cornerRadius, blur: self.blur) : Int.max
        maskShapeWidth = min(width, side)
        maskShapeHeight = min(height, side)
        let margin = Self.margin(blur: self.blur)
        let columns = Self.bands(length: width, side: side, margin: margin)
        let rows = Self.bands(length: height, side: side, margin: margin)
        pieces = rows.flatMap { row in
            columns.map { column in
                let coverage: Coverage
                switch (column.repeats, row.repeats) {
                case (false, false): coverage = .mask
                case (true, false): coverage = .middleColumn
                case (false, true): coverage = .middleRow
                case (true, true): coverage = .full
                }
                return Piece(
                    coverage: coverage, maskX: column.source, maskY: row.source, x: column.destination,
                    y: row.destination, width: column.length, height: row.length)
            }
        }
    }

    /// The border a mask keeps around its shape for a blur of `blur` pixels: twice the blur,
    /// which its three box blurs (reaching 1.5 times it) never cross.
    static func margin(blur: Int) -> Int { 2 * blur }

    /// The longest axis a mask's shape is blurred at, for a corner radius and blur in pixels:
    /// both ends (corner radius plus margin) and the one middle column between them.
    static func side(cornerRadius: Int, blur: Int) -> Int { 2 * (cornerRadius + 2 * blur) + 1 }

    /// The bands of an axis `length` pixels long in the shape: the whole mask when it is shorter
    /// than `side`, else its ends around the middle pixel repeated.
    private static func bands(length: Int, side: Int, margin: Int) -> [Band] {
        guard length >= side else {
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
