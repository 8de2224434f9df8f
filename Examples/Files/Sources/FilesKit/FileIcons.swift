import Canopy

/// The two icons the Name column shows, drawn here pixel by pixel at 2× (32 × 32 pixels for
/// 16 × 16 points) so that they need no image file: a folder (a yellow body under a tab) and a
/// file (a white page with a folded corner).
enum FileIcons {
    /// A folder.
    static let folder = icon { x, y in
        let body = (x >= 2 && x <= 29 && y >= 9 && y <= 27), tab = (x >= 2 && x <= 13 && y >= 6 && y <= 9)
        guard body || tab else { return nil }
        let edge = x == 2 || x == 29 || y == 27 || (tab && y == 6) || (body && y == 9 && x > 13)
        return edge ? 0xb7_86_1f : 0xf0_c0_4a
    }

    /// A file.
    static let file = icon { x, y in
        guard x >= 6, x <= 25, y >= 3, y <= 28 else { return nil }
        let fold = x - 18 > y - 3  // the corner folded over, top right
        guard !fold || x - 18 == y - 2 else { return nil }
        let edge =
            x == 6 || x == 25 || y == 3 || y == 28 || x - 18 == y - 2 || (x == 18 && y <= 10) || (y == 10 && x >= 18)
        return edge ? 0x8a_8f_98 : 0xff_ff_ff
    }

    /// A 32 × 32 image at scale 2 whose pixel at (x, y) is `color(x, y)` (an RGB value), opaque,
    /// or transparent where it is `nil`.
    private static func icon(_ color: (Int, Int) -> UInt32?) -> Image? {
        let side = 32
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                guard let rgb = color(x, y) else {
                    pixels += [0, 0, 0, 0]
                    continue
                }
                pixels += [UInt8(rgb >> 16 & 0xff), UInt8(rgb >> 8 & 0xff), UInt8(rgb & 0xff), 255]
            }
        }
        return Image(pixelWidth: side, pixelHeight: side, pixels: pixels, scale: 2)
    }
}
