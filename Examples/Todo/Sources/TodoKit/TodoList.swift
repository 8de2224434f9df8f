import Canopy

/// The to-do items, and the rows a list shows for them: a check box, the title (dimmed once
/// done) and a delete button.
@MainActor public final class TodoList: ListViewDataSource {
    /// One thing to do.
    public struct Item: Hashable, Sendable {
        /// What to do.
        public var title: String
        /// Whether it is done.
        public var isDone = false

        /// Creates an item not done yet.
        public init(_ title: String, isDone: Bool = false) {
            self.title = title
            self.isDone = isDone
        }
    }

    /// The items, in the order they were added.
    public private(set) var items: [Item]

    /// Creates a list holding `items`.
    public init(_ items: [Item] = []) { self.items = items }

    /// How many items are not done.
    public var remaining: Int { items.count { !$0.isDone } }

    /// Adds an item titled `title` (trimmed) at the end; returns its index, or `nil` for a title
    /// of nothing but spaces.
    public func add(_ title: String) -> Int? {
        guard let trimmed = Self.trimmed(title) else { return nil }
        items.append(Item(trimmed))
        return items.count - 1
    }

    /// Whether an item is titled `title` (trimmed) already.
    public func contains(_ title: String) -> Bool {
        guard let trimmed = Self.trimmed(title) else { return false }
        return items.contains { $0.title == trimmed }
    }

    /// `title` without the spaces around it; `nil` when nothing else is left.
    private static func trimmed(_ title: String) -> String? {
        let trimmed = title.trimmingPrefix(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
        return trimmed.isEmpty ? nil : String(trimmed.reversed())
    }

    /// Marks item `index` done or not.
    public func setDone(_ done: Bool, at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index].isDone = done
    }

    /// Removes item `index`, and returns it.
    @discardableResult
    public func remove(at index: Int) -> Item? {
        guard items.indices.contains(index) else { return nil }
        return items.remove(at: index)
    }

    /// Puts `item` back at `index` (clamped to the list).
    public func insert(_ item: Item, at index: Int) {
        items.insert(item, at: min(max(index, 0), items.count))
    }

    /// The number of items.
    public func numberOfRows(in listView: ListView) -> Int { items.count }

    /// Item `index` as a row that can be ticked and deleted.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        let item = items[index]
        return ListRow(
            item.title, textColor: item.isDone ? listView.theme.secondaryText : nil, isChecked: item.isDone,
            isDeletable: true)
    }
}
