import CanopyDBus
import Canopy

/// The Table interface: a table's row and column counts, its cells by row and column, its
/// column headers and its selected rows, each cell made only when asked for.
extension AccessibilityBridge {
    func accessibilityTable(_ target: AtSpiTarget) throws -> (AccessibilityTable, AccessibilityElement) {
        guard case let .element(element, _) = target, element.item == nil,
            let table = element.view as? AccessibilityTable
        else { throw AtSpiCallError.unknownMethod(AtSpi.Interface.table, "") }
        return (table, element)
    }

    /// The Table interface's properties.
    func tableProperty(_ name: String, of target: AtSpiTarget) throws -> DBusValue {
        let (table, _) = try accessibilityTable(target)
        switch name {
        case "NRows": return .int(table.accessibilityRowCount)
        case "NColumns": return .int(table.accessibilityColumnCount)
        case "Caption", "Summary": return nullReference
        case "NSelectedRows": return .int(table.accessibilitySelectedRows.count)
        case "NSelectedColumns": return .int(0)
        default: throw AtSpiCallError.unknownProperty(AtSpi.Interface.table, name)
        }
    }

    func answerTable(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget)
        throws -> DBusMessage?
    {
        let (table, element) = try accessibilityTable(target)
        /// The reference to item `index`, or to no object.
        func item(_ index: Int?) -> DBusValue {
            index.flatMap { element.child(at: $0) }.map { reference(to: $0) } ?? nullReference
        }
        switch member {
        case "GetAccessibleAt":
            let row = try arguments.readInt(), column = try arguments.readInt()
            let cell = item(table.accessibilityItem(atRow: row, column: column))
            return reply(to: call) { $0.append(cell) }
        case "GetIndexAt":
            let row = try arguments.readInt(), column = try arguments.readInt()
            let index = table.accessibilityItem(atRow: row, column: column) ?? -1
            return reply(to: call) { $0.append(index) }
        case "GetRowAtIndex", "GetColumnAtIndex":
            let position = table.accessibilityCellPosition(ofItem: try arguments.readInt())
            let answer = (member == "GetRowAtIndex" ? position?.row : position?.column) ?? -1
            return reply(to: call) { $0.append(answer) }
        case "GetRowDescription":
            _ = try arguments.readInt()
            return reply(to: call) { $0.append("") }
        case "GetColumnDescription":
            let column = try arguments.readInt()
            let title = table.accessibilityHeaderItem(ofColumn: column).map { table.accessibilityItem(at: $0).name }
            return reply(to: call) { $0.append(title ?? "") }
        case "GetRowExtentAt", "GetColumnExtentAt":
            let row = try arguments.readInt(), column = try arguments.readInt()
            let extent = table.accessibilityItem(atRow: row, column: column) == nil ? 0 : 1
            return reply(to: call) { $0.append(extent) }
        case "GetRowHeader":
            _ = try arguments.readInt()
            return reply(to: call) { $0.append(nullReference) }
        case "GetColumnHeader":
            let header = item(table.accessibilityHeaderItem(ofColumn: try arguments.readInt()))
            return reply(to: call) { $0.append(header) }
        case "GetSelectedRows":
            let rows = table.accessibilitySelectedRows.prefix(Self.childListLimit)
            return reply(to: call) { writer in writer.appendArray(of: "i") { for row in rows { $0.append(row) } } }
        case "GetSelectedColumns":
            return reply(to: call) { writer in writer.appendArray(of: "i") { _ in } }
        case "IsRowSelected":
            let row = try arguments.readInt()
            return reply(to: call) { $0.append(table.accessibilitySelectedRows.contains(row)) }
        case "IsSelected":
            let row = try arguments.readInt()
            _ = try arguments.readInt()
            return reply(to: call) { $0.append(table.accessibilitySelectedRows.contains(row)) }
        case "IsColumnSelected", "AddColumnSelection", "RemoveColumnSelection":
            _ = try arguments.readInt()
            return reply(to: call) { $0.append(false) }  // columns are not selected
        case "AddRowSelection":
            let done = table.selectAccessibilityRow(try arguments.readInt())
            return reply(to: call) { $0.append(done) }
        case "RemoveRowSelection":
            let done = table.deselectAccessibilityRow(try arguments.readInt())
            return reply(to: call) { $0.append(done) }
        case "GetRowColumnExtentsAtIndex":
            let position = table.accessibilityCellPosition(ofItem: try arguments.readInt())
            let isSelected = position.map { table.accessibilitySelectedRows.contains($0.row) } ?? false
            return reply(to: call) { writer in
                writer.append(position != nil)
                writer.append(position?.row ?? -1)
                writer.append(position?.column ?? -1)
                writer.append(position == nil ? 0 : 1)
                writer.append(position == nil ? 0 : 1)
                writer.append(isSelected)
            }
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.table, member)
        }
    }
}
