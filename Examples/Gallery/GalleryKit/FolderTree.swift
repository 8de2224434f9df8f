import Canopy

/// The Gallery's "Tree": a generated hierarchy of folders and files, made up as it opens (each
/// node is a short string naming its place, so nothing is stored): Documents with letters and
/// reports by year, Photos with ten thousand pictures, and Nested, a folder inside a folder two
/// thousand levels deep.
@MainActor public final class FolderTree: OutlineViewDataSource {
    /// How many pictures Photos holds.
    public static let photoCount = 10_000
    /// How deep Nested goes.
    public static let nestingDepth = 2_000

    /// Creates the tree.
    public init() {}

    /// The nodes inside the folder `node` ("" for the top). Documents' entries are paths; a
    /// photo is "Photos/<number>"; Nested's folder at depth `n` is "Nested/<n>", its note
    /// "Nested/<n>.txt", so no node's name grows with its depth.
    private func children(of node: String) -> [String] {
        switch node {
        case "": return ["Documents", "Photos", "Nested", "Read me.txt"]
        case "Documents": return ["Documents/Letters", "Documents/Reports"]
        case "Documents/Letters": return ["To Ada.txt", "To Charles.txt", "To the bank.txt"].map { "\(node)/\($0)" }
        case "Documents/Reports": return ["2024", "2025"].map { "\(node)/\($0)" }
        case "Nested": return ["Nested/1", "Nested/1.txt"]
        default:
            if node.hasPrefix("Documents/Reports/") { return (1...4).map { "\(node)/Quarter \($0).pdf" } }
            guard let depth = nestedDepth(of: node), depth < Self.nestingDepth else { return [] }
            return ["Nested/\(depth + 1)", "Nested/\(depth + 1).txt"]
        }
    }

    /// The depth of Nested's folder `node`, if it is one.
    private func nestedDepth(of node: String) -> Int? {
        guard node.hasPrefix("Nested/") else { return nil }
        return Int(node.dropFirst("Nested/".count))
    }

    /// Whether `node` is a folder (a name without an extension; a photo is a file).
    private func isFolder(_ node: String) -> Bool {
        !node.contains(".") && !node.hasPrefix("Photos/")
    }

    /// How many entries the folder at `node` holds (the top, for `nil`).
    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
        let node = node as? String ?? ""
        return node == "Photos" ? Self.photoCount : children(of: node).count
    }

    /// Entry `index` of the folder at `node`.
    public func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
        let node = node as? String ?? ""
        return node == "Photos" ? "Photos/\(index + 1)" : children(of: node)[index]
    }

    /// Folders open; files do not.
    public func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool {
        isFolder(node as? String ?? "")
    }

    /// The entry's name, with a folder's item count or a file's kind at the end.
    public func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow {
        let node = node as? String ?? ""
        let name: String
        if node.hasPrefix("Photos/") {
            name = "Photo \(node.dropFirst("Photos/".count)).jpg"
        } else if node.hasPrefix("Nested/") {
            let level = node.dropFirst("Nested/".count)
            name = level.hasSuffix(".txt") ? "Notes \(level)" : "Level \(level)"
        } else {
            name = String(node.split(separator: "/").last ?? "")
        }
        guard isFolder(node) else { return ListRow(name, secondaryText: String(name.split(separator: ".").last ?? "")) }
        let count = self.outlineView(outlineView, numberOfChildrenOf: node)
        return ListRow(name, secondaryText: "\(count) item\(count == 1 ? "" : "s")")
    }
}
