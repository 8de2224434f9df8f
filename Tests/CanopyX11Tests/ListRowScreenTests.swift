import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// The built-in row on screen with an image and a second line: the image's pixels, the title
    /// dark on the first line and the second line grey under it, at 1× and 2×.
    @MainActor @Suite struct ListRowScreenTests {
        /// One 60-point row: a 24-point red square, "Title" over "Second line".
        static let red: UInt32 = 0xe02020

        static func square(scale: Double) throws -> Image {
            let side = Int(24 * scale)
            let pixel: [UInt8] = [0xe0, 0x20, 0x20, 0xff]
            return try #require(
                Image(
                    pixelWidth: side, pixelHeight: side, pixels: Array((0..<side * side).map { _ in pixel }.joined()),
                    scale: scale))
        }

        /// The darkest channel of any pixel in `rows` × `columns` (window points) of `bitmap`.
        static func darkest(_ bitmap: Bitmap, rows: Range<Int>, columns: Range<Int>, scale: Double) -> UInt32 {
            var darkest: UInt32 = 0xff
            for y in Int(Double(rows.lowerBound) * scale)..<Int(Double(rows.upperBound) * scale) {
                for x in Int(Double(columns.lowerBound) * scale)..<Int(Double(columns.upperBound) * scale) {
                    guard let rgb = bitmap.rgb(x: x, y: y) else { continue }
                    darkest = min(darkest, rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff)
                }
            }
            return darkest
        }

        @Test(arguments: [1.0, 2.0]) func aTwoLineRowWithAnImage(scale: Double) throws {
            let root = View()
            root.backgroundColor = .white
            let list = ListView(frame: Rect(x: 10, y: 10, width: 300, height: 60))
            list.rowHeight = 60
            list.showsFocusRing = false
            let rows = ArrayListDataSource([
                ListRow("Title", detailText: "Second line", image: try Self.square(scale: scale))
            ])
            list.dataSource = rows
            root.addSubview(list)
            let test = try TestWindow(size: Size(width: 320, height: 80), rootView: root, scale: scale)
            defer { test.close() }
            #expect(test.settle())
            let shot = try test.capture()
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                try shot.writePNG(to: "\(directory)/list-row-\(Int(scale))x.png")
            }
            // The square: 15 points in from the row's edge, centred in it (window 25..<49, 28..<52).
            let inside = Int(37 * scale)
            #expect(shot.rgb(x: inside, y: Int(40 * scale)) == Self.red)
            #expect(shot.rgb(x: Int(24 * scale), y: Int(40 * scale)) == 0xffffff)
            // The title's first line (window y 22..<40) is dark, the second line (42..<58) grey,
            // both after the image (from x 59).
            let row = try #require(list.rowView(for: 0))
            #expect(row.frame.height == 60)
            let title = Self.darkest(shot, rows: 20..<40, columns: 59..<200, scale: scale)
            let detail = Self.darkest(shot, rows: 42..<60, columns: 59..<200, scale: scale)
            #expect(title < 0x50, "title \(title)")
            #expect(detail > 0x60 && detail < 0xd0, "detail \(detail)")
            // Nothing above the title or below the second line but the row's white.
            #expect(Self.darkest(shot, rows: 11..<18, columns: 59..<300, scale: scale) == 0xff)
            #expect(Self.darkest(shot, rows: 62..<68, columns: 59..<300, scale: scale) == 0xff)
        }
    }
}
