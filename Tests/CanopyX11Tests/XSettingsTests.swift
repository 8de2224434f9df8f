import Canopy
import CanopyTesting
@testable import CanopyX11
import Testing

/// The XSETTINGS wire format: each type in both byte orders, and input cut short or made of
/// garbage, which must be refused with a message, never trap.
@Suite struct XSettingsTests {
    /// A settings property as a manager writes it, in either byte order.
    struct Encoder {
        var isBigEndian: Bool
        var bytes: [UInt8] = []

        mutating func card16(_ value: UInt16) {
            let pair = [UInt8(value >> 8), UInt8(value & 0xFF)]
            bytes += isBigEndian ? pair : pair.reversed()
        }

        mutating func card32(_ value: UInt32) {
            let quad = [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) }
            bytes += isBigEndian ? quad : quad.reversed()
        }

        mutating func padded(_ text: String) {
            bytes += Array(text.utf8)
            bytes += [UInt8](repeating: 0, count: (4 - text.utf8.count % 4) % 4)
        }

        mutating func header(type: UInt8, name: String) {
            bytes += [type, 0]
            card16(UInt16(name.utf8.count))
            padded(name)
            card32(7)  // last-change serial
        }

        static func property(isBigEndian: Bool, serial: UInt32, _ settings: [(String, XSettings.Value)]) -> [UInt8] {
            var encoder = Encoder(isBigEndian: isBigEndian)
            encoder.bytes = [isBigEndian ? 1 : 0, 0, 0, 0]
            encoder.card32(serial)
            encoder.card32(UInt32(settings.count))
            for (name, value) in settings {
                switch value {
                case .integer(let number):
                    encoder.header(type: 0, name: name)
                    encoder.card32(UInt32(bitPattern: number))
                case .string(let text):
                    encoder.header(type: 1, name: name)
                    encoder.card32(UInt32(text.utf8.count))
                    encoder.padded(text)
                case .color(let red, let green, let blue, let alpha):
                    encoder.header(type: 2, name: name)
                    for channel in [red, blue, green, alpha] { encoder.card16(channel) }  // the wire's order
                }
            }
            return encoder.bytes
        }
    }

    static let sample: [(String, XSettings.Value)] = [
        ("Xft/DPI", .integer(196_608)), ("Net/DoubleClickTime", .integer(1000)), ("Net/CursorBlink", .integer(-1)),
        ("Net/ThemeName", .string("Adwaita-dark")), ("Gtk/FontName", .string("Cantarell 11")),
        ("Gtk/Empty", .string("")),
        ("Gtk/Colour", .color(red: 0xFFFF, green: 0x8000, blue: 0x1234, alpha: 0xABCD)),
    ]

    @Test(arguments: [false, true])
    func eachTypeParsesInEitherByteOrder(isBigEndian: Bool) throws {
        let bytes = Encoder.property(isBigEndian: isBigEndian, serial: 0x0102_0304, Self.sample)
        let settings = try XSettings(parsing: bytes)
        #expect(settings.serial == 0x0102_0304)
        #expect(settings.values == Dictionary(uniqueKeysWithValues: Self.sample))
    }

    @Test func anEmptyListParses() throws {
        let settings = try XSettings(parsing: Encoder.property(isBigEndian: false, serial: 3, []))
        #expect(settings == XSettings(serial: 3, values: [:]))
    }

    /// Every prefix of a good property is refused (short of the whole), with a one-line reason.
    @Test(arguments: [false, true])
    func aTruncatedPropertyIsRefused(isBigEndian: Bool) {
        let bytes = Encoder.property(isBigEndian: isBigEndian, serial: 1, Self.sample)
        for length in 0..<bytes.count {
            let error = #expect(throws: XSettings.FormatError.self, "\(length) bytes") {
                try XSettings(parsing: Array(bytes.prefix(length)))
            }
            #expect(error?.description.contains("\n") == false)
        }
        let cut = #expect(throws: XSettings.FormatError.self) { try XSettings(parsing: Array(bytes.dropLast())) }
        #expect(cut?.description == "it ends inside the colour Gtk/Colour (\(bytes.count - 1) bytes)")
    }

    @Test func badHeadersAndTypesAreRefused() {
        var bytes = Encoder.property(isBigEndian: false, serial: 1, [("A", .integer(1))])
        bytes[0] = 2
        #expect(throws: XSettings.FormatError(description: "the byte order 2 is neither 0 nor 1")) {
            try XSettings(parsing: bytes)
        }
        bytes[0] = 0
        bytes[12] = 3  // the setting's type
        #expect(throws: XSettings.FormatError(description: "the setting A has the unknown type 3")) {
            try XSettings(parsing: bytes)
        }
        var huge = Encoder(isBigEndian: false)
        huge.bytes = [0, 0, 0, 0]
        huge.card32(1)
        huge.card32(.max)  // settings claimed: far more than the bytes could hold
        #expect(throws: XSettings.FormatError.self) { try XSettings(parsing: huge.bytes) }
    }

    /// Random bytes, and good properties with random bytes changed, parse or are refused: never a
    /// trap (a string length near 2³², a name running past the end...).
    @Test func garbageNeverTraps() {
        var random = SeededRandom(seed: 29)
        let good = Encoder.property(isBigEndian: true, serial: 9, Self.sample)
        var refused = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<96, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                if bytes.count > 0 { bytes[0] = UInt8.random(in: 0...1, using: &random) }
            } else {
                bytes = good
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            do { _ = try XSettings(parsing: bytes) } catch { refused += 1 }
        }
        #expect(refused > 10_000)
    }

    @Test func theDesktopsPreferencesAreTakenFromTheirSettings() {
        let settings = XSettings(
            serial: 1,
            values: [
                "Xft/DPI": .integer(147_456), "Net/DoubleClickTime": .integer(1000),
                "Net/DoubleClickDistance": .integer(8), "Net/CursorBlinkTime": .integer(1000),
            ])
        #expect(settings.dotsPerInch == 144)
        #expect(
            settings.desktopSettings()
                == DesktopSettings(doubleClickInterval: 1, doubleClickDistance: 8, caretBlinkInterval: 0.5))
        let noBlink = XSettings(serial: 2, values: ["Net/CursorBlink": .integer(0), "Xft/DPI": .integer(-1)])
        #expect(noBlink.desktopSettings() == DesktopSettings(caretBlinkInterval: nil))
        #expect(noBlink.dotsPerInch == nil)
        let wrongTypes = XSettings(serial: 3, values: ["Net/DoubleClickTime": .string("1000")])
        #expect(wrongTypes.desktopSettings() == DesktopSettings())
    }

    @Test func aThemeNameEndingInDarkAsksForTheDarkScheme() {
        func scheme(_ name: XSettings.Value?) -> ColorScheme {
            XSettings(serial: 1, values: name.map { ["Net/ThemeName": $0] } ?? [:]).desktopSettings().colorScheme
        }
        #expect(scheme(.string("Adwaita-dark")) == .dark)
        #expect(scheme(.string("HighContrast-DARK")) == .dark)  // whatever the case
        #expect(scheme(.string("Adwaita")) == .light)
        #expect(scheme(.string("darkness")) == .light)  // only the ending counts
        #expect(scheme(.integer(1)) == .light)
        #expect(scheme(nil) == .light)
    }

    @Test func theEnvironmentWinsOverTheDesktopWhichWinsOverTheResource() {
        #expect(ScaleSetting(environmentValue: "1.5", desktopDotsPerInch: 192, resources: "Xft.dpi:\t96").scale == 1.5)
        #expect(ScaleSetting(environmentValue: nil, desktopDotsPerInch: 192, resources: "Xft.dpi:\t96").scale == 2)
        #expect(ScaleSetting(environmentValue: nil, desktopDotsPerInch: nil, resources: "Xft.dpi:\t144").scale == 1.5)
    }
}
