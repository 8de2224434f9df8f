/// The kinds of content a drag from another application can carry, and a view can take when
/// dropped on it (``View/acceptedDropKinds``).
public struct DropKinds: OptionSet, Hashable, Sendable {
    /// The kinds as bits.
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Plain text.
    public static let text = DropKinds(rawValue: 1 << 0)
    /// A list of URIs, such as files dragged from a file manager.
    public static let uris = DropKinds(rawValue: 1 << 1)
}
