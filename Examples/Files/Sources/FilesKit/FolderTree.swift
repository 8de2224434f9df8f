import Canopy
import Foundation

/// The outline's tree of folders under a root: a folder's subfolders are read off the main actor
/// the first time it opens (it shows open and empty meanwhile), then the outline reloads with them.
/// Each node is a folder's path.
@MainActor public final class FolderTree: OutlineViewDataSource {
    /// The folder at the top of the tree.
    public let root: URL
    /// Called on the main actor after a folder's subfolders came in and the outline reloaded.
    var onRead: (() -> Void)?

    /// The subfolders read so far, by the path of their folder.
    private var subfolders: [String: [String]] = [:]
    /// The reads in progress, by the path of the folder read.
    private var reads: [String: Task<Void, Never>] = [:]

    /// A tree of the folders under `root`.
    public init(root: URL) { self.root = root.standardizedFileURL }

    /// The node of the folder at `url`.
    public static func node(_ url: URL) -> String { url.standardizedFileURL.path }

    /// Reads the subfolders of the folder at `path` again (after a rename or a delete in it),
    /// if they were read before.
    func refresh(_ path: String, in outline: OutlineView) {
        guard subfolders[path] != nil else { return }
        read(path, in: outline)
    }

    /// Waits until no read is in progress.
    public func finishReading() async {
        while let read = reads.values.first { await read.value }
    }

    private func read(_ path: String, in outline: OutlineView) {
        guard reads[path] == nil else { return }
        reads[path] = Task { [weak self, weak outline] in
            let folders = await Task.detached { (try? FolderReader.subfolders(of: URL(fileURLWithPath: path))) ?? [] }
                .value
            guard let self else { return }
            self.reads[path] = nil
            self.subfolders[path] = folders.map(Self.node)
            outline?.reloadData()
            self.onRead?()
        }
    }

    /// One top-level node, the root; a folder's subfolders once read (none yet, starting the read,
    /// before).
    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
        guard let path = node as? String else { return 1 }
        guard let children = subfolders[path] else {
            read(path, in: outlineView)
            return 0
        }
        return children.count
    }

    /// The root, or subfolder `index` of `node`.
    public func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
        guard let path = node as? String else { return Self.node(root) }
        return subfolders[path]?[index] ?? path
    }

    /// Every folder can open (whether it holds folders is known once it has).
    public func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool { true }

    /// The folder's name ("/" for the file system's root).
    public func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow {
        ListRow(URL(fileURLWithPath: node as? String ?? "/").lastPathComponent)
    }
}
