import Canopy

/// The Showcase window's content: one demo per seed widget, laid out so none overlaps another
/// when closed (the scene's presentation layer keeps one pop-up open at a time).
@MainActor public final class ShowcaseView: View {
    /// The window size the demos are laid out for (large enough for the picker's frame).
    public static let preferredSize = Size(width: 720, height: 760)

    /// Seed 000: the drop-down list under a button.
    public let dropDownDemo: DropDownDemo
    /// Seed 004: the modal picker.
    public let pickerDemo: PickerDemo
    /// Seed 001: the search bar with its type panel.
    public let searchBarDemo: SearchBarDemo

    /// Creates the content; `announce` receives one line per user-visible outcome.
    public init(announce: @escaping (String) -> Void) {
        dropDownDemo = DropDownDemo(announce: announce)
        pickerDemo = PickerDemo(announce: announce)
        searchBarDemo = SearchBarDemo(announce: announce)
        super.init(frame: .zero)
        backgroundColor = Color(rgb: 0xf2f4f7)
        addSubview(searchBarDemo)
        addSubview(pickerDemo)
        addSubview(dropDownDemo)
    }

    public override func layoutSubviews() {
        dropDownDemo.frame = Rect(x: 40, y: 40, width: 200, height: 70)
        pickerDemo.frame = Rect(x: 40, y: 400, width: 280, height: 110)
        searchBarDemo.frame = Rect(x: 300, y: 40, width: 380, height: 200)
    }
}
