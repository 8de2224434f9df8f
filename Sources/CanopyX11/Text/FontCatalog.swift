import Canopy
import CX11

/// Resolves ``Canopy.Font`` requests to Xft faces, with fontconfig fallback, and lays out
/// text with them (``LineShaper``): measuring, hit-testing and drawing all read the same
/// shaped line.
///
/// A request opens one primary face. A character the primary face lacks is looked up once in
/// fontconfig (the primary pattern plus a charset holding that character, as dmenu does); the
/// answer, a face or a miss, is cached per character, so Latin, Chinese, Arabic and symbols in
/// one string draw without boxes and without repeated lookups. Shaped lines are cached per
/// text, font (or styled runs' fonts) and direction, so a redraw costs a dictionary lookup, no
/// shaping.
@MainActor final class FontCatalog {
    /// The family used for fonts that name none. Tests pin it for stable pixels.
    static var defaultFamily = "sans-serif"
    /// What the shaped lines kept may cost together (8 MiB), the least recently used dropped
    /// first, so typing in a long text cannot fill memory.
    static let lineCacheBudget = 8 << 20

    private let display: OpaquePointer
    private let screen: Int32
    /// The face used when a request matches nothing that opens: `nil` until needed, then the
    /// face, or `.some(nil)` when not even that opens (text then draws nothing, and that is
    /// reported once).
    private var lastResort: UnsafeMutablePointer<XftFont>??
    private var faceSets: [Canopy.Font: FaceSet] = [:]
    private let shaper = LineShaper()
    private var lines = ByteBudgetCache<LineKey, ShapedLine>(budget: lineCacheBudget)

    /// What the shaped lines kept cost together, in bytes.
    var shapedLineBytes: Int { lines.cost }

    /// Creates the catalog; fonts open on first use.
    init(display: OpaquePointer, screen: Int32) {
        self.display = display
        self.screen = screen
    }

    /// `text` shaped in `font` (sized in pixels) in a paragraph running `direction`, from the
    /// cache when it was shaped before.
    func line(_ text: String, font: Canopy.Font, direction: TextDirection) -> ShapedLine {
        line(text, font: font, runs: [], direction: direction)
    }

    /// `text` shaped with each of `runs` (in order from the first character, none empty) in its
    /// font (sized in pixels), their glyphs in separate glyph runs (``ShapedLine/GlyphRun/run``
    /// is the index in `runs`), from the cache when it was shaped before.
    func line(_ text: String, runs: [FontRun], direction: TextDirection) -> ShapedLine {
        guard let first = runs.first else { return Self.emptyLine }
        return line(text, font: first.font, runs: runs.count > 1 ? runs : [], direction: direction)
    }

    /// `text` in `font`, or in `runs`' fonts when there are any.
    private func line(_ text: String, font: Canopy.Font, runs: [FontRun], direction: TextDirection) -> ShapedLine {
        let key = LineKey(text: text, font: font, runs: runs, direction: direction)
        if let line = lines.value(for: key) { return line }
        var faceRuns: [LineShaper.FaceRun] = []
        for run in runs.isEmpty ? [FontRun(characters: 0..<Int.max, font: font)] : runs {
            guard let faces = faceSet(for: run.font) else { return Self.emptyLine }
            faceRuns.append(LineShaper.FaceRun(characters: run.characters, faces: faces))
        }
        let line = shaper.shape(text, runs: faceRuns, direction: direction)
        let cost = line.byteCost + text.utf8.count + 48 * runs.count
        lines.store(line, for: key, cost: cost)
        if direction == .natural {
            // Shaped in the direction its text resolved to, it is the same line: a view that lays
            // a line out in the natural direction and draws it in the resolved one shapes it once.
            let resolved = LineKey(
                text: text, font: font, runs: runs, direction: line.layout.isRightToLeft ? .rightToLeft : .leftToRight)
            lines.store(line, for: resolved, cost: cost)
        }
        return line
    }

    /// What is drawn when not even the last-resort face opens: nothing.
    private static let emptyLine = ShapedLine(
        runs: [],
        layout: TextLayout(
            characterCount: 0, isRightToLeft: false, clusters: [], metrics: TextMetrics(width: 0, ascent: 0, descent: 0)
        ))

    func measure(_ text: String, font: Canopy.Font) -> TextMetrics {
        line(text, font: font, direction: .natural).layout.metrics
    }

    func layout(_ text: String, font: Canopy.Font, direction: TextDirection) -> TextLayout {
        line(text, font: font, direction: direction).layout
    }

    func lineMetrics(for font: Canopy.Font) -> TextMetrics {
        guard let primary = faceSet(for: font)?.primary else { return TextMetrics(width: 0, ascent: 0, descent: 0) }
        return TextMetrics(width: 0, ascent: Double(primary.pointee.ascent), descent: Double(primary.pointee.descent))
    }

    func removeAll() {
        lines.removeAll()
        shaper.removeAll()
        for faces in faceSets.values { faces.close() }
        faceSets.removeAll()
        if case let .some(.some(face)) = lastResort { XftFontClose(display, face) }
        lastResort = nil
    }

    private func faceSet(for font: Canopy.Font) -> FaceSet? {
        if let faces = faceSets[font] { return faces }
        TextWarmUp.waitUntilLoaded()
        guard let faces = FaceSet(display: display, screen: screen, font: font, lastResort: lastResortFace) else {
            return nil
        }
        faceSets[font] = faces
        return faces
    }

    /// Opens the last-resort face on first need.
    private func lastResortFace() -> UnsafeMutablePointer<XftFont>? {
        if let opened = lastResort { return opened }
        let face = XftFontOpenName(display, screen, "sans-serif") ?? XftFontOpenName(display, screen, "fixed")
        if face == nil { reportProblem("no font could be opened: install a font package such as fonts-dejavu-core") }
        lastResort = .some(face)
        return face
    }
}

/// A stretch of a line's characters and the font (sized in pixels) they are set in.
struct FontRun: Hashable {
    let characters: Range<Int>
    let font: Canopy.Font
}

private struct LineKey: Hashable {
    let text: String
    let font: Canopy.Font
    /// The styled runs' fonts; empty for text in `font` alone.
    let runs: [FontRun]
    let direction: TextDirection
}

/// The faces one ``Canopy.Font`` request uses: the primary face and the fallbacks found so far.
@MainActor final class FaceSet {
    let primary: UnsafeMutablePointer<XftFont>
    /// The size asked for, in pixels.
    let pixelSize: Double
    private let ownsPrimary: Bool
    /// The connection the faces are open on.
    let display: OpaquePointer
    private let screen: Int32
    private let pattern: OpaquePointer?
    private var fallbackByCharacter: [UInt32: UnsafeMutablePointer<XftFont>?] = [:]
    private var openedFallbacks: [UnsafeMutablePointer<XftFont>] = []

    /// Opens the faces for `font`, or the last resort when it matches nothing that opens; `nil`
    /// when no face opens at all.
    init?(
        display: OpaquePointer, screen: Int32, font: Canopy.Font,
        lastResort: () -> UnsafeMutablePointer<XftFont>?
    ) {
        self.display = display
        self.screen = screen
        pixelSize = max(1, font.size)
        let pattern = FcPatternCreate()
        FcPatternAddString(pattern, FC_FAMILY, font.family ?? FontCatalog.defaultFamily)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, max(1, font.size))
        FcPatternAddInteger(pattern, FC_WEIGHT, font.weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, font.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        // A colour (emoji) face only for characters no other face has.
        FcPatternAddBool(pattern, FC_COLOR, 0)
        self.pattern = pattern
        var result = FcResultMatch
        let match = XftFontMatch(display, screen, pattern, &result)
        if let match, let face = XftFontOpenPattern(display, match) {
            primary = face  // the face now owns the match
            ownsPrimary = true
        } else if let fallback = lastResort() {
            if let match { FcPatternDestroy(match) }
            primary = fallback
            ownsPrimary = false
        } else {
            if let match { FcPatternDestroy(match) }
            FcPatternDestroy(pattern)
            return nil
        }
    }

    /// The face for one character (grapheme cluster), given as its scalars: the primary face
    /// when it has all of them (marks included; joiners and variation selectors need no glyph
    /// of their own), else the face found for its first.
    func face(covering scalars: ArraySlice<UInt32>) -> UnsafeMutablePointer<XftFont> {
        guard let first = scalars.first else { return primary }
        if scalars.count == 1 { return face(for: first) }
        let drawn = scalars.filter { !Self.isInvisibleFormatting($0) }
        if drawn.allSatisfy({ XftCharExists(display, primary, $0) != 0 }) { return primary }
        return face(for: drawn.first ?? first)
    }

    /// Joiners, variation selectors and tags: scalars that change how their neighbours are
    /// drawn and need no glyph of their own.
    private static func isInvisibleFormatting(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x200B...0x200F, 0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF: return true
        default: return false
        }
    }

    private func face(for character: UInt32) -> UnsafeMutablePointer<XftFont> {
        if character < 0x20 || XftCharExists(display, primary, character) != 0 { return primary }
        if let cached = fallbackByCharacter[character] { return cached ?? primary }
        let found = openedFallbacks.first { XftCharExists(display, $0, character) != 0 } ?? openFallback(for: character)
        fallbackByCharacter[character] = .some(found)
        return found ?? primary
    }

    /// Asks fontconfig for the face closest to the primary request that has `character`: one
    /// without colour glyphs if there is one, else a colour (emoji) face.
    private func openFallback(for character: UInt32) -> UnsafeMutablePointer<XftFont>? {
        openFallback(for: character, allowingColour: false) ?? openFallback(for: character, allowingColour: true)
    }

    private func openFallback(for character: UInt32, allowingColour: Bool) -> UnsafeMutablePointer<XftFont>? {
        guard let pattern, let request = FcPatternDuplicate(pattern) else { return nil }
        defer { FcPatternDestroy(request) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, character)
        FcPatternAddCharSet(request, FC_CHARSET, charset)
        FcPatternAddBool(request, FC_SCALABLE, 1)
        if allowingColour { FcPatternDel(request, FC_COLOR) }
        var result = FcResultMatch
        guard let match = XftFontMatch(display, screen, request, &result) else { return nil }
        guard let face = XftFontOpenPattern(display, match) else {
            FcPatternDestroy(match)
            return nil
        }
        guard XftCharExists(display, face, character) != 0 else {
            XftFontClose(display, face)
            return nil
        }
        openedFallbacks.append(face)
        return face
    }

    func close() {
        for face in openedFallbacks { XftFontClose(display, face) }
        if ownsPrimary { XftFontClose(display, primary) }
        if let pattern { FcPatternDestroy(pattern) }
    }
}
