import Canopy
import FilesKit
import Foundation
import Testing

/// A folder's entries sorted as the table shows them.
@Suite struct FolderReaderTests {
    @Test func foldersComeFirstAndTiesAreInNameOrder() {
        let entries = [
            FileEntry(url: URL(fileURLWithPath: "/x/b.txt"), isFolder: false, size: 5),
            FileEntry(url: URL(fileURLWithPath: "/x/Zoo"), isFolder: true),
            FileEntry(url: URL(fileURLWithPath: "/x/A.txt"), isFolder: false, size: 5),
            FileEntry(url: URL(fileURLWithPath: "/x/c.txt"), isFolder: false, size: 1),
        ]
        let bySize = FolderReader.sorted(entries, by: .init(columnID: "Size", isAscending: false))
        #expect(bySize.map(\.name) == ["Zoo", "A.txt", "b.txt", "c.txt"])
    }
}
