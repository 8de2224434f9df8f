import Canopy

/// The Gallery's "Tree": a generated hierarchy of folders and files, made up as it opens (each
/// node is its path, so nothing is stored): Documents with letters and reports by year, Photos
/// with ten thousand pictures, and Nested, a folder inside a folder two thousand levels deep.
@MainActor public final class FolderTree: OutlineViewDataSource {
    /// How many pictures Photos holds.
    public static let photoCount = 10_000
    /// How deep Nested goes.
    public static let nestingDepth = 2_000

    /// Creates the tree.
    public init() {}

    /// The children of the folder at `path` ("" for the top): names, not paths.
    private func childNames(of path: String) -> [String] {
        let parts = path.split(separator: "/")
        switch parts.first {
        case nil: return ["Documents", "Photos", "Nested", "Read me.txt"]
        case "Documents":
            switch parts.count {
            case 1: return ["Letters", "Reports"]
            case 2 where parts[1] == "Letters": return ["To Ada.txt", "To Charles.txt", "To the bank.txt"]
            case 2: return ["2024", "2025"]
            default: return (1...4).map { "Quarter \($0).pdf" }
            }
        case "Photos": return []  // counted and named by number, not listed
        default:
            return parts.count <= Self.nestingDepth ? ["Level \(parts.count)", "Notes \(parts.count).txt"] : []
        }
    }

    /// Whether `path` names a folder (a name without an extension).
    private func isFolder(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return !name.contains(".")
    }

    /// How many entries the folder at `node` holds (the top, for `nil`).
    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
        let path = node as? String ?? ""
        return path == "Photos" ? Self.photoCount : childNames(of: path).count
    }

    /// The path of entry `index` of the folder at `node`.
    public func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
        let path = node as? String ?? ""
        let name = path == "Photos" ? "Photo \(index + 1).jpg" : childNames(of: path)[index]
        return path.isEmpty ? name : "\(path)/\(name)"
    }

    /// Folders open; files do not.
    public func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool {
        isFolder(node as? String ?? "")
    }

    /// The entry's name, with a folder's item count or a file's kind at the end.
    public func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow {
        let path = node as? String ?? ""
        let name = String(path.split(separator: "/").last ?? "")
        guard isFolder(path) else { return ListRow(name, secondaryText: String(name.split(separator: ".").last ?? "")) }
        let count = self.outlineView(outlineView, numberOfChildrenOf: path)
        return ListRow(name, secondaryText: "\(count) item\(count == 1 ? "" : "s")")
    }
}
