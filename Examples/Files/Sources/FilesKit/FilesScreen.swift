import Canopy
import CanopyX11
import Foundation

/// The file browser's window content, put together from Canopy's views without subclassing any:
/// a menu bar (File: Open, Rename…, Copy Path, Delete…; Go: Back, Forward, Enclosing Folder), a
/// path bar (Back, Forward and the folder's path), and a `SplitView` with the folders in an
/// `OutlineView` on one side and the folder's entries in a `TableView` on the other, a status
/// line under them.
///
/// A folder's entries are read and sorted off the main actor (``FolderReader``) and handed to the
/// table when done, so a folder of 100,000 entries leaves the window answering meanwhile; the
/// tree reads a folder's subfolders when it first opens (``FolderTree``). Each row has a context
/// menu; Rename… asks for the new name in an `Alert` with a text field, Delete… asks first in an
/// `Alert` whose Delete button is destructive. Rows drag out as files, and files dropped on the
/// table are copied into the folder (`FilesScreen+Drags.swift`).
///
/// It is not a view but owns one (``view``), as a view controller does; stacks and the split view
/// lay it out for whatever size the window has.
@MainActor public final class FilesScreen {
    /// The size the screen is designed for.
    public static let preferredSize = Size(width: 860, height: 540)

    /// The screen's root view, a column: put it in a window (``install(in:)``).
    public let view = StackView(axis: .vertical, spacing: 0)
    /// File and Go, each item's shortcut working with the menus closed.
    public let menuBar = MenuBar()
    /// Goes back to the folder shown before.
    public let backButton = Button(title: "Back")
    /// Goes forward again.
    public let forwardButton = Button(title: "Forward")
    /// The path of the folder shown.
    public let pathLabel = Label()
    /// The folders, from the root down.
    public let tree = OutlineView()
    /// The entries of the folder shown: Name, Size, Modified.
    public let table = TableView(columns: FileTable.columns)
    /// The folders beside the entries.
    public let split: SplitView
    /// "12 items", "Loading…", or what went wrong.
    public let status = Label()
    /// The tree's folders.
    public let folders: FolderTree
    /// The table's entries.
    public let files = FileTable()
    /// The folders visited, for Back and Forward.
    public private(set) var history = FolderHistory()
    /// Whether the folder shown is being read or sorted.
    public private(set) var isLoading = false
    /// The alert Rename… shows while it is up, and its name field.
    public private(set) weak var renameAlert: Alert?
    /// The alert Delete… shows while it is up.
    public private(set) weak var deleteAlert: Alert?
    /// The alert that says why files dropped on the table were not copied, while it is up.
    public internal(set) weak var copyFailureAlert: Alert?
    /// Opens a file (not a folder) chosen by a double click, Enter or Open; by default with
    /// `xdg-open`, as the desktop would.
    public var openFile: (URL) -> Void = { url in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.path]
        try? process.run()
    }

    /// Reads a folder's entries; runs off the main actor.
    private let read: @Sendable (URL) throws -> [FileEntry]
    /// Copies dropped files into a folder; runs off the main actor.
    let copyFiles: @Sendable ([String], URL) -> FileCopier.Outcome
    /// The read or sort in progress.
    private var work: Task<Void, Never>?
    /// Counts reads and sorts, so one overtaken by a newer one is dropped.
    private var generation = 0
    /// The latest copy of dropped files, which runs after those before it.
    var copying: Task<Void, Never>?

    /// Creates the screen for the folders under `root`; `read` reads a folder's entries (by
    /// default from the disk, ``FolderReader/entries(of:)``) and `copy` copies files dropped on
    /// the table into a folder (by default with ``FileCopier``).
    /// ``open(_:)`` shows a folder.
    public init(
        root: URL, read: @escaping @Sendable (URL) throws -> [FileEntry] = FolderReader.entries,
        copy: @escaping @Sendable ([String], URL) -> FileCopier.Outcome = FileCopier.copy
    ) {
        self.read = read
        copyFiles = copy
        folders = FolderTree(root: root)
        let content = StackView(
            axis: .vertical, spacing: 0, views: [Self.pathBar(backButton, forwardButton, pathLabel), table])
        split = SplitView(axis: .horizontal, panes: [tree, content])
        arrange(content)
        wire()
        wireDrags()
        showHistory()
    }

    private static func pathBar(_ back: Button, _ forward: Button, _ path: Label) -> StackView {
        path.flex = 1
        let bar = StackView(axis: .horizontal, spacing: 6, views: [back, forward, path])
        bar.layoutMargins = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
        return bar
    }

    /// The menu bar, the split view taking the height left over, and the status line.
    private func arrange(_ content: StackView) {
        view.backgroundColor = Color(rgb: 0xf4f5f7)
        tree.minimumSize = Size(width: 160, height: 0)
        tree.rowHeight = 30
        content.minimumSize = Size(width: 320, height: 0)
        table.flex = 1
        table.listView.rowHeight = 28
        table.listView.selectionMode = .multiple
        split.flex = 1
        split.backgroundColor = .white
        split.setDividerPosition(230, at: 0)
        let statusBar = StackView(axis: .horizontal, spacing: 8, views: [status])
        statusBar.layoutMargins = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
        statusBar.minimumSize = Size(width: 0, height: 26)
        status.textColor = Color(white: 0.4)
        for part in [menuBar, split, statusBar] { view.addArrangedSubview(part) }
    }

    private func wire() {
        menuBar.menus = [
            Menu(
                title: "_File",
                items: [
                    MenuItem("Open") { [weak self] in self?.openSelection() },
                    MenuItem("Rename…", shortcut: KeyboardShortcut(.function(2))) { [weak self] in
                        self?.confirmRename()
                    },
                    MenuItem("Copy Path", shortcut: KeyboardShortcut(.character("c"), modifiers: [.control, .shift])) {
                        [weak self] in self?.copyPaths()
                    },
                    .separator,
                    MenuItem("Delete…", shortcut: KeyboardShortcut(.delete)) { [weak self] in self?.confirmDelete() },
                ]),
            Menu(
                title: "_Go",
                items: [
                    MenuItem("Back", shortcut: KeyboardShortcut(.left, modifiers: .alt)) { [weak self] in
                        self?.goBack()
                    },
                    MenuItem("Forward", shortcut: KeyboardShortcut(.right, modifiers: .alt)) { [weak self] in
                        self?.goForward()
                    },
                    MenuItem("Enclosing Folder", shortcut: KeyboardShortcut(.up, modifiers: .alt)) { [weak self] in
                        self?.goUp()
                    },
                ]),
        ]
        tree.outlineDataSource = folders
        tree.expand(FolderTree.node(folders.root))
        tree.onSelectionChanged = { [weak self] row in
            guard let self, let row, let path = self.tree.node(atRow: row) as? String else { return }
            self.open(URL(fileURLWithPath: path))
        }
        folders.onRead = { [weak self] in self?.selectCurrentFolderInTree() }
        table.dataSource = files
        table.sortDescriptor = files.order
        files.onSortRequested = { [weak self] _ in self?.resort() }
        table.listView.onPrimaryAction = { [weak self] row in self?.open(row: row) }
        table.listView.onSelectedRowsChanged = { [weak self] _ in self?.showCount() }
        table.listView.contextMenuForRows = { [weak self] rows in self?.menu(for: rows) }
        backButton.onPrimaryAction = { [weak self] in self?.goBack() }
        forwardButton.onPrimaryAction = { [weak self] in self?.goForward() }
    }

    /// Puts the screen in `window`, which keeps it (its controller).
    public func install(in window: Window) {
        window.controller = self
    }

    // MARK: Going to folders

    /// Shows `folder`'s entries, read off the main actor, as the next folder in the history. The
    /// returned task ends when they are in.
    @discardableResult
    public func open(_ folder: URL) -> Task<Void, Never> {
        let folder = URL(fileURLWithPath: folder.standardizedFileURL.path, isDirectory: true)
        guard folder != history.current else { return work ?? Task {} }
        history.visit(folder)
        return showCurrentFolder()
    }

    /// Goes back to the folder shown before this one.
    @discardableResult
    public func goBack() -> Task<Void, Never>? {
        guard history.goBack() != nil else { return nil }
        return showCurrentFolder()
    }

    /// Goes forward to the folder Back left.
    @discardableResult
    public func goForward() -> Task<Void, Never>? {
        guard history.goForward() != nil else { return nil }
        return showCurrentFolder()
    }

    /// Goes to the folder holding this one, within the tree's root.
    private func goUp() {
        guard let current = history.current, current.path != folders.root.path else { return }
        open(current.deletingLastPathComponent())
    }

    /// Waits until dropped files are copied, and the folder shown and the tree are read and
    /// sorted.
    public func finishLoading() async {
        await copying?.value
        while let work, isLoading { await work.value }
        await folders.finishReading()
    }

    private func showCurrentFolder() -> Task<Void, Never> {
        showHistory()
        selectCurrentFolderInTree()
        return load(selecting: [])
    }

    /// The path bar and Back and Forward, as the history now is.
    private func showHistory() {
        pathLabel.text = history.current?.path ?? ""
        backButton.isEnabled = !history.back.isEmpty
        forwardButton.isEnabled = !history.forward.isEmpty
    }

    /// Selects the folder shown in the tree, opening the folders above it.
    private func selectCurrentFolderInTree() {
        guard let current = history.current else { return }
        var ancestor = current.deletingLastPathComponent()
        while ancestor.path.hasPrefix(folders.root.path), ancestor.path.count >= folders.root.path.count {
            tree.expand(FolderTree.node(ancestor))
            if ancestor.path == folders.root.path { break }
            ancestor = ancestor.deletingLastPathComponent()
        }
        let row = tree.row(forNode: FolderTree.node(current))
        if row != tree.selectedRow { tree.selectRow(row) }
    }

    // MARK: Reading and sorting

    /// Reads the folder shown and sorts it in the table's order, off the main actor, then shows
    /// the entries, those at the paths `selection` selected.
    @discardableResult
    func load(selecting selection: Set<String>) -> Task<Void, Never> {
        guard let folder = history.current else { return Task {} }
        let read = read
        let order = files.order
        return run(selecting: selection) {
            FolderReader.sorted(try read(folder), by: order)
        } failure: { error in
            "Could not read \(folder.path): \(error.localizedDescription)"
        }
    }

    /// Sorts the entries shown into the table's order off the main actor, keeping the selection.
    private func resort() {
        let selection = Set(selectedEntries.map(\.url.path))
        // A read in progress is overtaken: read again, into the new order.
        guard !isLoading else {
            load(selecting: selection)
            return
        }
        let entries = files.entries
        let order = files.order
        run(selecting: selection) {
            FolderReader.sorted(entries, by: order)
        } failure: { _ in
            ""
        }
    }

    /// Runs `job` off the main actor, then shows the entries it made (unless a newer job started
    /// meanwhile), those at the paths `selection` selected.
    @discardableResult
    private func run(
        selecting selection: Set<String>, _ job: @escaping @Sendable () throws -> [FileEntry],
        failure: @escaping (Error) -> String
    ) -> Task<Void, Never> {
        generation += 1
        let generation = generation
        isLoading = true
        status.text = "Loading…"
        let task = Task { [weak self] in
            let result = await Task.detached { Result { try job() } }.value
            guard let self, self.generation == generation else { return }
            self.isLoading = false
            switch result {
            case let .success(entries):
                self.show(entries, selecting: selection)
            case let .failure(error):
                self.show([], selecting: [])
                self.status.text = failure(error)
            }
        }
        work = task
        return task
    }

    private func show(_ entries: [FileEntry], selecting selection: Set<String>) {
        files.show(entries)
        table.reloadData()
        var rows = RowSet()
        if !selection.isEmpty {
            for (row, entry) in entries.enumerated() where selection.contains(entry.url.path) { rows.insert(row) }
        }
        table.listView.selectRows(rows)
        showCount()
    }

    private func showCount() {
        let count = files.entries.count
        let selected = table.listView.selectedRows.count
        status.text = (count == 1 ? "1 item" : "\(count) items") + (selected > 0 ? ", \(selected) selected" : "")
    }

    // MARK: Rows

    /// The entries selected in the table, in order.
    public var selectedEntries: [FileEntry] {
        table.listView.selectedRows.compactMap { files.entries.indices.contains($0) ? files.entries[$0] : nil }
    }

    /// Opens the entry in `row`: a folder in the table, a file with ``openFile``.
    private func open(row: Int) {
        guard files.entries.indices.contains(row) else { return }
        let entry = files.entries[row]
        if entry.isFolder { open(entry.url) } else { openFile(entry.url) }
    }

    private func openSelection() {
        guard let row = table.listView.leadRow ?? table.listView.selectedRows.first else { return }
        open(row: row)
    }

    /// Open, Copy Path, Rename… and Delete… for `rows` (the row under the pointer is selected
    /// first, so they are the selection).
    private func menu(for rows: RowSet) -> Menu? {
        guard !rows.isEmpty else { return nil }
        return Menu(items: [
            MenuItem("Open", isEnabled: rows.count == 1) { [weak self] in self?.openSelection() },
            MenuItem("Copy Path") { [weak self] in self?.copyPaths() },
            MenuItem("Rename…", isEnabled: rows.count == 1) { [weak self] in self?.confirmRename() },
            .separator,
            MenuItem("Delete…") { [weak self] in self?.confirmDelete() },
        ])
    }

    /// Puts the selected entries' paths on the clipboard, one a line.
    private func copyPaths() {
        let paths = selectedEntries.map(\.url.path)
        guard !paths.isEmpty else { return }
        view.scene?.host?.clipboard?.setText(paths.joined(separator: "\n"))
    }

    /// Asks for the selected entry's new name in an alert over the window, its name in a text
    /// field; Rename (or Enter) renames the file, Cancel (or Escape) leaves it.
    private func confirmRename() {
        guard let scene = view.scene, selectedEntries.count == 1, let entry = selectedEntries.first else { return }
        let field = TextField(text: entry.name)
        field.minimumSize = Size(width: 280, height: 0)
        let alert = Alert(
            title: "Rename “\(entry.name)”", message: "The new name:",
            buttons: [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Rename", role: .default)])
        alert.accessory = field
        alert.onResponse = { [weak self] index in
            if alert.buttons[index].role == .default { self?.rename(entry, to: field.text) }
        }
        alert.present(in: scene)
        renameAlert = alert
    }

    /// Renames `entry`'s file to `name` in the same folder, then shows the folder again, the
    /// renamed entry selected.
    private func rename(_ entry: FileEntry, to name: String) {
        guard !name.isEmpty, !name.contains("/"), name != entry.name else { return }
        let destination = entry.url.deletingLastPathComponent().appendingPathComponent(name)
        do {
            try FileManager.default.moveItem(at: entry.url, to: destination)
        } catch {
            status.text = "Could not rename “\(entry.name)”: \(error.localizedDescription)"
            return
        }
        changedFolder(selecting: [destination.path], foldersChanged: entry.isFolder)
    }

    /// Asks, in an alert over the window, whether to delete the selected entries; Delete removes
    /// them from the disk, Cancel (or Escape) keeps them.
    private func confirmDelete() {
        let entries = selectedEntries
        guard let scene = view.scene, let first = entries.first else { return }
        let alert = Alert(
            title: entries.count == 1 ? "Delete “\(first.name)”?" : "Delete \(entries.count) items?",
            message: "They are removed from the disk, folders with all they hold. This cannot be undone.",
            buttons: [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Delete", role: .destructive)])
        alert.onResponse = { [weak self] index in
            if alert.buttons[index].role == .destructive { self?.delete(entries) }
        }
        alert.present(in: scene)
        deleteAlert = alert
    }

    private func delete(_ entries: [FileEntry]) {
        for entry in entries {
            do {
                try FileManager.default.removeItem(at: entry.url)
            } catch {
                status.text = "Could not delete “\(entry.name)”: \(error.localizedDescription)"
                break
            }
        }
        changedFolder(selecting: [], foldersChanged: entries.contains(where: \.isFolder))
    }

    /// Reads the folder shown again after a change in it (and its subfolders in the tree when
    /// `foldersChanged`).
    private func changedFolder(selecting selection: Set<String>, foldersChanged: Bool) {
        if foldersChanged, let current = history.current {
            folders.refresh(FolderTree.node(current), in: tree)
        }
        load(selecting: selection)
    }
}
