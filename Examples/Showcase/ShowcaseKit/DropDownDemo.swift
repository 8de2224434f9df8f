import Canopy

/// Seed 000: a button that drops down a list of "Hello 0" … "Hello 9"; choosing one sets the
/// button's title and is announced as `dropdown: selected Hello 3`.
@MainActor public final class DropDownDemo: View {
    /// The button and the list it drops down.
    public let dropDown = DropDown(placeholder: "Select · 选择", items: (0..<10).map { "Hello \($0)" })
    private let caption = Label(
        text: "NIDropDown", font: .system(size: 13, weight: .bold), themeTextColor: \.secondaryText)

    init(announce: @escaping (String) -> Void) {
        super.init(frame: .zero)
        SeedStyle.apply(to: dropDown)
        addSubview(caption)
        addSubview(dropDown)
        dropDown.onValueChanged = { [weak self] index in
            guard let self else { return }
            announce("dropdown: selected \(self.dropDown.items[index])")
        }
    }

    /// The size the demo is designed for.
    public override func sizeThatFits(_ size: Size) -> Size { Size(width: 200, height: 70) }

    public override func layoutSubviews() {
        caption.frame = Rect(x: 0, y: 0, width: bounds.width, height: 20)
        dropDown.frame = Rect(x: 0, y: 28, width: min(bounds.width, 200), height: 40)
    }
}
