import Canopy

/// The Gallery's "Rows of any view" list: a thousand people, each row a view of the app's own
/// (a name over a role), made a few times and bound to row after row as the list scrolls; the
/// people with a note get a taller row with the note wrapped under the role.
@MainActor public final class PeopleRows: ListViewRowHeights {
    /// How many people the list shows.
    public let count = 1_000

    /// Creates the rows.
    public init() {}

    /// The name of person `index`.
    public func name(_ index: Int) -> String { "Person \(index + 1)" }
    /// The note of person `index`, if any: every fourth one has one.
    public func note(_ index: Int) -> String? {
        index % 4 == 0 ? "Back on Monday; ask about the garden plans and the train times first." : nil
    }

    /// A thousand people.
    public func numberOfRows(in listView: ListView) -> Int { count }

    /// Person `index`'s name, for type-ahead and screen readers.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        ListRow(name(index), detailText: index % 2 == 0 ? "Design" : "Support")
    }

    /// Taller rows for people with a note.
    public func listView(_ listView: ListView, heightOfRow index: Int) -> Double { note(index) == nil ? 48 : 88 }

    /// A row view: a name, a role and a note, in a vertical stack.
    public func makeRowContentView(for listView: ListView) -> View? {
        let name = Label(text: "", font: .system(size: 15, weight: .bold))
        let role = Label(text: "", font: .system(size: 13), themeTextColor: \.secondaryText)
        let note = Label(text: "", font: .system(size: 13), numberOfLines: 2)
        let stack = StackView(axis: .vertical, spacing: 2, views: [name, role, note])
        stack.layoutMargins = EdgeInsets(top: 6, bottom: 6)
        return stack
    }

    /// Shows person `index` in a view `makeRowContentView(for:)` made.
    public func listView(_ listView: ListView, bind view: View, toRow index: Int) {
        guard let labels = (view as? StackView)?.arrangedSubviews.compactMap({ $0 as? Label }), labels.count == 3
        else { return }
        labels[0].text = name(index)
        labels[1].text = index % 2 == 0 ? "Design" : "Support"
        labels[2].text = note(index) ?? ""
        labels[2].isHidden = note(index) == nil
    }
}
