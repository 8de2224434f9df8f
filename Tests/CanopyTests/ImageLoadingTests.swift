import Canopy
import Foundation
import Testing

/// PNG files read with libpng: what was written comes back, and a file that is not what it
/// claims is refused with a typed error before it costs memory.
@Suite struct ImageLoadingTests {
    /// A fresh path in a temporary folder of the test's own.
    func temporaryPath(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    /// A 2 × 1 PNG: an opaque red pixel and a half-transparent blue one.
    func writeSmallPNG(to path: String) throws {
        try Bitmap(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 0, 255, 128]).writePNG(to: path)
    }

    /// The CRC-32 a PNG chunk carries over its type and data.
    func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xedb8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    @Test func aWrittenPNGLoadsWithItsPixels() throws {
        let path = try temporaryPath("small.png")
        try writeSmallPNG(to: path)
        let image = try Image.load(pngFile: path)
        #expect(image.pixelWidth == 2 && image.pixelHeight == 1)
        #expect(image.pixels == [255, 0, 0, 255, 0, 0, 255, 128])
    }

    /// A file of a few hundred bytes whose header claims 16384 × 16384 pixels (1 GiB decoded)
    /// is refused from its header alone, and a smaller budget refuses a file that fits the default.
    @Test func aHeaderClaimingMorePixelsThanTheBudgetIsRefusedBeforeDecoding() throws {
        let path = try temporaryPath("huge.png")
        try writeSmallPNG(to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The signature (8 bytes), the IHDR chunk's length (4) and type (4), then width and height.
        let big: [UInt8] = [0, 0, 0x40, 0]  // 16384, big-endian
        bytes.replaceSubrange(16..<20, with: big)
        bytes.replaceSubrange(20..<24, with: big)
        let crc = crc32(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageFileError.self) { try Image.load(pngFile: path) }
        do {
            _ = try Image.load(pngFile: path)
        } catch {
            #expect(error.reason.contains("16384×16384"))
        }
        let small = try temporaryPath("small.png")
        try writeSmallPNG(to: small)
        #expect(throws: ImageFileError.self) { try Image.load(pngFile: small, maximumPixelCount: 1) }
    }

    @Test func aFileThatIsNotAPNGIsRefused() throws {
        let path = try temporaryPath("text.png")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageFileError.self) { try Image.load(pngFile: path) }
        #expect(throws: ImageFileError.self) { try Image.load(pngFile: path + ".missing") }
    }
}
