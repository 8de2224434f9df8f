import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// The atoms Canopy uses.
///
/// They are asked for through XCB right after connecting, without waiting, and collected after
/// the next round trip Xlib makes anyway (querying RENDER): interning them costs the app no
/// round trip of its own. That matters on a remote display, where each one is a network delay.
struct Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let wmTakeFocus: Atom
    let wmState: Atom
    let netWMName: Atom
    let netWMPID: Atom
    let netWMPing: Atom
    let netWMSyncRequest: Atom
    let netWMSyncRequestCounter: Atom
    let netWMWindowType: Atom
    let netWMWindowTypeNormal: Atom
    let netWMWindowTypeDialog: Atom
    let netWMWindowTypeDropDownMenu: Atom
    let netWMWindowTypePopUpMenu: Atom
    let netWMWindowTypeCombo: Atom
    let netWMWindowTypeTooltip: Atom
    let netWMState: Atom
    let netWMStateFullscreen: Atom
    let netWMStateDemandsAttention: Atom
    let netWMStateModal: Atom
    let netActiveWindow: Atom
    let netWMIcon: Atom
    let netWorkArea: Atom
    let netCurrentDesktop: Atom
    let netSupportingWMCheck: Atom
    let utf8String: Atom
    let clipboard: Atom
    let targets: Atom
    let text: Atom
    /// The property on our window that pasted text is delivered into.
    let pasteProperty: Atom
    let incr: Atom
    let clipboardManager: Atom
    let saveTargets: Atom
    let xdndAware: Atom
    let xdndEnter: Atom
    let xdndPosition: Atom
    let xdndStatus: Atom
    let xdndLeave: Atom
    let xdndDrop: Atom
    let xdndFinished: Atom
    let xdndSelection: Atom
    let xdndTypeList: Atom
    let xdndActionCopy: Atom
    let textURIList: Atom
    let textPlainUTF8: Atom
    /// The property on our window that dropped content is delivered into.
    let dropProperty: Atom
    /// The screen's XSETTINGS manager selection (`_XSETTINGS_S<screen>`).
    let xsettingsSelection: Atom
    /// The property the XSETTINGS manager keeps its settings in.
    let xsettingsSettings: Atom
    /// The type of the client message a new selection manager announces itself with.
    let manager: Atom

    private static let names = [
        "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "WM_STATE", "_NET_WM_NAME", "_NET_WM_PID",
        "_NET_WM_PING", "_NET_WM_SYNC_REQUEST", "_NET_WM_SYNC_REQUEST_COUNTER", "_NET_WM_WINDOW_TYPE",
        "_NET_WM_WINDOW_TYPE_NORMAL", "_NET_WM_WINDOW_TYPE_DIALOG", "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU",
        "_NET_WM_WINDOW_TYPE_POPUP_MENU", "_NET_WM_WINDOW_TYPE_COMBO", "_NET_WM_WINDOW_TYPE_TOOLTIP",
        "_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN", "_NET_WM_STATE_DEMANDS_ATTENTION", "_NET_WM_STATE_MODAL",
        "_NET_ACTIVE_WINDOW",
        "_NET_WM_ICON", "_NET_WORKAREA", "_NET_CURRENT_DESKTOP", "_NET_SUPPORTING_WM_CHECK", "UTF8_STRING",
        "CLIPBOARD", "TARGETS", "TEXT", "CANOPY_PASTE", "INCR", "CLIPBOARD_MANAGER", "SAVE_TARGETS",
        "XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
        "XdndSelection", "XdndTypeList", "XdndActionCopy", "text/uri-list", "text/plain;charset=utf-8", "CANOPY_DROP",
        "_XSETTINGS_SETTINGS", "MANAGER",
    ]

    /// The XSETTINGS manager selection of `screen`, whose owner serves the desktop's settings.
    private static func settingsSelectionName(screen: Int32) -> String { "_XSETTINGS_S\(screen)" }

    /// Interning requests on their way to the server.
    struct Requests {
        fileprivate let display: OpaquePointer
        fileprivate let screen: Int32
        fileprivate let cookies: [xcb_intern_atom_cookie_t]

        /// The atoms, waiting for answers that have not arrived yet; a name the server did not
        /// answer for is interned again through Xlib.
        func answers() -> Atoms {
            let connection = XGetXCBConnection(display)
            let names = Atoms.names + [Atoms.settingsSelectionName(screen: screen)]
            let values = zip(names, cookies).map { name, cookie in
                guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else {
                    return XInternAtom(display, name, 0)
                }
                defer { free(reply) }
                return Atom(reply.pointee.atom)
            }
            return Atoms(Dictionary(uniqueKeysWithValues: zip(names, values)), screen: screen)
        }
    }

    /// Queues the interning requests (with `screen`'s XSETTINGS selection), to go out with the
    /// next request Xlib sends, without waiting for the answers.
    static func request(on display: OpaquePointer, screen: Int32) -> Requests {
        let connection = XGetXCBConnection(display)
        let cookies = (names + [settingsSelectionName(screen: screen)]).map { name in
            xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        }
        return Requests(display: display, screen: screen, cookies: cookies)
    }

    private init(_ atoms: [String: Atom], screen: Int32) {
        func atom(_ name: String) -> Atom { atoms[name] ?? 0 }
        wmProtocols = atom("WM_PROTOCOLS")
        wmDeleteWindow = atom("WM_DELETE_WINDOW")
        wmTakeFocus = atom("WM_TAKE_FOCUS")
        wmState = atom("WM_STATE")
        netWMName = atom("_NET_WM_NAME")
        netWMPID = atom("_NET_WM_PID")
        netWMPing = atom("_NET_WM_PING")
        netWMSyncRequest = atom("_NET_WM_SYNC_REQUEST")
        netWMSyncRequestCounter = atom("_NET_WM_SYNC_REQUEST_COUNTER")
        netWMWindowType = atom("_NET_WM_WINDOW_TYPE")
        netWMWindowTypeNormal = atom("_NET_WM_WINDOW_TYPE_NORMAL")
        netWMWindowTypeDialog = atom("_NET_WM_WINDOW_TYPE_DIALOG")
        netWMWindowTypeDropDownMenu = atom("_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")
        netWMWindowTypePopUpMenu = atom("_NET_WM_WINDOW_TYPE_POPUP_MENU")
        netWMWindowTypeCombo = atom("_NET_WM_WINDOW_TYPE_COMBO")
        netWMWindowTypeTooltip = atom("_NET_WM_WINDOW_TYPE_TOOLTIP")
        netWMState = atom("_NET_WM_STATE")
        netWMStateFullscreen = atom("_NET_WM_STATE_FULLSCREEN")
        netWMStateDemandsAttention = atom("_NET_WM_STATE_DEMANDS_ATTENTION")
        netWMStateModal = atom("_NET_WM_STATE_MODAL")
        netActiveWindow = atom("_NET_ACTIVE_WINDOW")
        netWMIcon = atom("_NET_WM_ICON")
        netWorkArea = atom("_NET_WORKAREA")
        netCurrentDesktop = atom("_NET_CURRENT_DESKTOP")
        netSupportingWMCheck = atom("_NET_SUPPORTING_WM_CHECK")
        utf8String = atom("UTF8_STRING")
        clipboard = atom("CLIPBOARD")
        targets = atom("TARGETS")
        text = atom("TEXT")
        pasteProperty = atom("CANOPY_PASTE")
        incr = atom("INCR")
        clipboardManager = atom("CLIPBOARD_MANAGER")
        saveTargets = atom("SAVE_TARGETS")
        xdndAware = atom("XdndAware")
        xdndEnter = atom("XdndEnter")
        xdndPosition = atom("XdndPosition")
        xdndStatus = atom("XdndStatus")
        xdndLeave = atom("XdndLeave")
        xdndDrop = atom("XdndDrop")
        xdndFinished = atom("XdndFinished")
        xdndSelection = atom("XdndSelection")
        xdndTypeList = atom("XdndTypeList")
        xdndActionCopy = atom("XdndActionCopy")
        textURIList = atom("text/uri-list")
        textPlainUTF8 = atom("text/plain;charset=utf-8")
        dropProperty = atom("CANOPY_DROP")
        xsettingsSelection = atom(Self.settingsSelectionName(screen: screen))
        xsettingsSettings = atom("_XSETTINGS_SETTINGS")
        manager = atom("MANAGER")
    }
}
