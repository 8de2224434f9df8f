import Foundation

/// The folder the notes are kept in, one plain-text file (UTF-8, ending in `.txt`) a note.
public struct NoteFolder: Sendable {
    /// Where the folder is.
    public let url: URL

    /// The folder at `url`.
    public init(url: URL) { self.url = url }

    /// The folder named by the first of `arguments` (a path), else by the environment's
    /// `NOTES_DIR`, else `canopy-notes` under `XDG_DATA_HOME` (by default `~/.local/share`).
    public static func location(arguments: [String], environment: [String: String]) -> URL {
        if let path = arguments.first { return URL(fileURLWithPath: path, isDirectory: true) }
        if let path = environment["NOTES_DIR"], !path.isEmpty { return URL(fileURLWithPath: path, isDirectory: true) }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
            .appendingPathComponent(".local/share", isDirectory: true)
        return data.appendingPathComponent("canopy-notes", isDirectory: true)
    }

    /// Reads every `.txt` file in the folder as a note, newest first; a folder that is not
    /// there yet holds no notes. Meant to be called off the main actor: it reads the disk.
    public func load() throws -> [Note] {
        let manager = FileManager.default
        guard manager.fileExists(atPath: url.path) else { return [] }
        let files = try manager.contentsOfDirectory(
            at: url, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles])
        let notes = try files.filter { $0.pathExtension == "txt" }.map { file in
            let modified = try file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
            return Note(
                fileName: file.lastPathComponent, text: try String(contentsOf: file, encoding: .utf8),
                modified: modified ?? Date(timeIntervalSince1970: 0))
        }
        return notes.sorted { $0.modified > $1.modified }
    }

    /// Writes `note` to its file, making the folder first if need be.
    public func save(_ note: Note) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try note.text.write(to: file(of: note), atomically: true, encoding: .utf8)
    }

    /// Removes `note`'s file; a note never saved has none, which is no error.
    public func remove(_ note: Note) throws {
        let file = file(of: note)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }

    /// The file `note` is kept in.
    public func file(of note: Note) -> URL { url.appendingPathComponent(note.fileName, isDirectory: false) }

    /// A file name no note has yet.
    public static func newFileName() -> String { "note-\(UUID().uuidString.lowercased()).txt" }
}
