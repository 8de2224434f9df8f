/// The host's side of pop-ups that may leave the window.
///
/// On a desktop a drop-down near the bottom of a small window, or a menu opened near its edge,
/// should not be cut off or squeezed by the window: desktop toolkits put them in windows of
/// their own, kept on the monitor instead. A host that can (CanopyX11's `Window`) answers its
/// ``SceneHost/popUpHost`` with one: widgets then place pop-ups within ``popUpArea`` rather than
/// the window (``Scene/popUpBounds``), and a popover or tooltip that ends up reaching past the
/// window gets a ``Presentation/surfaceArea``, which the host shows in a window of its own,
/// drawn with ``Scene/render(_:_:in:)`` and fed input in the scene's coordinates.
@MainActor public protocol PopUpHost: AnyObject {
    /// The part of the screen pop-ups may cover, in window coordinates (points): the work area
    /// of the monitor the window is on; `nil` when they must stay inside the window.
    var popUpArea: Rect? { get }
    /// Whether the host's surfaces for pop-ups can be partly transparent (a compositor blends
    /// them with what is beneath): a detached presentation's ``Presentation/surfaceArea`` then
    /// takes in all it draws, its soft shadow too, as inside the window; otherwise only its
    /// frame, and the shadow is left out.
    var popUpSurfacesAreTranslucent: Bool { get }
}

extension PopUpHost {
    /// Opaque surfaces, unless the host says otherwise.
    public var popUpSurfacesAreTranslucent: Bool { false }
}
