import CanopyDBus
import Canopy

/// The interfaces through which a screen reader finds things on screen and acts on them:
/// Component, Action, Selection and Value.
extension AccessibilityBridge {
    // MARK: Component

    func answerComponent(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget)
        throws -> DBusMessage?
    {
        let window: any AccessibleWindow
        switch target {
        case .application: throw AtSpiCallError.unknownMethod(AtSpi.Interface.component, member)
        case let .window(shown), let .element(_, shown): window = shown
        }
        switch member {
        case "Contains":
            let x = try arguments.readInt(), y = try arguments.readInt()
            let type = try coordinateType(&arguments)
            let inside = extents(of: target, relativeTo: type).contains(Point(x: Double(x), y: Double(y)))
            return reply(to: call) { $0.append(inside) }
        case "GetAccessibleAtPoint":
            let x = try arguments.readInt(), y = try arguments.readInt()
            let point = scenePoint(x: x, y: y, try coordinateType(&arguments), in: window, of: target)
            let found = window.scene.accessibilityElement(at: point).flatMap { element -> AccessibilityElement? in
                guard case let .element(container, _) = target else { return element }
                return isInside(element, container) && element != container ? element : nil
            }
            return reply(to: call) { $0.append(found.map { reference(to: $0) } ?? nullReference) }
        case "GetExtents":
            let rect = extents(of: target, relativeTo: try coordinateType(&arguments))
            return reply(to: call) { writer in writer.appendStruct { append(rect, to: &$0) } }
        case "GetPosition":
            let rect = extents(of: target, relativeTo: try coordinateType(&arguments))
            return reply(to: call) {
                $0.append(Int(rect.minX.rounded()))
                $0.append(Int(rect.minY.rounded()))
            }
        case "GetSize":
            let rect = extents(of: target, relativeTo: .window)
            return reply(to: call) {
                $0.append(Int(rect.width.rounded()))
                $0.append(Int(rect.height.rounded()))
            }
        case "GetLayer":
            if case .window = target { return reply(to: call) { $0.append(UInt32(7)) } }  // window layer
            let popup = window.scene.presentations.contains { $0.isPresented && target.isInside($0.view) }
            return reply(to: call) { $0.append(UInt32(popup ? 5 : 3)) }  // popup or widget layer
        case "GetMDIZOrder":
            return reply(to: call) { $0.append(Int16(-1)) }
        case "GetAlpha":
            return reply(to: call) { $0.append(1.0) }
        case "GrabFocus":
            let focused = grabFocus(target, in: window)
            return reply(to: call) { $0.append(focused) }
        case "ScrollTo", "ScrollToPoint":
            let scrolled = scrollIntoView(target)
            return reply(to: call) { $0.append(scrolled) }
        case "SetExtents", "SetPosition", "SetSize":
            return reply(to: call) { $0.append(false) }  // the window manager and the layout place things
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.component, member)
        }
    }

    private func isInside(_ element: AccessibilityElement, _ container: AccessibilityElement) -> Bool {
        var current: AccessibilityElement? = element
        while let candidate = current {
            if candidate == container { return true }
            current = candidate.parent
        }
        return false
    }

    /// Gives `target` the keyboard focus (a window takes the focus from the window manager; a
    /// view in a window without it asks for that too); returns whether it has it.
    private func grabFocus(_ target: AtSpiTarget, in window: any AccessibleWindow) -> Bool {
        switch target {
        case .application:
            return false
        case .window:
            window.requestKeyboardFocus()
            return true
        case let .element(element, _):
            guard element.item == nil, element.view.becomeFocused() else { return false }
            if !window.hasKeyboardFocus { window.requestKeyboardFocus() }
            return true
        }
    }

    /// Scrolls every scroll view around `target` (or the list holding a row) to show it.
    private func scrollIntoView(_ target: AtSpiTarget) -> Bool {
        guard case let .element(element, _) = target else { return false }
        if let item = element.item, let list = element.view as? ListView {
            list.scrollToRow(item, animated: true)
            return true
        }
        var ancestor = element.view.superview
        while let current = ancestor {
            if let scroller = current as? ScrollView {
                scroller.scrollRectToVisible(element.view.convert(element.view.bounds, to: scroller), animated: true)
            }
            ancestor = current.superview
        }
        return true
    }

    // MARK: Action

    func actions(of target: AtSpiTarget) throws -> [AccessibilityAction] {
        guard case let .element(element, _) = target else { return [] }
        return try node(of: element).actions
    }

    /// The key binding of action `index` in ATK's form (`mnemonic;sequence;accelerator`): the
    /// node's shortcut as the first action's accelerator, nothing for the others.
    func keyBinding(of target: AtSpiTarget, action index: Int) throws -> String {
        guard index == 0, case let .element(element, _) = target,
            let shortcut = try node(of: element).keyboardShortcut
        else { return "" }
        return ";;" + shortcut.acceleratorName
    }

    func answerAction(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget)
        throws -> DBusMessage?
    {
        let actions = try actions(of: target)
        func actionIndex(_ arguments: inout DBusReader) throws -> Int {
            let index = try arguments.readInt()
            guard actions.indices.contains(index) else {
                throw AtSpiCallError.invalidArguments("no action \(index) of \(actions.count)")
            }
            return index
        }
        func action(_ arguments: inout DBusReader) throws -> AccessibilityAction {
            actions[try actionIndex(&arguments)]
        }
        switch member {
        case "GetName", "GetLocalizedName":
            let name = try action(&arguments).name
            return reply(to: call) { $0.append(name) }
        case "GetDescription":
            let summary = try action(&arguments).summary
            return reply(to: call) { $0.append(summary) }
        case "GetKeyBinding":
            let binding = try keyBinding(of: target, action: try actionIndex(&arguments))
            return reply(to: call) { $0.append(binding) }
        case "GetActions":
            let bindings = try actions.indices.map { try keyBinding(of: target, action: $0) }
            return reply(to: call) { writer in
                writer.appendArray(of: "(sss)") { array in
                    for (action, binding) in zip(actions, bindings) {
                        array.appendStruct {
                            $0.append(action.name)
                            $0.append(action.summary)
                            $0.append(binding)
                        }
                    }
                }
            }
        case "DoAction":
            let chosen = try action(&arguments)
            guard case let .element(element, _) = target else { return reply(to: call) { $0.append(false) } }
            let done = element.perform(chosen)
            return reply(to: call) { $0.append(done) }
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.action, member)
        }
    }

    // MARK: Selection

    func selectable(_ target: AtSpiTarget) throws -> AccessibilitySelectable {
        guard case let .element(element, _) = target, element.item == nil,
            let selectable = element.view as? AccessibilitySelectable
        else { throw AtSpiCallError.unknownMethod(AtSpi.Interface.selection, "") }
        return selectable
    }

    func answerSelection(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget)
        throws -> DBusMessage?
    {
        let container = try selectable(target)
        let selected = container.accessibilitySelectedChildren
        /// The `n`th selected child (from 0), if there are as many: counted by ranges, not rows.
        func nthSelected(_ n: Int) -> Int? {
            var rest = n
            for range in selected.ranges where rest >= 0 {
                if rest < range.count { return range.lowerBound + rest }
                rest -= range.count
            }
            return nil
        }
        let done: Bool
        switch member {
        case "GetSelectedChild":
            let child = nthSelected(try arguments.readInt()).flatMap { self.child(of: target, at: $0) }
            return reply(to: call) { $0.append(child ?? nullReference) }
        case "SelectChild":
            done = container.selectAccessibilityChild(try arguments.readInt())
        case "DeselectSelectedChild":
            done = nthSelected(try arguments.readInt()).map(container.deselectAccessibilityChild) ?? false
        case "DeselectChild":
            done = container.deselectAccessibilityChild(try arguments.readInt())
        case "IsChildSelected":
            done = selected.contains(try arguments.readInt())
        case "SelectAll":
            done = container.selectAllAccessibilityChildren()
        case "ClearSelection":
            done = container.clearAccessibilitySelection()
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.selection, member)
        }
        return reply(to: call) { $0.append(done) }
    }

    // MARK: Value

    func valueProperty(_ name: String, of target: AtSpiTarget) throws -> DBusValue {
        guard case let .element(element, _) = target, let value = try node(of: element).value else {
            throw AtSpiCallError.unknownProperty(AtSpi.Interface.value, name)
        }
        switch name {
        case "MinimumValue": return .double(value.minimum)
        case "MaximumValue": return .double(value.maximum)
        case "MinimumIncrement": return .double(value.step)
        case "CurrentValue": return .double(value.current)
        case "Text": return .string("")
        default: throw AtSpiCallError.unknownProperty(AtSpi.Interface.value, name)
        }
    }
}

extension AtSpiTarget {
    /// Whether the target is `view` or inside it.
    func isInside(_ view: View) -> Bool {
        guard case let .element(element, _) = self else { return false }
        return element.view.isDescendant(of: view)
    }
}
