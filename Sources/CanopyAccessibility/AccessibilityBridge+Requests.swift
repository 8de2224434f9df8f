import CanopyDBus
import Canopy

#if canImport(Glibc)
    import Glibc
#endif

extension AccessibilityBridge {
    /// The answer to `call`; throws the error to answer instead.
    func respond(to call: DBusMessage) throws -> DBusMessage? {
        let path = call.path ?? "", interface = call.interface ?? "", member = call.member ?? ""
        var arguments = call.arguments()
        switch (interface, member) {
        case ("org.freedesktop.DBus.Peer", "Ping"):
            return call.makeReturn()
        case (AtSpi.Interface.cache, "GetItems"):
            // Nothing is cached ahead: clients ask for what they need.
            return reply(to: call) { $0.appendArray(of: "((so)(so)(so)iiassusau)") { _ in } }
        default:
            break
        }
        guard let target = target(at: path) else { throw AtSpiCallError.unknownObject(path) }
        if interface == AtSpi.Interface.properties {
            return try answerProperties(member, &arguments, call, target)
        }
        guard interfaces(of: target).contains(interface) else {
            throw AtSpiCallError.unknownMethod(interface, member)
        }
        switch interface {
        case AtSpi.Interface.accessible: return try answerAccessible(member, call, target)
        case AtSpi.Interface.application: return try answerApplication(member, &arguments, call)
        case AtSpi.Interface.component: return try answerComponent(member, &arguments, call, target)
        case AtSpi.Interface.action: return try answerAction(member, &arguments, call, target)
        case AtSpi.Interface.selection: return try answerSelection(member, &arguments, call, target)
        case AtSpi.Interface.table: return try answerTable(member, &arguments, call, target)
        case AtSpi.Interface.text: return try answerText(member, &arguments, call, target)
        case AtSpi.Interface.editableText: return try answerEditableText(member, &arguments, call, target)
        default: throw AtSpiCallError.unknownMethod(interface, member)
        }
    }

    /// A reply to `call` with the arguments `body` writes.
    func reply(to call: DBusMessage, _ body: (inout DBusWriter) -> Void) -> DBusMessage? {
        let reply = call.makeReturn()
        reply?.append(body)
        return reply
    }

    // MARK: What an object is

    /// The interfaces `target` serves: Accessible always; the others as its node and view allow.
    func interfaces(of target: AtSpiTarget) -> [String] {
        switch target {
        case .application:
            return [AtSpi.Interface.accessible, AtSpi.Interface.application]
        case .window:
            return [AtSpi.Interface.accessible, AtSpi.Interface.component]
        case let .element(element, _):
            var interfaces = [AtSpi.Interface.accessible, AtSpi.Interface.component]
            let node = element.node
            if node?.actions.isEmpty == false { interfaces.append(AtSpi.Interface.action) }
            if element.item == nil, element.view is AccessibilitySelectable {
                interfaces.append(AtSpi.Interface.selection)
            }
            if element.item == nil, element.view is AccessibilityTable { interfaces.append(AtSpi.Interface.table) }
            if node?.value != nil { interfaces.append(AtSpi.Interface.value) }
            if element.item == nil, element.view is AccessibilityText {
                interfaces.append(AtSpi.Interface.text)
                if node?.states.contains(.editable) == true { interfaces.append(AtSpi.Interface.editableText) }
            }
            return interfaces
        }
    }

    func node(of element: AccessibilityElement) throws -> AccessibilityNode {
        guard let node = element.node else { throw AtSpiCallError.unknownObject(path(of: element)) }
        return node
    }

    func name(of target: AtSpiTarget) -> String {
        switch target {
        case .application: return host.accessibilityName
        case let .window(window): return window.title
        case let .element(element, _): return element.node?.name ?? ""
        }
    }

    /// The most children a GetChildren answer lists: a longer list (which says it manages its
    /// descendants) is walked with ChildCount and GetChildAtIndex.
    static let childListLimit = 10_000

    /// The relations `target` has: an element's (``AccessibilityElement/relations``); a window
    /// and the application have none.
    func relations(of target: AtSpiTarget) -> [AccessibilityRelation] {
        guard case let .element(element, _) = target else { return [] }
        return element.relations
    }

    func childCount(of target: AtSpiTarget) -> Int {
        switch target {
        case .application: return host.accessibleWindows.count
        case let .window(window): return window.scene.accessibilityElements.count
        case let .element(element, _): return element.childCount
        }
    }

    func child(of target: AtSpiTarget, at index: Int) -> DBusValue? {
        switch target {
        case .application:
            let windows = host.accessibleWindows
            return windows.indices.contains(index) ? reference(to: windows[index]) : nil
        case let .window(window):
            let elements = window.scene.accessibilityElements
            return elements.indices.contains(index) ? reference(to: elements[index]) : nil
        case let .element(element, _):
            return element.child(at: index).map { reference(to: $0) }
        }
    }

    func parent(of target: AtSpiTarget) -> DBusValue {
        switch target {
        case .application: return desktop ?? nullReference
        case .window: return reference(to: .application)
        case let .element(element, window): return element.parent.map { reference(to: $0) } ?? reference(to: window)
        }
    }

    func indexInParent(of target: AtSpiTarget) -> Int {
        switch target {
        case .application: return -1
        case let .window(window): return host.accessibleWindows.firstIndex { $0 === window } ?? -1
        case let .element(element, _): return element.indexInParent ?? -1
        }
    }

    func states(of target: AtSpiTarget) -> AccessibilityStates {
        switch target {
        case .application: return []
        case let .window(window):
            var states: AccessibilityStates = [.enabled, .visible, .showing]
            if window.hasKeyboardFocus { states.insert(.active) }
            if isFocus(window) { states.insert(.focused) }
            if window.isModal { states.insert(.modal) }
            return states
        case let .element(element, _): return element.node?.states ?? []
        }
    }

    // MARK: Properties

    private func answerProperties(
        _ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget
    )
        throws -> DBusMessage?
    {
        let interface = try arguments.readString()
        switch member {
        case "Get":
            let name = try arguments.readString()
            let value = try property(name, of: interface, target)
            return reply(to: call) { $0.appendVariant(value) }
        case "GetAll":
            let names = Self.propertyNames[interface] ?? []
            let values = try names.map { ($0, try property($0, of: interface, target)) }
            return reply(to: call) { writer in
                writer.appendArray(of: "{sv}") { array in
                    for (name, value) in values {
                        array.appendEntry {
                            $0.append(name)
                            $0.appendVariant(value)
                        }
                    }
                }
            }
        case "Set":
            let name = try arguments.readString()
            var variant = try arguments.readContainer(DBusType.variant)
            try setProperty(name, of: interface, target, from: &variant)
            return call.makeReturn()
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.properties, member)
        }
    }

    static let propertyNames: [String: [String]] = [
        AtSpi.Interface.accessible: ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
        AtSpi.Interface.application: ["ToolkitName", "Version", "AtspiVersion", "Id"],
        AtSpi.Interface.action: ["NActions"],
        AtSpi.Interface.text: ["CharacterCount", "CaretOffset"],
        AtSpi.Interface.selection: ["NSelectedChildren"],
        AtSpi.Interface.table: ["NRows", "NColumns", "Caption", "Summary", "NSelectedRows", "NSelectedColumns"],
        AtSpi.Interface.value: ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"],
    ]

    private func property(_ name: String, of interface: String, _ target: AtSpiTarget) throws -> DBusValue {
        guard interfaces(of: target).contains(interface) else { throw AtSpiCallError.unknownProperty(interface, name) }
        switch (interface, name) {
        case (AtSpi.Interface.accessible, "Name"): return .string(self.name(of: target))
        case (AtSpi.Interface.accessible, "Description"):
            guard case let .element(element, _) = target else { return .string("") }
            return .string(element.node?.description ?? "")
        case (AtSpi.Interface.accessible, "Parent"): return parent(of: target)
        case (AtSpi.Interface.accessible, "ChildCount"): return .int(childCount(of: target))
        case (AtSpi.Interface.accessible, "Locale"): return .string(Self.locale)
        case (AtSpi.Interface.accessible, "AccessibleId"): return .string("")
        case (AtSpi.Interface.application, "ToolkitName"): return .string("Canopy")
        case (AtSpi.Interface.application, "Version"): return .string(Self.toolkitVersion)
        case (AtSpi.Interface.application, "AtspiVersion"): return .string("2.1")
        case (AtSpi.Interface.application, "Id"): return .int(applicationID)
        case (AtSpi.Interface.action, "NActions"), (AtSpi.Interface.action, "nActions"):
            return .int(try actions(of: target).count)
        case (AtSpi.Interface.selection, "NSelectedChildren"):
            return .int(try selectable(target).accessibilitySelectedChildren.count)
        case (AtSpi.Interface.table, _): return try tableProperty(name, of: target)
        case (AtSpi.Interface.text, _): return try textProperty(name, of: target)
        case (AtSpi.Interface.value, _): return try valueProperty(name, of: target)
        default: throw AtSpiCallError.unknownProperty(interface, name)
        }
    }

    private func setProperty(
        _ name: String, of interface: String, _ target: AtSpiTarget, from variant: inout DBusReader
    )
        throws
    {
        switch (interface, name) {
        case (AtSpi.Interface.application, "Id"):
            applicationID = try variant.readInt()
        case (AtSpi.Interface.value, "CurrentValue"):
            guard case let .element(element, _) = target, let adjustable = element.view as? AccessibilityAdjustable,
                element.item == nil
            else { throw AtSpiCallError.unknownProperty(interface, name) }
            _ = adjustable.setAccessibilityValue(try variant.readDouble())
        default:
            throw AtSpiCallError(
                name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(interface).\(name) cannot be set")
        }
    }

    /// The toolkit's version, as the Application interface reports it.
    static let toolkitVersion = "0.1"

    /// The language the interface is in, from the environment as setlocale reads it.
    static var locale: String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return "C"
    }

    // MARK: Accessible

    private func answerAccessible(_ member: String, _ call: DBusMessage, _ target: AtSpiTarget) throws -> DBusMessage? {
        var arguments = call.arguments()
        switch member {
        case "GetChildAtIndex":
            let index = try arguments.readInt()
            guard let child = child(of: target, at: index) else {
                throw AtSpiCallError.invalidArguments("no child \(index) of \(childCount(of: target))")
            }
            return reply(to: call) { $0.append(child) }
        case "GetChildren":
            let count = min(childCount(of: target), Self.childListLimit)
            let children = (0..<count).compactMap { child(of: target, at: $0) }
            return reply(to: call) { writer in
                writer.appendArray(of: "(so)") { for child in children { $0.append(child) } }
            }
        case "GetIndexInParent":
            return reply(to: call) { $0.append(indexInParent(of: target)) }
        case "GetRelationSet":
            let relations = relations(of: target).map {
                (AtSpi.Relation.number(for: $0.kind), $0.targets.map { reference(to: $0) })
            }
            return reply(to: call) { writer in
                writer.appendArray(of: "(ua(so))") { array in
                    for (number, targets) in relations {
                        array.appendStruct {
                            $0.append(number)
                            $0.appendArray(of: "(so)") { for target in targets { $0.append(target) } }
                        }
                    }
                }
            }
        case "GetRole":
            return reply(to: call) { $0.append(roleNumber(of: target)) }
        case "GetRoleName", "GetLocalizedRoleName":
            return reply(to: call) { $0.append(roleName(of: target)) }
        case "GetState":
            let words = AtSpi.State.bits(of: states(of: target))
            return reply(to: call) { writer in writer.appendArray(of: "u") { for word in words { $0.append(word) } } }
        case "GetAttributes":
            var attributes = [("toolkit", "Canopy")]
            if case let .element(element, _) = target, let node = element.node {
                if let level = node.level {
                    attributes.append(("level", String(level)))  // a tree item's, as GTK 4 and ARIA give it
                }
                if !node.placeholder.isEmpty {
                    attributes.append(("placeholder-text", node.placeholder))  // a field's, as GTK 3 and 4 give it
                }
            }
            return reply(to: call) { writer in
                writer.appendArray(of: "{ss}") { array in
                    for (key, value) in attributes {
                        array.appendEntry {
                            $0.append(key)
                            $0.append(value)
                        }
                    }
                }
            }
        case "GetApplication":
            return reply(to: call) { $0.append(reference(to: .application)) }
        case "GetInterfaces":
            let names = interfaces(of: target)
            return reply(to: call) { writer in writer.appendArray(of: "s") { for name in names { $0.append(name) } } }
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.accessible, member)
        }
    }

    private func roleNumber(of target: AtSpiTarget) -> UInt32 {
        switch target {
        case .application: return AtSpi.Role.application
        case let .window(window): return window.isDialog ? AtSpi.Role.number(for: .dialog) : AtSpi.Role.frame
        case let .element(element, _): return element.node.map { AtSpi.Role.number(for: $0.role) } ?? 0
        }
    }

    private func roleName(of target: AtSpiTarget) -> String {
        switch target {
        case .application: return "application"
        case let .window(window): return window.isDialog ? AtSpi.Role.name(for: .dialog) : "frame"
        case let .element(element, _): return element.node.map { AtSpi.Role.name(for: $0.role) } ?? "invalid"
        }
    }

    // MARK: Application

    private func answerApplication(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage) throws
        -> DBusMessage?
    {
        switch member {
        case "GetLocale":
            _ = try arguments.readUInt32()
            return reply(to: call) { $0.append(Self.locale) }
        case "GetApplicationBusAddress":
            return reply(to: call) { $0.append("") }  // no peer-to-peer bus: use the accessibility bus
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.application, member)
        }
    }
}
