import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// The desktop's XSETTINGS asked for inside the round trips the connection makes anyway, so a
/// window's first frame can already show the desktop's theme, scale and fonts without waiting a
/// round trip of its own: the manager selection's owner is asked once the atoms are answered
/// (with RENDER's opcode) and comes back with RENDER's formats; the owner's settings property is
/// asked right then and collected when the first window is shown, by which time a local server
/// has long answered (the app built its views meanwhile). On a local display the first window
/// waits for the answer should it not be in yet (a fraction of a millisecond); over a network
/// it does not, and the settings are shown when they arrive. With no manager running, nothing
/// more is sent.
///
/// The root window's and the owner's events are selected before the owner and the property are
/// asked for, in the same batches, so a manager that starts, changes its settings or goes after
/// being asked is still seen (``XSettingsWatch`` follows it from then on).
@MainActor final class XSettingsStartupRead {
    /// What the start-up read found.
    enum Outcome: Equatable {
        /// No manager runs, or its property is missing or not a list of bytes.
        case nothing
        /// The manager's window went between being found and being read.
        case managerGone
        /// The bytes of the manager's settings property (format 8).
        case settings([UInt8])
    }

    private let xcb: OpaquePointer
    private let settingsProperty: Atom
    private var ownerCookie: xcb_get_selection_owner_cookie_t?
    private var propertyCookie: xcb_get_property_cookie_t?
    /// The manager's window found at start-up, 0 when none ran.
    private(set) var owner: XID = 0

    /// Watches the root window for a new manager's `MANAGER` message and asks who owns the
    /// screen's XSETTINGS selection, without waiting: the answer comes with the next round trip.
    init(xcb: OpaquePointer, root: XID, atoms: Atoms) {
        self.xcb = xcb
        settingsProperty = atoms.xsettingsSettings
        var rootEvents = UInt32(XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue)
        xcb_change_window_attributes(xcb, xcb_window_t(root), UInt32(XCB_CW_EVENT_MASK.rawValue), &rootEvents)
        ownerCookie = xcb_get_selection_owner(xcb, xcb_atom_t(atoms.xsettingsSelection))
    }

    /// Called once the owner's answer is in (after a round trip the connection waited for
    /// anyway): watches the owner's window for changes and asks for its settings, sent at once.
    func askForSettings() {
        guard let ownerCookie else { return }
        self.ownerCookie = nil
        guard let reply = xcb_get_selection_owner_reply(xcb, ownerCookie, nil) else { return }
        owner = XID(reply.pointee.owner)
        free(reply)
        guard owner != 0 else { return }
        var ownerEvents = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue)
        // A window gone by now answers BadWindow here and to the property; neither error is
        // Xlib's to report.
        let selected = xcb_change_window_attributes_checked(
            xcb, xcb_window_t(owner), UInt32(XCB_CW_EVENT_MASK.rawValue), &ownerEvents)
        xcb_discard_reply(xcb, selected.sequence)
        propertyCookie = xcb_get_property(
            xcb, 0, xcb_window_t(owner), xcb_atom_t(settingsProperty), xcb_atom_t(XCB_GET_PROPERTY_TYPE_ANY.rawValue),
            0, 1 << 20)
        xcb_flush(xcb)
    }

    /// The settings asked for by ``askForSettings()``, once: waiting for them if they are
    /// still on their way when `waiting` (later calls find ``Outcome/nothing``), else `nil`
    /// while they are.
    func collect(waiting: Bool) -> Outcome? {
        guard let propertyCookie else { return .nothing }
        var reply: UnsafeMutablePointer<xcb_get_property_reply_t>?
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        if waiting {
            reply = xcb_get_property_reply(xcb, propertyCookie, &error)
        } else {
            var answer: UnsafeMutableRawPointer?
            guard xcb_poll_for_reply(xcb, propertyCookie.sequence, &answer, &error) != 0 else { return nil }
            reply = answer?.assumingMemoryBound(to: xcb_get_property_reply_t.self)
        }
        self.propertyCookie = nil
        guard let reply else {
            free(error)
            owner = 0
            return .managerGone
        }
        defer { free(reply) }
        guard reply.pointee.type != 0, reply.pointee.format == 8, let value = xcb_get_property_value(reply) else {
            return .nothing
        }
        let length = Int(xcb_get_property_value_length(reply))
        return .settings(Array(UnsafeRawBufferPointer(start: value, count: length)))
    }
}
