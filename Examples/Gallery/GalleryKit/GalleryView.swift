import Canopy

/// Every everyday control in one window, laid out with stacks in a scroll view under a menu bar:
/// buttons, choices, values, text, text in other scripts, pop-ups, a list, a split view, a
/// segmented control, a tab view and a table. Each user-visible outcome is announced as one line
/// ("slider: 42"), so tests and people can follow along.
@MainActor public final class GalleryView: View {
    /// The size the gallery is designed for.
    public static let preferredSize = Size(width: 640, height: 720)
    /// The smallest the gallery is given (its window no smaller): it scrolls below its preferred size.
    public static let smallestSize = Size(width: 360, height: 240)

    /// A standard button.
    public let saveButton = Button(title: "Save")
    /// A prominent button.
    public let doneButton = Button(title: "Done")
    /// A plain button.
    public let moreButton = Button(title: "More…")
    /// Asks, in a destructive alert, whether to delete.
    public let deleteButton = Button(title: "Delete…")
    /// The alert the delete button shows while it is up (or `nil`).
    public private(set) weak var deleteAlert: Alert?
    /// A disabled button.
    public let disabledButton = Button(title: "Disabled")
    /// A check box.
    public let rememberBox = CheckBox(title: "Remember me · 记住我")
    /// A switch.
    public let wifiSwitch = Switch()
    /// A radio group.
    public let sizeGroup = RadioGroup(options: ["Small", "Medium", "Large"], selectedIndex: 1)
    /// A segmented control: one choice of a few, one Tab stop; "Year" cannot be chosen.
    public let period = SegmentedControl(titles: ["Day", "Week", "Month", "Year"], selectedIndex: 1)
    /// Settings on five pages (in a narrow window the last tabs overflow into a menu): Ctrl+Tab,
    /// Ctrl+PageUp and Ctrl+PageDown switch them, the arrows move along the focused tabs; the
    /// Accounts tab has a close button.
    public let settings = TabView(tabs: [
        TabView.Tab(title: "General", content: GalleryView.page(CheckBox(title: "Open the last note at start"))),
        TabView.Tab(title: "Appearance", content: GalleryView.page(Switch())),
        TabView.Tab(title: "Advanced", content: GalleryView.page(Label(text: "Nothing to change here."))),
        TabView.Tab(title: "Shortcuts", content: GalleryView.page(Label(text: "Ctrl+Tab: the next page."))),
        TabView.Tab(title: "Accounts", content: GalleryView.page(Label(text: "No accounts yet.")), isClosable: true),
    ])
    /// A slider, 0…100 in steps of 1.
    public let volume = Slider(value: 40, in: 0...100, step: 1)
    /// Shows the slider's value.
    public let volumeLabel = Label(text: "40")
    /// Follows the slider.
    public let progress = ProgressBar(progress: 0.4)
    /// Sweeps while something unknown is under way.
    public let busy = ProgressBar(isIndeterminate: true)
    /// A text field.
    public let field = TextField(placeholder: "Type here · 在此输入")
    /// A paragraph that wraps.
    public let paragraph = Label(
        text: "Labels wrap: Latin text at spaces, 中文在任意两个字之间换行，但不在标点之前。 Long words too.",
        numberOfLines: 0)
    /// Styled runs in a wrapping paragraph: colours, weights, a background, lines, sizes, mixed
    /// scripts and a link.
    public let styledParagraph = Label(attributedText: GalleryView.styledSample(LogColors.light), numberOfLines: 0)
    /// Arabic, Hebrew and Devanagari, shaped: joined letters, right-to-left words, conjuncts.
    public let scriptLabels = ["مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया"].map { Label(text: $0) }
    /// Left-to-right and right-to-left text in one line, and characters of several code points.
    public let mixedLabels = ["Hello مرحبا 123 עולם", "e\u{301} 👩\u{200D}👩\u{200D}👧 🇫🇷 👍🏽"].map { Label(text: $0) }
    /// A field holding Arabic: it runs right to left from the right edge.
    public let arabicField = TextField(text: "مرحبا بالعالم")
    /// A button titled in Arabic ("send").
    public let sendButton = Button(title: "إرسال")
    /// A field holding Hebrew ("hello world"): it runs right to left too.
    public let hebrewField = TextField(text: "שלום עולם")
    /// A right-to-left paragraph that wraps ("Arabic text wraps from right to left and its letters
    /// join one another").
    public let arabicParagraph = Label(
        text:
            "النص العربي يلتف من اليمين إلى اليسار وتتصل حروفه بعضها ببعض، والأرقام مثل 2025 تبقى من اليسار إلى اليمين.",
        numberOfLines: 0)
    /// A drop-down.
    public let fruit = DropDown(placeholder: "Fruit", items: ["Apple", "Banana", "Cherry", "Durian"])
    /// A button with a menu.
    public let actions: MenuButton
    /// The window's menu bar: File, Edit and View, their items with keyboard shortcuts that work
    /// with the menus closed (Ctrl+N, F2, …); Alt+F or F10 open it from the keyboard.
    public let menuBar: MenuBar
    /// A card with a context menu.
    public let card = Label(text: "Right-click me · 右键", alignment: .center)
    /// A multi-line text view: paragraphs in Latin, Chinese, Arabic and Hebrew, each running its own
    /// way, wrapped at the view's width.
    public let notes = TextView(
        text: """
            Text views hold many paragraphs. Each wraps at the view's width and scrolls inside it.
            中文段落在任意两个字之间换行，光标不会落在字的中间。
            النص العربي يجري من اليمين إلى اليسار في فقرته الخاصة.
            עברית נכתבת מימין לשמאל, וגם היא פסקה משלה.
            Select across them with the mouse or Shift and the arrows.
            """,
        placeholder: "Notes")
    /// A list of tasks that selects several (Shift and Control with clicks and arrows,
    /// Control-A), with a context menu to check or uncheck them all or the selected ones, and
    /// rows reordered by dragging them.
    public let list = ListView()
    /// A form: labels right-aligned against fields that take the spare width, and a check box
    /// under the fields.
    public let form = GridView(columns: [
        GridView.Column(alignment: .trailing), GridView.Column(alignment: .fill, flex: 1),
    ])
    /// The form's name field.
    public let nameField = TextField(placeholder: "Ada Lovelace")
    /// The form's e-mail field.
    public let emailField = TextField(placeholder: "ada@example.org")

    /// A log line, a warning and a link, styled as a log viewer would, in `colors`.
    private static func styledSample(_ colors: LogColors) -> AttributedText {
        let time = TextStyle(color: colors.time)
        let error = TextStyle(color: Color(rgb: 0xc62828), backgroundColor: Color(rgb: 0xfde7e7), weight: .bold)
        var text = AttributedText("12:00:01 ", style: time) + AttributedText("ERROR", style: error) + " disk full. "
        text += AttributedText("12:00:02 ", style: time) + AttributedText("warning:", style: .italic) + " retried "
        text += AttributedText("twice", style: TextStyle(isStruckThrough: true)) + " "
        text += AttributedText("three times", style: TextStyle(isUnderlined: true)) + "; see "
        text += AttributedText("the manual", style: TextStyle(link: "manual")) + ". "
        text += AttributedText("大字", style: TextStyle(size: 22)) + " and مرحبا "
        text += AttributedText("بالعالم", style: TextStyle(color: colors.info, weight: .bold))
        return text
    }

    /// A read-only log in a text view, each line coloured by its level as it is laid out: the
    /// time muted, warnings in orange, errors in red and bold, addresses as links to click.
    public let log = TextView(
        text: """
            09:14:02 INFO server started at http://localhost:8080/status
            09:14:07 WARN the cache is 91 % full, and entries older than a day are dropped first
            09:15:31 ERROR the disk /dev/sdb1 is full
            09:15:32 INFO retrying in 5 s
            """,
        placeholder: "Log")

    /// A log line's look in `colors`: its time muted and its level coloured (an error bold as
    /// well).
    static func styleLogLine(_ line: String, in colors: LogColors) -> AttributedText {
        var text = AttributedText(line)
        let words = line.split(separator: " ", maxSplits: 2)
        guard words.count > 1 else { return text }
        text.setStyle(TextStyle(color: colors.time), in: words[0].startIndex..<words[0].endIndex)
        let level: TextStyle
        switch words[1] {
        case "ERROR": level = TextStyle(color: colors.error, weight: .bold)
        case "WARN": level = TextStyle(color: colors.warning)
        default: level = TextStyle(color: colors.info)
        }
        text.setStyle(level, in: words[1].startIndex..<words[1].endIndex)
        for word in line.split(separator: " ") where word.hasPrefix("http://") || word.hasPrefix("https://") {
            text.setStyle(TextStyle(link: String(word)), in: word.startIndex..<word.endIndex)
        }
        return text
    }

    /// Folders beside a note: drag the divider, or double-click it to collapse the folders.
    public let split: SplitView
    /// The split view's leading pane.
    public let folders = StackView(
        axis: .vertical, spacing: 6, views: ["Inbox", "Drafts", "Sent", "Archive"].map { Label(text: $0) })
    /// The split view's trailing pane.
    public let note = StackView(views: [
        Label(
            text: "Drag the divider, or double-click it to hide the folders. With the keyboard: Tab to it, then "
                + "the arrows, Home, End and Enter.", numberOfLines: 0)
    ])

    /// A thousand people, each row a view of the app's own, the rows with a note taller.
    public let people = ListView()
    private let peopleRows = PeopleRows()
    /// Three hundred files under Keep, Name, Size and Modified: a click on a title sorts by it,
    /// a drag on the divider after a title resizes its column, rows select several.
    public let files = TableView(columns: FileRows.columns)
    private let fileRows = FileRows()
    /// Folders that open: ten thousand photos in one, another nested two thousand deep.
    public let folderTree = OutlineView()
    private let folderTreeSource = FolderTree()
    /// A project's folders and files under Name, Size and Modified: folders open in place, a
    /// click on a title sorts every folder's entries.
    public let projectTable = TableView(columns: ProjectTree.columns, isOutline: true)
    private let projectTree = ProjectTree()
    private let rows = ArrayListDataSource(
        (1...30).map { ListRow("Task \($0)", secondaryText: "\($0 * 5) min", isChecked: $0 % 3 == 0) })
    private let scroller: ScrollView

    /// Creates the gallery; `announce` receives one line per outcome.
    public init(announce: @escaping (String) -> Void) {
        let menu = Menu(items: [
            MenuItem("Open") { announce("menu: Open") }, MenuItem("Rename") { announce("menu: Rename") },
            MenuItem("Share", isEnabled: false), .separator, MenuItem("Delete") { announce("menu: Delete") },
        ])
        actions = MenuButton(title: "Actions", menu: menu)
        menuBar = Self.makeMenuBar(announce)
        split = SplitView(axis: .horizontal, panes: [folders, note])
        let column = StackView(axis: .vertical, spacing: 12)
        column.layoutMargins = EdgeInsets(all: 24)
        scroller = ScrollView(content: column)
        super.init(frame: .zero)
        minimumSize = Self.smallestSize
        themeBackgroundColor = \.groupedBackground
        addSubview(scroller)
        addSubview(menuBar)
        doneButton.appearance = .prominent
        moreButton.appearance = .plain
        disabledButton.isEnabled = false
        log.isEditable = false
        saveButton.toolTip = "Saves the document (Ctrl+S)"
        card.themeBackgroundColor = \.contentBackground
        card.cornerRadius = 8
        card.minimumSize = Size(width: 0, height: 60)
        card.contextMenu = Menu(items: [
            MenuItem("Copy") { announce("context: Copy") }, MenuItem("Paste", isEnabled: false),
        ])
        list.dataSource = rows
        list.selectionMode = .multiple
        list.contextMenuForRows = { [unowned self] selected in
            Menu(items: [
                MenuItem("Check all") { self.check(RowSet(self.rows.rows.indices), true, announce) },
                MenuItem("Uncheck all") { self.check(RowSet(self.rows.rows.indices), false, announce) },
                .separator,
                MenuItem("Check selected", isEnabled: !selected.isEmpty) { self.check(selected, true, announce) },
                MenuItem("Uncheck selected", isEnabled: !selected.isEmpty) { self.check(selected, false, announce) },
            ])
        }
        list.cornerRadius = 8
        list.minimumSize = Size(width: 0, height: 200)
        volume.minimumSize = Size(width: 200, height: 0)
        volumeLabel.minimumSize = Size(width: 40, height: 0)
        progress.flex = 1
        busy.flex = 1
        field.flex = 1
        arabicField.flex = 1
        hebrewField.flex = 1
        for (title, field) in [("Name", nameField), ("E-mail address", emailField)] {
            let label = Label(text: title)
            field.accessibilityLabelledBy = label  // named by the label beside it; the placeholder is a hint
            form.addRow([label, field])
        }
        form.addRow([nil, CheckBox(title: "Send me the newsletter")])
        folders.layoutMargins = EdgeInsets(all: 12)
        folders.themeBackgroundColor = \.groupedBackground
        folders.minimumSize = Size(width: 90, height: 0)
        note.layoutMargins = EdgeInsets(all: 12)
        note.minimumSize = Size(width: 160, height: 0)
        note.flex = 1
        split.themeBackgroundColor = \.contentBackground
        split.cornerRadius = 8
        split.clipsToBounds = true
        split.minimumSize = Size(width: 0, height: 140)
        split.setDividerPosition(140, at: 0)
        people.dataSource = peopleRows
        people.cornerRadius = 8
        people.minimumSize = Size(width: 0, height: 240)
        files.dataSource = fileRows
        files.listView.selectionMode = .multiple
        files.cornerRadius = 8
        files.minimumSize = Size(width: 0, height: 260)
        folderTree.outlineDataSource = folderTreeSource
        folderTree.rowHeight = 32
        folderTree.cornerRadius = 8
        folderTree.minimumSize = Size(width: 0, height: 240)
        projectTable.outlineDataSource = projectTree
        projectTable.listView.selectionMode = .multiple
        projectTable.cornerRadius = 8
        projectTable.minimumSize = Size(width: 0, height: 300)
        projectTable.outlineView?.expand("Sources")
        projectTable.outlineView?.expand("Sources/Canopy")
        period.disabledSegments = [3]
        themeDidChange()  // the standard theme's colours until a scene's
        wire(announce)

        func section(_ title: String, _ views: [View], axis: StackView.Axis = .horizontal) -> View {
            let heading = Label(text: title, font: .system(size: 13, weight: .bold), themeTextColor: \.secondaryText)
            let row = StackView(axis: axis, spacing: 12, views: views)
            row.alignment = axis == .horizontal ? .center : .fill
            return StackView(axis: .vertical, spacing: 8, views: [heading, row])
        }
        for view in [
            section("Buttons", [saveButton, doneButton, moreButton, deleteButton, disabledButton]),
            section("Choices", [rememberBox, wifiSwitch, sizeGroup]),
            section("Values", [volume, volumeLabel, progress]),
            section("Busy", [busy]),
            section("Text", [field]),
            section("Wrapping", [paragraph]),
            section("Styled text", [styledParagraph]),
            section("Pop-ups", [fruit, actions]),
            section("Context menu", [card], axis: .vertical),
            section(
                "Scripts",
                [
                    StackView(axis: .horizontal, spacing: 24, views: scriptLabels),
                    StackView(axis: .horizontal, spacing: 24, views: mixedLabels),
                    StackView(axis: .horizontal, spacing: 12, views: [arabicField, sendButton]),
                    hebrewField,
                    arabicParagraph,
                ], axis: .vertical),
            section("List", [list], axis: .vertical),
            section("Form", [form], axis: .vertical),
            section("Text view", [notes], axis: .vertical),
            section("Split view", [split], axis: .vertical),
            section("Segmented control", [period]),
            section("Tabs", [settings], axis: .vertical),
            section("Log", [log], axis: .vertical),
            section("Rows of any view", [people], axis: .vertical),
            section("Table", [files], axis: .vertical),
            section("Tree", [folderTree], axis: .vertical),
            section("Tree table", [projectTable], axis: .vertical),
        ] {
            column.addArrangedSubview(view)
        }
    }

    private func wire(_ announce: @escaping (String) -> Void) {
        saveButton.onPrimaryAction = { announce("button: Save") }
        doneButton.onPrimaryAction = { announce("button: Done") }
        moreButton.onPrimaryAction = { announce("button: More") }
        deleteButton.onPrimaryAction = { [unowned self] in self.confirmDelete(announce) }
        rememberBox.onValueChanged = { announce("checkbox: \($0 ? "on" : "off")") }
        wifiSwitch.onValueChanged = { announce("switch: \($0 ? "on" : "off")") }
        sizeGroup.onValueChanged = { [unowned self] in announce("radio: \(self.sizeGroup.options[$0])") }
        volume.onValueChanged = { [unowned self] value in
            self.volumeLabel.text = "\(Int(value))"
            self.progress.setProgress(value / 100, animated: true)
            announce("slider: \(Int(value))")
        }
        field.onSubmit = { announce("field: \($0)") }
        styledParagraph.onLinkActivated = { announce("link: \($0)") }
        log.onLinkActivated = { announce("link: \($0)") }
        arabicField.onSubmit = { announce("field: \($0)") }
        hebrewField.onSubmit = { announce("field: \($0)") }
        sendButton.onPrimaryAction = { [unowned self] in announce("button: send \(self.arabicField.text)") }
        fruit.onValueChanged = { [unowned self] in announce("dropdown: \(self.fruit.items[$0])") }
        period.onValueChanged = { [unowned self] in announce("segment: \(self.period.titles[$0])") }
        settings.onSelectionChanged = { [unowned self] in announce("tab: \(self.settings.tabs[$0].title)") }
        settings.onCloseRequested = { [unowned self] in
            announce("tab: closed \(self.settings.tabs.remove(at: $0).title)")
        }
        split.onDividerMoved = { announce("split: \(Int($1))") }
        list.onSelectedRowsChanged = { announce("list: \($0.count) selected") }
        fileRows.announce = announce
        files.listView.onSelectedRowsChanged = { announce("table: \($0.count) selected") }
        folderTree.onExpansionChanged = { announce("tree: \($1 ? "opened" : "closed") \($0)") }
        projectTree.announce = announce
        projectTable.outlineView?.onExpansionChanged = { announce("tree table: \($1 ? "opened" : "closed") \($0)") }
        list.onMoveRows = { [unowned self] moved, gap in
            self.rows.rows.move(fromOffsets: moved, toOffset: gap)
            announce("list: moved \(moved.count) before row \(gap + 1)")
        }
        list.onValueChanged = { [unowned self] row, done in
            self.rows.rows[row].isChecked = done
            announce("list: Task \(row + 1) \(done ? "done" : "open")")
        }
    }

    /// Asks whether to delete the tasks, with a "Don't ask again" box; announces the answer.
    private func confirmDelete(_ announce: @escaping (String) -> Void) {
        guard let scene else { return }
        let alert = Alert(
            title: "Delete the checked tasks?", message: "They will be removed from the list. This cannot be undone.",
            buttons: [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Delete", role: .destructive)])
        let askAgain = CheckBox(title: "Don't ask again")
        alert.accessory = askAgain
        alert.onResponse = { index in
            announce("alert: \(alert.buttons[index].title)\(askAgain.isChecked ? ", don't ask again" : "")")
        }
        alert.present(in: scene)
        deleteAlert = alert
    }

    /// File, Edit (with a Transform submenu at its end) and View, each item announcing itself
    /// ("menubar: New").
    private static func makeMenuBar(_ announce: @escaping (String) -> Void) -> MenuBar {
        func item(_ title: String, _ key: Key, _ modifiers: Modifiers = .control, isEnabled: Bool = true) -> MenuItem {
            MenuItem(title, isEnabled: isEnabled, shortcut: KeyboardShortcut(key, modifiers: modifiers)) {
                announce("menubar: \(title)")
            }
        }
        return MenuBar(menus: [
            Menu(
                title: "_File",
                items: [
                    item("New", .character("n")), item("Open…", .character("o")), .separator,
                    item("Print…", .character("p"), isEnabled: false), item("Close Window", .character("w")),
                ]),
            Menu(
                title: "_Edit",
                items: [
                    item("Rename", .function(2), []), item("Duplicate", .character("d")), .separator,
                    item("Delete", .delete, []), .separator,
                    MenuItem(
                        "Transform",
                        submenu: [
                            item("Make Upper Case", .character("u")),
                            item("Make Lower Case", .character("u"), [.control, .shift]),
                            MenuItem("Capitalize") { announce("menubar: Capitalize") },
                        ]),
                ]),
            Menu(
                title: "_View",
                items: [item("Zoom In", .character("="), .control), item("Full Screen", .function(11), [])]),
        ])
    }

    /// A tab's page: `view` with a margin, on the content background.
    private static func page(_ view: View) -> View {
        let page = StackView(axis: .vertical, views: [view])
        page.layoutMargins = EdgeInsets(all: 16)
        page.themeBackgroundColor = \.contentBackground
        return page
    }

    /// The styled text and the log in colours readable on the theme, again whenever it changes.
    public override func themeDidChange() {
        let colors = LogColors(theme.colorScheme)
        styledParagraph.attributedText = Self.styledSample(colors)
        log.paragraphStyler = { line, _ in Self.styleLogLine(line, in: colors) }
    }

    /// Checks or unchecks the tasks at `indices`; announces "all" or the tasks' numbers.
    private func check(_ indices: RowSet, _ done: Bool, _ announce: (String) -> Void) {
        for index in indices { rows.rows[index].isChecked = done }
        list.reloadRows(at: Array(indices))
        let which = indices.count == rows.rows.count ? "all" : indices.map { "Task \($0 + 1)" }.joined(separator: ", ")
        announce("list: \(which) \(done ? "done" : "open")")
    }

    public override func layoutSubviews() {
        let barHeight = menuBar.sizeThatFits(bounds.size).height
        menuBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: barHeight)
        scroller.frame = Rect(x: 0, y: barHeight, width: bounds.width, height: max(0, bounds.height - barHeight))
    }
}
