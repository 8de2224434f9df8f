import Canopy
import CX11

/// Resolves ``Canopy.Font`` requests to Xft faces, with fontconfig fallback per character, and
/// measures text the same way it is drawn.
///
/// A request opens one primary face. A character the primary face lacks is looked up once in
/// fontconfig (the primary pattern plus a charset holding that character, as dmenu does); the
/// answer, a face or a miss, is cached per character, so Latin, Chinese and symbols in one
/// string draw without boxes and without repeated lookups.
@MainActor final class FontCatalog: TextMeasuring {
    /// The family used for fonts that name none. Tests pin it for stable pixels.
    static var defaultFamily = "sans-serif"
    /// Past this many measured strings the measurement cache starts over.
    static let measurementCacheCapacity = 4096
    /// Longer strings are measured each time rather than cached, so long texts (a field's
    /// prefixes up to the caret, say) cannot fill memory.
    static let longestCachedText = 256

    private let display: OpaquePointer
    private let screen: Int32
    /// The face used when a request matches nothing that opens: `nil` until needed, then the
    /// face, or `.some(nil)` when not even that opens (text then draws nothing, and that is
    /// reported once).
    private var lastResort: UnsafeMutablePointer<XftFont>??
    private var faceSets: [Canopy.Font: FaceSet] = [:]
    private var measurements: [MeasurementKey: TextMetrics] = [:]

    /// Creates the catalog; fonts open on first use.
    init(display: OpaquePointer, screen: Int32) {
        self.display = display
        self.screen = screen
    }

    func measure(_ text: String, font: Canopy.Font) -> TextMetrics {
        let key = MeasurementKey(text: text, font: font)
        if let metrics = measurements[key] { return metrics }
        var width = 0.0
        var ascent = 0.0, descent = 0.0
        guard let faces = faceSet(for: font) else { return TextMetrics(width: 0, ascent: 0, descent: 0) }
        ascent = Double(faces.primary.pointee.ascent)
        descent = Double(faces.primary.pointee.descent)
        for run in faces.runs(of: text) {
            width += advance(of: run)
            ascent = max(ascent, Double(run.face.pointee.ascent))
            descent = max(descent, Double(run.face.pointee.descent))
        }
        let metrics = TextMetrics(width: width, ascent: ascent, descent: descent)
        guard text.utf8.count <= Self.longestCachedText else { return metrics }
        if measurements.count >= Self.measurementCacheCapacity { measurements.removeAll() }
        measurements[key] = metrics
        return metrics
    }

    /// The runs of `text`, each with the face that has all its characters.
    func runs(of text: String, font: Canopy.Font) -> [TextRun] {
        faceSet(for: font)?.runs(of: text) ?? []
    }

    /// How far the pen moves over `run`.
    func advance(of run: TextRun) -> Double {
        var extents = XGlyphInfo()
        run.utf8.withUnsafeBufferPointer { bytes in
            XftTextExtentsUtf8(display, run.face, bytes.baseAddress, Int32(bytes.count), &extents)
        }
        return Double(extents.xOff)
    }

    func removeAll() {
        for faces in faceSets.values { faces.close() }
        faceSets.removeAll()
        measurements.removeAll()
        if case let .some(.some(face)) = lastResort { XftFontClose(display, face) }
        lastResort = nil
    }

    private func faceSet(for font: Canopy.Font) -> FaceSet? {
        if let faces = faceSets[font] { return faces }
        FontconfigWarmUp.waitUntilLoaded()
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

/// A stretch of text drawn with one face.
struct TextRun {
    /// The longest run: Xft sends a run's glyphs in one request, which must fit the protocol.
    static let maximumBytes = 256

    let face: UnsafeMutablePointer<XftFont>
    let utf8: [UInt8]
}

private struct MeasurementKey: Hashable {
    let text: String
    let font: Canopy.Font
}

/// The faces one ``Canopy.Font`` request uses: the primary face and the fallbacks found so far.
@MainActor private final class FaceSet {
    let primary: UnsafeMutablePointer<XftFont>
    private let ownsPrimary: Bool
    private let display: OpaquePointer
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
        let pattern = FcPatternCreate()
        FcPatternAddString(pattern, FC_FAMILY, font.family ?? FontCatalog.defaultFamily)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, max(1, font.size))
        FcPatternAddInteger(pattern, FC_WEIGHT, font.weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        // Colour (emoji) faces make Xft fail with BadLength on many servers: never pick one.
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

    /// Splits `text` into runs of characters that share a face, none longer than
    /// ``TextRun/maximumBytes`` (one X request must stay small, and off-screen runs are skipped).
    func runs(of text: String) -> [TextRun] {
        var runs: [TextRun] = []
        var currentFace = primary
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let face = face(for: scalar.value)
            if (face != currentFace || bytes.count >= TextRun.maximumBytes), !bytes.isEmpty {
                runs.append(TextRun(face: currentFace, utf8: bytes))
                bytes.removeAll(keepingCapacity: true)
            }
            currentFace = face
            bytes.append(contentsOf: String(scalar).utf8)
        }
        if !bytes.isEmpty { runs.append(TextRun(face: currentFace, utf8: bytes)) }
        return runs
    }

    private func face(for character: UInt32) -> UnsafeMutablePointer<XftFont> {
        if character < 0x20 || XftCharExists(display, primary, character) != 0 { return primary }
        if let cached = fallbackByCharacter[character] { return cached ?? primary }
        let found = openedFallbacks.first { XftCharExists(display, $0, character) != 0 } ?? openFallback(for: character)
        fallbackByCharacter[character] = .some(found)
        return found ?? primary
    }

    /// Asks fontconfig for the face closest to the primary request that has `character`.
    private func openFallback(for character: UInt32) -> UnsafeMutablePointer<XftFont>? {
        guard let pattern, let request = FcPatternDuplicate(pattern) else { return nil }
        defer { FcPatternDestroy(request) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, character)
        FcPatternAddCharSet(request, FC_CHARSET, charset)
        FcPatternAddBool(request, FC_SCALABLE, 1)
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
