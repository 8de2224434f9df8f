/// The pointer shape a view asks for while the pointer is over it.
public enum Cursor: Hashable, Sendable {
    /// The ordinary arrow.
    case arrow
    /// A pointing hand, over things that can be clicked.
    case hand
    /// An I-beam, over editable text.
    case text
}
