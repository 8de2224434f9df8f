import Canopy
import CanopyTesting
import Testing

@_spi(Testing) @testable import CanopyX11

extension X11Tests {
    /// Mixed left-to-right and right-to-left text on screen: runs in visual order, Arabic
    /// letters joined.
    @MainActor @Suite struct BidiPixelTests {
        static let font = Font(size: 28)
        static let mixed = "Hello مرحبا 123 עולם"
        /// The runs of the mixed line, each also drawn alone on a row of its own.
        static let words = ["Hello", "مرحبا", "123", "עולם"]
        static let rowHeight = 50.0

        /// A window with the mixed line on the first row and each word alone below it.
        func window() throws -> TestWindow {
            let root = View()
            root.backgroundColor = .white
            for (row, text) in ([Self.mixed] + Self.words).enumerated() {
                root.addSubview(
                    Label(
                        text: text, font: Self.font, textColor: .black, alignment: .left,
                        frame: Rect(x: 20, y: Double(row) * Self.rowHeight, width: 460, height: Self.rowHeight)))
            }
            return try TestWindow(size: Size(width: 500, height: 260), rootView: root, scale: 1)
        }

        @Test func mixedTextDrawsEachRunWhereTheBidiAlgorithmPutsIt() throws {
            let test = try window()
            defer { test.close() }
            let image = try test.capture()
            let line = Ink(image, top: 0, height: Int(Self.rowHeight))
            // Where each word shows up in the mixed line: found by its pixels, drawn alone.
            var found: [String: Int] = [:]
            var bearings: [String: Int] = [:]
            for (index, word) in Self.words.enumerated() {
                let alone = Ink(image, top: Int(Self.rowHeight) * (index + 1), height: Int(Self.rowHeight)).trimmed()
                let match = try #require(line.bestMatch(of: alone))
                #expect(match.mismatch < 0.2, "\(word) is not in the mixed line (mismatch \(match.mismatch))")
                found[word] = match.x
                bearings[word] = alone.left - 20  // where its ink starts, drawn alone at x = 20
            }
            // Left to right on screen: Hello, then the right-to-left run read from its end:
            // עולם, 123, مرحبا.
            let order = Self.words.sorted { found[$0, default: 0] < found[$1, default: 0] }
            #expect(order == ["Hello", "עולם", "123", "مرحبا"])
            // And each where the layout says.
            let layout = test.window.scene.textMeasurer.layout(Self.mixed, font: Self.font, direction: .natural)
            let expectedStarts: [String: Int] = [
                "Hello": 0, "مرحبا": 6, "123": 12, "עולם": 16,
            ]
            for (word, start) in expectedStarts {
                let count = word.count
                let rects = layout.selectionRects(for: start..<start + count)
                let left = try #require(rects.map(\.minX).min())
                let expected = 20 + left + Double(bearings[word, default: 0])
                #expect(abs(Double(found[word, default: -100]) - expected) <= 2, "\(word)")
            }
        }

        @Test func arabicLettersJoin() throws {
            let test = try window()
            defer { test.close() }
            let image = try test.capture()
            let arabic = Ink(image, top: 2 * Int(Self.rowHeight), height: Int(Self.rowHeight))
            // مرحبا joins as مر and حبا (ر and ا join only to the letter before them): two
            // pieces along the baseline, not five isolated letters.
            let baseline = Int(
                (Self.rowHeight / 2
                    + (test.window.scene.textMeasurer.measure("مرحبا", font: Self.font).ascent
                        - test.window.scene.textMeasurer.measure("مرحبا", font: Self.font).descent) / 2)
                    .rounded())
            #expect(arabic.piecesAlong(rows: (baseline - 4)...baseline) == 2)
        }
    }
}

/// The dark pixels of a band of a captured window, for finding drawn text.
@MainActor struct Ink {
    let width: Int
    let height: Int
    /// Whether each pixel is inked, row by row.
    let pixels: [Bool]
    /// The column of the band's first column in the window.
    let left: Int

    init(_ image: Bitmap, top: Int, height: Int) {
        width = image.width
        self.height = height
        left = 0
        var pixels: [Bool] = []
        for y in top..<top + height {
            for x in 0..<image.width { pixels.append((image.rgb(x: x, y: y) ?? 0xffffff) & 0xff < 0x80) }
        }
        self.pixels = pixels
    }

    private init(width: Int, height: Int, pixels: [Bool], left: Int) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.left = left
    }

    func inked(_ x: Int, _ y: Int) -> Bool { pixels[y * width + x] }

    /// The band cut to the columns that hold ink.
    func trimmed() -> Ink {
        let columns = (0..<width).filter { x in (0..<height).contains { inked(x, $0) } }
        guard let first = columns.first, let last = columns.last else { return self }
        var cut: [Bool] = []
        for y in 0..<height {
            for x in first...last { cut.append(inked(x, y)) }
        }
        return Ink(width: last - first + 1, height: height, pixels: cut, left: first)
    }

    /// Where `pattern` (a band as tall as this one) fits best: its left column, and the share
    /// of its inked pixels that differ there. A pixel differs when the other side has no ink
    /// within a pixel of it to the left or right (glyphs drawn in another context may round to
    /// a neighbouring pixel).
    func bestMatch(of pattern: Ink) -> (x: Int, mismatch: Double)? {
        let inkedInPattern = pattern.pixels.filter { $0 }.count
        guard pattern.height == height, pattern.width <= width, inkedInPattern > 0 else { return nil }
        var best: (x: Int, mismatch: Double)?
        for x in 0...(width - pattern.width) {
            var differing = 0
            for y in 0..<height {
                for column in 0..<pattern.width {
                    let near = max(0, column - 1)...min(pattern.width - 1, column + 1)
                    if pattern.inked(column, y), !near.contains(where: { inked(x + $0, y) }) { differing += 1 }
                    if inked(x + column, y), !near.contains(where: { pattern.inked($0, y) }) { differing += 1 }
                }
            }
            let mismatch = Double(differing) / Double(inkedInPattern)
            if mismatch < best?.mismatch ?? .infinity { best = (x, mismatch) }
        }
        return best
    }

    /// How many separate stretches of inked columns `rows` hold.
    func piecesAlong(rows: ClosedRange<Int>) -> Int {
        var pieces = 0
        var inPiece = false
        for x in 0..<width {
            let hasInk = rows.contains { inked(x, $0) }
            if hasInk, !inPiece { pieces += 1 }
            inPiece = hasInk
        }
        return pieces
    }
}
