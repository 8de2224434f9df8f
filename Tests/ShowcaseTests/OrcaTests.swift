import Canopy
import CanopyTesting
import Foundation
import Testing

/// An app with Orca listening: ``ScreenReaderDesk``'s display, accessibility stack and app, and
/// Orca itself on that stack, for walks by keyboard whose speech is checked step by step.
@MainActor final class OrcaDesk {
    let desk: ScreenReaderDesk
    let orca: OrcaScreenReader
    /// The keyboard and pointer (closed before the display goes, as Xlib ends a process whose
    /// server vanishes).
    private var input: InputDriver?
    /// The utterances of the transcript already accounted for by the steps walked.
    private var heard = 0

    /// Starts `command` (its program first) and Orca, then puts the pointer on `blankPoint` in the
    /// app's window (with no window manager the keyboard follows the pointer) and waits for Orca to
    /// say the window's `title`. Skips the test, saying why, where Orca cannot start.
    static func start(command: [String], title: String, blankPoint: Point) throws -> OrcaDesk {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/orca") {
            try Test.cancel("Orca is missing (scripts/install-deps installs orca and speech-dispatcher)")
        }
        let desk = try ScreenReaderDesk.start(discovery: .sessionBus, command: command)
        let orca: OrcaScreenReader
        do {
            orca = try OrcaScreenReader(stack: desk.stack, displayName: desk.display.name)
        } catch {
            _ = desk.finish()
            try Test.cancel("Orca cannot start here: \(error)")
        }
        let walker = try OrcaDesk(desk: desk, orca: orca)
        walker.input?.move(toScreen: blankPoint)
        do {
            try walker.expectSpeech([title], after: "the pointer entered the window")
        } catch {
            walker.finish()
            throw error
        }
        return walker
    }

    private init(desk: ScreenReaderDesk, orca: OrcaScreenReader) throws {
        self.desk = desk
        self.orca = orca
        input = try InputDriver(displayName: desk.display.name)
    }

    /// A key pressed: one Canopy names, with the modifiers held around it, or one named by its
    /// X keysym (a key of the keypad, where Orca's review commands are).
    enum Press: CustomStringConvertible {
        case key(Key, Modifiers)
        case keysym(String)

        var description: String {
            switch self {
            case let .key(key, modifiers): modifiers.isEmpty ? "\(key)" : "\(key) with \(modifiers)"
            case let .keysym(name): name
            }
        }
    }

    /// One key and what Orca must say after it (each utterance is, or begins with, the words).
    struct Step {
        let press: Press
        let words: [String]

        init(key: Key, modifiers: Modifiers = [], words: [String]) {
            press = .key(key, modifiers)
            self.words = words
        }

        init(keysym: String, words: [String]) {
            press = .keysym(keysym)
            self.words = words
        }
    }

    /// Presses each step's key in turn, waiting after each for Orca to say its words; fails, with
    /// the transcript, at the first step Orca stays silent on.
    func walk(_ steps: [Step]) throws {
        for step in steps {
            press(step.press)
            try expectSpeech(step.words, after: "\(step.press)")
        }
    }

    /// Presses `key` and returns what Orca says next (its first utterance after the key);
    /// throws, with the transcript, if it says nothing within a minute.
    func hear(after key: Press) throws -> String {
        press(key)
        guard orca.waitForUtterances(heard + 1) else {
            let since = Array(orca.transcript.dropFirst(heard))
            throw Silence(description: "after \(key), Orca said nothing; since: \(since) (its log: \(orca.keepLog()))")
        }
        heard += 1
        return orca.transcript[heard - 1]
    }

    /// Puts the pointer on `point` of the screen (with no window manager, the keyboard goes to
    /// the window under it).
    func movePointer(toScreen point: Point) {
        input?.move(toScreen: point)
    }

    private func press(_ key: Press) {
        switch key {
        case let .key(key, modifiers): input?.tap(key, modifiers: modifiers)
        case let .keysym(name): input?.tap(keysymNamed: name)
        }
    }

    /// Waits for Orca to say `words` (in order) after what it said before; throws, with what it
    /// said since, if it does not within a minute.
    func expectSpeech(_ words: [String], after what: String) throws {
        guard let next = orca.waitForSpeech(words, from: heard) else {
            let since = Array(orca.transcript.dropFirst(heard))
            throw Silence(
                description: "after \(what), Orca did not say \(words); it said \(since) (its log: \(orca.keepLog()))")
        }
        heard = next
    }

    /// Orca said nothing of what a step wanted.
    struct Silence: Error, CustomStringConvertible {
        let description: String
    }

    /// Ends Orca, the app and the stack.
    func finish() {
        print("Orca said: \(orca.transcript)")
        orca.stop()
        input = nil
        _ = desk.finish()
    }
}

/// Orca itself, run headless, walked through the Showcase and the Gallery with the keyboard alone:
/// what it says names every item and character a sighted user sees change. The same keys in a
/// small GTK 3 app (`ScreenReader/gtk_comparison.py`) show what Orca says in a toolkit it knows;
/// the words each step must bring are in one table for both, so where they differ it shows.
@MainActor @Suite(.serialized) struct OrcaTests {
    /// Words for a step: the same in Canopy and GTK unless told.
    struct Words {
        let canopy: [String]
        let gtk: [String]

        init(_ both: String...) {
            canopy = both
            gtk = both
        }

        init(canopy: [String], gtk: [String]) {
            self.canopy = canopy
            self.gtk = gtk
        }
    }

    /// The Showcase's drop-down opened, two rows down and chosen, then "hello" typed in the
    /// search field and the caret moved back: each row and each character is spoken.
    static let showcaseWalk: [(Key, Words)] = [
        (.tab, Words("Select · 选择")),
        // Canopy's list opens with no current row; GTK's menu has its first row current.
        (.space, Words(canopy: ["Select · 选择 combo box expanded", "List with 10 items"], gtk: ["combo box"])),
        (.down, Words(canopy: ["Hello 0"], gtk: ["Hello 1"])),
        (.down, Words(canopy: ["Hello 1"], gtk: ["Hello 2"])),
        (.enter, Words(canopy: ["Hello 1 combo box"], gtk: ["Select · 选择 combo box", "Hello 2"])),
        (.tab, Words("web")),
        // The field has a placeholder and no name: Orca reads the hint after the role (GTK 3's
        // entry is a "text", Canopy's an "entry", which Orca says in one breath with the hint).
        (.tab, Words(canopy: ["entry Search · 搜索"], gtk: ["text", "Search · 搜索"])),
        (.character("h"), Words("h")), (.character("e"), Words("e")), (.character("l"), Words("l")),
        (.character("l"), Words("l")), (.character("o"), Words("o")),
        (.left, Words("o")),
        (.home, Words("h")),
        (.end, Words("blank")),
        (.backspace, Words("backspace", "o")),
    ]

    /// The Gallery's first buttons and its check box, ticked; past the switch, into the radio
    /// group, which is heard as its chosen option, and down to the next (in GTK the radio button
    /// itself takes the focus; in Canopy the group does and tells the chosen button focused).
    static let galleryWalk: [(Key, Words)] = [
        (.tab, Words("Save")), (.tab, Words("Done")), (.tab, Words("More…")), (.tab, Words("Delete…")),
        (.tab, Words("Remember me · 记住我")),
        (.space, Words("checked")),
        (.tab, Words("toggle button not pressed")),  // the switch, unnamed in both
        (.tab, Words("Medium")),
        (.down, Words("Large")),
    ]

    func run(_ walk: [(Key, Words)], gtk: Bool, on desk: OrcaDesk) throws {
        try desk.walk(walk.map { key, words in OrcaDesk.Step(key: key, words: gtk ? words.gtk : words.canopy) })
    }

    static let comparisonApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ScreenReader/gtk_comparison.py").path

    /// The Gallery under Orca, which has said its window's title.
    func galleryDesk() throws -> OrcaDesk {
        try OrcaDesk.start(
            command: [builtProgram("Gallery")], title: "Canopy Gallery · 控件 frame",
            blankPoint: Point(x: 636, y: 716))
    }

    /// Tabs from the window to the Gallery's tasks, the first list and the fifteenth stop of
    /// Tab; the stops between Save and the list are heard (by name) in the walk of the controls.
    /// Save is waited for: while the window is Orca's focus, a key makes it look for the focus in
    /// the whole window, and with the app already at the list it would take the list as found,
    /// silently.
    func walkToTheGallerysList(on desk: OrcaDesk) throws {
        let toTheList = (2..<15).map { _ in OrcaDesk.Step(key: .tab, words: []) }
        try desk.walk(
            [OrcaDesk.Step(key: .tab, words: ["Save"])] + toTheList
                + [OrcaDesk.Step(key: .tab, words: ["multi-select list"])])
    }

    func gtkDesk(_ part: String) throws -> OrcaDesk {
        let gtk = try ChildProcess(
            "/usr/bin/python3", arguments: ["-c", "import gi; gi.require_version('Gtk', '3.0')"]
        ).wait()
        if gtk.status != 0 { try Test.cancel("python3-gi with GTK 3 is missing (Orca depends on it)") }
        return try OrcaDesk.start(
            command: ["/usr/bin/python3", Self.comparisonApp, part], title: "GTK comparison frame",
            blankPoint: Point(x: 636, y: 476))
    }

    @Test func orcaSpeaksEachRowOfTheShowcasesDropDownAndEachCharacterOfItsSearchField() throws {
        let desk = try OrcaDesk.start(
            command: [builtProgram("Showcase")], title: "Canopy Showcase · 展示 frame",
            blankPoint: Point(x: 700, y: 10))
        defer { desk.finish() }
        try run(Self.showcaseWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksTheSameRowsAndCharactersInAGtkApp() throws {
        let desk = try gtkDesk("showcase")
        defer { desk.finish() }
        try run(Self.showcaseWalk, gtk: true, on: desk)
    }

    @Test func orcaSpeaksTheGallerysControlsByTabAndTheTickOfItsCheckBox() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        // With nothing focused the window itself is (as in GTK), so Orca's first key finds the
        // focus at once instead of searching a thousand rows and their labels call by call.
        try run(Self.galleryWalk, gtk: false, on: desk)
    }

    @Test func orcaSpeaksEachRowOfTheGallerysList() throws {
        let desk = try galleryDesk()
        defer { desk.finish() }
        try walkToTheGallerysList(on: desk)
        // A row with a check box is a check box, whose tick Orca speaks when it is the focus (its
        // rows being no list items, Orca counts none: "multi-select list", not "List with 30
        // items", and no "2 of 30" after a row).
        try desk.walk([
            OrcaDesk.Step(key: .down, words: ["Task 1 check box not checked"]),
            OrcaDesk.Step(key: .down, words: ["Task 2 check box not checked"]),
            OrcaDesk.Step(key: .space, words: ["checked"]),
            OrcaDesk.Step(key: .space, words: ["not checked"]),
        ])
    }

    @Test func orcaSpeaksTheSameButtonsAndTickInAGtkApp() throws {
        let desk = try gtkDesk("gallery")
        defer { desk.finish() }
        try run(Self.galleryWalk, gtk: true, on: desk)
    }
}
