import Canopy
import CanopyTesting
import Testing

/// Widgets measure themselves, in a window or not (issue 14: `sizeToFit()` gave 0 × 0).
@MainActor @Suite struct IntrinsicSizeTests {
    let measurer = ApproximateTextMeasurer()

    func measured(_ text: String, _ font: Font = Theme.standard.font) -> TextMetrics {
        View.defaultTextMeasurer.measure(text, font: font)
    }

    @Test func aLabelOutOfAnyWindowMeasuresItsText() {
        let label = Label(text: "Hello 你好")
        label.sizeToFit()
        let metrics = measured("Hello 你好")
        #expect(label.frame.size == Size(width: metrics.width.rounded(.up), height: metrics.height.rounded(.up)))
        #expect(label.frame.width > 0 && label.frame.height > 0)
        #expect(label.sizeThatFits(Size(width: 10, height: 100)).width == 10)  // never more than offered
    }

    @Test func aButtonFitsItsTitleAndImageWithRoomAround() {
        let plain = Button(title: "Save colour")
        plain.sizeToFit()
        let title = measured("Save colour")
        #expect(plain.frame.width >= title.width + 30)
        #expect(plain.frame.height >= title.height + 10)
        let pixels = [UInt8](repeating: 255, count: 20 * 20 * 4)
        let withImage = Button(title: "Save colour", image: Image(pixelWidth: 20, pixelHeight: 20, pixels: pixels))
        withImage.sizeToFit()
        #expect(withImage.frame.width == plain.frame.width + 26)  // the image and the gap before the title
    }

    @Test func fieldsCheckBoxesTilesAndImagesHaveSizesToo() {
        let field = TextField(placeholder: "Search")
        field.sizeToFit()
        #expect(field.frame.width == TextField.minimumWidth)
        field.text = String(repeating: "long text ", count: 10)
        field.sizeToFit()
        #expect(field.frame.width > TextField.minimumWidth)
        let box = CheckBox(title: "Favourites only")
        box.sizeToFit()
        #expect(box.frame.width >= CheckBox.boxSize + 8 + measured("Favourites only").width)
        let tile = TileView(title: "weibo")
        tile.sizeToFit()
        #expect(tile.frame.width >= TileView.emptyIconSize.width && tile.frame.height > TileView.emptyIconSize.height)
        let image = Image(pixelWidth: 72, pixelHeight: 36, pixels: [UInt8](repeating: 0, count: 72 * 36 * 4), scale: 2)
        let imageView = ImageView(image: image)
        #expect(imageView.frame.size == Size(width: 36, height: 18))
    }

    @Test func inAWindowTheWindowsMeasurerCounts() {
        let scene = Scene(size: Size(width: 300, height: 100), host: MemoryHost(textMeasurer: measurer))
        let label = Label(text: "Hello")
        scene.rootView.addSubview(label)
        label.sizeToFit()
        #expect(label.frame.width == measurer.measure("Hello", font: Theme.standard.font).width.rounded(.up))
    }
}
