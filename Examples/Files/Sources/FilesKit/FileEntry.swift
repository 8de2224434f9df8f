import Canopy
import Foundation

/// One entry of a folder as the table shows it: where it is, whether it is a folder, its size in
/// bytes and when it last changed.
public struct FileEntry: Hashable, Sendable {
    /// The entry's file URL.
    public var url: URL
    /// Whether it is a folder (a symbolic link to one counts).
    public var isFolder: Bool
    /// Its size in bytes (0 for a folder).
    public var size: Int
    /// When its content last changed.
    public var modified: Date

    /// Describes an entry.
    public init(url: URL, isFolder: Bool, size: Int = 0, modified: Date = .distantPast) {
        self.url = url
        self.isFolder = isFolder
        self.size = size
        self.modified = modified
    }

    /// The entry's file name.
    public var name: String { url.lastPathComponent }

    /// Its `file:` URI, percent-encoded, as a drag out of the table carries it.
    public var uri: String { DragContent.fileURI(forPath: url.path) }
}
