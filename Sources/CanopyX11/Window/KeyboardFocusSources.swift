import CX11

/// Where a window's keyboard focus comes from, as the server reports it: given to the window
/// (a window manager or a click set the focus on it), or following the pointer while the focus
/// is `PointerRoot` (no window manager: keys go to whichever window the pointer is in, which the
/// server marks on the crossing events' `focus` flag and on focus events with detail
/// `NotifyPointer`). The window has the keyboard while either holds.
struct KeyboardFocusSources {
    /// The focus was set on the window or one of its inferiors.
    private(set) var isGiven = false
    /// The focus is `PointerRoot` and the pointer is in the window.
    private(set) var followsPointer = false

    /// Whether keys reach the window.
    var hasFocus: Bool { isGiven || followsPointer }

    /// Takes a FocusIn or FocusOut.
    mutating func take(_ event: XFocusChangeEvent) {
        let isFocusIn = event.type == FocusIn
        if event.detail == NotifyPointer {
            followsPointer = isFocusIn
        } else {
            isGiven = isFocusIn
        }
    }

    /// Takes an EnterNotify or LeaveNotify: with the focus following the pointer (and not given
    /// to the window), entering gives the window the keyboard and leaving takes it away.
    /// Crossings between the window and its own inferiors change nothing.
    mutating func take(_ event: XCrossingEvent) {
        guard event.detail != NotifyInferior, event.focus != 0, !isGiven else { return }
        followsPointer = event.type == EnterNotify
    }
}
