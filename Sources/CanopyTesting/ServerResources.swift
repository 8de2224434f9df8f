import CX11
import CXRes

/// What the X server holds for one client (windows, pixmaps, pictures, GCs, fonts, glyph
/// sets…), counted through the X-Resource extension from a connection of its own: tests and
/// soaks compare it over time to catch resources that leak on the server side.
public enum ServerResources {
    /// The counts by resource type name for the client that created `resource` (any of its
    /// IDs, such as a window's), or `nil` when the server lacks the extension.
    @MainActor public static func count(forClientOwning resource: UInt, displayName: String) -> [String: Int]? {
        guard let display = XOpenDisplay(displayName) else { return nil }
        defer { XCloseDisplay(display) }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XResQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        var count: Int32 = 0
        var types: UnsafeMutablePointer<XResType>?
        guard XResQueryClientResources(display, resource, &count, &types) != 0, let types else { return nil }
        defer { XFree(types) }
        var result: [String: Int] = [:]
        for index in 0..<Int(count) {
            let entry = types[index]
            guard let name = XGetAtomName(display, entry.resource_type) else { continue }
            result[String(cString: name)] = Int(entry.count)
            XFree(name)
        }
        return result
    }
}
