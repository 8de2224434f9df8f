import Foundation

/// A small tree of folders and files to show (the screenshot) and test on: Documents with three
/// files of different sizes, Music with a folder of albums, Photos, and a file at the top.
public enum SampleFolder {
    /// Each sample file's path under the root and its size in bytes.
    public static let files: [(path: String, size: Int)] = [
        ("Documents/letter.txt", 1_200), ("Documents/budget.ods", 48_000), ("Documents/notes.md", 300),
        ("Music/Albums/Kind of Blue/So What.ogg", 9_400_000), ("Photos/harbour.jpg", 2_350_000),
        ("Read me.txt", 2_000),
    ]

    /// Writes the sample tree into a new folder Home in a new folder under `parent` and returns
    /// Home's URL; each file's
    /// date is a day apart from the next, the first the oldest.
    public static func make(in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let root = parent.appendingPathComponent("files-sample-\(UUID().uuidString)/Home").standardizedFileURL
        let manager = FileManager.default
        let start = Date(timeIntervalSince1970: 1_780_000_000)  // in June 2026
        for (index, file) in files.enumerated() {
            let url = root.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(count: file.size).write(to: url)
            try manager.setAttributes(
                [.modificationDate: start.addingTimeInterval(Double(index) * 86_400)], ofItemAtPath: url.path)
        }
        try manager.createDirectory(at: root.appendingPathComponent("Projects"), withIntermediateDirectories: true)
        return root
    }
}
