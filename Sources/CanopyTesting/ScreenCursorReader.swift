import CX11
import CXFixes

/// Another X client reading the pointer's shape on screen through XFixes, as a screen magnifier
/// or recorder does: the name the shape was loaded by and its size.
@MainActor public final class ScreenCursorReader {
    private let display: OpaquePointer

    /// The pointer's shape as the server shows it.
    public struct Shape: Equatable, Sendable {
        /// The name the cursor was given, as a cursor theme's shapes are ("col-resize"); empty for
        /// one made without a name, such as a glyph of the core cursor font.
        public let name: String
        /// Its width in pixels.
        public let width: Int
        /// Its height in pixels.
        public let height: Int
    }

    /// Connects to `displayName` and checks that it has XFixes.
    public init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw TestWindowError(description: "cannot open display \(displayName) to read the cursor")
        }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw TestWindowError(description: "the X server at \(displayName) has no XFIXES extension")
        }
        self.display = display
    }

    isolated deinit {
        XCloseDisplay(display)
    }

    /// The shape on screen now (a round trip), or `nil` if the server would not say.
    public func current() -> Shape? {
        guard let image = XFixesGetCursorImage(display) else { return nil }
        defer { XFree(image) }
        let name = image.pointee.name.map { String(cString: $0) } ?? ""
        return Shape(name: name, width: Int(image.pointee.width), height: Int(image.pointee.height))
    }
}
