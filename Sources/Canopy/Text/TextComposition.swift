/// The text an input method is composing and has not committed yet (its pre-edit): pinyin
/// being turned into Chinese, a Hangul syllable being built, a dead key's accent.
///
/// A focused text input draws it inline at its caret, with the input method's caret and
/// emphasis, until the input method commits (the committed text then arrives as a typed key's
/// text, ``KeyEvent/text``) or cancels. The scene holds the composition of its focused view
/// (``Scene/textComposition``); a host whose platform composes text reports each change with
/// ``Scene/handleTextComposition(_:)``.
///
/// Positions count Unicode scalars, as input method protocols (XIM among them) count the
/// characters they change; ``characterCaret`` and ``characterRuns`` give them in Characters,
/// the unit text layouts use.
public struct TextComposition: Hashable, Sendable {
    /// How the input method asks a stretch of the composing text to stand out.
    public enum Emphasis: Hashable, Sendable {
        /// Underlined only: composing text the input method does not single out.
        case underlined
        /// Underlined on the selection's colour: the part being converted (the segment the
        /// candidate list is for).
        case highlighted
    }

    /// A stretch of the composing text drawn one way.
    public struct Run: Hashable, Sendable {
        /// The stretch, in Characters of ``TextComposition/text``.
        public var range: Range<Int>
        /// How it is drawn.
        public var emphasis: Emphasis
    }

    /// The composing text's scalars, one emphasis each.
    private var scalars: [Unicode.Scalar]
    private var emphases: [Emphasis]
    /// Where the input method's caret is, in scalars (0 to the scalar count).
    public var caret: Int {
        didSet { caret = min(max(caret, 0), scalars.count) }
    }
    /// Whether the input method shows its caret in the composing text.
    public var showsCaret = true

    /// A composition of `text` (every scalar with `emphasis`) with the caret at `caret` scalars
    /// (its end when `nil`).
    public init(text: String = "", emphasis: Emphasis = .underlined, caret: Int? = nil) {
        scalars = Array(text.unicodeScalars)
        emphases = Array(repeating: emphasis, count: scalars.count)
        self.caret = min(max(caret ?? scalars.count, 0), scalars.count)
    }

    /// The composing text.
    public var text: String {
        var string = String.UnicodeScalarView()
        string.append(contentsOf: scalars)
        return String(string)
    }

    /// How many scalars the composing text has.
    public var scalarCount: Int { scalars.count }

    /// Whether there is no composing text.
    public var isEmpty: Bool { scalars.isEmpty }

    /// Replaces the scalars in `range` (clamped to the text) with `text`, its scalars emphasised
    /// as `emphasis` says one by one (the last emphasis, or ``Emphasis/underlined``, for the
    /// scalars past its end): the change an input method reports as it composes.
    public mutating func replace(_ range: Range<Int>, with text: String, emphasis: [Emphasis] = []) {
        let range = range.clamped(to: 0..<scalars.count)
        let inserted = Array(text.unicodeScalars)
        let fill = emphasis.last ?? .underlined
        let newEmphases = inserted.indices.map { $0 < emphasis.count ? emphasis[$0] : fill }
        scalars.replaceSubrange(range, with: inserted)
        emphases.replaceSubrange(range, with: newEmphases)
        caret = min(caret, scalars.count)
    }

    /// Gives the scalars from `start` the emphases `emphasis`, one each (without changing the
    /// text): an input method moving its conversion segment.
    public mutating func setEmphasis(_ emphasis: [Emphasis], from start: Int) {
        for (offset, value) in emphasis.enumerated() where emphases.indices.contains(start + offset) {
            emphases[start + offset] = value
        }
    }

    /// The caret in Characters of ``text``.
    public var characterCaret: Int { characterOffset(ofScalar: caret) }

    /// The text in runs of one emphasis each, in Characters of ``text``, in order.
    public var characterRuns: [Run] {
        var runs: [Run] = []
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count, emphases[end] == emphases[start] { end += 1 }
            let range = characterOffset(ofScalar: start)..<characterOffset(ofScalar: end)
            if !range.isEmpty { runs.append(Run(range: range, emphasis: emphases[start])) }
            start = end
        }
        return runs
    }

    /// The Character offset of the cluster boundary at or before scalar `offset`.
    private func characterOffset(ofScalar offset: Int) -> Int {
        var scalarsBefore = 0
        var characters = 0
        for character in text {
            scalarsBefore += character.unicodeScalars.count
            if scalarsBefore > offset { break }
            characters += 1
        }
        return characters
    }
}
