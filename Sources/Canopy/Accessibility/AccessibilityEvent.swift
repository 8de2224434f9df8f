/// A change in a scene's accessibility tree that assistive technology follows, as
/// ``AccessibilityChangeTracker`` notices it: focus moved, a box was checked, a pop-up appeared,
/// text was typed.
public enum AccessibilityEvent: Hashable, Sendable {
    /// The element took the keyboard focus.
    case focusChanged(AccessibilityElement)
    /// One of the element's states (a single flag of ``AccessibilityStates``) came on or went off.
    case stateChanged(AccessibilityElement, AccessibilityStates, isOn: Bool)
    /// The element's name changed to the one given.
    case nameChanged(AccessibilityElement, String)
    /// The element's description changed to the one given.
    case descriptionChanged(AccessibilityElement, String)
    /// The element's value changed to the one given.
    case valueChanged(AccessibilityElement, Double)
    /// `child` joined `parent`'s children at `index`; a `nil` parent is the scene's top level
    /// (the window).
    case childAdded(parent: AccessibilityElement?, index: Int, child: AccessibilityElement)
    /// `child` left `parent`'s children, where it was at `index`; a `nil` parent is the scene's
    /// top level (the window).
    case childRemoved(parent: AccessibilityElement?, index: Int, child: AccessibilityElement)
    /// The item the keyboard is on in `container` (a list's row, a menu's item) became
    /// `descendant`.
    case activeDescendantChanged(container: AccessibilityElement, descendant: AccessibilityElement)
    /// Which of the container's children are selected changed.
    case selectionChanged(AccessibilityElement)
    /// `text` was inserted into the element's text at character `offset`.
    case textInserted(AccessibilityElement, offset: Int, text: String)
    /// `text` was removed from the element's text at character `offset`.
    case textRemoved(AccessibilityElement, offset: Int, text: String)
    /// The element's caret moved to character `offset`.
    case caretMoved(AccessibilityElement, offset: Int)
    /// The element's selected text changed.
    case textSelectionChanged(AccessibilityElement)
}
