import Canopy
import Foundation

/// The table's rows: the entries of the folder shown, in the order chosen by a title's click.
/// It only holds and shows them; the screen reads and sorts them off the main actor and hands
/// them over (``show(_:)``).
@MainActor public final class FileTable: TableViewDataSource {
    /// Name, Size and Modified; the name takes the width to spare.
    public static let columns = [
        TableColumn("Name", width: 260, minimumWidth: 120, flex: 1),
        TableColumn("Size", width: 100, minimumWidth: 60, alignment: .trailing),
        TableColumn("Modified", width: 160, minimumWidth: 100),
    ]

    /// The entries, in the order shown.
    public private(set) var entries: [FileEntry] = []
    /// The order the entries are in (or are being sorted into).
    public private(set) var order = TableSortDescriptor(columnID: "Name")
    /// Called when a title's click asks for another order; the screen sorts off the main actor.
    var onSortRequested: ((TableSortDescriptor) -> Void)?

    private let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    /// Creates an empty table's rows.
    public init() {}

    /// Shows `entries`, already in ``order``.
    func show(_ entries: [FileEntry]) { self.entries = entries }

    /// A size as people read it: bytes, kB, MB or GB (powers of 1,000, as GNOME shows them).
    public static func sizeText(_ size: Int) -> String {
        if size < 1_000 { return size == 1 ? "1 byte" : "\(size) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(size) / 1_000
        var unit = 0
        while value >= 1_000, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// How many entries the folder has.
    public func numberOfRows(in tableView: TableView) -> Int { entries.count }

    /// The entry's name, its size (nothing for a folder) and its date.
    public func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
        guard entries.indices.contains(row) else { return .empty }
        let entry = entries[row]
        switch Self.columns[column].id {
        case "Name": return .text(entry.name)
        case "Size": return .text(entry.isFolder ? "" : Self.sizeText(entry.size))
        default: return .text(dateFormatter.string(from: entry.modified))
        }
    }

    /// The Name column's cells: an icon (a folder or a file) before the name.
    public func makeCellView(for tableView: TableView, column: Int) -> View? {
        guard Self.columns[column].id == "Name" else { return nil }
        let name = Label()
        name.flex = 1
        let cell = StackView(axis: .horizontal, spacing: 6, views: [ImageView(image: nil), name])
        cell.alignment = .center
        return cell
    }

    /// Shows entry `row`'s icon and name in a Name cell ``makeCellView(for:column:)`` made.
    public func tableView(_ tableView: TableView, bind view: View, toRow row: Int, column: Int) {
        guard entries.indices.contains(row), let cell = view as? StackView, cell.arrangedSubviews.count == 2,
            let icon = cell.arrangedSubviews[0] as? ImageView, let name = cell.arrangedSubviews[1] as? Label
        else { return }
        let entry = entries[row]
        icon.image = entry.isFolder ? FileIcons.folder : FileIcons.file
        icon.minimumSize = Size(width: 16, height: 16)
        name.text = entry.name
    }

    /// Records the order asked for and has the screen sort the entries into it.
    public func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {
        order = descriptor
        onSortRequested?(descriptor)
    }
}
