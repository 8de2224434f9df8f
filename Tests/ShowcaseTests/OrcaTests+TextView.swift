import Canopy
import CanopyTesting
import Testing

/// The Gallery's multi-line text view walked by keyboard, beside the same text in a GTK 3 text
/// view: each character typed, the character, word and line the caret reaches, the character
/// Backspace deletes and the characters Shift selects are spoken.
extension OrcaTests {
    /// A key with the modifiers held and the words it brings.
    typealias TextStep = (key: Key, modifiers: Modifiers, words: Words)

    /// Typing "new " before the first paragraph, moving back over it and deleting in it; then to
    /// the last paragraph and up and down between it and the one above (lines that wrap in
    /// neither window, as the windows' widths differ), to its start and selecting in it. (End
    /// there is left out: the caret is at the end already, and GTK moves it nowhere.)
    static let textViewWalk: [TextStep] = [
        (.character("n"), [], Words("n")), (.character("e"), [], Words("e")), (.character("w"), [], Words("w")),
        (.space, [], Words("space")),
        (.left, [.control], Words("new")), (.right, [], Words("e")), (.right, [], Words("w")),
        (.backspace, [], Words("backspace", "e")),
        (.right, [.control], Words("nw")), (.right, [.control], Words("Text")), (.left, [.control], Words("Text")),
        (.end, [.control], Words(lastParagraph)), (.up, [], Words("עברית נכתבת מימין לשמאל, וגם היא פסקה משלה.")),
        (.down, [], Words(lastParagraph)),
        (.home, [], Words("S")),
        (.right, [.shift], Words("S", "selected")), (.right, [.shift], Words("e", "selected")),
    ]
    /// The notes' last paragraph, one line in both windows.
    static let lastParagraph = "Select across them with the mouse or Shift and the arrows."

    func run(_ walk: [TextStep], gtk: Bool, on desk: OrcaDesk) throws {
        try desk.walk(
            walk.map {
                OrcaDesk.Step(key: $0.key, modifiers: $0.modifiers, words: gtk ? $0.words.gtk : $0.words.canopy)
            })
    }

    @Test func orcaSpeaksWhatIsTypedMovedOverDeletedAndSelectedInTheGallerysTextView() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        // The notes are the nineteenth stop of Tab, after the list and the form; Save is waited
        // for first (see orcaSpeaksEachRowOfTheGallerysList). Unnamed, as GTK's text view is
        // (their placeholder is no name), they are read by their role and the caret's line.
        let toTheNotes = (2..<19).map { _ in OrcaDesk.Step(key: .tab, words: []) }
        try desk.walk(
            [OrcaDesk.Step(key: .tab, words: ["Save"])] + toTheNotes
                + [OrcaDesk.Step(key: .tab, words: ["entry Text views"])])
        try run(Self.textViewWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheSameInAGtkTextView() throws {
        let desk = try gtkDesk("text")
        defer { desk.finish() }
        try desk.walk([OrcaDesk.Step(key: .tab, words: ["Text views"])])
        try run(Self.textViewWalk, gtk: true, on: desk)
    }
}
