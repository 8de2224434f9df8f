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
    let netWMName: Atom
    let netWMPID: Atom
    let utf8String: Atom
    let clipboard: Atom
    let targets: Atom
    let text: Atom
    /// The property on our window that pasted text is delivered into.
    let pasteProperty: Atom
    let incr: Atom

    private static let names = [
        "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING", "CLIPBOARD", "TARGETS",
        "TEXT", "CANOPY_PASTE", "INCR",
    ]

    /// Interning requests on their way to the server.
    struct Requests {
        fileprivate let display: OpaquePointer
        fileprivate let cookies: [xcb_intern_atom_cookie_t]

        /// The atoms, waiting for answers that have not arrived yet; a name the server did not
        /// answer for is interned again through Xlib.
        func answers() -> Atoms {
            let connection = XGetXCBConnection(display)
            let values = zip(Atoms.names, cookies).map { name, cookie in
                guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else {
                    return XInternAtom(display, name, 0)
                }
                defer { free(reply) }
                return Atom(reply.pointee.atom)
            }
            return Atoms(values)
        }
    }

    /// Sends the interning requests without waiting for the answers.
    static func request(on display: OpaquePointer) -> Requests {
        let connection = XGetXCBConnection(display)
        let cookies = names.map { name in
            xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        }
        xcb_flush(connection)
        return Requests(display: display, cookies: cookies)
    }

    private init(_ values: [Atom]) {
        wmProtocols = values[0]
        wmDeleteWindow = values[1]
        netWMName = values[2]
        netWMPID = values[3]
        utf8String = values[4]
        clipboard = values[5]
        targets = values[6]
        text = values[7]
        pasteProperty = values[8]
        incr = values[9]
    }
}
