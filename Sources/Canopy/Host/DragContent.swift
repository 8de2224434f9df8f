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

    /// The content as text to insert: the text itself, or the URIs separated by spaces, a
    /// local file's URI as its path (`file:///tmp/a%20b` reads `/tmp/a b`).
    public var plainText: String {
        switch self {
        case let .text(text): text
        case let .uris(uris): uris.map { Self.filePath(ofURI: $0) ?? $0 }.joined(separator: " ")
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

    /// The path of a `file:` URI on this machine (`file:///p` or `file://localhost/p`), its
    /// percent escapes decoded; `nil` for other URIs, other hosts' files and escapes that are not
    /// UTF-8.
    public static func filePath(ofURI uri: String) -> String? {
        let scheme = "file://"
        guard uri.lowercased().hasPrefix(scheme) else { return nil }
        var rest = Substring(uri.dropFirst(scheme.count))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        return percentDecoded(rest)
    }

    /// `text` with each `%XX` replaced by its byte; `nil` when an escape is malformed or the
    /// bytes are not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
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
