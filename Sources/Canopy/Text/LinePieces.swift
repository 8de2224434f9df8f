/// The pieces of a paragraph a line may break between, made one at a time as a line breaker asks
/// for them (so a long text cut after a few lines is read no further): a word with the spaces
/// after it, or one wide (Chinese, Japanese) character, each holding the punctuation that may
/// not start or end a line.
struct LinePieces: Sequence, IteratorProtocol {
    private var characters: Substring.Iterator
    private var current = ""

    /// The pieces of `paragraph`.
    init(of paragraph: Substring) {
        characters = paragraph.makeIterator()
    }

    mutating func next() -> String? {
        while let character = characters.next() {
            if startsPiece(character) {
                let piece = current
                current = String(character)
                return piece
            }
            current.append(character)
        }
        guard !current.isEmpty else { return nil }
        defer { current = "" }
        return current
    }

    /// Whether `character` begins a new piece after the piece read so far.
    private func startsPiece(_ character: Character) -> Bool {
        guard let last = current.last, !character.isClosingPunctuation, !character.isWhitespace,
            !last.isOpeningPunctuation
        else { return false }
        return character.isWide || last.isWhitespace || last.isWide
    }
}
