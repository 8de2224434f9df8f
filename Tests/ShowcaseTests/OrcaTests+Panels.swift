import Canopy
import CanopyTesting
import Testing

/// The Showcase's type panel, picker and About box, and the Gallery's context menu, walked by keyboard
/// beside the same steps in GTK 3 (whose type control is a combo box: Down walks its menu where
/// Right walks Canopy's row of tiles).
extension OrcaTests {
    /// The type panel opened, two tiles along and the third chosen (Canopy's app then puts the
    /// keyboard in the search field; GTK's combo box keeps it), then the picker opened from its
    /// button, two rows down and the second chosen. Canopy's picker opens with no current row;
    /// GTK's dialog has its first row current.
    static let canopyPanels: [(Key, Words)] = [
        (.tab, Words("Select · 选择")), (.tab, Words("web")),
        (.space, Words("web combo box expanded", "web toggle button pressed")),
        (.right, Words("weibo toggle button not pressed")), (.right, Words("sina toggle button not pressed")),
        (.enter, Words("entry Search · 搜索")),
        (.tab, Words("Pick a number · 选择数字 push button")),
        (.space, Words("Pick a number · 选择数字 dialog", "List with 5 items")),
        (.down, Words("1")), (.down, Words("2")),
        (.enter, Words("Pick a number · 选择数字 push button")),
    ]
    /// The same in GTK 3. (Its dialog gone, Orca says nothing: with no window manager, nothing
    /// gives the window back the keyboard.)
    static let gtkPanels: [(Key, Words)] = [
        (.tab, Words("Select · 选择")), (.tab, Words("web")),
        (.space, Words("combo box")), (.down, Words("weibo")), (.down, Words("sina")),
        (.enter, Words("sina combo box")),
        (.tab, Words("text", "Search · 搜索")),
        (.tab, Words("Pick a number · 选择数字 push button")),
        (.space, Words("Pick a number · 选择数字 dialog", "table with 5 rows 1 column", "1")),
        (.down, Words("2")), (.down, Words("3")),
    ]

    /// On the list's first row, the Menu key opens the context menu, Down walks its items and
    /// Escape closes it, back on the row.
    static let contextMenuWalk: [(Key, Words)] = [
        (.menu, Words(canopy: ["popup menu"], gtk: ["menu"])),
        (.down, Words("Check all")), (.down, Words("Uncheck all")),
        (.escape, Words(canopy: ["list", "Task 1 check box not checked"], gtk: ["Tasks", "Task 2"])),
    ]

    @Test func orcaSpeaksEachTileOfTheShowcasesTypePanelAndItsPickersNameAndRows() throws {
        let desk = try OrcaDesk.start(
            command: [builtProgram("Showcase")], title: "Canopy Showcase · 展示 frame",
            blankPoint: Point(x: 700, y: 10))
        defer { desk.finish() }
        try run(Self.canopyPanels, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheSameChoicesAndPickerInAGtkApp() throws {
        let desk = try gtkDesk("showcase")
        defer { desk.finish() }
        try run(Self.gtkPanels, gtk: true, on: desk)
    }

    @Test func orcaSpeaksTheItemsOfTheGallerysListContextMenu() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        try walkToTheGallerysList(on: desk)
        try desk.walk([OrcaDesk.Step(key: .down, words: ["Task 1 check box not checked"])])
        try run(Self.contextMenuWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheSameContextMenuInAGtkApp() throws {
        let desk = try gtkDesk("gallery")
        defer { desk.finish() }
        // Past the buttons, the check box, the switch and the radio group to the list.
        try desk.walk((1..<8).map { _ in OrcaDesk.Step(key: .tab, words: []) })
        try desk.walk([
            OrcaDesk.Step(key: .tab, words: ["Tasks", "Task 1"]), OrcaDesk.Step(key: .down, words: ["Task 2"]),
        ])
        try run(Self.contextMenuWalk, gtk: true, on: desk)
    }

    /// What Orca says as the About box opens: its title, its text and its focused button.
    static let aboutBox = [
        "About the Showcase dialog Canopy Showcase · 展示 The seed widgets, drawn with Canopy straight on X11.",
        "OK push button",
    ]

    @Test func orcaReadsTheShowcasesAboutBoxAsItOpensAndTheWindowAsItCloses() throws {
        let desk = try OrcaDesk.start(
            command: [builtProgram("Showcase")], title: "Canopy Showcase · 展示 frame",
            blankPoint: Point(x: 700, y: 10))
        defer { desk.finish() }
        try desk.walk([OrcaDesk.Step(key: .function(1), words: ["F1"])])
        // A dialog window of its own, at the screen's corner; with no window manager to focus it,
        // the pointer gives it the keyboard (GTK's comparison app focuses its dialogs itself).
        desk.movePointer(toScreen: Point(x: 170, y: 85))
        try desk.expectSpeech(Self.aboutBox, after: "the pointer entered the About box")
        try desk.walk([OrcaDesk.Step(key: .space, words: ["Canopy Showcase · 展示 frame"])])
    }

    @Test func orcaReadsTheSameAboutBoxInAGtkApp() throws {
        let desk = try gtkDesk("showcase")
        defer { desk.finish() }
        try desk.walk([OrcaDesk.Step(key: .function(1), words: Self.aboutBox)])
    }
}
