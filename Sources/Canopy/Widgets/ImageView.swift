/// A view that shows an image, scaled to fit its bounds keeping the image's proportions and
/// centred (or filling them, with ``scalesToFill``).
open class ImageView: View {
    /// The image shown, or `nil`.
    public var image: Image? {
        didSet { if image != oldValue { contentChanged() } }
    }
    /// Whether the image is stretched to the bounds instead of fitted inside them.
    public var scalesToFill = false {
        didSet { if scalesToFill != oldValue { setNeedsDisplay() } }
    }

    /// Creates a view showing `image`, as large as the image (in points) unless a frame is given.
    public init(image: Image?, frame: Rect? = nil) {
        self.image = image
        super.init(frame: frame ?? Rect(origin: .zero, size: image?.size ?? .zero))
    }

    /// An image; give it an ``View/accessibilityLabel`` saying what it shows.
    open override func makeAccessibilityNode() -> AccessibilityNode? { AccessibilityNode(role: .image) }

    /// The image's size in points (nothing without an image), no larger than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let natural = image?.size ?? .zero
        return Size(width: min(size.width, natural.width), height: min(size.height, natural.height))
    }

    /// Draws the image fitted (or stretched) into the bounds.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        guard let image, image.size.width > 0, image.size.height > 0 else { return }
        guard !scalesToFill else { return context.drawImage(image, in: bounds) }
        let factor = min(bounds.width / image.size.width, bounds.height / image.size.height)
        let size = Size(width: image.size.width * factor, height: image.size.height * factor)
        context.drawImage(
            image,
            in: Rect(
                x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                width: size.width, height: size.height))
    }
}
