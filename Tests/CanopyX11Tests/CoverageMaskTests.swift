import Canopy
@_spi(Testing) @testable import CanopyX11
import CanopyTesting
import Testing

extension X11Tests {
    /// Rounded rectangles drawn from cached coverage masks: the same pixels as the shapes
    /// rasterised at their full size, and no new masks for shapes drawn again or grown large.
    @MainActor @Suite struct CoverageMaskTests {
        /// A scene of what the masks draw: a rounded fill with a border, a group clipped to
        /// rounded corners and faded, a pill and a circle, over a background that shows through
        /// the corners' antialiasing.
        static func scene(cardSize size: Size, cornerRadius: Double) -> View {
            let root = View()
            root.backgroundColor = Color(rgb: 0x3a6ea5)
            let card = View(frame: Rect(x: 10, y: 10, width: size.width, height: size.height))
            card.cornerRadius = cornerRadius
            card.backgroundColor = Color(rgb: 0xfafafa)
            card.borderWidth = 1.5
            card.borderColor = Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.8)
            root.addSubview(card)
            let group = View(frame: Rect(x: size.width + 20, y: 10, width: size.width, height: size.height))
            group.cornerRadius = cornerRadius
            group.clipsToBounds = true
            group.alpha = 0.7
            func band() -> View {  // reaches past the group's top corners, which clip it
                let band = View(frame: Rect(x: -4, y: -4, width: size.width + 8, height: size.height / 2 + 4))
                band.backgroundColor = Color(rgb: 0xf0c030)
                return band
            }
            group.addSubview(band())
            let opaqueGroup = View(frame: Rect(x: 10, y: size.height + 20, width: size.width, height: size.height))
            opaqueGroup.cornerRadius = cornerRadius
            opaqueGroup.clipsToBounds = true
            opaqueGroup.backgroundColor = Color(rgb: 0x20a060)
            opaqueGroup.addSubview(band())
            root.addSubview(group)
            root.addSubview(opaqueGroup)
            let pill = View(frame: Rect(x: size.width + 20, y: size.height + 20, width: size.width, height: 7))
            pill.cornerRadius = 3.5
            pill.backgroundColor = Color(white: 0, alpha: 0.5)
            pill.borderWidth = 1
            pill.borderColor = .white
            root.addSubview(pill)
            let circle = View(frame: Rect(x: size.width + 20, y: size.height + 30, width: 15, height: 15))
            circle.cornerRadius = 7.5
            circle.backgroundColor = Color(rgb: 0xcc3366)
            root.addSubview(circle)
            return root
        }

        @Test(
            arguments: [1.0, 1.5, 2.0],
            [
                (Size(width: 40, height: 30), 8.0), (Size(width: 200, height: 120), 10.0),
                (Size(width: 17, height: 16), 8.0), (Size(width: 9, height: 3), 5.0),
                (Size(width: 61, height: 23), 4.5),
            ])
        func cachedMasksDrawTheSamePixelsAsShapesRasterisedWhole(scale: Double, shape: (Size, Double)) throws {
            let (size, radius) = shape
            let root = Self.scene(cardSize: size, cornerRadius: radius)
            let test = try TestWindow(
                size: Size(width: 2 * size.width + 30, height: size.height + 50 + max(size.height, 20)), rootView: root,
                scale: scale)
            defer { test.close() }
            let coverage = test.application.connection.coverage
            let cached = try test.capture()
            #expect(coverage.masksMade > 0)  // the scene was drawn from masks
            test.application.reusesCoverageMasks = false
            let presented = test.window.framesPresented
            root.setNeedsDisplay()
            #expect(test.wait { test.window.framesPresented > presented })
            let whole = try test.capture()
            var differing = 0, largestDifference = 0
            for (a, b) in zip(cached.bytes, whole.bytes) where a != b {
                differing += 1
                largestDifference = max(largestDifference, abs(Int(a) - Int(b)))
            }
            #expect(cached.bytes.count == whole.bytes.count)
            #expect(largestDifference == 0, "\(differing) bytes differ, by up to \(largestDifference)")
            // The card's corner is rounded: some pixel there is neither the background nor the fill.
            let corner = Int((10 + min(radius, size.width / 2, size.height / 2)) * scale)
            let start = Int(10 * scale)
            let mixed = (start..<corner).contains { x in
                (start..<corner).contains { y in ![0x3a6ea5, 0xfafafa].contains(cached.rgb(x: x, y: y)) }
            }
            #expect(mixed)
        }

        @Test func shapesDrawnAgainOrGrownLargeMakeNoNewMasks() throws {
            let root = View()
            root.backgroundColor = .white
            let card = View(frame: Rect(x: 20, y: 20, width: 200, height: 0))
            card.cornerRadius = 8
            card.clipsToBounds = true
            card.backgroundColor = Color(rgb: 0xdde3ea)
            card.borderWidth = 1
            card.borderColor = .gray
            root.addSubview(card)
            let test = try TestWindow(size: Size(width: 240, height: 340), rootView: root)
            defer { test.close() }
            let coverage = test.application.connection.coverage
            func grow(to height: Double) {
                let presented = test.window.framesPresented
                card.frame.size.height = height
                #expect(test.wait { test.window.framesPresented > presented }, "no frame at height \(height)")
            }
            for height in 1...20 { grow(to: Double(height)) }  // shorter than a mask's side: a mask each
            let masksWhenLarge = coverage.masksMade
            #expect(masksWhenLarge > 0)
            let recorder = try ProtocolRecorder(recording: test.window, of: test.application)
            defer { recorder.close() }
            try recorder.reset()
            for height in 21...300 { grow(to: Double(height)) }
            #expect(coverage.masksMade == masksWhenLarge)  // the corners' masks serve every larger size
            // The server composites the card's corners and edges; it rasterises no polygon.
            #expect(try recorder.tally().polygonsRasterized == 0)
            for height in stride(from: 293.0, through: 21, by: -7) { grow(to: height) }
            for height in 1...20 { grow(to: Double(height)) }  // the small sizes again, from the cache
            #expect(coverage.masksMade == masksWhenLarge)
            // The shape is drawn from them: the corner pixel is antialiased, the middle filled.
            let bitmap = try test.capture()
            #expect(![0xffffff, 0xdde3ea].contains(bitmap.rgb(x: 22, y: 22)))
            #expect(bitmap.rgb(x: 120, y: 30) == 0xdde3ea)
        }
    }
}
