/// A place in an editor's text that a ``TextEdit`` can be made at: a character offset into one
/// line (`Int`, as ``TextEditingState`` counts) or a paragraph and an offset into it
/// (``TextPosition``, as ``TextDocument`` counts).
///
/// An undo history (``TextEditHistory``) needs only to step over text inserted at a position;
/// a line break in that text (LF, the only one an edit's text holds) starts a new paragraph for
/// positions that have them.
public protocol TextEditPosition: Hashable, Comparable, Sendable {
    /// Where `text`, inserted here, ends.
    func advanced(past text: String) -> Self

    /// How many characters of `text`, inserted here, come before `position`; `nil` when
    /// `position` does not fall inside it (or at either end).
    func distance(to position: Self, within text: String) -> Int?
}

extension Int: TextEditPosition {
    /// The offset `text`'s characters further on.
    public func advanced(past text: String) -> Int { self + text.count }

    /// `position` less this offset, when it lies within `text`'s characters.
    public func distance(to position: Int, within text: String) -> Int? {
        let distance = position - self
        return distance >= 0 && distance <= text.count ? distance : nil
    }
}

extension TextPosition: TextEditPosition {
    /// As many paragraphs on as `text` has line breaks (LF), and past the characters after the
    /// last one; in the same paragraph, `text`'s characters further on, when it has none.
    public func advanced(past text: String) -> TextPosition { text.reduce(self) { $0.stepped(over: $1) } }

    /// The characters of `text` (a line break counting as one) walked over from here before
    /// reaching `position`.
    public func distance(to position: TextPosition, within text: String) -> Int? {
        var walked = self, count = 0, rest = text[...]
        while walked < position, let character = rest.popFirst() {
            walked = walked.stepped(over: character)
            count += 1
        }
        return walked == position ? count : nil
    }

    /// The position after `character`: the next paragraph's start after a line break.
    private func stepped(over character: Character) -> TextPosition {
        character == "\n"
            ? TextPosition(paragraph: paragraph + 1, offset: 0) : TextPosition(paragraph: paragraph, offset: offset + 1)
    }
}
