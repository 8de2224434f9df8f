extension TextDocument {
    /// A document's paragraphs, without their line breaks, as slices of the text they came from:
    /// opening a text keeps it as one buffer and finds where each paragraph starts and ends in it
    /// (one pass over its UTF-8), without a string of its own for any paragraph; reading one
    /// copies nothing. An edited paragraph gets a string of its own; a pasted text is one buffer
    /// its paragraphs slice in turn. There is always at least one paragraph (maybe empty).
    ///
    /// Each paragraph holds where it lies in its buffer itself, so an edit that adds or removes
    /// paragraphs moves the slices after it along in the array once and changes no offset: the
    /// slices are a piece table whose pieces are whole paragraphs.
    public struct Paragraphs: RandomAccessCollection, Hashable, Sendable {
        /// Each paragraph: a slice of the text it was opened or pasted from, or of its own
        /// string once edited.
        private(set) var slices: [Substring]

        /// The paragraphs of `text`, split at its line breaks (LF, CR, CRLF, NEL, VT, FF, U+2028,
        /// U+2029), with tabs kept and other control characters dropped.
        init(splitting text: String) {
            slices = Self.split(text)
        }

        /// The index of the first paragraph, 0.
        public var startIndex: Int { 0 }
        /// The number of paragraphs.
        public var endIndex: Int { slices.endIndex }

        /// Paragraph `index`, a slice of the document's storage.
        public subscript(index: Int) -> Substring { slices[index] }

        /// Replaces the paragraphs `range` with `paragraphs`.
        mutating func replaceSubrange(_ range: Range<Int>, with paragraphs: [Substring]) {
            slices.replaceSubrange(range, with: paragraphs)
        }

        /// `text` split into paragraphs at its line breaks, told from its UTF-8 in one pass (a
        /// line break ends a grapheme cluster, so no cluster is split), each a slice of `text`
        /// but those holding a control character other than a tab, which are copied without it.
        private static func split(_ text: String) -> [Substring] {
            var text = text
            text.makeContiguousUTF8()
            let utf8 = text.utf8
            var lower = utf8.startIndex, lowerOffset = 0
            // Each slice's bounds from the last one's: O(1) steps in a native string.
            func paragraph(_ bytes: Range<Int>, hasControl: Bool) -> Substring {
                lower = utf8.index(lower, offsetBy: bytes.lowerBound - lowerOffset)
                lowerOffset = bytes.lowerBound
                let slice = text[lower..<utf8.index(lower, offsetBy: bytes.count)]
                return hasControl ? Substring(String(slice).replacingControlCharacters(keepingTabs: true)) : slice
            }
            return utf8.withContiguousStorageIfAvailable { splitParagraphs(ofUTF8: $0, paragraph) }
                ?? Array(utf8).withUnsafeBufferPointer { splitParagraphs(ofUTF8: $0, paragraph) }
        }

        /// The paragraphs of `bytes` as `paragraph` makes them from their byte ranges (without
        /// their line breaks, in order), each told whether it holds a control character other
        /// than a tab.
        private static func splitParagraphs(
            ofUTF8 bytes: UnsafeBufferPointer<UInt8>, _ paragraph: (Range<Int>, _ hasControl: Bool) -> Substring
        ) -> [Substring] {
            var paragraphs: [Substring] = []
            var start = bytes.startIndex, index = start
            let end = bytes.endIndex
            var hasControl = false
            func endParagraph(breakLength: Int) {
                paragraphs.append(paragraph(start..<index, hasControl))
                index += breakLength
                start = index
                hasControl = false
            }
            let base = UnsafeRawPointer(bytes.baseAddress)
            while index < end {
                // Most bytes are neither breaks nor controls nor the lead byte of one: eight at a time.
                if let base, index + 8 <= end,
                    !mayHoldBreakOrControl(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                if byte >= 0x20, byte != 0x7F, byte != 0xC2, byte != 0xE2 {
                    index += 1
                    continue
                }
                let next = index + 1 < end ? bytes[index + 1] : 0
                switch byte {
                case 0x0A, 0x0B, 0x0C: endParagraph(breakLength: 1)
                case 0x0D: endParagraph(breakLength: next == 0x0A ? 2 : 1)
                case 0xC2 where next == 0x85: endParagraph(breakLength: 2)
                case 0xE2
                where next == 0x80 && index + 2 < end && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    endParagraph(breakLength: 3)
                default:
                    // C0 controls but tabs, DEL, and C1 (C2 80–9F in UTF-8).
                    if byte < 0x20 && byte != 0x09 || byte == 0x7F || byte == 0xC2 && (0x80..<0xA0).contains(next) {
                        hasControl = true
                    }
                    index += 1
                }
            }
            endParagraph(breakLength: 0)
            return paragraphs
        }

        /// Whether any of the eight bytes of `word` is below 0x20 (a C0 control, LF, VT, FF,
        /// CR), 0x7F (DEL), 0xC2 (which leads NEL and the C1 controls) or 0xE2 (which leads
        /// U+2028 and U+2029); it may say so of a word that holds none (never the other way
        /// round).
        private static func mayHoldBreakOrControl(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
            // A byte below n (n ≤ 0x80) borrows into its high bit when n is taken from it.
            func holdsByte(below n: UInt64, _ word: UInt64) -> Bool { (word &- ones &* n) & ~word & highBits != 0 }
            return holdsByte(below: 0x20, word) || holdsByte(below: 1, word ^ (ones &* 0x7F))
                || holdsByte(below: 1, word ^ (ones &* 0xC2)) || holdsByte(below: 1, word ^ (ones &* 0xE2))
        }
    }
}
