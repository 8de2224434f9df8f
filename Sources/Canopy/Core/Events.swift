/// Keyboard modifier keys held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A Shift key.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// A Control key.
    public static let control = Modifiers(rawValue: 1 << 1)
    /// An Alt key (X's Mod1).
    public static let alt = Modifiers(rawValue: 1 << 2)
    /// A Meta, Super or Windows key (X's Mod4).
    public static let meta = Modifiers(rawValue: 1 << 3)
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The left button.
    case left
    /// The middle button.
    case middle
    /// The right button.
    case right
}

/// A press, drag or release of a mouse button, or a move of the pointer.
public struct MouseEvent: Sendable {
    /// Where the pointer is, in the window's coordinates.
    public var locationInWindow: Point
    /// The button pressed or released; `.left` for moves and drags with the left button.
    public var button: MouseButton
    /// 1 for a single click, 2 for a double click, and so on; 0 for moves.
    public var clickCount: Int
    /// The modifier keys held.
    public var modifiers: Modifiers
    /// When the event happened, in seconds on the host's clock.
    public var timestamp: Double

    /// Creates a mouse event.
    public init(
        locationInWindow: Point, button: MouseButton = .left, clickCount: Int = 1,
        modifiers: Modifiers = [], timestamp: Double = 0
    ) {
        self.locationInWindow = locationInWindow
        self.button = button
        self.clickCount = clickCount
        self.modifiers = modifiers
        self.timestamp = timestamp
    }

    /// The pointer location in `view`'s bounds coordinates.
    @MainActor public func location(in view: View) -> Point {
        view.convertFromWindow(locationInWindow)
    }
}

/// A turn of the mouse wheel or a scroll gesture.
public struct ScrollEvent: Sendable {
    /// Where the pointer is, in the window's coordinates.
    public var locationInWindow: Point
    /// Horizontal wheel steps; positive `deltaX` shows what lies further right. A notched wheel
    /// turns whole steps; a device that scrolls smoothly (a touchpad, through XInput 2's scroll
    /// valuators) sends fractions of one, which a scroll view follows exactly.
    public var deltaX: Double
    /// Vertical wheel steps, whole or fractions as for ``deltaX``; positive `deltaY` scrolls the
    /// content up (shows what lies further down).
    public var deltaY: Double
    /// The modifier keys held.
    public var modifiers: Modifiers

    /// Creates a scroll event.
    public init(locationInWindow: Point, deltaX: Double = 0, deltaY: Double, modifiers: Modifiers = []) {
        self.locationInWindow = locationInWindow
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.modifiers = modifiers
    }

    /// The pointer location in `view`'s bounds coordinates.
    @MainActor public func location(in view: View) -> Point {
        view.convertFromWindow(locationInWindow)
    }
}

/// A key identified by what it does rather than where it sits, in words no platform owns (the
/// host translates its own key codes into these).
public enum Key: Hashable, Sendable {
    /// A key that types a character; the character is as typed, after Shift and layout.
    case character(Character)
    /// Return or keypad Enter.
    case enter
    /// Escape.
    case escape
    /// Tab (including Shift-Tab).
    case tab
    /// The space bar.
    case space
    /// Backspace.
    case backspace
    /// Delete (forward delete).
    case delete
    /// Left arrow.
    case left
    /// Right arrow.
    case right
    /// Up arrow.
    case up
    /// Down arrow.
    case down
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// A function key: F1 is `function(1)`.
    case function(Int)
    /// The Menu (application) key, which opens the focused view's context menu.
    case menu
    /// A key Canopy has no name for (a media key, say).
    case unidentified
}

extension Key {
    /// Whether this is `other`, a character matching in either case (a shortcut's letter typed
    /// with Shift or Caps Lock).
    func matches(_ other: Key) -> Bool {
        if case let .character(mine) = self, case let .character(theirs) = other {
            return mine.lowercased() == theirs.lowercased()
        }
        return self == other
    }
}

/// A key press or release.
public struct KeyEvent: Sendable {
    /// The key pressed or released.
    public var key: Key
    /// The text the key typed (empty for keys that type nothing), already composed by the
    /// input method when one is active.
    public var text: String
    /// The modifier keys held.
    public var modifiers: Modifiers
    /// Whether this press repeats a key held down.
    public var isRepeat: Bool
    /// Whether ``text`` is what an input method committed (a composition it ended), not the
    /// key's own character: one step to undo however long it is.
    public var isInputMethodCommit: Bool

    /// Creates a key event.
    public init(
        key: Key, text: String = "", modifiers: Modifiers = [], isRepeat: Bool = false,
        isInputMethodCommit: Bool = false
    ) {
        self.key = key
        self.text = text
        self.modifiers = modifiers
        self.isRepeat = isRepeat
        self.isInputMethodCommit = isInputMethodCommit
    }

    /// Whether the text typed is an input method's commit: said so, or more than the one
    /// character a key types.
    var typesACommit: Bool { isInputMethodCommit || text.count > 1 }

    /// Whether the press is Undo: Control-Z.
    public var isUndo: Bool { modifiers == .control && key.matches(.character("z")) }

    /// Whether the press is Redo: Control-Shift-Z or Control-Y.
    public var isRedo: Bool {
        (modifiers == [.control, .shift] && key.matches(.character("z")))
            || (modifiers == .control && key.matches(.character("y")))
    }

    /// Whether the press asks for the focused view's context menu: the Menu key, or Shift-F10.
    public var opensContextMenu: Bool {
        (key == .menu && modifiers.isEmpty) || (key == .function(10) && modifiers == [.shift])
    }
}
