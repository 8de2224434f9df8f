import Canopy
import CICU

/// Line breaks (UAX #14, with dictionary breaks for Thai, Lao, Khmer and Myanmar) and word
/// boundaries (UAX #29) from ICU's break iterators; the application installs it as
/// ``Canopy/View/defaultTextSegmenter``. ICU is loaded the first time it is asked; without ICU
/// (or should ICU fail on a text) it breaks as ``Canopy/SimpleTextSegmenter`` does, and says once on
/// standard error that ICU is missing.
public struct ICUTextSegmenter: TextSegmenting {
    /// Creates the segmenter (loading nothing yet).
    public init() {}

    /// The names ICU's library is looked for by, newest first (a test hides them all).
    @_spi(Testing) public static var libraryNames: [String] {
        (Int(CanopyICUOldestVersion)...Int(CanopyICUNewestVersion)).reversed().map { "libicuuc.so.\($0)" }
    }

    /// Whether ICU is there to break with (asking loads it).
    public static var isAvailable: Bool { LibICU.version != nil }

    /// The boundaries of ICU's line break iterator after the text's start.
    public func lineBreaks(in text: Substring) -> [String.Index] {
        guard Self.hasICU, let boundaries = boundaries(of: CanopyICUBreakLine, in: text) else {
            return SimpleTextSegmenter().lineBreaks(in: text)
        }
        return boundaries.map(\.index)
    }

    /// The stretches between the boundaries of ICU's word break iterator, a word when its rule
    /// status says number, letter, kana or ideograph (not UBRK_WORD_NONE, below 100).
    public func wordSegments(in text: Substring) -> [WordSegment] {
        guard Self.hasICU, let boundaries = boundaries(of: CanopyICUBreakWord, in: text) else {
            return SimpleTextSegmenter().wordSegments(in: text)
        }
        var start = text.startIndex
        return boundaries.map { boundary in
            defer { start = boundary.index }
            return WordSegment(range: start..<boundary.index, isWord: boundary.status >= 100)
        }
    }

    /// Whether ICU is loaded; the first asking without it says so on standard error.
    private static var hasICU: Bool {
        _ = reportedMissing
        return isAvailable
    }

    /// Says once that ICU is missing, if it is.
    private static let reportedMissing: Void = {
        if LibICU.version == nil {
            reportProblem(
                "ICU (libicuuc) could not be loaded: text wraps at spaces and between Chinese characters only, "
                    + "Thai and URLs not, and words are runs of letters (install libicu72)")
        }
    }()

    /// The boundaries a break iterator of `type` finds after the text's start, with the rule
    /// status of the stretch each ends; `nil` when ICU fails on the text.
    private func boundaries(of type: Int32, in text: Substring) -> [(index: String.Index, status: Int32)]? {
        let units = Array(text.utf16)
        guard let length = Int32(exactly: units.count) else { return nil }
        let icu = LibICU.functions
        // The iterator reads the text where it lies, so it lives inside the buffer's scope.
        return units.withUnsafeBufferPointer { buffer in
            var status: Int32 = 0
            guard let iterator = icu.open(type, "", buffer.baseAddress, length, &status), status <= 0 else {
                return nil
            }
            defer { icu.close(iterator) }
            var boundaries: [(index: String.Index, status: Int32)] = []
            var index = text.startIndex, offset = Int32(0)
            _ = icu.first(iterator)
            var next = icu.next(iterator)
            while next != CanopyICUDone, next > offset, next <= length {
                index = text.utf16.index(index, offsetBy: Int(next - offset))
                offset = next
                boundaries.append((index, icu.getRuleStatus(iterator)))
                next = icu.next(iterator)
            }
            return boundaries
        }
    }
}
