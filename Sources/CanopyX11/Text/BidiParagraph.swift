import CFriBidi
import Canopy

/// The embedding level of each character of one line, from the Unicode Bidirectional
/// Algorithm (UAX #9) through FriBidi: even levels read left to right, odd ones right to left.
/// Trailing spaces take the paragraph's level (rule L1), as the line ends there. Without
/// FriBidi (``LibFriBidi`` could not be loaded) every character is at level 0, in logical
/// order, and the paragraph runs as asked (left to right when it is to follow the text).
struct BidiParagraph {
    /// One level per scalar of the text.
    let levels: [UInt8]
    /// The paragraph's own direction: given, or (for ``TextDirection/natural``) that of its
    /// first strong character, left to right when it has none.
    let isRightToLeft: Bool

    init(scalars: [UInt32], direction: TextDirection) {
        var base: CanopyFriBidiType
        switch direction {
        case .natural: base = CanopyFriBidiParagraphNeutral
        case .leftToRight: base = CanopyFriBidiParagraphLeftToRight
        case .rightToLeft: base = CanopyFriBidiParagraphRightToLeft
        }
        let count = scalars.count
        guard LibFriBidi.isLoaded, direction != .natural || scalars.contains(where: Self.mayReadRightToLeft) else {
            // No character from a right-to-left block and nothing asked for (the common case
            // of a list row or a button), or no FriBidi: all at level 0, without a trip through
            // FriBidi.
            levels = [UInt8](repeating: 0, count: count)
            isRightToLeft = direction == .rightToLeft
            return
        }
        var types = [CanopyFriBidiType](repeating: 0, count: count)
        var brackets = [UInt32](repeating: 0, count: count)
        var levels = [CanopyFriBidiLevel](repeating: 0, count: count)
        let length = Int32(count)
        let resolved = scalars.withUnsafeBufferPointer { text -> Bool in
            fribidi.get_bidi_types(text.baseAddress, length, &types)
            fribidi.get_bracket_types(text.baseAddress, length, types, &brackets)
            guard fribidi.get_par_embedding_levels_ex(types, brackets, length, &base, &levels) != 0 else {
                return false
            }
            return fribidi.reorder_line(0, types, length, 0, base, &levels, nil, nil) != 0
        }
        isRightToLeft = base == CanopyFriBidiParagraphRightToLeft
        self.levels = resolved ? levels.map { UInt8(clamping: $0) } : [UInt8](repeating: 0, count: count)
    }

    /// Whether `scalar` is in a right-to-left block or is a directional control: text without
    /// one is all left to right.
    private static func mayReadRightToLeft(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0590...0x08FF, 0x200F, 0x202B, 0x202E, 0x2067, 0xFB1D...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return true
        default:
            return false
        }
    }
}
