import Canopy

/// The Showcase window's content: one demo per seed widget, laid out with stacks so none
/// overlaps another when closed, at any window size (a small window scrolls). The scene's
/// presentation layer keeps one pop-up open at a time.
///
/// In a wide window the drop-down and the search bar stand side by side, the picker below; in a
/// narrow one all three stand in a column. The first row keeps room under the drop-down's button
/// for its 200-point list.
@MainActor public final class ShowcaseView: View {
    /// The window size the demos are laid out for (large enough for the picker's frame).
    public static let preferredSize = Size(width: 720, height: 760)
    /// The smallest the showcase is given (its window no smaller): it scrolls below its preferred size.
    public static let smallestSize = Size(width: 360, height: 300)
    /// Below this width the first row becomes a column.
    public static let narrowWidth = 660.0

    /// Seed 000: the drop-down list under a button.
    public let dropDownDemo: DropDownDemo
    /// Seed 004: the modal picker.
    public let pickerDemo: PickerDemo
    /// Seed 001: the search bar with its type panel.
    public let searchBarDemo: SearchBarDemo

    private let firstRow: StackView
    private let scroller: ScrollView

    /// Creates the content; `announce` receives one line per user-visible outcome.
    public init(announce: @escaping (String) -> Void) {
        dropDownDemo = DropDownDemo(announce: announce)
        pickerDemo = PickerDemo(announce: announce)
        searchBarDemo = SearchBarDemo(announce: announce)
        searchBarDemo.flex = 1
        firstRow = StackView(axis: .horizontal, spacing: 60, views: [dropDownDemo, searchBarDemo])
        firstRow.alignment = .leading
        firstRow.minimumSize = Size(width: 0, height: 320)  // the drop-down's list drops into it
        let column = StackView(axis: .vertical, spacing: 40, views: [firstRow, pickerDemo])
        column.layoutMargins = EdgeInsets(all: 40)
        scroller = ScrollView(content: column)
        super.init(frame: .zero)
        minimumSize = Self.smallestSize
        addSubview(scroller)
    }

    /// The seeds' page grey, or the dark theme's, again whenever the theme changes.
    public override func themeDidChange() { backgroundColor = SeedStyle.pageBackground(for: theme) }

    public override func layoutSubviews() {
        scroller.frame = bounds
        let narrow = bounds.width < Self.narrowWidth
        firstRow.axis = narrow ? .vertical : .horizontal
        firstRow.spacing = narrow ? 24 : 60
        firstRow.alignment = narrow ? .fill : .leading
    }
}
