import CX11

/// A window property as a client reads it (one round trip): its type, its format (8, 16 or 32
/// bits per item) and its items' bytes, 32-bit items as native longs (as Xlib hands them over).
/// Any client may set any property to anything: ``words`` and ``atoms`` are the checked ways to
/// read 32-bit items, and no reading of them can trap.
@_spi(Testing) public struct WindowProperty {
    /// The property's type.
    public let type: Atom
    /// Bits per item: 8, 16 or 32.
    public let format: Int32
    /// The items' bytes.
    public let bytes: [UInt8]

    /// The items of a 32-bit property as they were set (Xlib sign-extends each into a `long`;
    /// it is cut back to its 32 bits), or none when the property has another format.
    public var words: [UInt32] {
        guard format == 32 else { return [] }
        return bytes.withUnsafeBytes { $0.bindMemory(to: Int.self).map { UInt32(truncatingIfNeeded: $0) } }
    }

    /// The items of a 32-bit property as atoms (or window IDs: both are 32-bit XIDs).
    public var atoms: [Atom] { words.map { Atom($0) } }

    /// Reads `property` of `window` on `display`, deleting it when `delete`; `nil` when the
    /// window has no such property.
    public init?(display: OpaquePointer, window: XID, property: Atom, delete: Bool = false) {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, property, 0, 1 << 20, delete ? 1 : 0, Atom(AnyPropertyType), &type, &format, &count,
            &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0, let data else { return nil }
        let itemSize = format == 32 ? MemoryLayout<Int>.size : Int(format) / 8
        self.type = type
        self.format = format
        bytes = Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize))
    }
}
