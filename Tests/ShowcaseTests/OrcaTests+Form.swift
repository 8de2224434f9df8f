import Canopy
import CanopyTesting
import Testing

/// The Gallery's form walked by Tab, beside the same form in GTK 3: each field has a placeholder
/// and no name of its own, and is labelled by the label beside it, so Orca speaks the label.
extension OrcaTests {
    /// Tab to the name field, then to the e-mail field: the label, the role, then the placeholder
    /// (GTK 3's entry is a "text", its hint read apart; Canopy's an "entry", in one breath).
    static let formWalk: [(Key, Words)] = [
        (.tab, Words(canopy: ["Name entry Ada Lovelace"], gtk: ["Name text", "Ada Lovelace"])),
        (
            .tab,
            Words(canopy: ["E-mail address entry ada@example.org"], gtk: ["E-mail address text", "ada@example.org"])
        ),
    ]

    @Test func orcaSpeaksTheLabelOfEachFieldOfTheGallerysForm() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        try walkToTheGallerysList(on: desk)  // the form follows the tasks
        try run(Self.formWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheLabelOfEachFieldInAGtkForm() throws {
        let desk = try gtkDesk("form")
        defer { desk.finish() }
        try run(Self.formWalk, gtk: true, on: desk)
    }
}
