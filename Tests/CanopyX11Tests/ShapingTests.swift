import CX11
import Foundation
import Canopy
import CanopyTesting
import Testing

@testable import CanopyX11

extension X11Tests {
    /// Canopy's shaping against HarfBuzz's own command-line tool, `hb-shape`, run on the font
    /// file of the face Canopy chose and the same text: the same glyphs at the same places.
    @MainActor @Suite struct ShapingTests {
        /// A text, the family asked for, and the font file its glyphs must come from.
        struct Sample: CustomTestStringConvertible, Sendable {
            let text: String
            let family: String
            let file: String
            var testDescription: String { "\(text) in \(family)" }
        }

        nonisolated static let samples = [
            Sample(text: "مرحبا بالعالم", family: "Noto Sans Arabic", file: "NotoSansArabic-Regular.ttf"),
            Sample(text: "שלום עולם", family: "Noto Sans Hebrew", file: "NotoSansHebrew-Regular.ttf"),
            Sample(text: "नमस्ते दुनिया", family: "Noto Sans Devanagari", file: "NotoSansDevanagari-Regular.ttf"),
            Sample(text: "e\u{301}te\u{301}", family: "DejaVu Sans", file: "DejaVuSans.ttf"),
            // A family (woman, woman, girl) joined by ZWJ: the emoji face, found as a fallback.
            Sample(text: "👩\u{200D}👩\u{200D}👧", family: "DejaVu Sans", file: "NotoColorEmoji.ttf"),
        ]

        @Test(arguments: samples) func glyphsAndAdvancesMatchHbShape(_ sample: Sample) throws {
            let application = try Application(displayName: TestWindow.sharedDisplay().name)
            defer { application.close() }
            let font = Font(family: sample.family, size: 20)
            let line = application.connection.fonts.line(sample.text, font: font, direction: .natural)
            let run = try #require(line.runs.count == 1 ? line.runs.first : nil, "one run, got \(line.runs.count)")
            let file = try #require(Self.file(of: run.face))
            #expect(file.hasSuffix("/" + sample.file))

            let reference = try Self.hbShape(file: file, pixelSize: 20, text: sample.text)
            let ours = zip(run.glyphs, run.positions).map { glyph, position in
                PlacedGlyph(glyph: glyph, x: position.x - run.minX, y: position.y)
            }
            #expect(ours == reference.glyphs)
            #expect(run.maxX - run.minX == reference.width)
            #expect(line.layout.width == reference.width)
        }

        @Test func theEmojiSequenceIsOneGlyphAndOneCaretStop() throws {
            let application = try Application(displayName: TestWindow.sharedDisplay().name)
            defer { application.close() }
            let text = "a👩\u{200D}👩\u{200D}👧b"
            let line = application.connection.fonts.line(
                text, font: Font(family: "DejaVu Sans", size: 20), direction: .natural)
            #expect(line.runs.map(\.glyphs.count) == [1, 1, 1])
            #expect(line.layout.clusters.map(\.characters) == [0..<1, 1..<2, 2..<3])
        }

        /// A glyph and where its origin lies from the start of its run, in pixels.
        struct PlacedGlyph: Equatable, CustomStringConvertible {
            let glyph: UInt32
            let x: Double
            let y: Double
            var description: String { "\(glyph)@\(x),\(y)" }
        }

        /// The font file an Xft face was opened from.
        static func file(of face: UnsafeMutablePointer<XftFont>) -> String? {
            var path: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(face.pointee.pattern, FC_FILE, 0, &path) == FcResultMatch, let path else {
                return nil
            }
            return String(cString: path)
        }

        /// What `hb-shape` makes of `text` in `file` at `pixelSize` (in HarfBuzz units of 1/64
        /// pixel, as Canopy shapes), its glyphs placed by adding up the advances.
        static func hbShape(file: String, pixelSize: Int, text: String) throws -> (glyphs: [PlacedGlyph], width: Double)
        {
            let result = try ChildProcess(
                "/usr/bin/hb-shape",
                arguments: ["--no-glyph-names", "--bot", "--eot", "--font-size=\(pixelSize * 64)", file, text]
            ).wait()
            try #require(result.status == 0, "hb-shape failed: \(result.errors)")
            // [gid=cluster@xoffset,yoffset+xadvance|…]; the offset is left out when zero.
            let body = result.output.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
            var glyphs: [PlacedGlyph] = []
            var pen = 0.0
            for item in body.split(separator: "|") {
                let glyph = try #require(UInt32(item.prefix { $0 != "=" }))
                let afterCluster = item.drop { $0 != "=" }.dropFirst().drop { $0.isNumber }
                var offset = (x: 0.0, y: 0.0)
                if afterCluster.first == "@" {
                    let numbers = afterCluster.dropFirst().prefix { $0 != "+" }.split(separator: ",")
                    offset = (try #require(Double(String(numbers[0]))), try #require(Double(String(numbers[1]))))
                }
                let advance = try #require(Double(String(afterCluster.drop { $0 != "+" }.dropFirst())))
                glyphs.append(PlacedGlyph(glyph: glyph, x: (pen + offset.x) / 64, y: -offset.y / 64))
                pen += advance
            }
            return (glyphs, pen / 64)
        }
    }
}
