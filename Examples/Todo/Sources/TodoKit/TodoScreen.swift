import Canopy

/// The to-do window's content, put together from Canopy's widgets without subclassing any: a
/// field and an Add button (Enter adds too), a list whose rows can be ticked (a click on the box,
/// or Space) and deleted (the × at the row's end, or Delete; Control-Z brings an item back), and
/// a line counting what is left, or saying, once typing pauses, that what the field holds is on
/// the list already.
///
/// It is not a view but owns one (``view``), as a UIKit view controller does; a stack lays it
/// out for whatever size the window has.
@MainActor public final class TodoScreen {
    /// The size the screen is designed for.
    public static let preferredSize = Size(width: 420, height: 520)
    /// How long typing must pause before the screen says whether the field's text is on the
    /// list already, in seconds.
    public static let duplicateCheckDelay = 0.3

    /// The screen's root view, a column: put it in a window.
    public let view = StackView(axis: .vertical, spacing: 12)
    /// Where a new item is typed.
    public let field = TextField(placeholder: "What needs doing? · 要做什么？")
    /// Adds what the field holds.
    public let addButton = Button(title: "Add")
    /// The items.
    public let list = ListView()
    /// "2 of 3 left".
    public let footer = Label()
    /// The items behind the list.
    public let items: TodoList

    private let title = Label(text: "To do · 待办", font: .system(size: 22, weight: .bold))
    private let emptyNote = Label(text: "Nothing to do. Add something above.", alignment: .center)
    /// The look-up of the field's text waiting for typing to pause.
    private var pendingCheck: ScheduledAction?

    /// Creates the screen showing `items`.
    public init(items: [TodoList.Item] = []) {
        self.items = TodoList(items)
        arrange()
        wire()
        update()
    }

    /// Stacks everything in a column: the title, the field and its button in a row, the list
    /// taking the height left over (or, while it is empty, a note in its place), and the footer.
    private func arrange() {
        view.layoutMargins = EdgeInsets(top: 16, left: 20, bottom: 12, right: 20)
        title.minimumSize = Size(width: 0, height: 32)  // a 32-point line, whatever the fonts measure
        title.maximumSize = Size(width: .infinity, height: 32)
        field.flex = 1
        addButton.minimumSize = Size(width: 72, height: 36)
        let entry = StackView(axis: .horizontal, spacing: 8, views: [field, addButton])
        list.flex = 1
        emptyNote.flex = 1
        footer.minimumSize = Size(width: 0, height: 24)
        for subview in [title, entry, list, emptyNote, footer] { view.addArrangedSubview(subview) }

        view.themeBackgroundColor = \.groupedBackground
        addButton.appearance = .prominent
        for box in [list, emptyNote] {
            box.cornerRadius = 8
            box.borderWidth = 1
            box.themeBorderColor = \.separator
        }
        emptyNote.themeBackgroundColor = \.contentBackground  // as an empty list shows
        emptyNote.themeTextColor = \.secondaryText
        footer.themeTextColor = \.secondaryText
    }

    private func wire() {
        list.dataSource = items
        field.onSubmit = { [weak self] _ in self?.addFromField() }
        addButton.onPrimaryAction = { [weak self] in self?.addFromField() }
        field.onValueChanged = { [weak self] _ in self?.checkWhenTypingPauses() }
        list.onValueChanged = { [weak self] row, done in
            self?.items.setDone(done, at: row)
            self?.update()
        }
        list.onDelete = { [weak self] row in self?.delete(row) }
    }

    /// Deletes item `row`, undoably: Control-Z (or an Edit menu's "Undo Delete Item") puts it
    /// back where it was, Control-Shift-Z deletes it again.
    private func delete(_ row: Int) {
        guard let item = items.remove(at: row) else { return }
        list.deleteRows(at: [row], animated: true)
        update()
        view.scene?.undoStack.push(
            "Delete Item", undo: { [weak self] in self?.restore(item, at: row) },
            redo: { [weak self] in self?.delete(row) })
    }

    private func restore(_ item: TodoList.Item, at row: Int) {
        items.insert(item, at: row)
        list.insertRows(at: [row], animated: true)
        update()
    }

    /// Looks the field's text up once typing pauses (a debounce): each keystroke cancels the
    /// look-up the one before it scheduled on the scene's timers and schedules its own.
    private func checkWhenTypingPauses() {
        guard let timers = view.scene?.timers else { return }
        if let pendingCheck { timers.cancel(pendingCheck) }
        pendingCheck = timers.schedule(after: Self.duplicateCheckDelay) { [weak self] in
            self?.pendingCheck = nil
            self?.update()
        }
    }

    /// Adds the titles `source` returns, once it has them, saying "Loading…" meanwhile (and what
    /// went wrong, if it throws). `source` runs off the main actor (reading a file, say); what
    /// follows the `await` runs back on it, inside the app's run loop, and the next frame shows
    /// it. The returned task ends when the items are in.
    @discardableResult
    public func load(_ source: @escaping @Sendable () async throws -> [String]) -> Task<Void, Never> {
        footer.text = "Loading…"
        return Task { @MainActor [weak self] in
            do {
                let titles = try await source()
                self?.add(titles)
            } catch {
                self?.footer.text = "Could not load: \(error)"
            }
        }
    }

    /// Adds `titles` at the end (blank ones left out) and shows them.
    private func add(_ titles: [String]) {
        list.insertRows(at: titles.compactMap(items.add), animated: true)
        update()
    }

    /// Adds what the field holds as a new item at the end, shows it, and empties the field.
    private func addFromField() {
        guard let index = items.add(field.text) else { return }
        list.insertRows(at: [index], animated: true)
        list.scrollToRow(index, animated: true)
        field.text = ""
        update()
    }

    private func update() {
        let isEmpty = items.items.isEmpty
        // An empty list makes way for the note (a hidden view takes no room in a stack), and
        // hands the keyboard to the field if it had it.
        if isEmpty, list.isFocused { field.becomeFocused() }
        list.isHidden = isEmpty
        emptyNote.isHidden = !isEmpty
        let total = items.items.count
        if items.contains(field.text) {
            footer.text = "Already on the list · 已在清单上"
        } else {
            footer.text = total == 0 ? "" : "\(items.remaining) of \(total) left · 还剩 \(items.remaining) 项"
        }
    }
}
