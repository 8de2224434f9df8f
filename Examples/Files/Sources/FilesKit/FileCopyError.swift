/// Why a file dropped on the browser was not copied into the folder.
public enum FileCopyError: Error, Equatable, Sendable {
    /// The URI is not a local file's (`https:`, or another host's `file:`).
    case notAFile(uri: String)
    /// No file is at the URI's path.
    case missing(name: String)
    /// The file cannot be read.
    case unreadable(name: String)
    /// The folder has an entry of that name already, which is kept.
    case exists(name: String)
    /// A folder dropped into itself, or into a folder inside it.
    case intoItself(name: String)
    /// The copy itself failed, for `reason`.
    case failed(name: String, reason: String)

    /// What went wrong, as a sentence for the alert.
    public var reason: String {
        switch self {
        case let .notAFile(uri): "“\(uri)” is not a file on this computer."
        case let .missing(name): "“\(name)” is no longer there."
        case let .unreadable(name): "“\(name)” cannot be read."
        case let .exists(name): "“\(name)” is already in this folder."
        case let .intoItself(name): "“\(name)” cannot be copied into itself."
        case let .failed(name, reason): "“\(name)” could not be copied: \(reason)"
        }
    }
}
