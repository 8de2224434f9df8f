import Canopy
import CX11

/// Turns X key events into Canopy ``KeyEvent``s: the keysym names the key, and the text comes
/// from the input context (so an input method can commit composed text) or, without one, from
/// Xlib's plain lookup.
@_spi(Testing) public enum KeyTranslation {
    static func keyEvent(_ event: inout XKeyEvent, inputContext: XIC?, isRepeat: Bool) -> KeyEvent {
        var keysym: KeySym = 0
        var text = ""
        // Text without a keysym is what the input method committed, not the key's character.
        var committed = false
        if event.type == KeyPress, let inputContext {
            text = lookUpText(&event, inputContext: inputContext, keysym: &keysym)
            committed = keysym == 0 && !text.isEmpty
        } else {
            var buffer = [CChar](repeating: 0, count: 32)
            let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
            text =
                count > 0 ? String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
            if text.unicodeScalars.contains(where: { $0.value >= 0x80 }) { text = "" }  // Latin-1, not UTF-8
        }
        let modifiers = modifiers(of: event.state)
        // A shortcut or a control character (Return, Backspace…) types nothing.
        if modifiers.contains(.control) || modifiers.contains(.alt)
            || text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
        {
            text = ""
        }
        return KeyEvent(
            key: key(for: UInt32(keysym), text: text), text: text, modifiers: modifiers, isRepeat: isRepeat,
            isInputMethodCommit: committed && !text.isEmpty)
    }

    /// The committed UTF-8 text of a key press, growing the buffer if the input method sends
    /// more than fits.
    private static func lookUpText(_ event: inout XKeyEvent, inputContext: XIC, keysym: inout KeySym) -> String {
        var capacity = 64
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            var status: Int32 = 0
            let count = Xutf8LookupString(inputContext, &event, &buffer, Int32(capacity), &keysym, &status)
            if status == XBufferOverflow {
                capacity = Int(count) + 1
                continue
            }
            if status == XLookupKeySym || status == XLookupNone || count <= 0 {
                if status == XLookupChars || status == XLookupNone { keysym = 0 }
                return ""
            }
            if status == XLookupChars { keysym = 0 }
            return String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    static func modifiers(of state: UInt32) -> Modifiers {
        var modifiers: Modifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        if state & UInt32(Mod4Mask) != 0 { modifiers.insert(.meta) }
        return modifiers
    }

    /// The keysyms of the keys Canopy names, the main one of each first (keypad twins after).
    private static let namedKeys: [(keysym: UInt32, key: Key)] = [
        (0xff0d, .enter), (0xff8d, .enter), (0xff1b, .escape), (0xff09, .tab), (0xfe20, .tab), (0x20, .space),
        (0xff80, .space), (0xff08, .backspace), (0xffff, .delete), (0xff9f, .delete), (0xff51, .left),
        (0xff96, .left), (0xff52, .up), (0xff97, .up), (0xff53, .right), (0xff98, .right), (0xff54, .down),
        (0xff99, .down), (0xff50, .home), (0xff95, .home), (0xff57, .end), (0xff9c, .end), (0xff55, .pageUp),
        (0xff9a, .pageUp), (0xff56, .pageDown), (0xff9b, .pageDown), (0xff63, .insert), (0xff9e, .insert),
        (0xff67, .menu),
    ]
    private static let keysByKeysym = Dictionary(namedKeys.map { ($0.keysym, $0.key) }, uniquingKeysWith: { a, _ in a })
    /// F1's keysym; F2…F35 follow it.
    private static let firstFunctionKeysym: UInt32 = 0xffbe

    /// The key a keysym stands for; printable keysyms (Latin-1 and Unicode ones) become
    /// characters, and a keysym-less commit becomes its first character.
    static func key(for keysym: UInt32, text: String) -> Key {
        if let key = keysByKeysym[keysym] { return key }
        switch keysym {
        case firstFunctionKeysym...(firstFunctionKeysym + 34): return .function(Int(keysym - firstFunctionKeysym) + 1)
        case 0x21...0x7e, 0xa0...0xff:
            return Unicode.Scalar(keysym).map { .character(Character($0)) } ?? .unidentified
        case 0x0100_0000...0x0110_ffff:
            return Unicode.Scalar(keysym - 0x0100_0000).map { .character(Character($0)) } ?? .unidentified
        case 0:
            return text.first.map { .character($0) } ?? .unidentified
        default:
            return .unidentified
        }
    }

    /// The keysym a keyboard sends for `key` (a character's own keysym, Latin-1 or Unicode), or
    /// `nil` for a key without one: what a test client types to make the app see `key`.
    @_spi(Testing) public static func keysym(for key: Key) -> UInt32? {
        switch key {
        case let .character(character):
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
            return scalar.value < 0x100 ? scalar.value : 0x0100_0000 + scalar.value
        case let .function(number):
            return (1...35).contains(number) ? firstFunctionKeysym + UInt32(number - 1) : nil
        case .unidentified:
            return nil
        default:
            return namedKeys.first { $0.key == key }?.keysym
        }
    }
}
