/// Local files' `file:` URIs, as file managers write them in a `text/uri-list` (RFC 8089): the
/// empty host (`file:///`) before the absolute path, each byte of the path's UTF-8 that RFC 3986
/// does not allow in a path percent-encoded (`/tmp/a b` is `file:///tmp/a%20b`, "é" `%C3%A9`).
extension DragContent {
    /// The `file:` URI of the file at the absolute `path`.
    public static func fileURI(forPath path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            if isAllowedInPath(byte) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xf)
            }
        }
        return uri
    }

    /// Whether RFC 3986 lets `byte` stand for itself in a path: a segment's `pchar` (unreserved,
    /// sub-delims, ":" and "@") or the "/" between segments.
    private static func isAllowedInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10))
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
