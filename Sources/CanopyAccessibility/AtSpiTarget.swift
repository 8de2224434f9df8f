import CanopyDBus
import Canopy

/// What an object path names: the application's root, one of its windows, or an element of a
/// window's accessibility tree.
@MainActor enum AtSpiTarget {
    case application
    case window(any AccessibleWindow)
    case element(AccessibilityElement, in: any AccessibleWindow)
}

/// An error answered to a request, with a D-Bus error name.
struct AtSpiCallError: Error {
    let name: String
    let message: String

    static func unknownObject(_ path: String) -> AtSpiCallError {
        AtSpiCallError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object at \(path) (it has gone)")
    }

    static func unknownMethod(_ interface: String, _ member: String) -> AtSpiCallError {
        AtSpiCallError(
            name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(interface).\(member) is not served here")
    }

    static func unknownProperty(_ interface: String, _ name: String) -> AtSpiCallError {
        AtSpiCallError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(interface).\(name)")
    }

    static func invalidArguments(_ message: String) -> AtSpiCallError {
        AtSpiCallError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
}

extension AccessibilityBridge {
    // MARK: Naming objects

    /// The object path of `window`.
    func path(of window: any AccessibleWindow) -> String {
        "\(AtSpi.pathPrefix)w\(registry.number(for: window))"
    }

    /// The object path of `element`: its view's number, and the item's index after an
    /// underscore.
    func path(of element: AccessibilityElement) -> String {
        let view = "\(AtSpi.pathPrefix)\(registry.number(for: element.view))"
        return element.item.map { "\(view)_\($0)" } ?? view
    }

    func reference(to window: any AccessibleWindow) -> DBusValue {
        .reference(name: connection.uniqueName, path: path(of: window))
    }

    func reference(to element: AccessibilityElement) -> DBusValue {
        .reference(name: connection.uniqueName, path: path(of: element))
    }

    var nullReference: DBusValue { .reference(name: "", path: AtSpi.nullPath) }

    func reference(to target: AtSpiTarget) -> DBusValue {
        switch target {
        case .application: return .reference(name: connection.uniqueName, path: AtSpi.rootPath)
        case let .window(window): return reference(to: window)
        case let .element(element, _): return reference(to: element)
        }
    }

    /// What `path` names, if it still exists: a removed view, a closed window or a row past a
    /// list's end name nothing.
    func target(at path: String) -> AtSpiTarget? {
        if path == AtSpi.rootPath { return .application }
        guard path.hasPrefix(AtSpi.pathPrefix) else { return nil }
        let name = path.dropFirst(AtSpi.pathPrefix.count)
        if name.hasPrefix("w") {
            guard let number = UInt64(name.dropFirst()),
                let window = registry.object(numbered: number) as? any AccessibleWindow,
                host.accessibleWindows.contains(where: { $0 === window })
            else { return nil }
            return .window(window)
        }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let number = UInt64(parts[0]),
            let view = registry.object(numbered: number) as? View
        else { return nil }
        let element: AccessibilityElement
        if parts.count == 2 {
            guard let item = Int(parts[1]) else { return nil }
            element = AccessibilityElement(item: item, of: view)
        } else {
            element = AccessibilityElement(view)
        }
        guard element.node != nil, let window = window(showing: element) else { return nil }
        return .element(element, in: window)
    }

    /// The window whose scene `element` is in.
    func window(showing element: AccessibilityElement) -> (any AccessibleWindow)? {
        guard let scene = element.scene else { return nil }
        return host.accessibleWindows.first { $0.scene === scene }
    }

    // MARK: Geometry

    /// The AT-SPI coordinate types.
    enum CoordinateType: UInt32 {
        case screen = 0
        case window = 1
        case parent = 2
    }

    /// Where `target` is, in pixels, relative to the screen, its window or its parent.
    func extents(of target: AtSpiTarget, relativeTo type: CoordinateType) -> Rect {
        switch target {
        case .application:
            return .zero
        case let .window(window):
            let size = Size(
                width: window.scene.size.width * window.scale, height: window.scene.size.height * window.scale)
            return Rect(origin: type == .screen ? window.screenOrigin() : .zero, size: size)
        case let .element(element, window):
            let frame = scaled(element.frameInWindow, by: window.scale)
            switch type {
            case .window: return frame
            case .screen: return frame.offsetBy(dx: window.screenOrigin().x, dy: window.screenOrigin().y)
            case .parent:
                let parent = element.parent.map { scaled($0.frameInWindow, by: window.scale) } ?? .zero
                return frame.offsetBy(dx: -parent.minX, dy: -parent.minY)
            }
        }
    }

    /// A point in pixels of coordinate type `type`, as a point in `window`'s scene.
    func scenePoint(x: Int, y: Int, _ type: CoordinateType, in window: any AccessibleWindow, of target: AtSpiTarget)
        -> Point
    {
        var pixels = Point(x: Double(x), y: Double(y))
        switch type {
        case .screen: pixels = pixels.offsetBy(dx: -window.screenOrigin().x, dy: -window.screenOrigin().y)
        case .window: break
        case .parent:
            let origin = extents(of: target, relativeTo: .window).origin
            let offset = extents(of: target, relativeTo: .parent).origin
            pixels = pixels.offsetBy(dx: origin.x - offset.x, dy: origin.y - offset.y)
        }
        return Point(x: pixels.x / window.scale, y: pixels.y / window.scale)
    }

    /// Reads a coordinate type argument.
    func coordinateType(_ arguments: inout DBusReader) throws -> CoordinateType {
        let raw = try arguments.readUInt32()
        guard let type = CoordinateType(rawValue: raw) else {
            throw AtSpiCallError.invalidArguments(
                "coordinate type \(raw) is none of screen (0), window (1), parent (2)")
        }
        return type
    }

    /// Appends `rect` as four integers (x, y, width, height).
    func append(_ rect: Rect, to writer: inout DBusWriter) {
        writer.append(Int(rect.minX.rounded()))
        writer.append(Int(rect.minY.rounded()))
        writer.append(Int(rect.width.rounded()))
        writer.append(Int(rect.height.rounded()))
    }

    func scaled(_ rect: Rect, by scale: Double) -> Rect {
        Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }
}
