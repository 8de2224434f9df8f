import Canopy

/// The to-do window's content, put together from Canopy's widgets without subclassing any: a
/// field and an Add button (Enter adds too), a list whose rows can be ticked (a click on the box,
/// or Space) and deleted (the × at the row's end, or Delete), and a line counting what is left.
///
/// It is not a view but owns one (``view``), as a UIKit view controller does; autoresizing keeps
/// it laid out as the window changes size.
@MainActor public final class TodoScreen {
    /// The size the screen is designed for.
    public static let preferredSize = Size(width: 420, height: 520)

    /// The screen's root view: put it in a window.
    public let view: View
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

    /// Creates the screen showing `items`.
    public init(items: [TodoList.Item] = []) {
        self.items = TodoList(items)
        view = View(frame: Rect(origin: .zero, size: Self.preferredSize))
        view.backgroundColor = Color(rgb: 0xf4f5f7)
        place()
        wire()
        update()
    }

    /// Places everything for the preferred size; autoresizing takes it from there.
    private func place() {
        let width = Self.preferredSize.width, height = Self.preferredSize.height
        title.frame = Rect(x: 20, y: 16, width: width - 40, height: 32)
        title.autoresizingMask = .flexibleWidth
        field.frame = Rect(x: 20, y: 60, width: width - 40 - 80, height: 36)
        field.autoresizingMask = .flexibleWidth
        addButton.frame = Rect(x: width - 20 - 72, y: 60, width: 72, height: 36)
        addButton.autoresizingMask = .flexibleLeftMargin
        addButton.appearance = .prominent
        list.frame = Rect(x: 20, y: 108, width: width - 40, height: height - 108 - 48)
        list.autoresizingMask = .flexibleSize
        list.cornerRadius = 8
        list.borderWidth = 1
        list.borderColor = Color(white: 0.85)
        emptyNote.frame = list.frame
        emptyNote.autoresizingMask = .flexibleSize
        emptyNote.textColor = Color(white: 0.55)
        emptyNote.isUserInteractionEnabled = false
        footer.frame = Rect(x: 20, y: height - 36, width: width - 40, height: 24)
        footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        footer.textColor = Color(white: 0.45)
        for subview in [title, field, addButton, list, emptyNote, footer] { view.addSubview(subview) }
    }

    private func wire() {
        list.dataSource = items
        field.onPrimaryAction = { [weak self] _ in self?.addFromField() }
        addButton.onPrimaryAction = { [weak self] in self?.addFromField() }
        list.onValueChanged = { [weak self] row, done in
            self?.items.setDone(done, at: row)
            self?.update()
        }
        list.onDelete = { [weak self] row in
            guard let self else { return }
            self.items.remove(at: row)
            self.list.deleteRows(at: [row], animated: true)
            self.update()
        }
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
        emptyNote.isHidden = !items.items.isEmpty
        let total = items.items.count
        footer.text = total == 0 ? "" : "\(items.remaining) of \(total) left · 还剩 \(items.remaining) 项"
    }
}
