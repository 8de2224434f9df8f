import Canopy
import Foundation

/// Files dragged out of the table and into it, as a file manager's: the rows a drag takes go out
/// as their `file:` URIs (`text/uri-list`, and their paths as text); files dropped on the table
/// are copied, off the main actor, into the folder shown, or into the folder whose row they were
/// dropped on. A copy never overwrites, and what could not be copied is said in an alert.
extension FilesScreen {
    /// Has the table's rows drag out as files and take the files dropped on them.
    func wireDrags() {
        let list = table.listView
        list.dragContentForRows = { [weak self] rows in self?.dragContent(for: rows) }
        list.rowDropKinds = [.uris]
        list.validateDrop = { [weak self] _, proposal in self?.dropTarget(for: proposal) }
        list.onDrop = { [weak self] content, target in
            guard let self, case let .uris(uris) = content, let folder = self.folder(for: target) else { return false }
            self.copy(uris, into: folder)
            return true
        }
    }

    /// The entries in `rows` as their file URIs; `nil` (nothing to drag) for no entry.
    func dragContent(for rows: RowSet) -> DragContent? {
        let uris = rows.compactMap { files.entries.indices.contains($0) ? files.entries[$0].uri : nil }
        return uris.isEmpty ? nil : .uris(uris)
    }

    /// A folder's row takes a drop into it; anywhere else the folder shown takes it, which the
    /// line after the last row shows (its entries are sorted, so a gap between two means
    /// nothing).
    func dropTarget(for proposal: ListDropTarget) -> ListDropTarget {
        if proposal.position == .on, files.entries.indices.contains(proposal.row), files.entries[proposal.row].isFolder
        {
            return proposal
        }
        return ListDropTarget(row: files.entries.count, position: .before)
    }

    /// The folder a drop on `target` copies into.
    private func folder(for target: ListDropTarget) -> URL? {
        guard target.position == .on, files.entries.indices.contains(target.row) else { return history.current }
        return files.entries[target.row].url
    }

    /// Copies the files at the `file:` URIs `uris` into `folder` off the main actor, after the
    /// copies asked for before; then the table reads the folder shown again (the copies in it
    /// selected), and an alert says why any was not copied. The returned task ends when the
    /// copy is done and the folder's read has started (``finishLoading()`` waits for both).
    @discardableResult
    public func copy(_ uris: [String], into folder: URL) -> Task<Void, Never> {
        let previous = copying
        let copyFiles = copyFiles
        let task = Task { [weak self] in
            await previous?.value
            let outcome = await Task.detached { copyFiles(uris, folder) }.value
            self?.copied(outcome, into: folder)
        }
        copying = task
        return task
    }

    private func copied(_ outcome: FileCopier.Outcome, into folder: URL) {
        if outcome.copied.contains(where: \.hasDirectoryPath) {
            folders.refresh(FolderTree.node(folder), in: tree)
        }
        if !outcome.copied.isEmpty {
            let inFolderShown = folder.standardizedFileURL.path == history.current?.path
            load(selecting: inFolderShown ? Set(outcome.copied.map(\.path)) : [])
        }
        guard !outcome.failures.isEmpty, let scene = view.scene else { return }
        let count = outcome.failures.count
        let alert = Alert(
            title: count == 1 ? "Could not copy an item" : "Could not copy \(count) items",
            message: outcome.failures.map(\.reason).joined(separator: "\n"))
        alert.present(in: scene)
        copyFailureAlert = alert
    }
}
