import Canopy
import Foundation

/// Reads folders and sorts their entries: plain Foundation, free of any actor, so the screen runs
/// it off the main actor and the window keeps answering while a folder of 100,000 entries is read.
public enum FolderReader {
    /// The entries of the folder at `url`, hidden ones left out, in the order the disk gives them.
    public static func entries(of url: URL) throws -> [FileEntry] {
        let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey, .contentModificationDateKey]
        let urls = try FileManager.default.contentsOfDirectory(
            at: url, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        return urls.map { entry in
            let values = try? entry.resourceValues(forKeys: Set(keys))
            let isFolder = values?.isDirectory ?? false
            return FileEntry(
                url: entry, isFolder: isFolder, size: isFolder ? 0 : values?.fileSize ?? 0,
                modified: values?.contentModificationDate ?? .distantPast)
        }
    }

    /// The folders inside the folder at `url`, by name.
    public static func subfolders(of url: URL) throws -> [URL] {
        sorted(try entries(of: url).filter(\.isFolder), by: TableSortDescriptor(columnID: "Name")).map(\.url)
    }

    /// `entries` in `order` (a column id of ``FileTable/columns`` and a direction), folders first
    /// whichever the column; entries that tie are in name order, whichever the direction.
    public static func sorted(_ entries: [FileEntry], by order: TableSortDescriptor) -> [FileEntry] {
        // Each name folded once, not at every comparison: a sort of 100,000 makes ~1.7 million.
        let keyed = entries.map { (entry: $0, name: $0.name.lowercased()) }
        return keyed.sorted { a, b in
            if a.entry.isFolder != b.entry.isFolder { return a.entry.isFolder }
            let (first, second) = order.isAscending ? (a, b) : (b, a)
            switch order.columnID {
            case "Size" where first.entry.size != second.entry.size:
                return first.entry.size < second.entry.size
            case "Modified" where first.entry.modified != second.entry.modified:
                return first.entry.modified < second.entry.modified
            case "Name" where first.name != second.name:
                return first.name < second.name
            default:  // a tie, or names that differ only in case
                return a.name == b.name ? a.entry.name < b.entry.name : a.name < b.name
            }
        }.map(\.entry)
    }
}
