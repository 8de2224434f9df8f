import Canopy
import CanopyTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Showcase as a screen reader sees it: the real app on a display of its own, a private
/// accessibility stack (session bus, accessibility bus, registry) and a pyatspi client
/// (`ScreenReader/showcase_reader.py`) that finds every widget and operates each seed widget
/// through AT-SPI2 alone. What the client saw, and what the Showcase printed, are checked here.
/// How the app finds the accessibility bus in a screen reader test.
enum BusDiscovery {
    /// The `AT_SPI_BUS` property of the root window, as a desktop session publishes it; the
    /// app has no session bus.
    case rootWindow
    /// The session bus's `org.a11y.Bus`.
    case sessionBus
}

/// An example app (the Showcase unless told) running with a screen reader's stack beside it,
/// for ``ScreenReaderTests``.
@MainActor final class ScreenReaderDesk {
    let display: VirtualDisplay
    let stack: AccessibilityStack
    let showcase: ChildProcess

    /// Starts the stack, the display and `program`; skips the test, saying why, where the
    /// machine has no accessibility stack or no pyatspi.
    static func start(discovery: BusDiscovery, program: String = "Showcase") throws -> ScreenReaderDesk {
        try start(discovery: discovery, command: [builtProgram(program)])
    }

    /// Starts the stack, the display and `command` (its program first), another toolkit's app as
    /// well as an example; skips the test as ``start(discovery:program:)`` does.
    static func start(discovery: BusDiscovery, command: [String]) throws -> ScreenReaderDesk {
        let client = try ChildProcess("/usr/bin/python3", arguments: ["-c", "import pyatspi"]).wait()
        if client.status != 0 { try Test.cancel("python3-pyatspi is missing (scripts/install-deps installs it)") }
        let stack: AccessibilityStack
        do {
            stack = try AccessibilityStack()
        } catch {
            try Test.cancel("no accessibility bus could start here: \(error)")
        }
        return try ScreenReaderDesk(stack: stack, discovery: discovery, command: command)
    }

    private init(stack: AccessibilityStack, discovery: BusDiscovery, command: [String]) throws {
        self.stack = stack
        display = try VirtualDisplay(width: 1024, height: 800)
        // The pointer parked off the window: with no window manager the keyboard follows the
        // pointer, and the tests give the window the focus through the screen reader instead.
        try InputDriver(displayName: display.name).move(toScreen: Point(x: 1020, y: 796))
        var environment: [String: String?] = ["DISPLAY": display.name, "AT_SPI_BUS_ADDRESS": nil]
        switch discovery {
        case .rootWindow:
            try stack.publish(on: display.name)
            environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        case .sessionBus:
            environment["DBUS_SESSION_BUS_ADDRESS"] = stack.sessionBusAddress
        }
        showcase = try ChildProcess(command[0], arguments: Array(command.dropFirst()), environment: environment)
    }

    /// Runs the screen reader client's `scenario` to its end.
    func read(_ scenario: String...) throws -> ChildProcess.Result {
        try startReading(scenario).wait()
    }

    /// Starts the screen reader client's `scenario` (of `script` in `ScreenReader`).
    func startReading(_ scenario: [String], script: String = "showcase_reader.py") throws -> ChildProcess {
        try ChildProcess(
            "/usr/bin/python3", arguments: [Self.scripts.appendingPathComponent(script).path] + scenario,
            environment: [
                "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": stack.sessionBusAddress,
                "AT_SPI_BUS_ADDRESS": stack.accessibilityBusAddress,
            ])
    }

    /// Ends the Showcase and the stack; returns what the Showcase printed.
    func finish() -> ChildProcess.Result {
        let result = showcase.terminate()
        display.stop()
        stack.stop()
        return result
    }

    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ScreenReader")
}

/// The Showcase as a screen reader sees it, checked.
@MainActor @Suite(.serialized) struct ScreenReaderTests {
    func lines(_ result: ChildProcess.Result) -> [String] {
        result.output.split(separator: "\n").map(String.init)
    }

    @Test func everyShowcaseWidgetIsFoundWithItsRoleNameAndStates() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow)
        let seen = try desk.read("tree")
        let printed = desk.finish()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "application 'showcase' toolkit Canopy windows 1",
                "frame 'Canopy Showcase · 展示' enabled,sensitive,showing,visible",
                "  scroll pane '' enabled,sensitive,showing,visible",
                "    label 'NIDropDown' enabled,sensitive,showing,visible",
                "    combo box 'Select · 选择' collapsed,enabled,expandable,focusable,has popup,sensitive,showing,visible",
                "    label 'TopBarView · TypeSelectView' enabled,sensitive,showing,visible",
                "    combo box 'web' collapsed,enabled,expandable,focusable,has popup,sensitive,showing,visible",
                "    entry '' placeholder 'Search · 搜索' "
                    + "editable,enabled,focusable,selectable text,sensitive,showing,single line,visible",
                "    label 'SelectViewController' enabled,sensitive,showing,visible",
                "    push button 'Pick a number · 选择数字' enabled,focusable,sensitive,showing,visible",
                "    label 'Selected: –' enabled,sensitive,showing,visible",
                "drop-down extents 40 68 200 40",
            ])
        #expect(printed.errors.isEmpty, "\(printed.errors)")
    }

    @Test func theDropDownOpensAndChoosesHello3() throws {
        let desk = try ScreenReaderDesk.start(discovery: .sessionBus)
        let seen = try desk.read("dropdown")
        let printed = desk.finish()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen).dropFirst()
                == [
                    "actions ['click', 'expand']",
                    "appeared list '' enabled,focusable,focused,manages descendants,sensitive,showing,visible rows 10",
                    "rows Hello 0, Hello 1, Hello 2, Hello 3, Hello 4, Hello 5, Hello 6, Hello 7, Hello 8, Hello 9",
                    "combo enabled,expandable,expanded,focusable,has popup,sensitive,showing,visible",
                    "selected Hello 3 Hello 3",
                    "renamed combo box 'Hello 3'",
                    "combo now 'Hello 3' collapsed,enabled,expandable,focusable,focused,has popup,sensitive,showing,"
                        + "visible frame children 1",
                ])
        #expect(printed.output == "dropdown: selected Hello 3\n")
    }

    @Test func theSearchBarChoosesSinaAndSearchesForHello() throws {
        let desk = try ScreenReaderDesk.start(discovery: .sessionBus)
        let seen = try desk.read("search")
        let printed = desk.finish()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen).dropFirst()
                == [
                    "tiles toggle button 'web' True, toggle button 'weibo' False, toggle button 'sina' False, "
                        + "toggle button 'sohu' False",
                    "renamed 'sina'",
                    "inserted 'hello' at 0, caret event 5",
                    "text 'hello' caret 5 count 5",
                    "characters side by side True inside the field True",
                    "activated",
                ])
        #expect(printed.output == "search: type sina\nsearch: sina hello\n")
    }

    @Test func thePickerIsAModalDialogOfFiveThatChoosesAndDismisses() throws {
        let desk = try ScreenReaderDesk.start(discovery: .sessionBus)
        let seen = try desk.read("picker")
        let printed = desk.finish()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen).dropFirst()
                == [
                    "appeared dialog 'Pick a number · 选择数字' enabled,modal,sensitive,showing,visible",
                    "holding list of 5: list item '1', list item '2', list item '3', list item '4', list item '5'",
                    "renamed label 'Selected: 4'",
                    "dismissed",
                ])
        #expect(printed.output == "picker: SelectValue 4\npicker: dismissed\n")
    }

    @Test func theAboutBoxIsASecondWindowThatSaysItIsADialog() throws {
        let desk = try ScreenReaderDesk.start(discovery: .sessionBus)
        let reader = try desk.startReading(["about"])
        var input: InputDriver? = try InputDriver(displayName: desk.display.name)
        // F1 with the pointer over a blank part of the window (no window manager: keys go where
        // the pointer is), again until the reader has seen the dialog.
        for _ in 0..<30 where !reader.waitForExit(timeout: 0.5) {
            input?.click(atScreen: Point(x: 700, y: 10))
            input?.tap(.function(1))
        }
        input = nil  // this process's own connection must be closed before the server goes
        let seen = reader.wait()
        let printed = desk.finish()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(lines(seen).dropFirst() == ["dialog 'About the Showcase' modal True"])
        #expect(printed.output.hasPrefix("about: opened\n"))
    }

    @Test func theGallerysTextViewReadsByLineFollowsTheCaretAndTakesEditsOverTheBus() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let client = try desk.startReading(["lines"], script: "text_view_reader.py")
        // The client reads the lines and focuses the text view first (slow on a loaded machine).
        let listening = client.waitForOutput(containing: "listening", timeout: 90)
        #expect(listening, "\(client.outputSoFar)")
        guard listening else { return _ = client.terminate() }
        try InputDriver(displayName: desk.display.name).tap(.down)
        let seen = client.wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "entry '' placeholder 'Notes' editable,enabled,focusable,multi line,selectable text,sensitive,visible",
                "lines follow each other True, cover the text True, more lines than paragraphs True, "
                    + "first ends inside the first paragraph True",
                "paragraph at 3 is the first True",
                "listening",
                "caret moved to the second line True, and reads it True",
                "inserted True, heard at True as 'Noted: ', text True",
                "deleted True, heard 'Noted: ', text as before True",
            ])
    }

    @Test func aFieldsPlaceholderIsItsPlaceholderAttributeAndItsNameIsTheLabelTheAppGaveIt() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "fields_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "entry '' placeholder 'Type here · 在此输入', one line", "entry '' placeholder None, one line",
                "entry '' placeholder None, one line", "entry 'Name' placeholder 'Ada Lovelace', one line",
                "entry 'E-mail address' placeholder 'ada@example.org', one line",
                "entry '' placeholder 'Notes', several lines", "entry '' placeholder 'Log', several lines",
            ])
    }

    @Test func labelsRadioGroupsDropDownsAndMenusTellTheirRelations() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "relations_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        let group = "member-of radio button 'Small', radio button 'Medium', radio button 'Large'"
        #expect(
            lines(seen) == [
                "entry 'Name': labelled-by label 'Name'", "label 'Name': label-for entry 'Name'",
                "entry 'E-mail address': labelled-by label 'E-mail address'",
                "label 'E-mail address': label-for entry 'E-mail address'",
                "radio button 'Small': \(group)", "radio button 'Medium': \(group)",
                "radio button 'Large': \(group)",
                "combo box 'Fruit': none", "combo box 'Fruit': controller-for list ''",
                "list '': controlled-by combo box 'Fruit'; popup-for combo box 'Fruit'",
                "combo box 'Fruit': none",
                "popup menu '': popup-for push button 'Actions'",
            ])
    }

    @Test func theGallerysSplitTabsAndAlertReadTheirValueSelectionAndButtons() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "containers_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "split pane with a separator at more than 0 True, within its range True",
                "page tabs General, Appearance, Advanced, Shortcuts, Accounts; selected General, "
                    + "by the Selection interface General",
                "alert 'Delete the checked tasks?' says 'They will be removed from the list. This cannot be undone.' "
                    + "with push buttons Cancel, Delete",
                "the window's new child is the alert True, modal True",
            ])
    }

    @Test func keysReachAScreenReaderFirstAndOneItTakesNeverReachesTheApp() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow)
        defer { _ = desk.finish() }
        let client = try desk.startReading(["keys"], script: "key_listener_reader.py")
        // The client registers its keystroke listener and focuses the search field first.
        let listening = client.waitForOutput(containing: "listening", timeout: 90)
        #expect(listening, "\(client.outputSoFar)")
        guard listening else { return _ = client.terminate() }
        try InputDriver(displayName: desk.display.name).type("abcd")
        let seen = client.wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(lines(seen) == ["listening", "heard a b c d", "text 'abd'"])
    }

    @Test func theGallerysMenuBarReadsItsTitlesItsItemsShortcutsAsKeyBindingsAndASubmenu() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "menubar_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "menu bar of File ';;<Alt>f', Edit ';;<Alt>e', View ';;<Alt>v'",
                "popup menu of New ';;<Control>n', Open… ';;<Control>o', Print… disabled, Close Window ';;<Control>w'",
                "menu Transform of Make Upper Case ';;<Control>u', Make Lower Case ';;<Shift><Control>u',"
                    + " Capitalize '', pops up True, parent of Make Upper Case Transform",
            ])
    }

    @Test func theGallerysListSelectsSeveralRowsThroughTheSelectionInterface() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "list_selection_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "list of 30 rows, multiselectable True", "select all: 30 selected",
                "deselect row 1: 29 selected, row 0 True, row 1 False, the second selected Task 3",
                "clear: 0 selected",
            ])
    }

    @Test func theGallerysTableReadsItsColumnHeadersAndCellsThroughTheTableInterface() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "table_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "table of 300 rows and 4 columns, 1204 children",
                "column descriptions: Keep, Name, Size, Modified",
                "column headers: table column header Keep, table column header Name, table column header Size, "
                    + "table column header Modified",
                "cell at 2, 1: table cell 'photo-1.png', at row 2 column 1", "cell at 0, 0: checked True",
                "sorted by name: the first row is budget-1.ods",
                "selected rows: [3, 5], row 5 True, cell selected True", "after removing row 3: 1 selected",
            ])
    }

    @Test func theGallerysTreeReadsLevelsAndStatesAndAFolderOpenedSaysWhereItsEntriesCame() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "tree_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "tree of 4 items",
                "tree item 'Documents' level 1 expandable True expanded False",
                "tree item 'Photos' level 1 expandable True expanded False",
                "tree item 'Nested' level 1 expandable True expanded False",
                "tree item 'Read me.txt' level 1 expandable False expanded False",
                "state-changed:expanded 1 from 'Documents'",
                "children added at [1, 2]",
                "tree of 6 items; tree item 'Documents' level 1 expandable True expanded True; "
                    + "tree item 'Letters' level 2 expandable True expanded False",
            ])
    }

    @Test func theGallerysTreeTableReadsLevelsAndStatesInItsFirstColumnAndAFolderOpenedSaysWhereItsCellsCame()
        throws
    {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow, program: "Gallery")
        defer { _ = desk.finish() }
        let seen = try desk.startReading([], script: "tree_table_reader.py").wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen) == [
                "tree table of 12 rows and 3 columns: Name, Size, Modified",
                "table cell 'Sources' level 1 expandable True expanded True",
                "table cell 'Canopy' level 2 expandable True expanded True",
                "table cell 'View.swift' level 3 expandable False expanded False",
                "table cell 'Docs' level 1 expandable True expanded False",
                "table cell '5.4 MB' level None expandable False expanded False",
                "state-changed:expanded 1 from 'Docs'",
                "children added at [30, 31, 32, 33, 34, 35]",
                "tree table of 14 rows; table cell 'Guide.md' level 2 expandable False expanded False; True",
            ])
    }

    @Test func focusEventsArriveInTheOrderTabMovesFocus() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow)
        defer { _ = desk.finish() }
        let client = try desk.startReading(["focus", "6"])
        // The client finds the app and takes the keyboard focus for the window first; with no
        // control focused yet, the window itself is the focus (as a GTK window without a focus
        // widget is), so a screen reader finds the focus without searching the tree.
        let listening = client.waitForOutput(containing: "listening", timeout: 90)
        #expect(listening, "\(client.outputSoFar)")
        guard listening else { return _ = client.terminate() }
        let input = try InputDriver(displayName: desk.display.name)
        for _ in 0..<5 { input.tap(.tab) }
        let seen = client.wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen).dropFirst()
                == [
                    "window activated", "listening", "focus frame 'Canopy Showcase · 展示'",
                    "focus combo box 'Select · 选择'", "focus combo box 'web'",
                    "focus entry ''", "focus push button 'Pick a number · 选择数字'",
                    "focus combo box 'Select · 选择'",
                ])
    }

    @Test func downInTheOpenDropDownMakesEachRowTheActiveDescendant() throws {
        let desk = try ScreenReaderDesk.start(discovery: .rootWindow)
        defer { _ = desk.finish() }
        let client = try desk.startReading(["descendants", "3"])
        let listening = client.waitForOutput(containing: "listening", timeout: 90)
        #expect(listening, "\(client.outputSoFar)")
        guard listening else { return _ = client.terminate() }
        let input = try InputDriver(displayName: desk.display.name)
        input.tap(.tab)  // the drop-down
        input.tap(.space)  // opens its list
        for _ in 0..<3 { input.tap(.down) }
        let seen = client.wait()
        #expect(seen.status == 0, "\(seen.output)\(seen.errors)")
        #expect(
            lines(seen).dropFirst(2) == [
                "current list item 'Hello 0' in list", "current list item 'Hello 1' in list",
                "current list item 'Hello 2' in list",
            ])
    }
}
