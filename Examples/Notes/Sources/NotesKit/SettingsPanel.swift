import Canopy

/// The settings dialog's content: two pages in a `TabView` ("Editor": the font size and line
/// wrapping; "Appearance": the dark theme and the accent colour), each a `GridView` form, and a
/// Done button that Enter presses. Every change is handed on at once (``onChange``), so the
/// editor behind the dialog follows the slider as it moves.
@MainActor public final class SettingsPanel {
    /// The size the dialog window is opened at.
    public static let preferredSize = Size(width: 420, height: 260)

    /// The panel's root view, a column: put it in a dialog window.
    public let view = StackView(axis: .vertical, spacing: 12)
    /// The pages.
    public let tabs: TabView
    /// The editor's font size.
    public let fontSize: Slider
    /// Shows the font size, "15 pt".
    public let fontSizeLabel = Label()
    /// Whether the editor wraps lines.
    public let wrapBox: CheckBox
    /// Whether to use the dark theme (off follows the desktop's).
    public let darkSwitch: Switch
    /// The accent colour.
    public let accent = DropDown(placeholder: "Accent", items: NotesSettings.Accent.allCases.map(\.rawValue))
    /// Closes the dialog (its window sets ``onDone``); Enter presses it.
    public let doneButton = Button(title: "Done")
    /// The settings as the panel shows them.
    public private(set) var settings: NotesSettings
    /// Called with the settings after each change.
    public var onChange: ((NotesSettings) -> Void)?
    /// Called when Done is pressed.
    public var onDone: (() -> Void)?

    /// Creates the panel showing `settings`.
    public init(settings: NotesSettings) {
        self.settings = settings
        fontSize = Slider(value: settings.fontSize, in: NotesSettings.fontSizes, step: 1)
        wrapBox = CheckBox(title: "Wrap lines at the window's width", isChecked: settings.wrapsLines)
        darkSwitch = Switch(isOn: settings.prefersDarkTheme)
        accent.selectedIndex = NotesSettings.Accent.allCases.firstIndex(of: settings.accent)
        let editor = Self.form([
            (Label(text: "Font size"), StackView(axis: .horizontal, spacing: 8, views: [fontSize, fontSizeLabel])),
            (nil, wrapBox),
        ])
        let note = Label(
            text: "Off, the windows follow the desktop's light or dark theme.", themeTextColor: \.secondaryText,
            numberOfLines: 0)
        let appearance = Self.form([
            (Label(text: "Dark theme"), darkSwitch), (nil, note), (Label(text: "Accent colour"), accent),
        ])
        tabs = TabView(tabs: [
            TabView.Tab(title: "Editor", content: editor), TabView.Tab(title: "Appearance", content: appearance),
        ])
        arrange()
        wire()
    }

    /// A page: a form whose labels sit right-aligned against their controls, on white.
    private static func form(_ rows: [(Label?, View)]) -> View {
        let grid = GridView(columns: [
            GridView.Column(alignment: .trailing), GridView.Column(alignment: .fill, flex: 1),
        ])
        for (label, control) in rows { grid.addRow([label, control]) }
        let page = StackView(axis: .vertical, views: [grid])
        page.layoutMargins = EdgeInsets(all: 16)
        page.themeBackgroundColor = \.contentBackground
        return page
    }

    private func arrange() {
        view.layoutMargins = EdgeInsets(all: 16)
        view.themeBackgroundColor = \.groupedBackground
        tabs.flex = 1
        fontSize.flex = 1
        fontSizeLabel.minimumSize = Size(width: 44, height: 0)
        doneButton.role = .default
        doneButton.minimumSize = Size(width: 80, height: 0)
        let buttons = StackView(axis: .horizontal, views: [View(), doneButton])
        buttons.arrangedSubviews[0].flex = 1  // pushes Done to the trailing edge
        view.addArrangedSubview(tabs)
        view.addArrangedSubview(buttons)
        showFontSize()
    }

    private func wire() {
        fontSize.onValueChanged = { [unowned self] value in
            self.change { $0.fontSize = value }
            self.showFontSize()
        }
        wrapBox.onValueChanged = { [unowned self] wraps in self.change { $0.wrapsLines = wraps } }
        darkSwitch.onValueChanged = { [unowned self] dark in self.change { $0.prefersDarkTheme = dark } }
        accent.onValueChanged = { [unowned self] index in
            self.change { $0.accent = NotesSettings.Accent.allCases[index] }
        }
        doneButton.onPrimaryAction = { [unowned self] in self.onDone?() }
    }

    private func change(_ edit: (inout NotesSettings) -> Void) {
        edit(&settings)
        onChange?(settings)
    }

    private func showFontSize() { fontSizeLabel.text = "\(Int(settings.fontSize)) pt" }
}
