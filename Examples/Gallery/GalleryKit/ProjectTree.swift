import Canopy

/// The Gallery's "Tree table": a project's folders and files under Name, Size and Modified, as a
/// file manager's list view shows them; folders open in place (their entries listed only then),
/// and a click on a title sorts the entries of every folder by its column.
@MainActor public final class ProjectTree: OutlineTableDataSource {
    /// One file or folder.
    private struct Entry {
        var name: String
        /// In bytes: a folder's is what it holds.
        var size: Int
        /// As days since 1 January 2026: a folder's is its latest entry's.
        var modified: Int
    }

    /// The columns the entries are shown in.
    public static let columns = [
        TableColumn("Name", width: 240, minimumWidth: 120, flex: 1),
        TableColumn("Size", width: 90, minimumWidth: 60, alignment: .trailing),
        TableColumn("Modified", width: 110, minimumWidth: 90),
    ]

    /// Each folder's entries (by path; "" is the top), in the order shown.
    private var folders: [String: [String]] = [
        "": ["Sources", "Tests", "Docs", "Package.swift", "README.md", "CHANGELOG.md"],
        "Sources": ["Sources/Canopy", "Sources/CanopyX11"],
        "Sources/Canopy": ["Widgets", "View.swift", "Scene.swift", "Theme.swift"].map { "Sources/Canopy/\($0)" },
        "Sources/Canopy/Widgets": ["TableView.swift", "OutlineView.swift", "ListView.swift", "Button.swift"].map {
            "Sources/Canopy/Widgets/\($0)"
        },
        "Sources/CanopyX11": ["Window.swift", "Connection.swift", "Keyboard.swift"].map { "Sources/CanopyX11/\($0)" },
        "Tests": ["TreeTableTests.swift", "ListViewTests.swift", "TableViewTests.swift"].map { "Tests/\($0)" },
        "Docs": ["Docs/Guide.md", "Docs/screenshots"],
        "Docs/screenshots": (1...120).map { "Docs/screenshots/shot-\($0).png" },
    ]
    /// Every entry's name, size and date, by path.
    private var entries: [String: Entry] = [:]
    /// Called with one line for each thing the user did ("tree table: by Size ascending").
    var announce: (String) -> Void = { _ in }

    /// Makes up each file's size and date from its path, and sums them up the folders.
    public init() {
        _ = entry("")
    }

    /// The entry at `path`, made (with those below it) the first time it is asked for.
    @discardableResult
    private func entry(_ path: String) -> Entry {
        if let known = entries[path] { return known }
        let name = String(path.split(separator: "/").last ?? "")
        let made: Entry
        if let inside = folders[path] {
            let below = inside.map(entry)
            made = Entry(
                name: name, size: below.map(\.size).reduce(0, +), modified: below.map(\.modified).max() ?? 0)
        } else {
            let seed = path.unicodeScalars.reduce(7) { ($0 &* 31 &+ Int($1.value)) % 1_000_003 }
            made = Entry(name: name, size: seed % 90_000 + 200, modified: seed % 330)
        }
        entries[path] = made
        return made
    }

    /// How many entries the folder at `node` holds (the top, for `nil`).
    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
        folders[node as? String ?? ""]?.count ?? 0
    }

    /// Entry `index` of the folder at `node`, in the sort order.
    public func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
        folders[node as? String ?? ""]?[index] ?? ""
    }

    /// Folders open; files do not.
    public func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool {
        folders[node as? String ?? ""] != nil
    }

    /// The entry's name, size and date.
    public func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
        guard let path = tableView.node(atRow: row) as? String else { return .empty }
        let entry = entry(path)
        switch Self.columns[column].id {
        case "Name": return .text(entry.name)
        case "Size": return .text(FileRows.sizeText(entry.size))
        default: return .text(FileRows.dateText(entry.modified))
        }
    }

    /// Sorts each folder's entries by the column's value (names by their text, sizes and dates by
    /// number); open folders stay open and the selection on its entries.
    public func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {
        for (folder, inside) in folders {
            folders[folder] = inside.sorted { a, b in
                let (first, second) = descriptor.isAscending ? (entry(a), entry(b)) : (entry(b), entry(a))
                switch descriptor.columnID {
                case "Size": return (first.size, first.name) < (second.size, second.name)
                case "Modified": return (first.modified, first.name) < (second.modified, second.name)
                default: return first.name < second.name
                }
            }
        }
        announce("tree table: by \(descriptor.columnID) \(descriptor.isAscending ? "ascending" : "descending")")
    }
}
