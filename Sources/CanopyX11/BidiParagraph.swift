import CFriBidi
import Canopy

/// The embedding level of each character of one line, from the Unicode Bidirectional
/// Algorithm (UAX #9) through FriBidi: even levels read left to right, odd ones right to left.
/// Trailing spaces take the paragraph's level (rule L1), as the line ends there.
struct BidiParagraph {
    /// One level per scalar of the text.
    let levels: [UInt8]
    /// The paragraph's own direction: given, or (for ``TextDirection/natural``) that of its
    /// first strong character, left to right when it has none.
    let isRightToLeft: Bool

    init(scalars: [UInt32], direction: TextDirection) {
        var base: FriBidiParType
        switch direction {
        case .natural: base = FRIBIDI_PAR_ON
        case .leftToRight: base = FRIBIDI_PAR_LTR
        case .rightToLeft: base = FRIBIDI_PAR_RTL
        }
        let count = scalars.count
        guard direction != .natural || scalars.contains(where: Self.mayReadRightToLeft) else {
            // No character from a right-to-left block and nothing asked for: all at level 0,
            // without a trip through FriBidi (the common case of a list row or a button).
            levels = [UInt8](repeating: 0, count: count)
            isRightToLeft = false
            return
        }
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_LTR, count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        let length = FriBidiStrIndex(count)
        let resolved = scalars.withUnsafeBufferPointer { text -> Bool in
            fribidi_get_bidi_types(text.baseAddress, length, &types)
            fribidi_get_bracket_types(text.baseAddress, length, types, &brackets)
            guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels) != 0 else {
                return false
            }
            return fribidi_reorder_line(0, types, length, 0, base, &levels, nil, nil) != 0
        }
        isRightToLeft = base == FRIBIDI_PAR_RTL
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
