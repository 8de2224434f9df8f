import Canopy

/// A clipboard in memory: what is set on it is there to paste at once, as within one program.
@MainActor public final class MemoryClipboard: Clipboard {
    /// The text on the clipboard, or `nil` when nothing was put there.
    public var text: String?

    /// Creates a clipboard holding `text`.
    public init(text: String? = nil) { self.text = text }

    /// Puts `text` on the clipboard.
    public func setText(_ text: String) { self.text = text }

    /// Answers with the text on the clipboard, at once.
    public func requestText(_ completion: @escaping (String?) -> Void) { completion(text) }

    /// Empties the clipboard if it still holds `text`.
    public func release(_ text: String) { if self.text == text { self.text = nil } }
}
