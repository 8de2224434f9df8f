/// How one element of the accessibility tree stands to others: a field labelled by the label
/// beside it, a radio button one of its group, a drop-down the controller of its list. A screen
/// reader reads a field's label as its name from them (Orca says "Name entry").
///
/// ``View/accessibilityRelations`` gathers an element's relations: the ones the app states
/// (``View/accessibilityLabelledBy``, ``View/accessibilityControlledBy``), mirrored on the other
/// end, the ones a widget states (``View/makeAccessibilityRelations()``) and a pop-up's
/// ``Kind/popupFor`` its anchor. A relation lists only targets that are in the tree now.
public struct AccessibilityRelation: Hashable, Sendable {
    /// What the targets are to the element.
    public enum Kind: Hashable, Sendable {
        /// The targets (labels) name the element.
        case labelledBy
        /// The element is the label of the targets.
        case labelFor
        /// The element controls the targets (a drop-down its open list).
        case controllerFor
        /// The targets control the element.
        case controlledBy
        /// The element is one of a group, the targets (a radio button among its group's buttons,
        /// itself included).
        case memberOf
        /// The element pops up from the target (a menu from the button that opened it).
        case popupFor
    }

    /// What the targets are to the element.
    public var kind: Kind
    /// The elements it stands to, in the order a screen reader lists them.
    public var targets: [AccessibilityElement]

    /// A relation of `kind` to `targets`.
    public init(_ kind: Kind, targets: [AccessibilityElement]) {
        self.kind = kind
        self.targets = targets
    }
}
