import Canopy

/// The Gallery's table: three hundred files with a name, a size and a date, and a check box to
/// keep each; a click on a title sorts them by its column.
@MainActor public final class FileRows: TableViewDataSource {
    /// One file.
    public struct File: Hashable, Sendable {
        /// Its name.
        public var name: String
        /// Its size in bytes.
        public var size: Int
        /// The day it was last changed, as days since 1 January 2026.
        public var modified: Int
        /// Whether it is ticked to keep.
        public var isKept: Bool
    }

    /// The files, in the order shown.
    public private(set) var files: [File]
    /// Called with one line for each thing the user did ("table: kept notes-7.txt").
    var announce: (String) -> Void = { _ in }

    /// The columns the files are shown in.
    public static let columns = [
        TableColumn("Keep", width: 56, minimumWidth: 44, maximumWidth: 80, alignment: .center, isSortable: false),
        TableColumn("Name", width: 200, minimumWidth: 90, flex: 1),
        TableColumn("Size", width: 90, minimumWidth: 60, alignment: .trailing),
        TableColumn("Modified", width: 110, minimumWidth: 90),
    ]

    /// Makes three hundred files of a few kinds, named and sized from their number.
    public init() {
        let stems = ["notes", "budget", "photo", "report", "song", "map", "letter", "draft", "invoice", "poem"]
        let kinds = ["txt", "ods", "png", "pdf", "ogg", "svg", "odt", "md", "pdf", "txt"]
        files = (0..<300).map { index in
            File(
                name: "\(stems[index % 10])-\(index / 10 + 1).\(kinds[index % 10])",
                size: (index * 7_919 + 311) % 2_000_000, modified: (index * 37) % 330, isKept: index % 7 == 0)
        }
    }

    /// The file's size as people read it: bytes, KB or MB.
    public static func sizeText(_ size: Int) -> String {
        if size < 1_000 { return "\(size) B" }
        if size < 1_000_000 { return "\(size / 1_000) KB" }
        return "\(size / 100_000 / 10).\(size / 100_000 % 10) MB"
    }

    /// The day as a date of 2026 ("2026-03-14").
    public static func dateText(_ day: Int) -> String {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month = 0, rest = day
        while month < 11, rest >= lengths[month] {
            rest -= lengths[month]
            month += 1
        }
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "2026-\(twoDigits(month + 1))-\(twoDigits(rest + 1))"
    }

    /// Three hundred.
    public func numberOfRows(in tableView: TableView) -> Int { files.count }

    /// The check box, the name, the size and the date of file `row`.
    public func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
        let file = files[row]
        switch Self.columns[column].id {
        case "Keep": return .checkBox(file.isKept)
        case "Name": return .text(file.name)
        case "Size": return .text(Self.sizeText(file.size))
        default: return .text(Self.dateText(file.modified))
        }
    }

    /// Sorts the files by the column's value (names by their text, sizes and dates by number),
    /// the selection staying on the files it was on.
    public func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {
        let order = files.indices.sorted { a, b in
            let (first, second) = descriptor.isAscending ? (files[a], files[b]) : (files[b], files[a])
            switch descriptor.columnID {
            case "Size": return first.size < second.size
            case "Modified": return first.modified < second.modified
            default: return first.name < second.name
            }
        }
        files = order.map { files[$0] }
        tableView.listView.reorderRows(order)
        announce("table: by \(descriptor.columnID) \(descriptor.isAscending ? "ascending" : "descending")")
    }

    /// Keeps or lets go of file `row`.
    public func tableView(_ tableView: TableView, setChecked isChecked: Bool, row: Int, column: Int) {
        files[row].isKept = isChecked
        announce("table: \(isChecked ? "kept" : "let go of") \(files[row].name)")
    }
}
