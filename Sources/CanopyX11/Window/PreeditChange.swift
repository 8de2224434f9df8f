import CX11
import Canopy

/// One report of an on-the-spot input method's pre-edit callback, copied out of Xlib's structs
/// (which live only for the call) into Swift values before it reaches the main actor.
enum PreeditChange: Sendable {
    /// The method starts composing.
    case start
    /// The method changed the composing text: `length` characters from `first` replaced by
    /// `text` (none when `nil`), or when `text` is `nil` but `emphasis` is not, only those
    /// characters' emphasis changed; the caret then lies at `caret`.
    case draw(caret: Int, first: Int, length: Int, text: String?, emphasis: [TextComposition.Emphasis])
    /// The method moved its caret (`direction` an `XIMCaretDirection`, `position` its absolute
    /// place for `XIMAbsolutePosition`) and shows it or not.
    case caret(position: Int, direction: UInt32, isVisible: Bool)
    /// The method stopped composing (committed or not).
    case done

    /// Copies an `XIMPreeditDrawCallbackStruct`: the text's multibyte (UTF-8 in the UTF-8
    /// locales Canopy runs in) or wide characters, and its feedback, one per character.
    init(draw pointer: UnsafeRawPointer) {
        let draw = pointer.assumingMemoryBound(to: XIMPreeditDrawCallbackStruct.self).pointee
        var text: String?
        var emphasis: [TextComposition.Emphasis] = []
        if let ximText = draw.text?.pointee {
            let count = Int(ximText.length)
            if let feedback = ximText.feedback {
                emphasis = (0..<count).map { Self.emphasis(feedback[$0]) }
            }
            if ximText.encoding_is_wchar != 0 {
                text = ximText.string.wide_char.map { wide in
                    var scalars = String.UnicodeScalarView()
                    scalars.append(contentsOf: (0..<count).compactMap { Unicode.Scalar(UInt32(bitPattern: wide[$0])) })
                    return String(scalars)
                }
            } else {
                text = ximText.string.multi_byte.map { String(cString: $0) }
            }
            if text == nil, emphasis.isEmpty { text = "" }
        } else {
            text = ""
        }
        self = .draw(
            caret: Int(draw.caret), first: Int(draw.chg_first), length: Int(draw.chg_length), text: text,
            emphasis: emphasis)
    }

    /// Copies an `XIMPreeditCaretCallbackStruct`.
    init(caret pointer: UnsafeRawPointer) {
        let caret = pointer.assumingMemoryBound(to: XIMPreeditCaretCallbackStruct.self).pointee
        self = .caret(
            position: Int(caret.position), direction: caret.direction.rawValue, isVisible: caret.style != XIMIsInvisible
        )
    }

    /// A character's XIM feedback as an emphasis: reverse, highlight and the primary to tertiary
    /// styles single it out; anything else is plain composing text.
    private static func emphasis(_ feedback: XIMFeedback) -> TextComposition.Emphasis {
        let standsOut = XIMFeedback(XIMReverse | XIMHighlight | XIMPrimary | XIMSecondary | XIMTertiary)
        return feedback & standsOut != 0 ? .highlighted : .underlined
    }
}
