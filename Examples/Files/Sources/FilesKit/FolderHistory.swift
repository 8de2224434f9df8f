import Foundation

/// The folders visited, as a browser's Back and Forward go through them: visiting a folder forgets
/// the ones Back had left ahead.
public struct FolderHistory: Sendable, Equatable {
    /// The folders before the current one, the latest last.
    public private(set) var back: [URL] = []
    /// The folder shown, if any.
    public private(set) var current: URL?
    /// The folders Back left, the nearest last.
    public private(set) var forward: [URL] = []

    /// An empty history.
    public init() {}

    /// Makes `folder` current, the one before it the first to go back to; a visit of the current
    /// folder changes nothing.
    public mutating func visit(_ folder: URL) {
        guard folder != current else { return }
        if let current { back.append(current) }
        current = folder
        forward = []
    }

    /// Goes back a folder and returns it, or `nil` at the start.
    public mutating func goBack() -> URL? {
        guard let previous = back.popLast() else { return nil }
        if let current { forward.append(current) }
        current = previous
        return previous
    }

    /// Goes forward a folder and returns it, or `nil` at the end.
    public mutating func goForward() -> URL? {
        guard let next = forward.popLast() else { return nil }
        if let current { back.append(current) }
        current = next
        return next
    }
}
