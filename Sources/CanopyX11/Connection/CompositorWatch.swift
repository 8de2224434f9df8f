import CX11
import CXFixes

/// Follows whether a compositing manager runs on the screen: by EWMH, one owns the
/// `_NET_WM_CM_S<n>` selection. XFixes reports each change of owner, so pop-up windows made
/// while a compositor runs get an alpha channel (their rounded corners and soft shadow blended
/// with what is beneath) and square, outlined ones otherwise.
///
/// Started after the first frame: its round trips (the extension, the atom, the owner) delay
/// no first frame.
@MainActor final class CompositorWatch {
    private let display: OpaquePointer
    private let selection: Atom
    private let eventBase: Int32
    /// Whether a compositor owns the selection now.
    private(set) var isCompositing: Bool

    /// Starts watching `connection`'s screen; `nil` when the server has no XFixes.
    init?(connection: DisplayConnection) {
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        var major: Int32 = 5, minor: Int32 = 0
        XFixesQueryVersion(display, &major, &minor)  // the protocol asks for it before any request
        self.display = display
        self.eventBase = eventBase
        selection = XInternAtom(display, "_NET_WM_CM_S\(connection.screen)", 0)
        let changes =
            XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
            | XFixesSelectionClientCloseNotifyMask
        XFixesSelectSelectionInput(display, connection.root, selection, UInt(changes))
        isCompositing = XGetSelectionOwner(display, selection) != 0
    }

    /// Whether `event` tells that the compositor came or went; ``isCompositing`` follows it.
    func isCompositorChange(_ event: XEvent) -> Bool {
        guard event.type == eventBase + XFixesSelectionNotify else { return false }
        let notice = withUnsafePointer(to: event) {
            $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        guard notice.selection == selection else { return false }
        isCompositing = notice.subtype == XFixesSetSelectionOwnerNotify && notice.owner != 0
        return true
    }
}
