/// A local file's `file:` URI as a file manager writes it in a `text/uri-list` (RFC 8089): the
/// empty host (`file:///`) before the absolute path, each byte of the path's UTF-8 that RFC 3986
/// does not allow in a path percent-encoded (`/tmp/a b` is `file:///tmp/a%20b`, an "é" is
/// `%C3%A9`). `DragContent.filePath(ofURI:)` reads it back.
public enum FileURI {
    /// The URI of the file at the absolute `path`.
    public static func string(forPath path: String) -> String {
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
}
