import Canopy
@_spi(Testing) @testable import CanopyX11
import CanopyTesting
import CX11
import Testing

/// One pixel channel within `tolerance` of `expected`.
func near(_ value: UInt32?, _ expected: UInt32, tolerance: Int = 2) -> Bool {
    guard let value else { return false }
    for shift in [16, 8, 0] {
        let a = Int((value >> UInt32(shift)) & 0xff), b = Int((expected >> UInt32(shift)) & 0xff)
        if abs(a - b) > tolerance { return false }
    }
    return true
}

/// Draws one image at two sizes, side by side.
@MainActor final class TwoSizesOfOneImage: View {
    let image: Image
    init(image: Image) {
        self.image = image
        super.init(frame: Rect(x: 0, y: 0, width: 100, height: 60))
    }
    override func draw(in context: GraphicsContext, bounds: Rect) {
        context.drawImage(image, in: Rect(x: 10, y: 10, width: 20, height: 20))
        context.drawImage(image, in: Rect(x: 50, y: 10, width: 40, height: 40))
    }
}

/// Tests of what reaches the screen, each on a real window under the test Xvfb.
extension X11Tests {
    @MainActor @Suite struct WindowPixelTests {
        @Test func backgroundsRoundedCornersAndAlphaBlending() throws {
            let root = View()
            root.backgroundColor = Color(rgb: 0x0000ff)
            let card = View(frame: Rect(x: 20, y: 20, width: 100, height: 60))
            card.backgroundColor = Color(rgb: 0xffffff)
            card.cornerRadius = 16
            root.addSubview(card)
            let veil = View(frame: Rect(x: 200, y: 20, width: 50, height: 50))
            veil.backgroundColor = Color(rgb: 0xff0000)
            veil.alpha = 0.5
            root.addSubview(veil)
            let test = try TestWindow(size: Size(width: 300, height: 120), rootView: root)
            defer { test.close() }
            let image = try test.capture()
            #expect(image.rgb(x: 5, y: 5) == 0x0000ff)  // root background
            #expect(image.rgb(x: 70, y: 50) == 0xffffff)  // card interior
            #expect(image.rgb(x: 20, y: 20) == 0x0000ff)  // the corner is cut away...
            #expect(image.rgb(x: 70, y: 20) == 0xffffff)  // ...but the straight edge is not
            // On the arc the edge is antialiased: a blend of white and blue, neither pure.
            let arc = image.rgb(x: 24, y: 24)!
            #expect(arc != 0xffffff && arc != 0x0000ff && (arc >> 16) & 0xff > 0x20)
            #expect(near(image.rgb(x: 225, y: 45), 0x800080))  // 50 % red over blue
        }

        @Test func oneImageDrawnAtTwoSizesInAFrameScalesToEach() throws {
            // 2 × 2 pixels: red, green / blue, white. Scaling smooths, so each quadrant's centre is
            // its colour with a little of its neighbours'.
            let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
            let image = try #require(Image(pixelWidth: 2, pixelHeight: 2, pixels: pixels))
            let view = TwoSizesOfOneImage(image: image)
            let test = try TestWindow(size: Size(width: 100, height: 60), rootView: view)
            defer { test.close() }
            for _ in 0..<2 {  // a second frame reuses the uploaded picture and its transforms
                let shot = try test.capture()
                for (origin, side) in [(Point(x: 10, y: 10), 20.0), (Point(x: 50, y: 10), 40.0)] {
                    let quarter = side / 4
                    func at(_ dx: Double, _ dy: Double) -> UInt32? {
                        shot.rgb(x: Int(origin.x + dx), y: Int(origin.y + dy))
                    }
                    #expect(near(at(quarter, quarter), 0xff0000, tolerance: 32), "top left of the \(side) px copy")
                    #expect(near(at(3 * quarter, quarter), 0x00ff00, tolerance: 32), "top right of the \(side) px copy")
                    #expect(
                        near(at(quarter, 3 * quarter), 0x0000ff, tolerance: 32), "bottom left of the \(side) px copy")
                    #expect(
                        near(at(3 * quarter, 3 * quarter), 0xffffff, tolerance: 32),
                        "bottom right of the \(side) px copy")
                }
                let presented = test.window.framesPresented
                view.setNeedsDisplay()
                #expect(test.wait { test.window.framesPresented > presented })
            }
        }

        @Test func textDrawsInLatinAndChineseWithoutBoxes() throws {
            let root = View()
            root.backgroundColor = .white
            let label = Label(
                text: "Hello 你好", font: .system(size: 24), frame: Rect(x: 10, y: 10, width: 280, height: 40))
            root.addSubview(label)
            let test = try TestWindow(size: Size(width: 300, height: 60), rootView: root)
            defer { test.close() }
            let image = try test.capture()
            func inkedPixels(_ x0: Int, _ x1: Int) -> Int {
                var count = 0
                for y in 10..<50 {
                    for x in x0..<x1 where (image.rgb(x: x, y: y) ?? 0xffffff) < 0x808080 { count += 1 }
                }
                return count
            }
            let metrics = test.window.scene.textMeasurer.measure("Hello ", font: .system(size: 24))
            let latinEnd = 10 + Int(metrics.width)
            #expect(inkedPixels(10, latinEnd) > 100)
            #expect(inkedPixels(latinEnd, 290) > 100)
            // The Chinese characters come from a fallback face that really has them.
            let line = test.application.connection.fonts.line(
                "Hello 你好", font: Font.system(size: 24), direction: .natural)
            #expect(line.runs.count == 2)
            #expect(line.runs.allSatisfy { !$0.glyphs.contains(0) })  // glyph 0 is the missing-glyph box
        }

        @Test func aSoftShadowFadesOutwards() throws {
            let root = View()
            root.backgroundColor = .white
            let card = View(frame: Rect(x: 40, y: 40, width: 100, height: 100))
            card.backgroundColor = .white
            card.cornerRadius = 8
            card.shadow = Shadow(color: .black, opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)
            root.addSubview(card)
            let test = try TestWindow(size: Size(width: 200, height: 200), rootView: root)
            defer { test.close() }
            let image = try test.capture()
            // Below the card the shadow darkens the background, less and less further out.
            let greys = (141...152).map { Int(image.rgb(x: 90, y: $0)! & 0xff) }
            #expect(greys.first! < 0xd0)
            #expect(greys.last! == 0xff)
            #expect(zip(greys, greys.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(Set(greys).count >= 5)  // a gradient, not a grey box
        }
    }
}
