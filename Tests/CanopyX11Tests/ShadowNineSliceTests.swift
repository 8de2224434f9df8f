import Canopy
@_spi(Testing) @testable import CanopyX11
import CanopyTesting
import Testing

extension X11Tests {
    /// Shadows drawn from one nine-slice mask: the same pixels as a mask blurred at the shadow's
    /// own size, and no new server resources as a shadowed view grows.
    @MainActor @Suite struct ShadowNineSliceTests {
        /// The drop-down's shadow.
        static let shadow = Shadow(color: .black, opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)

        @Test(
            arguments: [1.0, 2.0],
            [
                Size(width: 40, height: 30), Size(width: 200, height: 200), Size(width: 213, height: 57),
                Size(width: 9, height: 3),
            ])
        func aNineSliceShadowMatchesTheExactlyBlurredOne(scale: Double, size: Size) throws {
            let root = View()
            root.backgroundColor = Color(rgb: 0xe9eef5)
            let card = View(frame: Rect(x: 20, y: 20, width: size.width, height: size.height))
            card.cornerRadius = 8
            card.shadow = Self.shadow  // no background: the whole shadow shows, interior included
            root.addSubview(card)
            let test = try TestWindow(
                size: Size(width: size.width + 40, height: size.height + 40), rootView: root, scale: scale)
            defer { test.close() }
            let sliced = try test.capture()
            test.application.connection.shadows.stretches = false
            let presented = test.window.framesPresented
            root.setNeedsDisplay()
            #expect(test.wait { test.window.framesPresented > presented })
            let exact = try test.capture()
            var largestDifference = 0
            for (a, b) in zip(sliced.bytes, exact.bytes) {
                largestDifference = max(largestDifference, abs(Int(a) - Int(b)))
            }
            #expect(largestDifference == 0)  // the slices are the exact blur, byte for byte
            let middle = Point(x: 15 + size.width / 2, y: 25 + size.height / 2)  // of the shadow
            #expect(exact.rgb(x: Int(middle.x * scale), y: Int(middle.y * scale)) != 0xe9eef5)
        }

        @Test func aGrowingShadowBlursAndUploadsNoNewMaskOnceItIsLarge() throws {
            let root = View()
            root.backgroundColor = .white
            let card = View(frame: Rect(x: 20, y: 20, width: 200, height: 0))
            card.cornerRadius = 8
            card.shadow = Self.shadow
            root.addSubview(card)
            let test = try TestWindow(size: Size(width: 240, height: 340), rootView: root)
            defer { test.close() }
            let shadows = test.application.connection.shadows
            func grow(to height: Double) {
                let presented = test.window.framesPresented
                card.frame.size.height = height
                #expect(test.wait { test.window.framesPresented > presented })
            }
            for height in 1...60 { grow(to: Double(height)) }  // the small sizes each have a mask of their own
            let masksWhenLarge = shadows.masksMade
            let recorder = try ProtocolRecorder(recording: test.window, of: test.application)
            defer { recorder.close() }
            try recorder.reset()
            let framesBefore = test.window.framesPresented
            for height in 61...300 { grow(to: Double(height)) }
            let tally = try recorder.tally()
            let frames = test.window.framesPresented - framesBefore
            try #require(frames > 0)
            #expect(shadows.masksMade == masksWhenLarge)  // no mask blurred or uploaded for a larger size
            // A mask blurred at the shadow's own size would upload over 17 KB a frame (220 × 81 px or more).
            #expect(tally.bytes / frames < 2_000, "\(tally)")
        }
    }
}
