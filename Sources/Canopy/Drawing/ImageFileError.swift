/// An image file could not be read or written; the description names the file and says why.
public struct ImageFileError: Error, CustomStringConvertible, Equatable {
    /// The file.
    public let path: String
    /// What went wrong with it.
    public let reason: String

    /// Creates an error about `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "path: reason".
    public var description: String { "\(path): \(reason)" }
}
