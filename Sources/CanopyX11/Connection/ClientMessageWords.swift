import CX11

/// The five 32-bit words of a format-32 client message, read so that no value another client
/// sends can trap: Xlib hands each word over as a C `long`, sign-extended on 64-bit systems
/// (0xffffffff arrives as −1), so each is cut back to the 32 bits that were sent.
struct ClientMessageWords {
    private let words: [UInt32]

    /// The words of `message`; `nil` when it is not a format-32 message (such a message's
    /// data are bytes or shorts, and nothing Canopy reads is sent that way).
    init?(_ message: XClientMessageEvent) {
        guard message.format == 32 else { return nil }
        let data = message.data.l
        words = [data.0, data.1, data.2, data.3, data.4].map { UInt32(truncatingIfNeeded: $0) }
    }

    /// Word `index` (0 to 4) as sent.
    subscript(index: Int) -> UInt32 { words[index] }

    /// Word `index` as an atom (0 is None).
    func atom(_ index: Int) -> Atom { Atom(words[index]) }

    /// Word `index` as a window ID (0 is None).
    func window(_ index: Int) -> XID { XID(words[index]) }

    /// Word `index` as a server time (0 is CurrentTime).
    func time(_ index: Int) -> Time { Time(words[index]) }
}
