import Canopy
import CanopyTesting
import Testing

/// The Gallery's fields holding Arabic and Hebrew, beside the same fields in GTK 3: each letter
/// typed, the letter the caret moves over and the letter Backspace deletes are spoken, as in the
/// Latin search field. In right-to-left text Right moves the caret back.
extension OrcaTests {
    /// In a field holding `text` (both select all of it as Tab arrives, and End then unselects
    /// it): two letters typed at the end, Right back over the second, Home to the first letter,
    /// End and Backspace.
    static func rightToLeftFieldWalk(_ text: String, typing first: Character, _ second: Character) -> [(Key, Words)] {
        let letter = { (character: Character) in Words(String(character)) }
        return [
            (.end, Words("Text unselected")),
            (.character(first), letter(first)), (.character(second), letter(second)),
            (.right, letter(second)),
            (.home, letter(text.first ?? first)),
            (.end, Words("blank")),
            (.backspace, Words("backspace", String(second))),
        ]
    }

    static let arabic = "مرحبا بالعالم", hebrew = "שלום עולם"

    /// From the Arabic field past the Arabic button to the Hebrew field, each walked.
    static let scriptsWalk: [(Key, Words)] =
        rightToLeftFieldWalk(arabic, typing: "ن", "ص")
        // Each field, its text selected, is "שלום עולם" then "selected". GTK's is also "text" then
        // "שלום עולם selected", or only its first word selected ("שלום  selected", as Orca reads
        // GTK's selection while the field takes the focus): its first word, in any case.
        + [
            (.tab, Words("إرسال push button")),
            (.tab, Words(canopy: ["entry \(hebrew)"], gtk: [String(hebrew.prefix { $0 != " " })])),
        ]
        + rightToLeftFieldWalk(hebrew, typing: "ש", "ם")

    @Test func orcaSpeaksEachLetterTypedMovedOverAndDeletedInTheGallerysArabicAndHebrewFields() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        // The Arabic field is the twelfth stop of Tab; Save is waited for first (see
        // walkToTheGallerysList).
        let toTheField = (2..<12).map { _ in OrcaDesk.Step(key: .tab, words: []) }
        try desk.walk(
            [OrcaDesk.Step(key: .tab, words: ["Save"])] + toTheField
                + [OrcaDesk.Step(key: .tab, words: ["entry \(Self.arabic)"])])
        try run(Self.scriptsWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheSameLettersInGtkFields() throws {
        let desk = try gtkDesk("scripts")
        defer { desk.finish() }
        try desk.walk([OrcaDesk.Step(key: .tab, words: ["text"])])
        try run(Self.scriptsWalk, gtk: true, on: desk)
    }
}
