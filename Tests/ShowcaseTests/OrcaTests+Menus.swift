import Canopy
import CanopyTesting
import Testing

/// The Gallery's menu bar walked by keyboard, and its alert opened, beside the same menus and
/// alert in GTK 3.
extension OrcaTests {
    /// Into File and down two items, then across to Edit and to its first item. The keys differ:
    /// Canopy's F10 enters the bar with File highlighted and Down opens it, and a menu opened by
    /// the arrows has no item highlighted until the next Down; GTK's F10 opens File, and Right
    /// opens Edit with its first item highlighted.
    static let canopyMenuOpening: [(Key, Words)] = [
        (.function(10), Words("File menu")), (.down, Words("File popup menu")),
        (.down, Words("New Ctrl+N")), (.down, Words("Open… Ctrl+O")),
        (.right, Words("Edit popup menu")), (.down, Words("Rename F2")),
    ]
    static let gtkMenuOpening: [(Key, Words)] = [
        (.function(10), Words("File menu")),
        (.down, Words("New Ctrl+N")), (.down, Words("Open… Ctrl+O")),
        (.right, Words("Edit menu", "Rename F2")),
    ]

    /// From Edit's first item down to its Transform submenu, into it and back.
    static let submenuWalk: [(Key, Words)] = [
        (.down, Words("Duplicate Ctrl+D")),
        (.down, Words("Delete")),
        (.down, Words("Transform menu")),
        (.right, Words("Make Upper Case Ctrl+U")),
        (.down, Words("Make Lower Case Shift+Ctrl+U")),
        (.left, Words("Transform menu")),
    ]

    /// Delete… asks in an alert: its title and message are read as it opens, then the button
    /// that has the focus. (GTK's alert is a window named "Warning"; its labels are read in one
    /// breath.)
    static let alertWalk: [(Key, Words)] = [
        (.tab, Words("Delete…")),
        (
            .space,
            Words(
                canopy: ["alert Delete the checked tasks?", alertMessage, "Cancel push button"],
                gtk: ["alert Warning", "Delete the checked tasks? \(alertMessage)", "Cancel push button"])
        ),
    ]
    /// The alert's message.
    static let alertMessage = "They will be removed from the list. This cannot be undone."

    /// How many times Orca said the alert's message (in an utterance of its own or with others).
    func timesSaid(_ words: String, on desk: OrcaDesk) -> Int {
        desk.orca.transcript.filter { $0.contains(words) }.count
    }

    @Test func orcaSpeaksTheGallerysMenusTheirItemsAndASubmenu() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        try run(Self.canopyMenuOpening + Self.submenuWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheSameMenusInAGtkApp() throws {
        let desk = try gtkDesk("menus")
        defer { desk.finish() }
        try run(Self.gtkMenuOpening + Self.submenuWalk, gtk: true, on: desk)
    }

    @Test func orcaReadsTheGallerysAlertAsItOpens() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        try desk.walk(["Save", "Done", "More…"].map { OrcaDesk.Step(key: .tab, words: [$0]) })
        try run(Self.alertWalk, gtk: false, on: desk)
        // Once: the alert alone is the modal, not an unnamed dialog around it read as well.
        #expect(timesSaid(Self.alertMessage, on: desk) == 1, "\(desk.orca.transcript)")
    }

    @Test func orcaReadsTheSameAlertInAGtkApp() throws {
        let desk = try gtkDesk("menus")
        defer { desk.finish() }
        try run(Self.alertWalk, gtk: true, on: desk)
        #expect(timesSaid(Self.alertMessage, on: desk) == 1, "\(desk.orca.transcript)")
    }
}
