import Canopy
import CanopyTesting
import Testing

/// Orca's own review of the window (flat review: the keypad's 7, 8 and 9 read the previous,
/// current and next line of what is shown), beside the same in GTK 3: the Gallery's wrapped
/// paragraphs are read line by line as they wrap on screen, forward and, in Arabic, back.
extension OrcaTests {
    /// The paragraph the Gallery's "Wrapping" section shows.
    static let wrappedParagraph = "Labels wrap: Latin text at spaces, 中文在任意两个字之间换行，但不在标点之前。 Long words too."

    /// The Arabic paragraph of the Gallery's "Scripts" section ("Arabic text wraps from right to
    /// left and its letters join one another, and numbers such as 2025 stay left to right").
    static let arabicParagraph =
        "النص العربي يلتف من اليمين إلى اليسار وتتصل حروفه بعضها ببعض، والأرقام مثل 2025 تبقى من اليسار إلى اليمين."

    /// The field above the paragraph, as Orca names it when Tab reaches it.
    static let fieldAboveTheParagraph = Words(
        canopy: ["entry Type here · 在此输入"], gtk: ["text", "Type here · 在此输入"])

    /// From the focused field, the next line (KP_9, `KP_Page_Up` with Num Lock off) until the
    /// heading after the paragraph: the heading above it, then each of the paragraph's lines.
    /// Returns the lines read between the two headings.
    func reviewTheParagraph(on desk: OrcaDesk) throws -> [String] {
        let heading = try desk.hear(after: .keysym("KP_Page_Up"))
        #expect(OrcaScreenReader.says(heading, "Wrapping"), "\(desk.orca.transcript)")
        var lines: [String] = []
        while lines.count < 8 {
            let line = try desk.hear(after: .keysym("KP_Page_Up"))
            if OrcaScreenReader.says(line, "Styled text") { break }
            lines.append(line.trimmingCharacters(in: .whitespaces))
        }
        return lines
    }

    /// From the focus under the heading "List", the previous line (KP_7, `KP_Home` with Num Lock
    /// off): the heading, then the Arabic paragraph's lines, last first, until a line that is not
    /// the paragraph's. Returns the paragraph's lines in reading order.
    func reviewTheArabicParagraphBackward(on desk: OrcaDesk) throws -> [String] {
        let heading = try desk.hear(after: .keysym("KP_Home"))
        #expect(OrcaScreenReader.says(heading, "List"), "\(desk.orca.transcript)")
        var lines: [String] = []
        while lines.count < 8 {
            let line = try desk.hear(after: .keysym("KP_Home")).trimmingCharacters(in: .whitespaces)
            if !Self.letters(Self.arabicParagraph).contains(Self.letters(line)) { break }
            lines.insert(line, at: 0)
        }
        return lines
    }

    /// `text` without its spaces: a line may break between Chinese characters, where no space is.
    static func letters(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    /// `paragraph` was read in more than one line, and its lines are all of it, in order.
    func expectReadLineByLine(_ lines: [String], _ paragraph: String = wrappedParagraph, on desk: OrcaDesk) {
        #expect(lines.count > 1, "\(desk.orca.transcript)")
        #expect(Self.letters(lines.joined()) == Self.letters(paragraph), "\(desk.orca.transcript)")
    }

    @Test func orcasFlatReviewReadsTheGallerysWrappedLabelLineByLine() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        // The field is the ninth stop of Tab; Save is waited for first (see walkToTheGallerysList).
        let toTheField = (2..<9).map { _ in OrcaDesk.Step(key: .tab, words: []) }
        try desk.walk(
            [OrcaDesk.Step(key: .tab, words: ["Save"])] + toTheField
                + [OrcaDesk.Step(key: .tab, words: Self.fieldAboveTheParagraph.canopy)])
        expectReadLineByLine(try reviewTheParagraph(on: desk), on: desk)
    }

    @Test func orcasFlatReviewReadsAWrappedGtkLabelLineByLine() throws {
        let desk = try gtkDesk("wrapping")
        defer { desk.finish() }
        try desk.walk([OrcaDesk.Step(key: .tab, words: Self.fieldAboveTheParagraph.gtk)])
        expectReadLineByLine(try reviewTheParagraph(on: desk), on: desk)
    }

    @Test func orcasFlatReviewReadsTheGallerysArabicParagraphBackLineByLine() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        try walkToTheGallerysList(on: desk)  // the list's heading is under the paragraph
        expectReadLineByLine(try reviewTheArabicParagraphBackward(on: desk), Self.arabicParagraph, on: desk)
    }

    @Test func orcasFlatReviewReadsAWrappedArabicGtkLabelBackLineByLine() throws {
        let desk = try gtkDesk("wrapping")
        defer { desk.finish() }
        try desk.walk([
            OrcaDesk.Step(key: .tab, words: Self.fieldAboveTheParagraph.gtk),
            OrcaDesk.Step(key: .tab, words: ["Task 1"]),
        ])
        expectReadLineByLine(try reviewTheArabicParagraphBackward(on: desk), Self.arabicParagraph, on: desk)
    }
}
