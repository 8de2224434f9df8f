/// How one blurred mask draws the shadow of a rounded rectangle of any size (``NineSlice``).
///
/// A blurred rounded rectangle varies only near its ends. The blur reaches at most its margin,
/// twice the blur radius (its three box blurs reach 1.5 times it), so once a column of the
/// shape lies the corner radius plus that margin or more from both ends, every column within
/// reach is a straight-edge column, and it blurs to the same values as every other such column;
/// rows likewise. The mask is therefore blurred for a shape at most ``side(cornerRadius:blur:)``
/// pixels wide (and high); where both axes repeat, the shadow is fully covered.
struct ShadowNineSlice {
    /// The corner radius in pixels.
    let cornerRadius: Int
    /// The blur radius in pixels.
    let blur: Int
    /// The pieces, and the size of the shape the mask is blurred for.
    let slice: NineSlice

    /// The pieces of the shadow of a `width` × `height` shape (whole pixels). With `stretches`
    /// off, the mask is blurred at the shape's own size and drawn whole.
    init(width: Int, height: Int, cornerRadius: Double, blur: Double, stretches: Bool) {
        self.cornerRadius = Int(cornerRadius.rounded())
        self.blur = Int(blur.rounded(.up))
        let side = stretches ? Self.side(cornerRadius: self.cornerRadius, blur: self.blur) : Int.max
        slice = NineSlice(width: width, height: height, side: side, margin: Self.margin(blur: self.blur))
    }

    /// The border a mask keeps around its shape for a blur of `blur` pixels: twice the blur,
    /// which its three box blurs (reaching 1.5 times it) never cross.
    static func margin(blur: Int) -> Int { 2 * blur }

    /// The longest axis a mask's shape is blurred at, for a corner radius and blur in pixels:
    /// both ends (corner radius plus margin) and the one middle column between them.
    static func side(cornerRadius: Int, blur: Int) -> Int { 2 * (cornerRadius + 2 * blur) + 1 }
}
