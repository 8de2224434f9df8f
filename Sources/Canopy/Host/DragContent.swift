/// What a drag carries, onto a view or out of one: text, or a list of URIs (files from a file
/// manager or for one, links from a browser).
public enum DragContent: Equatable, Sendable {
    /// Plain text.
    case text(String)
    /// URIs, in the order the source gave them.
    case uris([String])

    /// The kind of content this is.
    public var kind: DropKinds {
        switch self {
        case .text: .text
        case .uris: .uris
        }
    }

    /// The content as text to insert: the text itself, or the URIs one a line (a path may hold
    /// spaces), a local file's URI as its path (`file:///tmp/a%20b` reads `/tmp/a b`).
    public var plainText: String {
        switch self {
        case let .text(text): text
        case let .uris(uris): uris.map { Self.filePath(ofURI: $0) ?? $0 }.joined(separator: "\n")
        }
    }

    /// The content as a `text/uri-list` (RFC 2483): each URI on a line of its own, ended by
    /// CRLF; `nil` for text.
    public var uriList: String? {
        guard case let .uris(uris) = self else { return nil }
        return uris.map { $0 + "\r\n" }.joined()
    }

    /// The URIs of a `text/uri-list` (RFC 2483): one a line, lines starting with `#` are
    /// comments, blank lines are skipped, line ends may be CRLF or LF.
    public static func uris(fromURIList list: String) -> DragContent {
        let lines = list.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        return .uris(
            lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    fileprivate func trimmingWhitespace() -> String {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
