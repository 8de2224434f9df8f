/// What kind of thing a view (or an item it draws) is to assistive technology, such as a screen
/// reader: it decides how the thing is announced and what the user can do with it.
///
/// The roles are Canopy's own; a host maps them to its platform's (AT-SPI2 on the Linux desktop,
/// where ``switch`` becomes a toggle button, as GTK 4 does).
public enum AccessibilityRole: Hashable, Sendable, CaseIterable {
    /// A top-level window.
    case window
    /// A modal presentation: nothing beneath it takes input while it is up.
    case dialog
    /// A message that asks the user to answer it with one of its buttons (an ``Alert``).
    case alert
    /// A container that groups views (a named stack, a pop-up's panel).
    case panel
    /// A container of options of which one is chosen (a radio group).
    case group
    /// Content larger than its place that scrolls.
    case scrollPane
    /// The strip of tabs above a tab view's pages.
    case pageTabList
    /// One tab of a page tab list.
    case pageTab
    /// Panes side by side or stacked, with dividers the user moves between them.
    case splitPane
    /// Text the user reads.
    case label
    /// A picture.
    case image
    /// A button that does something when pressed.
    case pushButton
    /// A button that stays on or off (a selectable tile).
    case toggleButton
    /// A box the user ticks and unticks.
    case checkBox
    /// One option of a group of which exactly one is chosen.
    case radioButton
    /// An on/off switch.
    case `switch`
    /// A button that shows a current choice and drops down the others.
    case comboBox
    /// A list of items the user selects from.
    case list
    /// One item of a list.
    case listItem
    /// Rows of cells under column headers (a ``TableView``).
    case table
    /// One cell of a table.
    case tableCell
    /// The header of one column of a table: its title.
    case columnHeader
    /// A menu of commands.
    case menu
    /// A row of menu titles across a window's top (``MenuBar``).
    case menuBar
    /// One command of a menu.
    case menuItem
    /// An item of a menu that opens a menu of its own beside it (a ``MenuItem/submenu``); its
    /// children are that menu's items, as GTK shows a menu item with a submenu.
    case submenu
    /// A line between groups of items.
    case separator
    /// A control that sets a value in a range.
    case slider
    /// A bar showing how far a task has got.
    case progressBar
    /// A single-line field the user types text into.
    case textField
    /// A short note about another view.
    case toolTip
    /// Items in a hierarchy that open and close (an ``OutlineView``).
    case tree
    /// One item of a tree, at a ``AccessibilityNode/level``.
    case treeItem
    /// A table whose rows are a tree's nodes (a ``TableView`` made with `isOutline`): its first
    /// column's cells have a level and open and close.
    case treeTable
}
