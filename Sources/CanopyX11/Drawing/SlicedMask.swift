import CX11

/// A coverage mask on the server, ready to draw the pieces of a ``NineSlice``: the 8-bit alpha
/// picture itself, and what each other kind of piece is drawn through.
@MainActor struct SlicedMask {
    /// The coverage of a piece.
    enum Coverage: Equatable {
        /// Read from this 8-bit alpha picture.
        case picture(Picture)
        /// Full everywhere: the piece is drawn without a mask.
        case opaque
        /// None anywhere: the piece is not drawn.
        case empty
    }

    /// The whole mask.
    let picture: Picture
    /// The mask's middle column repeating across the plane, for an axis that slices.
    let middleColumn: Coverage
    /// The mask's middle row repeating across the plane, for an axis that slices.
    let middleRow: Coverage
    /// The coverage far from every edge.
    let interior: Coverage
    /// Where the mask's top-left pixel lies from the shape's top-left corner, in pixels.
    let offset: Int

    /// The coverage of a kind of piece.
    func coverage(of kind: NineSlice.Coverage) -> Coverage {
        switch kind {
        case .mask: .picture(picture)
        case .middleColumn: middleColumn
        case .middleRow: middleRow
        case .interior: interior
        }
    }

    /// Frees the pictures on the server.
    func free(_ display: OpaquePointer) {
        for case .picture(let picture) in [.picture(picture), middleColumn, middleRow, interior] {
            XRenderFreePicture(display, picture)
        }
    }

    /// One column or row of `mask` (the rectangle at `x`, `y`), copied on the server into a
    /// picture that repeats across the plane; `.empty` when the server could not make it.
    static func strip(
        of mask: Picture, x: Int, y: Int, width: Int, height: Int, connection: DisplayConnection
    ) -> Coverage {
        let display = connection.display
        let pixmap = XCreatePixmap(display, connection.root, UInt32(width), UInt32(height), 8)
        guard pixmap != 0 else { return .empty }
        defer { XFreePixmap(display, pixmap) }
        var attributes = XRenderPictureAttributes()
        attributes.repeat = RepeatNormal
        let strip = XRenderCreatePicture(display, pixmap, connection.alphaFormat, UInt(CPRepeat), &attributes)
        XRenderComposite(
            display, PictOpSrc, mask, 0, strip, Int32(x), Int32(y), 0, 0, 0, 0, UInt32(width), UInt32(height))
        return .picture(strip)
    }
}
