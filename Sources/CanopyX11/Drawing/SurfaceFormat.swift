import CX11

/// What a window and the pixmaps drawn for it are made of: the visual, its depth and colormap,
/// and the XRender format of its pixels. Windows use the screen's default (opaque); pop-up
/// windows under a compositor use a 32-bit one with an alpha channel, so their rounded corners
/// and soft shadow blend with what is beneath.
@MainActor struct SurfaceFormat {
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let colormap: Colormap
    let pictureFormat: UnsafeMutablePointer<XRenderPictFormat>
    /// Whether the pixels carry alpha for a compositor to blend with (premultiplied, as
    /// XRender keeps them).
    var hasAlpha: Bool { pictureFormat.pointee.direct.alphaMask != 0 }

    /// The screen's 32-bit TrueColor visual with an alpha channel and a colormap of its own, or
    /// `nil` when the screen has none. Costs no round trip: the visuals and picture formats came
    /// with the connection.
    static func translucent(on display: OpaquePointer, screen: Int32, root: XID) -> SurfaceFormat? {
        var info = XVisualInfo()
        guard XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0, let visual = info.visual,
            let format = XRenderFindVisualFormat(display, visual), format.pointee.direct.alphaMask != 0
        else { return nil }
        let colormap = XCreateColormap(display, root, visual, AllocNone)
        guard colormap != 0 else { return nil }
        return SurfaceFormat(visual: visual, depth: 32, colormap: colormap, pictureFormat: format)
    }
}
