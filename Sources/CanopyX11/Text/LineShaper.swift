import CHarfBuzz
import CX11
import Canopy

/// Sets one line of text the way Pango does:
///
/// 1. bidirectional levels for every character (``BidiParagraph``, FriBidi);
/// 2. items: stretches of characters with one level, one script, one styled run and one face
///    (the run's font's face when it has the character, else the fallback fontconfig finds for
///    it), split only between characters (grapheme clusters), so a letter and its marks share a
///    face;
/// 3. each item shaped by HarfBuzz on its face, with the whole line as context (so Arabic
///    letters join across a change of face);
/// 4. items put in visual order (rule L2: reverse every stretch at each odd level and above);
/// 5. clusters from HarfBuzz's glyph clusters, widened to whole characters, for the layout.
///
/// Without HarfBuzz (``LibHarfBuzz`` could not be loaded) each item is set unshaped instead:
/// one glyph per character from its face's character map, one cluster per character.
@MainActor final class LineShaper {
    /// The buffer every item is shaped in, made on first use.
    private var reusedBuffer: OpaquePointer?
    private var shapingFonts: [ShapingFontKey: ShapingFont?] = [:]
    /// The faces read from font files so far (a few files: a list, found by comparing paths,
    /// costs less than hashing them).
    private var fileFaces: [FontFileFace] = []

    private struct ShapingFontKey: Hashable {
        let face: UnsafeMutablePointer<XftFont>
        let pixelSize: Double
    }

    init() {}

    /// A stretch of characters set in one font's faces: a styled run of the line (the whole
    /// line for plain text, `0..<Int.max`).
    struct FaceRun {
        let characters: Range<Int>
        let faces: FaceSet
    }

    /// A stretch of characters set with one level, script, run and face.
    private struct Item {
        var scalars: Range<Int>
        let level: UInt8
        let script: CanopyHBScript
        /// The index of the run it belongs to.
        let run: Int
        let faces: FaceSet
        let face: UnsafeMutablePointer<XftFont>
    }

    /// The characters of a line, scalar by scalar.
    private struct Characters {
        let scalars: [UInt32]
        /// For each scalar, the index of the character it belongs to; one more entry, for the
        /// end, holds the character count.
        let characterOfScalar: [Int32]
        /// Where each character's scalars start.
        let starts: [Int]

        init(_ text: String) {
            var scalars: [UInt32] = []
            var owners: [Int32] = []
            var starts: [Int] = []
            scalars.reserveCapacity(text.utf8.count)
            for (index, character) in text.enumerated() {
                starts.append(scalars.count)
                for scalar in character.unicodeScalars {
                    scalars.append(scalar.value)
                    owners.append(Int32(index))
                }
            }
            owners.append(Int32(starts.count))
            self.scalars = scalars
            characterOfScalar = owners
            self.starts = starts
        }

        var count: Int { starts.count }

        func scalarRange(ofCharacter index: Int) -> Range<Int> {
            starts[index]..<(index + 1 < starts.count ? starts[index + 1] : scalars.count)
        }
    }

    /// Shapes `text` with each of `runs` (in order, the first starting at 0, none empty) in its
    /// faces, in a paragraph running `direction`. The glyphs of different runs stay in
    /// different glyph runs, so each can be drawn in its own colour.
    func shape(_ text: String, runs faceRuns: [FaceRun], direction: TextDirection) -> ShapedLine {
        TextWarmUp.waitUntilLibrariesLoaded()
        let characters = Characters(text)
        let bidi = BidiParagraph(scalars: characters.scalars, direction: direction)
        let items = itemize(characters, levels: bidi.levels, runs: faceRuns)
        var runs: [ShapedLine.GlyphRun] = []
        var clusters: [TextLayout.Cluster] = []
        var penX = 0.0
        var ascent = 0.0, descent = 0.0
        for faces in faceRuns.map(\.faces) {
            ascent = max(ascent, Double(faces.primary.pointee.ascent))
            descent = max(descent, Double(faces.primary.pointee.descent))
        }
        for item in Self.visualOrder(items) {
            ascent = max(ascent, Double(item.face.pointee.ascent))
            descent = max(descent, Double(item.face.pointee.descent))
            let firstCluster = clusters.count
            let run = shape(item, of: characters, from: &penX, clusters: &clusters)
            if let run { runs.append(run) }
            if clusters.count == firstCluster {
                // Nothing came back (no HarfBuzz font for the face): keep the characters
                // addressable as an empty cluster.
                let lower = Int(characters.characterOfScalar[item.scalars.lowerBound])
                let upper = Int(characters.characterOfScalar[item.scalars.upperBound])
                clusters.append(
                    TextLayout.Cluster(characters: lower..<upper, x: penX, width: 0, isRightToLeft: item.level % 2 == 1)
                )
            }
        }
        let layout = TextLayout(
            characterCount: characters.count, isRightToLeft: bidi.isRightToLeft, clusters: clusters,
            metrics: TextMetrics(width: penX, ascent: ascent, descent: descent))
        return ShapedLine(runs: runs, layout: layout)
    }

    /// Frees the HarfBuzz fonts (before their Xft faces close) and the buffer.
    func removeAll() {
        for font in shapingFonts.values { font?.close() }
        shapingFonts.removeAll()
        for face in fileFaces { face.close() }
        fileFaces.removeAll()
        if let reusedBuffer { hb.buffer_destroy(reusedBuffer) }
        reusedBuffer = nil
    }

    private var buffer: OpaquePointer? {
        if reusedBuffer == nil { reusedBuffer = hb.buffer_create() }
        return reusedBuffer
    }

    // MARK: Items

    private func itemize(_ characters: Characters, levels: [UInt8], runs: [FaceRun]) -> [Item] {
        let scripts = Self.scripts(of: characters)
        var items: [Item] = []
        var run = 0
        for index in 0..<characters.count {
            while run + 1 < runs.count, runs[run + 1].characters.lowerBound <= index { run += 1 }
            let scalars = characters.scalarRange(ofCharacter: index)
            let level = levels[scalars.lowerBound]
            let faces = runs[run].faces
            let face = faces.face(covering: characters.scalars[scalars])
            if let last = items.last, last.level == level, last.face == face, last.script == scripts[index],
                last.run == run
            {
                items[items.count - 1].scalars = last.scalars.lowerBound..<scalars.upperBound
            } else {
                items.append(
                    Item(scalars: scalars, level: level, script: scripts[index], run: run, faces: faces, face: face))
            }
        }
        return items
    }

    /// The script of each character: its first scalar's, except that spaces, digits,
    /// punctuation and marks (common and inherited) take the script before them, or at the
    /// start the first one after them.
    private static func scripts(of characters: Characters) -> [CanopyHBScript] {
        guard LibHarfBuzz.isLoaded else {
            return [CanopyHBScript](repeating: CanopyHBScriptCommon, count: characters.count)
        }
        let functions = hb.unicode_funcs_get_default()
        var scripts: [CanopyHBScript] = []
        scripts.reserveCapacity(characters.count)
        var firstReal: CanopyHBScript?
        for start in characters.starts {
            let script = hb.unicode_script(functions, characters.scalars[start])
            if isReal(script) {
                if firstReal == nil { firstReal = script }
                scripts.append(script)
            } else {
                scripts.append(scripts.last ?? script)
            }
        }
        guard let firstReal else { return scripts }
        for index in scripts.indices {
            if isReal(scripts[index]) { break }
            scripts[index] = firstReal
        }
        return scripts
    }

    private static func isReal(_ script: CanopyHBScript) -> Bool {
        script != CanopyHBScriptCommon && script != CanopyHBScriptInherited && script != CanopyHBScriptUnknown
    }

    /// `items` left to right on screen: from the highest level down to the lowest odd one,
    /// every stretch of items at that level or above is reversed.
    private static func visualOrder(_ items: [Item]) -> [Item] {
        guard let lowestOdd = items.lazy.map(\.level).filter({ $0 % 2 == 1 }).min(),
            let highest = items.lazy.map(\.level).max()
        else { return items }
        var order = items
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var start = 0
            while start < order.count {
                guard order[start].level >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, order[end].level >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
        }
        return order
    }

    // MARK: Shaping

    /// Shapes one item at `penX` (moved past it), adding its clusters left to right.
    private func shape(
        _ item: Item, of characters: Characters, from penX: inout Double, clusters: inout [TextLayout.Cluster]
    ) -> ShapedLine.GlyphRun? {
        guard LibHarfBuzz.isLoaded else {
            return unshaped(item, of: characters, display: item.faces.display, from: &penX, clusters: &clusters)
        }
        guard let buffer, let font = shapingFont(for: item.face, pixelSize: item.faces.pixelSize)?.font else {
            return nil
        }
        fill(buffer, with: item, of: characters)
        hb.shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb.buffer_get_glyph_infos(buffer, &count),
            let placements = hb.buffer_get_glyph_positions(buffer, nil), count > 0
        else { return nil }
        return glyphRun(
            item, of: characters, infos: UnsafeBufferPointer(start: infos, count: Int(count)),
            placements: UnsafeBufferPointer(start: placements, count: Int(count)), from: &penX, clusters: &clusters)
    }

    /// Puts the item's scalars in `buffer` with the whole line as context, and says its
    /// direction, script and whether it starts or ends the text.
    private func fill(_ buffer: OpaquePointer, with item: Item, of characters: Characters) {
        hb.buffer_clear_contents(buffer)
        characters.scalars.withUnsafeBufferPointer { text in
            hb.buffer_add_utf32(
                buffer, text.baseAddress, Int32(text.count), UInt32(item.scalars.lowerBound),
                Int32(item.scalars.count))
        }
        let isRightToLeft = item.level % 2 == 1
        hb.buffer_set_direction(buffer, isRightToLeft ? CanopyHBDirectionRightToLeft : CanopyHBDirectionLeftToRight)
        hb.buffer_set_script(buffer, item.script)
        var flags: UInt32 = 0
        if item.scalars.lowerBound == 0 { flags |= CanopyHBBufferFlagBeginningOfText }
        if item.scalars.upperBound == characters.scalars.count { flags |= CanopyHBBufferFlagEndOfText }
        hb.buffer_set_flags(buffer, flags)
        hb.buffer_guess_segment_properties(buffer)
    }

    /// The glyphs HarfBuzz set for `item` (`infos` and `placements`, one per glyph) as a run at
    /// `penX` (moved past it), adding the item's clusters: each glyph cluster reaches from its
    /// first scalar to the next cluster's first, widened to whole characters.
    private func glyphRun(
        _ item: Item, of characters: Characters, infos: UnsafeBufferPointer<CanopyHBGlyphInfo>,
        placements: UnsafeBufferPointer<CanopyHBGlyphPosition>, from penX: inout Double,
        clusters: inout [TextLayout.Cluster]
    ) -> ShapedLine.GlyphRun {
        let clusterStarts = Set(infos.map { Int($0.cluster) }).sorted()
        func clusterEnd(_ start: Int) -> Int {
            var low = 0, high = clusterStarts.count
            while low < high {
                let middle = (low + high) / 2
                if clusterStarts[middle] <= start { low = middle + 1 } else { high = middle }
            }
            return low < clusterStarts.count ? clusterStarts[low] : item.scalars.upperBound
        }
        let units = ShapingFont.unitsPerPixel
        var glyphs: [UInt32] = []
        var positions: [(x: Double, y: Double)] = []
        glyphs.reserveCapacity(infos.count)
        positions.reserveCapacity(infos.count)
        let runStart = penX
        let itemFirstCluster = clusters.count
        var index = 0
        while index < infos.count {
            let start = Int(infos[index].cluster)
            let clusterX = penX
            while index < infos.count, Int(infos[index].cluster) == start {
                let placement = placements[index]
                glyphs.append(infos[index].codepoint)
                positions.append(
                    (penX + Double(placement.x_offset) / units, -Double(placement.y_offset) / units))
                penX += Double(placement.x_advance) / units
                index += 1
            }
            let firstScalar = start == clusterStarts[0] ? item.scalars.lowerBound : start
            let lower = Int(characters.characterOfScalar[firstScalar])
            let upper = Int(characters.characterOfScalar[clusterEnd(start) - 1]) + 1
            Self.append(
                TextLayout.Cluster(
                    characters: lower..<upper, x: clusterX, width: penX - clusterX, isRightToLeft: item.level % 2 == 1),
                to: &clusters, joiningFrom: itemFirstCluster)
        }
        return ShapedLine.GlyphRun(
            face: item.face, run: item.run, glyphs: glyphs, positions: positions, minX: runStart, maxX: penX)
    }

    /// Adds `cluster` to `clusters`, or widens the last one (added at `first` or later, by the
    /// same item) that shares characters with it: glyph clusters inside one character (an
    /// emoji sequence the face has no ligature for) make one cluster.
    private static func append(
        _ cluster: TextLayout.Cluster, to clusters: inout [TextLayout.Cluster], joiningFrom first: Int
    ) {
        guard clusters.count > first, let last = clusters.last, last.characters.overlaps(cluster.characters) else {
            return clusters.append(cluster)
        }
        let lower = min(last.characters.lowerBound, cluster.characters.lowerBound)
        let upper = max(last.characters.upperBound, cluster.characters.upperBound)
        clusters[clusters.count - 1] = TextLayout.Cluster(
            characters: lower..<upper, x: last.x, width: cluster.x + cluster.width - last.x,
            isRightToLeft: cluster.isRightToLeft)
    }

    /// Sets one item without HarfBuzz at `penX` (moved past it): each character's scalars as
    /// the glyphs the face's character map gives, advanced by their widths, each character its
    /// own cluster (in reverse for a right-to-left item, so it reads from the right).
    private func unshaped(
        _ item: Item, of characters: Characters, display: OpaquePointer, from penX: inout Double,
        clusters: inout [TextLayout.Cluster]
    ) -> ShapedLine.GlyphRun? {
        let isRightToLeft = item.level % 2 == 1
        let first = Int(characters.characterOfScalar[item.scalars.lowerBound])
        let end = Int(characters.characterOfScalar[item.scalars.upperBound])
        let order = isRightToLeft ? Array((first..<end).reversed()) : Array(first..<end)
        var glyphs: [UInt32] = []
        var positions: [(x: Double, y: Double)] = []
        let runStart = penX
        for character in order {
            let clusterX = penX
            for scalar in characters.scalars[characters.scalarRange(ofCharacter: character)] {
                var glyph = FT_UInt(XftCharIndex(display, item.face, scalar))
                guard glyph != 0 else { continue }  // controls, joiners, what the face lacks
                var extents = XGlyphInfo()
                XftGlyphExtents(display, item.face, &glyph, 1, &extents)
                glyphs.append(UInt32(glyph))
                positions.append((penX, 0))
                penX += Double(extents.xOff)
            }
            clusters.append(
                TextLayout.Cluster(
                    characters: character..<character + 1, x: clusterX, width: penX - clusterX,
                    isRightToLeft: isRightToLeft))
        }
        guard !glyphs.isEmpty else { return nil }
        return ShapedLine.GlyphRun(
            face: item.face, run: item.run, glyphs: glyphs, positions: positions, minX: runStart, maxX: penX)
    }

    /// The HarfBuzz font for `face` at `pixelSize`, made on first use.
    private func shapingFont(for face: UnsafeMutablePointer<XftFont>, pixelSize: Double) -> ShapingFont? {
        let key = ShapingFontKey(face: face, pixelSize: pixelSize)
        if let known = shapingFonts[key] { return known }
        let font = FontFileFace.key(of: face.pointee.pattern).flatMap { fileFace(for: $0) }.flatMap {
            ShapingFont(face: $0, pixelSize: pixelSize)
        }
        if font == nil { reportProblem("a font face could not be opened for shaping; its text is not drawn") }
        shapingFonts[key] = .some(font)
        return font
    }

    /// The face `key` names, read on first use.
    private func fileFace(for key: FontFileFace.Key) -> FontFileFace? {
        if let known = fileFaces.first(where: { $0.key == key }) { return known }
        guard let face = FontFileFace(key) else { return nil }
        fileFaces.append(face)
        return face
    }
}
