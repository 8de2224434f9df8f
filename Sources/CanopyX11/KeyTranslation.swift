import Canopy
import CX11

/// Turns X key events into Canopy ``KeyEvent``s: the keysym names the key, and the text comes
/// from the input context (so an input method can commit composed text) or, without one, from
/// Xlib's plain lookup.
enum KeyTranslation {
    static func keyEvent(_ event: inout XKeyEvent, inputContext: XIC?, isRepeat: Bool) -> KeyEvent {
        var keysym: KeySym = 0
        var text = ""
        if event.type == KeyPress, let inputContext {
            text = lookUpText(&event, inputContext: inputContext, keysym: &keysym)
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
        return KeyEvent(key: key(for: UInt32(keysym), text: text), text: text, modifiers: modifiers, isRepeat: isRepeat)
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

    /// The key a keysym stands for; printable keysyms (Latin-1 and Unicode ones) become
    /// characters, and a keysym-less commit becomes its first character.
    static func key(for keysym: UInt32, text: String) -> Key {
        switch keysym {
        case 0xff0d, 0xff8d: return .enter
        case 0xff1b: return .escape
        case 0xff09, 0xfe20: return .tab
        case 0x20, 0xff80: return .space
        case 0xff08: return .backspace
        case 0xffff, 0xff9f: return .delete
        case 0xff51, 0xff96: return .left
        case 0xff52, 0xff97: return .up
        case 0xff53, 0xff98: return .right
        case 0xff54, 0xff99: return .down
        case 0xff50, 0xff95: return .home
        case 0xff57, 0xff9c: return .end
        case 0xff55, 0xff9a: return .pageUp
        case 0xff56, 0xff9b: return .pageDown
        case 0x21...0x7e, 0xa0...0xff:
            return Unicode.Scalar(keysym).map { .character(Character($0)) } ?? .other(keysym)
        case 0x0100_0000...0x0110_ffff:
            return Unicode.Scalar(keysym - 0x0100_0000).map { .character(Character($0)) } ?? .other(keysym)
        case 0:
            return text.first.map { .character($0) } ?? .other(0)
        default:
            return .other(keysym)
        }
    }
}
