import Canopy

/// AT-SPI2's names and numbers: object paths, interfaces, roles, relations, states and the event
/// names for states, as the at-spi2-core interface definitions give them.
enum AtSpi {
    /// The prefix of every object path the bridge serves.
    static let pathPrefix = "/org/a11y/atspi/accessible/"
    /// The application's root object.
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The reference to no object.
    static let nullPath = "/org/a11y/atspi/null"
    /// The registry's bus name.
    static let registry = "org.a11y.atspi.Registry"
    /// The registry's device event controller, which hears keys before applications do.
    static let deviceEventControllerPath = "/org/a11y/atspi/registry/deviceeventcontroller"

    /// Interface names.
    enum Interface {
        static let accessible = "org.a11y.atspi.Accessible"
        static let application = "org.a11y.atspi.Application"
        static let component = "org.a11y.atspi.Component"
        static let action = "org.a11y.atspi.Action"
        static let text = "org.a11y.atspi.Text"
        static let editableText = "org.a11y.atspi.EditableText"
        static let selection = "org.a11y.atspi.Selection"
        static let table = "org.a11y.atspi.Table"
        static let value = "org.a11y.atspi.Value"
        static let socket = "org.a11y.atspi.Socket"
        static let deviceEventController = "org.a11y.atspi.DeviceEventController"
        static let cache = "org.a11y.atspi.Cache"
        static let properties = "org.freedesktop.DBus.Properties"
        static let objectEvents = "org.a11y.atspi.Event.Object"
        static let windowEvents = "org.a11y.atspi.Event.Window"
        static let focusEvents = "org.a11y.atspi.Event.Focus"
    }

    /// AT-SPI role numbers (AtspiRole).
    enum Role {
        static let application: UInt32 = 75
        static let frame: UInt32 = 23

        /// The number for a Canopy role.
        static func number(for role: AccessibilityRole) -> UInt32 {
            switch role {
            case .window: return 23  // frame
            case .dialog: return 16
            case .alert: return 2
            case .panel: return 39
            case .group: return 39  // a panel: AT-SPI has no radio group
            case .scrollPane: return 49
            case .pageTabList: return 38
            case .pageTab: return 37
            case .splitPane: return 53
            case .label: return 29
            case .image: return 27
            case .pushButton: return 43
            case .toggleButton: return 62
            case .checkBox: return 7
            case .radioButton: return 44
            case .switch: return 62  // a toggle button, as GTK 4 maps its switch
            case .comboBox: return 11
            case .list: return 31
            case .listItem: return 32
            case .table: return 55
            case .tableCell: return 56
            case .columnHeader: return 57
            case .menu: return 41  // popup menu
            case .menuBar: return 34
            case .menuItem: return 35
            case .submenu: return 33  // menu
            case .separator: return 50
            case .slider: return 51
            case .progressBar: return 42
            case .textField: return 79  // entry
            case .toolTip: return 64
            case .tree: return 65
            case .treeItem: return 91
            case .treeTable: return 66
            }
        }

        /// The role's name, as GetRoleName gives it (libatspi's names).
        static func name(for role: AccessibilityRole) -> String {
            switch role {
            case .window: return "frame"
            case .dialog: return "dialog"
            case .alert: return "alert"
            case .panel, .group: return "panel"
            case .scrollPane: return "scroll pane"
            case .pageTabList: return "page tab list"
            case .pageTab: return "page tab"
            case .splitPane: return "split pane"
            case .label: return "label"
            case .image: return "image"
            case .pushButton: return "push button"
            case .toggleButton, .switch: return "toggle button"
            case .checkBox: return "check box"
            case .radioButton: return "radio button"
            case .comboBox: return "combo box"
            case .list: return "list"
            case .listItem: return "list item"
            case .table: return "table"
            case .tableCell: return "table cell"
            case .columnHeader: return "table column header"
            case .menu: return "popup menu"
            case .menuBar: return "menu bar"
            case .menuItem: return "menu item"
            case .submenu: return "menu"
            case .separator: return "separator"
            case .slider: return "slider"
            case .progressBar: return "progress bar"
            case .textField: return "entry"
            case .toolTip: return "tool tip"
            case .tree: return "tree"
            case .treeItem: return "tree item"
            case .treeTable: return "tree table"
            }
        }
    }

    /// AT-SPI relation numbers (AtspiRelationType).
    enum Relation {
        /// The number for a Canopy relation.
        static func number(for kind: AccessibilityRelation.Kind) -> UInt32 {
            switch kind {
            case .labelFor: return 1
            case .labelledBy: return 2
            case .controllerFor: return 3
            case .controlledBy: return 4
            case .memberOf: return 5
            case .popupFor: return 15
            }
        }
    }

    /// AT-SPI state numbers (AtspiStateType) and their names in state-changed events.
    enum State {
        static let active: UInt32 = 1
        static let checked: UInt32 = 4
        static let collapsed: UInt32 = 5
        static let editable: UInt32 = 7
        static let enabled: UInt32 = 8
        static let expandable: UInt32 = 9
        static let expanded: UInt32 = 10
        static let focusable: UInt32 = 11
        static let focused: UInt32 = 12
        static let horizontal: UInt32 = 14
        static let modal: UInt32 = 16
        static let multiLine: UInt32 = 17
        static let multiselectable: UInt32 = 18
        static let resizable: UInt32 = 21
        static let selectable: UInt32 = 22
        static let selected: UInt32 = 23
        static let sensitive: UInt32 = 24
        static let showing: UInt32 = 25
        static let singleLine: UInt32 = 26
        static let vertical: UInt32 = 29
        static let visible: UInt32 = 30
        static let managesDescendants: UInt32 = 31
        static let indeterminate: UInt32 = 32
        static let selectableText: UInt32 = 38
        static let checkable: UInt32 = 41
        static let hasPopup: UInt32 = 42
        static let readOnly: UInt32 = 43

        /// Each Canopy state with the AT-SPI states it stands for (enabled is also sensitive) and
        /// the name its state-changed events carry.
        static let table: [(state: AccessibilityStates, numbers: [UInt32], name: String)] = [
            (.enabled, [enabled, sensitive], "enabled"),
            (.focusable, [focusable], "focusable"),
            (.focused, [focused], "focused"),
            (.visible, [visible], "visible"),
            (.showing, [showing], "showing"),
            (.selectable, [selectable], "selectable"),
            (.selected, [selected], "selected"),
            (.checkable, [checkable], "checkable"),
            (.checked, [checked], "checked"),
            (.expandable, [expandable], "expandable"),
            (.expanded, [expanded], "expanded"),
            (.hasPopup, [hasPopup], "has-popup"),
            (.modal, [modal], "modal"),
            (.editable, [editable], "editable"),
            (.singleLine, [singleLine], "single-line"),
            (.multiLine, [multiLine], "multi-line"),
            (.selectableText, [selectableText], "selectable-text"),
            (.horizontal, [horizontal], "horizontal"),
            (.vertical, [vertical], "vertical"),
            (.multiselectable, [multiselectable], "multiselectable"),
            (.indeterminate, [indeterminate], "indeterminate"),
            (.managesDescendants, [managesDescendants], "manages-descendants"),
            (.readOnly, [readOnly], "read-only"),
            (.active, [active], "active"),
        ]

        /// The two 32-bit words of the state set GetState returns.
        static func bits(of states: AccessibilityStates) -> [UInt32] {
            var numbers = table.filter { states.contains($0.state) }.flatMap(\.numbers)
            if states.contains(.expandable), !states.contains(.expanded) { numbers.append(collapsed) }
            var words: [UInt32] = [0, 0]
            for number in numbers { words[Int(number / 32)] |= 1 << (number % 32) }
            return words
        }

        /// The name state-changed events carry for `state` (one flag).
        static func eventName(of state: AccessibilityStates) -> String? {
            table.first { $0.state == state }?.name
        }
    }
}
