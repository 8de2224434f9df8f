import Canopy
import Foundation

/// Copies files dropped on the browser into a folder: plain Foundation, free of any actor, so the
/// screen runs it off the main actor. It never overwrites: a name taken in the folder is a
/// failure, and the file dropped stays where it was.
public enum FileCopier {
    /// What copying a drop did: the copies made, in the order dropped, and why the others were
    /// not made. Files already in the folder (its own rows dropped back on it), and the folder
    /// itself, are in neither.
    public struct Outcome: Equatable, Sendable {
        /// The copies made, in the folder.
        public var copied: [URL] = []
        /// Why each of the others was not copied, in the order dropped.
        public var failures: [FileCopyError] = []

        /// Nothing copied, nothing failed.
        public init() {}
    }

    /// Copies the files (or folders, with all they hold) at the `file:` URIs `uris` into
    /// `folder`, each under its own name.
    public static func copy(_ uris: [String], into folder: URL) -> Outcome {
        var outcome = Outcome()
        for uri in uris {
            do {
                if let copy = try copy(uri, into: folder) { outcome.copied.append(copy) }
            } catch {
                outcome.failures.append(error)
            }
        }
        return outcome
    }

    /// Copies the file at `uri` into `folder` and returns the copy (a folder's URL has a
    /// directory path); `nil` when the file is in `folder` already, or is `folder` (a folder's
    /// row dropped on itself), which leaves it as it is.
    public static func copy(_ uri: String, into folder: URL) throws(FileCopyError) -> URL? {
        guard let path = DragContent.filePath(ofURI: uri) else { throw .notAFile(uri: uri) }
        let source = URL(fileURLWithPath: path).standardizedFileURL
        let target = folder.standardizedFileURL
        let name = source.lastPathComponent
        guard source.deletingLastPathComponent().path != target.path, source.path != target.path else { return nil }
        let inside = source.path.hasSuffix("/") ? source.path : source.path + "/"
        guard target.path != source.path, !target.path.hasPrefix(inside) else { throw .intoItself(name: name) }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: source.path, isDirectory: &isFolder) else { throw .missing(name: name) }
        guard manager.isReadableFile(atPath: source.path) else { throw .unreadable(name: name) }
        let destination = target.appendingPathComponent(name, isDirectory: isFolder.boolValue)
        guard !manager.fileExists(atPath: destination.path) else { throw .exists(name: name) }
        do {
            try manager.copyItem(at: source, to: destination)
        } catch {
            throw .failed(name: name, reason: error.localizedDescription)
        }
        return destination
    }
}
