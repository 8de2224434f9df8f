/// The pointer shape a view asks for while the pointer is over it.
///
/// Each shape has the name the freedesktop cursor specification (and CSS) gives it, which a host
/// looks up in the user's cursor theme: ``name``.
public enum Cursor: CaseIterable, Hashable, Sendable {
    /// The ordinary arrow.
    case arrow
    /// A pointing hand, over things that can be clicked (the theme's "pointer").
    case hand
    /// An I-beam, over editable text.
    case text
    /// Two arrows left and right, over something that moves sideways: a column edge, the
    /// divider between side-by-side panes.
    case columnResize
    /// Two arrows up and down, over something that moves up or down: a row edge, the divider
    /// between stacked panes.
    case rowResize
    /// An arrow out of one edge or corner, over what resizes from there.
    case resize(ResizeEdge)
    /// Four arrows, over something that can be moved anywhere.
    case move
    /// An open hand, over something that can be picked up and dragged.
    case grab
    /// A closed hand, while something is being dragged.
    case grabbing
    /// A struck-through circle, where the action asked for cannot happen.
    case notAllowed
    /// The app is busy and takes no input.
    case wait
    /// The app is busy but still takes input (an arrow with a busy sign).
    case progress
    /// Fine cross-hairs, for picking a point precisely.
    case crosshair

    /// The freedesktop cursor specification's name for the shape ("col-resize", "not-allowed"...).
    public var name: String {
        switch self {
        case .arrow: "default"
        case .hand: "pointer"
        case .text: "text"
        case .columnResize: "col-resize"
        case .rowResize: "row-resize"
        case .resize(let edge): edge.cursorName
        case .move: "move"
        case .grab: "grab"
        case .grabbing: "grabbing"
        case .notAllowed: "not-allowed"
        case .wait: "wait"
        case .progress: "progress"
        case .crosshair: "crosshair"
        }
    }

    /// Every shape, for hosts that prepare or check them all.
    public static let allCases: [Cursor] =
        [.arrow, .hand, .text, .columnResize, .rowResize]
        + ResizeEdge.allCases.map { .resize($0) }
        + [.move, .grab, .grabbing, .notAllowed, .wait, .progress, .crosshair]
}

/// The edge or corner a ``Cursor/resize(_:)`` pointer points out of.
public enum ResizeEdge: CaseIterable, Hashable, Sendable {
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top-left corner.
    case topLeft
    /// The top-right corner.
    case topRight
    /// The bottom-left corner.
    case bottomLeft
    /// The bottom-right corner.
    case bottomRight

    /// The cursor specification's name: "n-resize" for the top edge, "se-resize" for the
    /// bottom-right corner.
    var cursorName: String {
        switch self {
        case .top: "n-resize"
        case .bottom: "s-resize"
        case .left: "w-resize"
        case .right: "e-resize"
        case .topLeft: "nw-resize"
        case .topRight: "ne-resize"
        case .bottomLeft: "sw-resize"
        case .bottomRight: "se-resize"
        }
    }
}
