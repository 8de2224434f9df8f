import CX11
import CanopyAccessibility

extension AssistiveKeyEvent {
    /// The X key event `event` as assistive technologies hear it: its keysym with the modifiers
    /// applied, and the character it types (Latin-1 and Unicode keysyms), or the keysym's name
    /// for a key that types none or types white space ("space", as GTK's bridge tells it: a
    /// screen reader echoes a one-character key only when the text reports it came, and no
    /// text says a space came).
    init(_ event: XKeyEvent) {
        var event = event
        var keysym: KeySym = 0
        var ignored = [CChar](repeating: 0, count: 8)
        XLookupString(&event, &ignored, Int32(ignored.count), &keysym, nil)
        let character = Self.character(ofKeysym: UInt32(keysym))
        let typesText = character != nil && event.state & UInt32(ControlMask | Mod1Mask) == 0
        let name = XKeysymToString(keysym).map { String(cString: $0) } ?? ""
        let typed = character.flatMap { typesText && !$0.isWhitespace ? String($0) : nil }
        self.init(
            isPress: event.type == KeyPress, keysym: Int(keysym), keycode: Int(event.keycode),
            modifiers: Int(event.state), time: UInt32(truncatingIfNeeded: event.time),
            text: typed ?? name, typesText: typesText)
    }

    /// The printable character a keysym stands for: Latin-1's directly, others by the Unicode
    /// keysym range (0x1000000 + the code point); `nil` for function keys and the like.
    private static func character(ofKeysym keysym: UInt32) -> Character? {
        let scalar: UInt32
        switch keysym {
        case 0x20...0x7e, 0xa0...0xff: scalar = keysym
        case 0x100_0000...0x110_ffff: scalar = keysym - 0x100_0000
        default: return nil
        }
        guard let value = Unicode.Scalar(scalar), !value.properties.generalCategory.isControl else { return nil }
        return Character(value)
    }
}

extension Unicode.GeneralCategory {
    /// Whether the category is a control or format character, which types nothing visible.
    fileprivate var isControl: Bool { self == .control || self == .format }
}
