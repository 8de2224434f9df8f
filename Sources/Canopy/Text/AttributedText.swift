/// Text with styled runs: a string and, for each stretch of its characters, a ``TextStyle``
/// (colour, background, weight, slant, size, underline, strikethrough, link). ``Label`` draws
/// it; the host shapes and breaks it as it does plain text, so Arabic letters still join
/// across a change of colour and a wrapped paragraph breaks at the same places.
///
/// Positions count `Character`s, as ``TextEditingState`` and ``TextLayout`` do. The runs cover
/// every character, in order, and neighbours always differ in style. Build one by
/// concatenation or by styling ranges of it:
///
/// ```swift
/// var line = AttributedText("12:00:01 ") + AttributedText("ERROR", style: .bold)
/// line += AttributedText(" disk full", style: TextStyle(color: .red))
/// ```
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A stretch of characters in one style.
    public struct Run: Hashable, Sendable {
        /// The characters it covers.
        public let characters: Range<Int>
        /// How they look.
        public let style: TextStyle

        /// Creates a run.
        public init(characters: Range<Int>, style: TextStyle) {
            self.characters = characters
            self.style = style
        }
    }

    /// The text itself.
    public private(set) var string: String
    /// The styled stretches, in order, covering every character (none when the text is empty).
    public private(set) var runs: [Run]
    /// The number of characters.
    public private(set) var count: Int

    /// Text in one style.
    public init(_ string: String = "", style: TextStyle = TextStyle()) {
        self.string = string
        count = string.count
        runs = count > 0 ? [Run(characters: 0..<count, style: style)] : []
    }

    /// Plain text written as a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether the text has no characters.
    public var isEmpty: Bool { count == 0 }

    /// The style of the character at `position` (clamped to the text); the default style for
    /// empty text.
    public func style(at position: Int) -> TextStyle {
        runIndex(at: position).map { runs[$0].style } ?? TextStyle()
    }

    /// The index in ``runs`` of the run holding the character at `position` (clamped).
    public func runIndex(at position: Int) -> Int? {
        guard !runs.isEmpty else { return nil }
        let position = min(max(position, 0), count - 1)
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].characters.lowerBound <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The one font every run is set in, when they agree (colours and lines may still
    /// differ): `font` changed by their common style; `nil` when runs change the font apart.
    public func commonFont(basedOn font: Font) -> Font? {
        guard let first = runs.first else { return font }
        let resolved = first.style.font(basedOn: font)
        return runs.dropFirst().allSatisfy { $0.style.font(basedOn: font) == resolved } ? resolved : nil
    }

    // MARK: Styling

    /// Gives the characters in `range` (clamped to the text) `style`.
    public mutating func setStyle(_ style: TextStyle, in range: Range<Int>) {
        updateStyle(in: range) { $0 = style }
    }

    /// Gives the characters in `range` of ``string`` `style`.
    public mutating func setStyle(_ style: TextStyle, in range: Range<String.Index>) {
        setStyle(style, in: characterRange(of: range))
    }

    /// Changes the style of the characters in `range` (clamped to the text), run by run: to
    /// make a range bold whatever colours it already has, say.
    public mutating func updateStyle(in range: Range<Int>, _ change: (inout TextStyle) -> Void) {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return }
        var updated: [Run] = []
        for run in runs {
            let inside = run.characters.clamped(to: range)
            guard !inside.isEmpty else {
                Self.append(run, to: &updated)
                continue
            }
            Self.append(Run(characters: run.characters.lowerBound..<inside.lowerBound, style: run.style), to: &updated)
            var style = run.style
            change(&style)
            Self.append(Run(characters: inside, style: style), to: &updated)
            Self.append(Run(characters: inside.upperBound..<run.characters.upperBound, style: run.style), to: &updated)
        }
        runs = updated
    }

    /// The characters of ``string`` that `range` covers.
    public func characterRange(of range: Range<String.Index>) -> Range<Int> {
        let lower = string[..<range.lowerBound].count
        return lower..<lower + string[range].count
    }

    // MARK: Pieces

    /// The characters in `range` (clamped), with their styles.
    public subscript(characters range: Range<Int>) -> AttributedText {
        let range = range.clamped(to: 0..<count)
        let lower = string.index(string.startIndex, offsetBy: range.lowerBound)
        let upper = string.index(lower, offsetBy: range.count)
        return piece(lower..<upper, characters: range)
    }

    /// The first `length` characters.
    public func prefix(_ length: Int) -> AttributedText { self[characters: 0..<max(0, length)] }

    /// The text without the whitespace at its end.
    public func trimmingTrailingWhitespace() -> AttributedText {
        var kept = string[...]
        var length = count
        while kept.last?.isWhitespace == true {
            kept.removeLast()
            length -= 1
        }
        return length == count ? self : piece(kept.startIndex..<kept.endIndex, characters: 0..<length)
    }

    /// The piece of ``string`` in `range`, known to hold the characters `characters` (so no
    /// characters are counted again: a long paragraph cut into many pieces stays linear).
    func piece(_ range: Range<String.Index>, characters: Range<Int>) -> AttributedText {
        var result = AttributedText(String(string[range]))
        result.count = characters.count
        result.runs = []
        guard let first = runIndex(at: characters.lowerBound), !characters.isEmpty else { return result }
        for run in runs[first...] {
            guard run.characters.lowerBound < characters.upperBound else { break }
            let covered = run.characters.clamped(to: characters)
            let shifted = covered.lowerBound - characters.lowerBound..<covered.upperBound - characters.lowerBound
            Self.append(Run(characters: shifted, style: run.style), to: &result.runs)
        }
        return result
    }

    // MARK: Joining

    /// Appends `other`, its runs after this text's.
    public mutating func append(_ other: AttributedText) {
        guard !other.isEmpty else { return }
        guard !isEmpty else { return self = other }
        // The last character and the next may join into one (an accent after a letter): the
        // joined character keeps the style of the first.
        let joins: Bool
        if let last = string.last, let next = other.string.first {
            joins = (String(last) + String(next)).count == 1
        } else {
            joins = false
        }
        let ownCount = count, offset = joins ? count - 1 : count
        string += other.string
        count = offset + other.count
        for run in other.runs {
            let lower = max(run.characters.lowerBound + offset, ownCount)
            Self.append(
                Run(characters: lower..<max(lower, run.characters.upperBound + offset), style: run.style), to: &runs)
        }
    }

    /// The two texts one after the other.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var joined = lhs
        joined.append(rhs)
        return joined
    }

    /// Appends `rhs` to `lhs`.
    public static func += (lhs: inout AttributedText, rhs: AttributedText) {
        lhs.append(rhs)
    }

    /// Adds `run` after `runs`, merged into the last one when they look the same; empty runs
    /// are dropped.
    private static func append(_ run: Run, to runs: inout [Run]) {
        guard !run.characters.isEmpty else { return }
        if let last = runs.last, last.style == run.style, last.characters.upperBound == run.characters.lowerBound {
            runs[runs.count - 1] = Run(
                characters: last.characters.lowerBound..<run.characters.upperBound, style: last.style)
        } else {
            runs.append(run)
        }
    }
}
