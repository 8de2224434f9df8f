import Canopy

/// Seed 000: a button that drops down a list of "Hello 0" … "Hello 9"; choosing one sets the
/// button's title and is announced as `dropdown: selected Hello 3`.
@MainActor public final class DropDownDemo: View {
    /// The button the list drops down from.
    public let button = Button(title: "Select · 选择", font: .system(size: 15))
    /// The drop-down list.
    public let dropDown: DropDown
    private let caption = Label(
        text: "NIDropDown", font: .system(size: 13, weight: .bold), textColor: Color(white: 0.4))

    init(announce: @escaping (String) -> Void) {
        dropDown = DropDown(anchor: button, items: (0..<10).map { "Hello \($0)" })
        super.init(frame: .zero)
        addSubview(caption)
        addSubview(button)
        dropDown.onChoose = { _, item in announce("dropdown: selected \(item)") }
    }

    public override func layoutSubviews() {
        caption.frame = Rect(x: 0, y: 0, width: bounds.width, height: 20)
        button.frame = Rect(x: 0, y: 28, width: min(bounds.width, 200), height: 40)
    }
}
