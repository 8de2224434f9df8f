import Canopy
import CanopyX11
import Foundation
import Testing

/// Canopy's breaking (ICU's, as an application installs it) against the Unicode Consortium's
/// conformance files (Debian's unicode-data): line breaks by UAX #14, word boundaries by UAX #29.
/// Each failing case is printed with the rules its line names; the fallback's score is printed
/// for reference.
@Suite struct BreakConformanceTests {
    /// One line of a break test file: the text, and where it breaks (offsets in Unicode scalars
    /// after the start), with the file's own account of the rules.
    struct Case {
        let text: String
        let breaks: [Int]
        let rules: String
    }

    /// The cases of `file`: "÷ 0023 × 0308 ÷ # comment", a ÷ before each break.
    static func cases(in file: String) throws -> [Case] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let fields = parts[0].split(whereSeparator: \.isWhitespace)
            guard !fields.isEmpty else { return nil }
            var scalars = String.UnicodeScalarView(), breaks: [Int] = []
            for field in fields.dropFirst() {
                if field == "÷" {
                    breaks.append(scalars.count)
                } else if field != "×" {
                    guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                    scalars.append(scalar)
                }
            }
            return Case(text: String(scalars), breaks: breaks, rules: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// `indices` of `text` as offsets in Unicode scalars.
    static func offsets(_ indices: [String.Index], in text: String) -> [Int] {
        indices.map { text.unicodeScalars.distance(from: text.startIndex, to: $0) }
    }

    /// The share of `cases` `breaks` gets right, printing the failures when `reporting`.
    static func score(
        _ cases: [Case], name: String, reporting: Bool, breaks: (String) -> [String.Index]
    ) -> Double {
        var passed = 0
        for testCase in cases {
            let found = offsets(breaks(testCase.text), in: testCase.text)
            if found == testCase.breaks {
                passed += 1
            } else if reporting {
                let codes = testCase.text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
                print(
                    "\(name) fails \(codes.joined(separator: " ")): breaks at \(found), expected \(testCase.breaks);"
                        + " rules:\(testCase.rules)")
            }
        }
        let share = Double(passed) / Double(cases.count) * 100
        print("\(name): \(passed) of \(cases.count) cases (\((share * 10).rounded() / 10) %)")
        return share
    }

    @Test func lineBreaksFollowUAX14() throws {
        let cases = try Self.cases(in: "/usr/share/unicode/auxiliary/LineBreakTest.txt")
        #expect(cases.count > 7_000)
        #expect(ICUTextSegmenter.isAvailable)
        let icu = Self.score(cases, name: "LineBreakTest.txt, ICU", reporting: true) {
            ICUTextSegmenter().lineBreaks(in: $0[...])
        }
        _ = Self.score(cases, name: "LineBreakTest.txt, fallback", reporting: false) {
            SimpleTextSegmenter().lineBreaks(in: $0[...])
        }
        #expect(icu >= 99.5)
    }

    @Test func wordBoundariesFollowUAX29() throws {
        let cases = try Self.cases(in: "/usr/share/unicode/auxiliary/WordBreakTest.txt")
        #expect(cases.count > 1_500)
        #expect(ICUTextSegmenter.isAvailable)
        func edges(_ segmenter: TextSegmenting) -> (String) -> [String.Index] {
            { text in segmenter.wordSegments(in: text[...]).map(\.range.upperBound) }
        }
        let icu = Self.score(cases, name: "WordBreakTest.txt, ICU", reporting: true, breaks: edges(ICUTextSegmenter()))
        _ = Self.score(
            cases, name: "WordBreakTest.txt, fallback", reporting: false, breaks: edges(SimpleTextSegmenter()))
        #expect(icu >= 99)
    }
}
