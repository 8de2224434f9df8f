import Canopy
import CX11

/// One line of text shaped at a pixel size: the glyphs to draw, in runs of one face and one
/// styled run each in visual order, and the line's layout (clusters, metrics) in pixels.
struct ShapedLine {
    /// Glyphs of one face, placed from the line's left edge at its baseline.
    struct GlyphRun {
        let face: UnsafeMutablePointer<XftFont>
        /// The index of the styled run its characters belong to (0 for plain text).
        let run: Int
        let glyphs: [UInt32]
        /// Where each glyph's origin lies, in pixels from the line's origin (y grows down).
        let positions: [(x: Double, y: Double)]
        /// The run's extent along the line, for skipping runs that are clipped away.
        let minX: Double
        let maxX: Double
    }

    let runs: [GlyphRun]
    /// Clusters and metrics in pixels.
    let layout: TextLayout

    /// About what the line takes in memory, in bytes: its glyphs and their positions, and its
    /// layout's clusters and character map.
    var byteCost: Int {
        let glyphs = runs.reduce(0) { $0 + $1.glyphs.count }
        let perGlyph = MemoryLayout<UInt32>.stride + MemoryLayout<(x: Double, y: Double)>.stride
        let perCharacter = MemoryLayout<TextLayout.Cluster>.stride + MemoryLayout<Int32>.stride
        return 64 * (runs.count + 1) + glyphs * perGlyph + layout.characterCount * perCharacter
    }
}
