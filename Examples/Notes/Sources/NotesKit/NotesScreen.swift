import Canopy
import CanopyX11
import Foundation

/// The notes window's content, put together from Canopy's views without subclassing any: a
/// menu bar (File: New, Delete…, Settings…; Edit: Undo, Redo, Cut, Copy, Paste, Select All,
/// Find, with their shortcuts), a toolbar (New, Delete, Settings), a `SplitView` with a search
/// field over the list of notes on one side and the selected note in a `TextView` on the other, and a status bar with the note's
/// word count and whether it is saved. Delete asks first, in an `Alert`; Settings opens a dialog
/// window (``SettingsPanel``).
///
/// The notes come from a folder (``NoteFolder``), read off the main actor (``load()``); each edit
/// restarts a one-second timer on the scene's timers, and when it fires the changed notes are
/// written (a debounce: typing without a pause writes once, a second after the last key).
///
/// It is not a view but owns one (``view``), as a view controller does; stacks and the split
/// view lay it out for whatever size the window has, and the window's minimum size comes from
/// theirs.
@MainActor public final class NotesScreen {
    /// The size the screen is designed for.
    public static let preferredSize = Size(width: 760, height: 520)
    /// How long after the last edit the changed notes are written, in seconds.
    public static let saveDelay = 1.0

    /// The screen's root view, a column: put it in a window (``install(in:)``).
    public let view = StackView(axis: .vertical, spacing: 0)
    /// File (New, Delete…, Settings…) and Edit (Undo, Redo, Cut, Copy, Paste and Select All as
    /// things stand when it opens, Find), each item's shortcut working with the menus closed.
    public let menuBar = MenuBar()
    /// Makes a new note, first in the list.
    public let newButton = Button(title: "New")
    /// Asks whether to delete the selected note.
    public let deleteButton = Button(title: "Delete…")
    /// Opens the settings dialog.
    public let settingsButton = Button(title: "Settings…")
    /// Filters the list as it is typed in.
    public let search = TextField(placeholder: "Search")
    /// The notes the search shows: title and date.
    public let list = ListView()
    /// The selected note.
    public let editor = TextView(placeholder: "Select a note, or make one with New")
    /// The list beside the editor.
    public let split: SplitView
    /// "12 words".
    public let wordCount = Label()
    /// "Saved", "Edited", "Loading…", or what went wrong.
    public let saveStatus = Label()
    /// The notes and the search.
    public let notes = NoteList()
    /// Where the notes are kept.
    public let folder: NoteFolder
    /// The settings in effect.
    public private(set) var settings = NotesSettings()
    /// The file of the note in the editor, or `nil` when it shows none.
    public private(set) var currentFile: String?
    /// The alert Delete shows while it is up.
    public private(set) weak var deleteAlert: Alert?
    /// The settings dialog's panel while it is open.
    public private(set) weak var settingsPanel: SettingsPanel?
    /// Called after a note's file is written.
    public var onSaved: ((Note) -> Void)?

    private weak var window: Window?
    private weak var settingsWindow: Window?
    /// The files of the notes changed since they were last written.
    private var unsaved: Set<String> = []
    /// The write waiting for typing to pause.
    private var pendingSave: ScheduledAction?

    /// Creates the screen for the notes in `folder`; ``load()`` reads them.
    public init(folder: NoteFolder) {
        self.folder = folder
        let sidebar = StackView(axis: .vertical, spacing: 8, views: [search, list])
        split = SplitView(axis: .horizontal, panes: [sidebar, editor])
        arrange(sidebar)
        wire()
        showCurrentNote()
    }

    /// The menu bar, the toolbar, the split view taking the height left over, and the status bar.
    private func arrange(_ sidebar: StackView) {
        view.themeBackgroundColor = \.groupedBackground
        let spacer = View()
        spacer.flex = 1
        let toolbar = StackView(
            axis: .horizontal, spacing: 8, views: [newButton, deleteButton, spacer, settingsButton])
        toolbar.layoutMargins = EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
        newButton.appearance = .prominent

        sidebar.layoutMargins = EdgeInsets(all: 8)
        sidebar.minimumSize = Size(width: 180, height: 0)
        list.flex = 1
        list.cornerRadius = 6
        editor.minimumSize = Size(width: 240, height: 0)
        editor.flex = 1
        split.flex = 1
        split.themeBackgroundColor = \.contentBackground
        split.setDividerPosition(260, at: 0)

        let gap = View()
        gap.flex = 1
        let statusBar = StackView(axis: .horizontal, spacing: 8, views: [wordCount, gap, saveStatus])
        statusBar.layoutMargins = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
        statusBar.minimumSize = Size(width: 0, height: 28)
        for label in [wordCount, saveStatus] { label.themeTextColor = \.secondaryText }
        for part in [menuBar, toolbar, split, statusBar] { view.addArrangedSubview(part) }
    }

    private func wire() {
        let control = Modifiers.control
        let find = MenuItem("Find", shortcut: KeyboardShortcut(.character("f"), modifiers: control)) { [weak self] in
            _ = self?.search.becomeFocused()
        }
        let edit = Menu(title: "_Edit", items: [find])
        // Undo, Redo, Cut, Copy, Paste and Select All as things stand when the menu opens
        // ("Undo Typing", Copy enabled while text is selected), acting on the view being edited.
        edit.onWillOpen = { [weak self] menu in
            menu.items = (self?.view.scene?.editMenuItems ?? []) + [.separator, find]
        }
        menuBar.menus = [
            Menu(
                title: "_File",
                items: [
                    MenuItem("New", shortcut: KeyboardShortcut(.character("n"), modifiers: control)) { [weak self] in
                        self?.newNote()
                    },
                    MenuItem("Delete…", shortcut: KeyboardShortcut(.delete)) { [weak self] in self?.confirmDelete() },
                    .separator,
                    MenuItem("Settings…", shortcut: KeyboardShortcut(.character(","), modifiers: control)) {
                        [weak self] in self?.openSettings()
                    },
                ]),
            edit,
            Menu(
                title: "_View",
                items: [
                    MenuItem(
                        "Text Size",
                        submenu: [
                            MenuItem("Bigger", shortcut: KeyboardShortcut(.character("="), modifiers: control)) {
                                [weak self] in self?.changeFontSize(by: 1)
                            },
                            MenuItem("Smaller", shortcut: KeyboardShortcut(.character("-"), modifiers: control)) {
                                [weak self] in self?.changeFontSize(by: -1)
                            },
                            MenuItem("Default", shortcut: KeyboardShortcut(.character("0"), modifiers: control)) {
                                [weak self] in self?.changeFontSize(by: nil)
                            },
                        ])
                ]),
        ]
        list.rowHeight = 52  // a title over its date
        list.dataSource = notes
        list.onSelectionChanged = { [weak self] row in self?.show(row) }
        search.onValueChanged = { [weak self] query in self?.filter(query) }
        editor.onValueChanged = { [weak self] in self?.editorChanged() }
        newButton.onPrimaryAction = { [weak self] in self?.newNote() }
        deleteButton.onPrimaryAction = { [weak self] in self?.confirmDelete() }
        settingsButton.onPrimaryAction = { [weak self] in self?.openSettings() }
    }

    /// Puts the screen in `window`, which keeps it (its controller) and opens its dialogs.
    public func install(in window: Window) {
        self.window = window
        window.controller = self
        apply(settings)
    }

    // MARK: Loading and saving

    /// Reads the folder's notes off the main actor, saying "Loading…" meanwhile (and what went
    /// wrong, if it fails), then lists them, newest first, and shows the first. The returned task
    /// ends when they are in.
    @discardableResult
    public func load() -> Task<Void, Never> {
        saveStatus.text = "Loading…"
        let folder = folder
        return Task { @MainActor [weak self] in
            do {
                let loaded = try await Task.detached { try folder.load() }.value
                self?.didLoad(loaded)
            } catch {
                self?.saveStatus.text = "Could not read \(folder.url.path): \(error.localizedDescription)"
            }
        }
    }

    private func didLoad(_ loaded: [Note]) {
        notes.append(loaded)
        list.reloadData()
        saveStatus.text = ""
        if currentFile == nil, let first = notes.note(atRow: 0) { select(first.fileName) }
    }

    /// Marks the note in the editor changed and writes it a second after the last edit: each
    /// edit cancels the write the one before scheduled and schedules its own.
    private func editorChanged() {
        guard let file = currentFile, var note = notes.note(file) else { return }
        note.text = editor.text
        note.modified = Date()
        notes.update(note)
        if let row = notes.row(of: file) { list.reloadRows(at: [row]) }
        unsaved.insert(file)
        saveStatus.text = "Edited"
        showWordCount()
        guard let timers = view.scene?.timers else { return }
        if let pendingSave { timers.cancel(pendingSave) }
        pendingSave = timers.schedule(after: Self.saveDelay) { [weak self] in self?.saveChanges() }
    }

    /// Writes every changed note to its file.
    private func saveChanges() {
        pendingSave = nil
        for file in unsaved.sorted() {
            guard let note = notes.note(file) else { continue }
            do {
                try folder.save(note)
                unsaved.remove(file)
                onSaved?(note)
            } catch {
                saveStatus.text = "Could not save “\(note.title)”: \(error.localizedDescription)"
                return
            }
        }
        saveStatus.text = "Saved"
    }

    // MARK: Showing notes

    /// Shows the note in list row `row` (or none) in the editor.
    private func show(_ row: Int?) {
        currentFile = row.flatMap { notes.note(atRow: $0)?.fileName }
        showCurrentNote()
    }

    /// Selects the note kept in `file` in the list and shows it.
    private func select(_ file: String) {
        list.selectRow(notes.row(of: file))
        currentFile = file
        showCurrentNote()
    }

    private func showCurrentNote() {
        let note = currentFile.flatMap(notes.note)
        editor.text = note?.text ?? ""
        editor.isEditable = note != nil
        deleteButton.isEnabled = note != nil
        showWordCount()
    }

    private func showWordCount() {
        let count = currentFile.flatMap(notes.note)?.wordCount
        wordCount.text = count.map { $0 == 1 ? "1 word" : "\($0) words" } ?? ""
    }

    /// Shows the notes that hold `query`; the note in the editor stays if it is among them,
    /// else the first of them takes its place.
    private func filter(_ query: String) {
        notes.filter(query)
        list.reloadData()
        if let file = currentFile, let row = notes.row(of: file) {
            list.selectRow(row)
        } else {
            let first = list.numberOfRows > 0 ? 0 : nil
            list.selectRow(first)
            show(first)
        }
    }

    // MARK: New and Delete

    /// Makes an empty note first in the list (clearing the search, so it shows), selects it and
    /// puts the keyboard in the editor. Its file is written once something is typed.
    private func newNote() {
        if !search.text.isEmpty {
            search.text = ""
            notes.filter("")
        }
        let note = Note(fileName: NoteFolder.newFileName())
        notes.insertFirst(note)
        list.reloadData()
        select(note.fileName)
        _ = editor.becomeFocused()
    }

    /// Asks, in an alert over the window, whether to delete the note in the editor; Delete
    /// removes its file and the note, Cancel (or Escape) keeps it.
    private func confirmDelete() {
        guard let scene = view.scene, let file = currentFile, let note = notes.note(file) else { return }
        let alert = Alert(
            title: "Delete “\(note.title)”?",
            message: "Its file is removed from the notes folder. This cannot be undone.",
            buttons: [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Delete", role: .destructive)])
        alert.onResponse = { [weak self] index in
            if alert.buttons[index].role == .destructive { self?.delete(file) }
        }
        alert.present(in: scene)
        deleteAlert = alert
    }

    /// Removes the note kept in `file` and its file; the next note takes its place.
    private func delete(_ file: String) {
        guard let row = notes.row(of: file), let note = notes.note(file) else { return }
        do {
            try folder.remove(note)
        } catch {
            saveStatus.text = "Could not delete “\(note.title)”: \(error.localizedDescription)"
            return
        }
        unsaved.remove(file)
        notes.remove(file)
        list.deleteRows(at: [row], animated: true)
        let next = notes.note(atRow: min(row, list.numberOfRows - 1))
        if let next {
            select(next.fileName)
        } else {
            list.selectRow(nil)
            show(nil)
        }
    }

    // MARK: Settings

    /// Opens the settings in a modal dialog window (Escape or Done closes it); each change
    /// applies at once.
    private func openSettings() {
        guard let window, settingsWindow == nil else { return }
        let panel = SettingsPanel(settings: settings)
        do {
            let dialog = try window.presentDialog(
                title: "Settings", size: SettingsPanel.preferredSize, rootView: panel.view)
            dialog.controller = panel
            style(dialog.scene)
            panel.onChange = { [weak self] in self?.apply($0) }
            panel.onDone = { [weak dialog] in dialog?.close() }
            settingsWindow = dialog
            settingsPanel = panel
        } catch {
            saveStatus.text = "Could not open the settings: \(error)"
        }
    }

    /// Makes the editor's text a point bigger or smaller (`points`), within the sizes the
    /// settings offer, or back to the default size (`nil`).
    private func changeFontSize(by points: Double?) {
        var changed = settings
        let size = points.map { settings.fontSize + $0 } ?? NotesSettings().fontSize
        changed.fontSize = min(max(size, NotesSettings.fontSizes.lowerBound), NotesSettings.fontSizes.upperBound)
        apply(changed)
    }

    /// Puts `settings` into effect: the editor's font and wrapping, the windows' colour scheme
    /// and accent.
    private func apply(_ settings: NotesSettings) {
        self.settings = settings
        editor.font = Font.system(size: settings.fontSize)
        editor.wrapsLines = settings.wrapsLines
        for scene in [view.scene, settingsWindow?.scene].compactMap(\.self) { style(scene) }
    }

    /// Gives `scene` the settings' look: dark when asked for, else the desktop's scheme, with the
    /// accent in both schemes' themes.
    private func style(_ scene: Scene) {
        scene.colorSchemePreference = settings.prefersDarkTheme ? .dark : .followDesktop
        scene.lightTheme.accent = settings.accent.color(for: .light)
        scene.darkTheme.accent = settings.accent.color(for: .dark)
    }
}
