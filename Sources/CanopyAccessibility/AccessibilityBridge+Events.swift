import CanopyDBus
import Canopy

/// The events screen readers follow, sent as AT-SPI2 signals (`siiva{sv}`: a kind, two numbers,
/// a value and no cached properties) from the object they are about.
extension AccessibilityBridge {
    /// Sends `event`, noticed in `window`'s tree.
    func emit(_ event: AccessibilityEvent, in window: any AccessibleWindow) {
        let objectEvents = AtSpi.Interface.objectEvents
        switch event {
        case let .focusChanged(element):
            // The state change comes as an event of its own; this is the older focus event.
            emit(AtSpi.Interface.focusEvents, "Focus", from: path(of: element), kind: "")
        case let .stateChanged(element, state, isOn):
            guard let name = AtSpi.State.eventName(of: state) else { return }
            emit(objectEvents, "StateChanged", from: path(of: element), kind: name, isOn ? 1 : 0)
            if state == .expanded {
                emit(objectEvents, "StateChanged", from: path(of: element), kind: "collapsed", isOn ? 0 : 1)
            }
        case let .nameChanged(element, name):
            emit(objectEvents, "PropertyChange", from: path(of: element), kind: "accessible-name", any: .string(name))
        case let .descriptionChanged(element, description):
            emit(
                objectEvents, "PropertyChange", from: path(of: element), kind: "accessible-description",
                any: .string(description))
        case let .valueChanged(element, value):
            emit(objectEvents, "PropertyChange", from: path(of: element), kind: "accessible-value", any: .double(value))
        case let .childAdded(parent, index, child):
            emit(
                objectEvents, "ChildrenChanged", from: parent.map { path(of: $0) } ?? path(of: window), kind: "add",
                index, any: reference(to: child))
        case let .childRemoved(parent, index, child):
            emit(
                objectEvents, "ChildrenChanged", from: parent.map { path(of: $0) } ?? path(of: window),
                kind: "remove", index, any: reference(to: child))
        case let .activeDescendantChanged(container, descendant):
            emit(
                objectEvents, "ActiveDescendantChanged", from: path(of: container), kind: "",
                any: reference(to: descendant))
        case let .selectionChanged(element):
            emit(objectEvents, "SelectionChanged", from: path(of: element), kind: "")
        case let .textInserted(element, offset, text), let .textRemoved(element, offset, text):
            let isInsertion = if case .textInserted = event { true } else { false }
            let start = scalarOffset(offset, in: element)
            emit(
                objectEvents, "TextChanged", from: path(of: element), kind: isInsertion ? "insert" : "delete", start,
                text.unicodeScalars.count, any: .string(text))
        case let .caretMoved(element, offset):
            emit(objectEvents, "TextCaretMoved", from: path(of: element), kind: "", scalarOffset(offset, in: element))
        case let .textSelectionChanged(element):
            emit(objectEvents, "TextSelectionChanged", from: path(of: element), kind: "")
        }
    }

    /// Character `offset` of `element`'s text as a scalar offset (the text before it is the same
    /// before and after an edit there).
    private func scalarOffset(_ offset: Int, in element: AccessibilityElement) -> Int {
        guard let text = (element.view as? AccessibilityText)?.accessibilityTextState.text else { return offset }
        return offsets(of: text).scalarOffset(ofCharacter: offset)
    }

    /// Sends signal `member` of `interface` from `path` with the given kind, numbers and value.
    func emit(
        _ interface: String, _ member: String, from path: String, kind: String, _ detail1: Int = 0, _ detail2: Int = 0,
        any value: DBusValue = .int(0)
    ) {
        guard let signal = DBusMessage.signal(path: path, interface: interface, member: member) else { return }
        signal.append { writer in
            writer.append(kind)
            writer.append(detail1)
            writer.append(detail2)
            writer.appendVariant(value)
            writer.appendArray(of: "{sv}") { _ in }
        }
        connection.send(signal)
    }
}
