import Canopy

/// The Showcase's About box: what the app is, and an OK button. The app shows it in a dialog
/// window of its own (F1); the panel only says when the user is done with it.
@MainActor public final class AboutPanel: StackView {
    /// The size of the dialog window that shows the panel.
    public static let preferredSize = Size(width: 340, height: 170)

    /// Closes the box.
    public let okButton = Button(title: "OK")
    /// Called when the user presses OK.
    public var onDone: (() -> Void)?

    /// The seeds' page grey, or the dark theme's, again whenever the theme changes.
    public override func themeDidChange() { backgroundColor = SeedStyle.pageBackground(for: theme) }

    /// Creates the panel: a title, a line about the app, and the OK button at the trailing end.
    public init() {
        super.init(axis: .vertical, spacing: 10)
        layoutMargins = EdgeInsets(all: 20)
        let title = Label(text: "Canopy Showcase · 展示", font: .system(size: 18, weight: .bold))
        let about = Label(text: "The seed widgets, drawn with Canopy straight on X11.")
        about.numberOfLines = 0
        about.flex = 1
        okButton.appearance = .prominent
        okButton.minimumSize = Size(width: 80, height: 32)
        let space = View()
        space.flex = 1
        let buttons = StackView(axis: .horizontal, views: [space, okButton])
        for view in [title, about, buttons] { addArrangedSubview(view) }
        okButton.onPrimaryAction = { [unowned self] in self.onDone?() }
    }
}
