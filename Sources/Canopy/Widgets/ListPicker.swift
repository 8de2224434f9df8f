/// A list presented modally over a dimmed window, as the seed's `SelectViewController`: choosing
/// a row (a click, or arrows and Enter) calls ``onPrimaryAction`` and dismisses the picker; the
/// backdrop and Escape dismiss it without a choice (``onDismiss``).
///
/// The list is centred in the window, as tall as its rows where there is room; ``placement``
/// puts it elsewhere.
@MainActor public final class ListPicker {
    /// The list.
    public let list = ListView()
    /// Called with the index of the row the user chose.
    public var onPrimaryAction: ((Int) -> Void)?
    /// Called after the user dismissed the picker without a choice.
    public var onDismiss: ((Presentation.DismissalReason) -> Void)?
    /// Where the list sits in a window of the given size; `nil` centres it (at most
    /// ``preferredWidth`` wide, with ``margin`` kept to the window's edges).
    public var placement: (@MainActor (Size) -> Rect)?
    /// The widest the centred list grows.
    public var preferredWidth = 360.0
    /// The least space kept between the centred list and the window's edges.
    public var margin = 24.0
    /// How long the fade in and out takes, in seconds.
    public var fadeDuration = 0.25
    /// What the picker asks ("Pick a number"): the name screen readers hear for its dialog, as
    /// for a dialog window's title; empty by default. Given when it is presented.
    public var title = ""

    /// The rows' texts.
    public private(set) var items: [String]
    private let rows: TextListDataSource
    /// The picker's presentation while the scene holds it (which keeps the picker alive).
    private weak var presentation: Presentation?

    /// Creates a picker of `items`.
    public init(items: [String]) {
        self.items = items
        rows = TextListDataSource(items)
        list.cornerRadius = Theme.standard.popupCornerRadius
        list.showsFocusRing = false  // the selected row shows where the keyboard is
        list.activatesOnSingleClick = true
        list.dataSource = rows
        list.onPrimaryAction = { [weak self] row in self?.choose(row) }
    }

    /// How every item's row looks (its text is replaced by the item); a `nil` font or colour
    /// follows the theme.
    public var rowStyle: ListRow {
        get { rows.style }
        set {
            rows.style = newValue
            list.reloadData()
        }
    }

    /// Whether the picker is presented (or appearing).
    public var isPresented: Bool { presentation?.isPresented == true }

    /// Presents the picker over `scene`'s window; focus moves to the list. The scene keeps the
    /// picker alive while it is up.
    public func present(in scene: Scene) {
        guard !isPresented else { return }
        // The placement holds the picker: while the scene shows it, the picker lives, even if
        // nobody else keeps it.
        let presentation = scene.present(
            list, style: .modal(), transition: .fade(duration: fadeDuration),
            placement: { size in self.frame(in: size) })
        presentation.onDismiss = { [weak self] reason in self?.onDismiss?(reason) }
        presentation.accessibilityTitle = title
        self.presentation = presentation
    }

    /// Dismisses the picker without calling ``onDismiss``.
    public func dismiss() {
        presentation?.dismiss()
    }

    private func frame(in size: Size) -> Rect {
        if let placement { return placement(size) }
        let width = max(0, min(preferredWidth, size.width - 2 * margin))
        let height = max(0, min(Double(items.count) * list.rowHeight, size.height - 2 * margin))
        return Rect(
            x: ((size.width - width) / 2).rounded(), y: ((size.height - height) / 2).rounded(), width: width,
            height: height)
    }

    private func choose(_ row: Int) {
        guard isPresented, items.indices.contains(row) else { return }
        dismiss()
        onPrimaryAction?(row)
    }
}
