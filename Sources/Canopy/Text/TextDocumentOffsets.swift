/// A ``TextDocument``'s paragraphs as one text (joined by line feeds) and where each paragraph
/// starts in it, counted in Characters: what a text view tells assistive technology, which counts
/// positions in the whole text rather than by paragraph.
///
/// Making one joins and counts the whole text once; a view keeps it while its paragraphs are
/// unchanged, so that reading it again costs a comparison of the paragraphs' storage.
struct TextDocumentOffsets {
    /// The paragraphs it was made from.
    let paragraphs: TextDocument.Paragraphs
    /// The paragraphs joined by line feeds.
    let text: String
    /// Where each paragraph starts in ``text``, in Characters.
    private let starts: [Int]
    /// How many Characters ``text`` holds.
    let count: Int

    init(_ paragraphs: TextDocument.Paragraphs) {
        self.paragraphs = paragraphs
        text = paragraphs.joined(separator: "\n")
        var starts: [Int] = []
        starts.reserveCapacity(paragraphs.count)
        var start = 0
        for paragraph in paragraphs {
            starts.append(start)
            start += paragraph.count + 1
        }
        self.starts = starts
        count = max(start - 1, 0)
    }

    /// The Character offset of `position` (clamped to its paragraph).
    func offset(of position: TextPosition) -> Int {
        let paragraph = min(max(position.paragraph, 0), starts.count - 1)
        return min(starts[paragraph] + max(position.offset, 0), end(ofParagraph: paragraph))
    }

    /// The position of Character offset `offset` (clamped to the text); the line feed after a
    /// paragraph is at its end.
    func position(at offset: Int) -> TextPosition {
        let offset = min(max(offset, 0), count)
        var low = 0, high = starts.count - 1  // the last paragraph starting at or before offset
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return TextPosition(paragraph: low, offset: offset - starts[low])
    }

    /// Where paragraph `index` starts.
    func start(ofParagraph index: Int) -> Int { starts[index] }

    /// Where paragraph `index` ends, before its line feed.
    func end(ofParagraph index: Int) -> Int {
        index + 1 < starts.count ? starts[index + 1] - 1 : count
    }

    /// Paragraph `index` with the line feed after it, if any.
    func paragraphRange(_ index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < starts.count ? starts[index + 1] : count)
    }
}
