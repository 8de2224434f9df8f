import CX11
import Canopy

/// The application's CLIPBOARD and PRIMARY selections, owned for all of its windows by one
/// window of its own (unmapped and input-only, as Qt's X11 clipboard does): a copy made in any
/// window is offered, and a paste into any window arrives, through it. A copy so stays with the
/// application whichever of its windows closes; as the last one closes, the copy is handed to
/// the clipboard manager, if one runs, so it outlives the application.
@MainActor final class SelectionOwner {
    /// The window that owns the selections and receives what is pasted.
    let windowID: XID
    /// CLIPBOARD: copy and paste.
    let clipboard: X11Clipboard
    /// PRIMARY: select, and paste with the middle button.
    let primary: X11Clipboard
    private let connection: DisplayConnection
    private let timers: TimerQueue

    /// Makes the owner window on `connection`; `timers` run the waits for a paste's overdue
    /// chunk and for the clipboard manager. Costs no round trip.
    init(connection: DisplayConnection, timers: TimerQueue) throws(X11Error) {
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Int(PropertyChangeMask)  // a paste's chunks arrive as new values
        let window = XCreateWindow(
            connection.display, connection.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWEventMask),
            &attributes)
        guard window != 0 else { throw .resourceFailed("create the window that owns the clipboard") }
        windowID = window
        self.connection = connection
        self.timers = timers
        let atoms = connection.atoms
        clipboard = X11Clipboard(
            connection: connection, window: window, selection: atoms.clipboard, property: atoms.pasteProperty,
            timers: timers)
        primary = X11Clipboard(
            connection: connection, window: window, selection: XA_PRIMARY, property: atoms.pasteProperty,
            timers: timers)
    }

    private var selections: [X11Clipboard] { [clipboard, primary] }

    /// Whether a copy is on its way to another client in chunks.
    var isSending: Bool { selections.contains { $0.isSending } }
    /// Whether a paste is arriving in chunks.
    var isReceiving: Bool { selections.contains { $0.isReceiving } }

    /// Handles an event on the owner window: another client asks for a copy or takes a
    /// selection, a paste (or the clipboard manager's answer) arrives, or a paste's next chunk.
    func handle(_ event: XEvent) {
        switch event.type {
        case SelectionRequest:
            selection(event.xselectionrequest.selection)?.answer(event.xselectionrequest)
        case SelectionClear:
            selection(event.xselectionclear.selection)?.selectionCleared()
        case SelectionNotify:
            let e = event.xselection
            (e.selection == connection.atoms.clipboardManager ? clipboard : selection(e.selection))?.selectionArrived(e)
        case PropertyNotify:
            for selection in selections { selection.propertyChanged(event.xproperty) }
        default:
            break
        }
    }

    /// An event on a window a copy is going to in chunks.
    func requestorEvent(_ event: XEvent) {
        for selection in selections where selection.isSending(to: event.xany.window) {
            selection.requestorEvent(event)
        }
    }

    private func selection(_ atom: Atom) -> X11Clipboard? {
        selections.first { $0.selection == atom }
    }

    /// Asks the clipboard manager, if one runs, to take the application's copy on CLIPBOARD
    /// (SAVE_TARGETS) so it outlives the application. Returns whether a hand-off began;
    /// `completion` runs when the manager answers, or after `timeout` seconds without an answer.
    func handOffToManager(timeout: Double, completion: @escaping () -> Void) -> Bool {
        guard clipboard.handOffToManager(completion: completion) else { return false }
        timers.schedule(after: timeout) { [weak self] in self?.clipboard.abandonHandOff() }
        return true
    }

    /// Whether the clipboard manager is taking the copy.
    var isHandingOff: Bool { clipboard.isHandingOff }
}
