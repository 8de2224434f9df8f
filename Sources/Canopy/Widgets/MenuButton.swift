/// A button that opens a ``Menu`` beneath itself (above it when the window has more room there),
/// at least as wide as the button.
///
/// Clicking the button, or Space or Enter on it, opens the menu, which takes the keyboard (see
/// ``Menu`` for how it is used); clicking the button again closes it. Choosing an item closes the
/// menu, gives focus back to the button and runs the item's action; Escape, Tab or a click
/// outside close it without running anything (``PopUpButton/onDismiss``).
///
/// ```swift
/// let actions = MenuButton(title: "Actions", menu: Menu(items: [
///     MenuItem("Rename…") { rename() },
///     MenuItem("Duplicate") { duplicate() },
///     .separator,
///     MenuItem("Delete", isEnabled: canDelete) { delete() },
/// ]))
/// actions.sizeToFit()
/// ```
open class MenuButton: PopUpButton {
    /// The menu the button opens.
    public let menu: Menu

    /// Creates a button titled `title` that opens `menu`.
    public init(title: String = "", menu: Menu, image: Image? = nil, font: Font? = nil, frame: Rect = .zero) {
        self.menu = menu
        super.init(popup: menu, title: title, image: image, font: font, frame: frame)
        revealDuration = 0.12
        showsIndicator = true
    }

    /// The menu's own size, at least as wide as the button.
    open override var preferredPopupSize: Size {
        let fitting = menu.fittingSize(measurer: textMeasurer, font: menu.font ?? theme.font)
        return Size(width: max(bounds.width, fitting.width), height: fitting.height)
    }

    /// Lets the menu set its items as things stand (``Menu/onWillOpen``) before it takes its size.
    open override func popupWillOpen() {
        menu.onWillOpen?(menu)
    }

    /// Opens the menu with nothing highlighted.
    open override func popupDidOpen() {
        menu.prepareToOpen()
    }
}
