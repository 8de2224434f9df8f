/// The text and selection of a single-line editor, and the editing operations on them.
///
/// Positions count Characters (grapheme clusters), so the caret never lands inside "你", an
/// emoji or a letter with a combining accent, and deleting one removes it whole. The selection
/// runs from ``anchor`` (the end that stays) to ``caret`` (the end that moves). A word is a run
/// of letters, digits or underscores.
public struct TextEditingState: Hashable, Sendable {
    /// The text; never contains line breaks or other control characters.
    public private(set) var text: String
    /// The end of the selection that stays put while it is extended.
    public private(set) var anchor: Int
    /// The end of the selection that moves: where the caret is drawn.
    public private(set) var caret: Int

    /// Creates a state holding `text` with the caret at its end.
    public init(text: String = "") {
        self.text = Self.singleLine(text)
        anchor = self.text.count
        caret = anchor
    }

    /// The selected character range (empty when there is only a caret).
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// Whether some text is selected.
    public var hasSelection: Bool { anchor != caret }
    /// The selected text.
    public var selectedText: String { String(Array(text)[selection]) }
    /// The number of characters.
    public var count: Int { text.count }

    // MARK: Editing

    /// Replaces the selection (or inserts at the caret) with `string`, made single-line. The
    /// caret ends after what was inserted, counted in the characters of the result: a combining
    /// accent typed after "e" makes one "é", not two characters.
    public mutating func insert(_ string: String) {
        let characters = Array(text)
        let range = selection
        let before = String(characters[..<range.lowerBound]) + Self.singleLine(string)
        text = before + String(characters[range.upperBound...])
        caret = min(before.count, text.count)
        anchor = caret
    }

    /// Deletes the selection, or the character (or word) before the caret.
    public mutating func deleteBackward(byWord: Bool = false) {
        if !hasSelection { anchor = byWord ? wordStart(before: caret) : max(0, caret - 1) }
        insert("")
    }

    /// Deletes the selection, or the character (or word) after the caret.
    public mutating func deleteForward(byWord: Bool = false) {
        if !hasSelection { anchor = byWord ? wordEnd(after: caret) : min(count, caret + 1) }
        insert("")
    }

    // MARK: Moving

    /// Moves the caret one character (or word) left; without `extending`, a selection
    /// collapses to its start instead.
    public mutating func moveLeft(byWord: Bool = false, extending: Bool = false) {
        if hasSelection, !extending, !byWord { return setCaret(selection.lowerBound) }
        setCaret(byWord ? wordStart(before: caret) : caret - 1, extending: extending)
    }

    /// Moves the caret one character (or word) right; without `extending`, a selection
    /// collapses to its end instead.
    public mutating func moveRight(byWord: Bool = false, extending: Bool = false) {
        if hasSelection, !extending, !byWord { return setCaret(selection.upperBound) }
        setCaret(byWord ? wordEnd(after: caret) : caret + 1, extending: extending)
    }

    /// Moves the caret to `position` (clamped), extending the selection or not.
    public mutating func setCaret(_ position: Int, extending: Bool = false) {
        caret = min(max(position, 0), count)
        if !extending { anchor = caret }
    }

    /// Selects everything.
    public mutating func selectAll() {
        anchor = 0
        caret = count
    }

    /// Selects the word around `position` (or the single character there if it is not part of
    /// a word).
    public mutating func selectWord(at position: Int) {
        let characters = Array(text)
        guard !characters.isEmpty else { return }
        let index = min(max(position, 0), characters.count - 1)
        guard Self.isWordCharacter(characters[index]) else {
            anchor = index
            caret = index + 1
            return
        }
        anchor = wordStart(before: index + 1)
        caret = wordEnd(after: index)
    }

    // MARK: Words

    /// Where the word that ends at or before `position` starts, skipping spaces first.
    public func wordStart(before position: Int) -> Int {
        let characters = Array(text)
        var index = min(max(position, 0), characters.count)
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Where the word that starts at or after `position` ends, skipping spaces first.
    public func wordEnd(after position: Int) -> Int {
        let characters = Array(text)
        var index = min(max(position, 0), characters.count)
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// `string` with line breaks and tabs turned into spaces and other control characters
    /// dropped.
    private static func singleLine(_ string: String) -> String {
        String(
            string.compactMap { character -> Character? in
                if character.isNewline || character == "\t" { return " " }
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                    scalar.properties.generalCategory == .control
                {
                    return nil
                }
                return character
            })
    }
}
