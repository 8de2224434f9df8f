import Canopy

/// The notes, the search that filters them, and the rows a list shows for the notes that match:
/// the title over the date, on two lines.
@MainActor public final class NoteList: ListViewDataSource {
    /// Every note, newest first as loaded; new notes go first.
    public private(set) var notes: [Note] = []
    /// What the search field holds: only notes that hold it are shown.
    public private(set) var query = ""
    /// The indices in ``notes`` of the rows shown, in order.
    public private(set) var shown: [Int] = []

    /// Creates an empty list.
    public init() {}

    /// Adds `notes` after those there already.
    public func append(_ notes: [Note]) {
        self.notes += notes
        refilter()
    }

    /// Puts `note` first.
    public func insertFirst(_ note: Note) {
        notes.insert(note, at: 0)
        refilter()
    }

    /// Removes the note kept in `fileName`.
    public func remove(_ fileName: String) {
        notes.removeAll { $0.fileName == fileName }
        refilter()
    }

    /// Replaces the note kept in the same file as `note`.
    public func update(_ note: Note) {
        guard let index = notes.firstIndex(where: { $0.fileName == note.fileName }) else { return }
        notes[index] = note
    }

    /// The note kept in `fileName`.
    public func note(_ fileName: String) -> Note? { notes.first { $0.fileName == fileName } }

    /// Shows only the notes that hold `query`.
    public func filter(_ query: String) {
        self.query = query
        refilter()
    }

    /// The note row `row` shows.
    public func note(atRow row: Int) -> Note? { shown.indices.contains(row) ? notes[shown[row]] : nil }

    /// The row showing the note kept in `fileName`, if the search shows it.
    public func row(of fileName: String) -> Int? { shown.firstIndex { notes[$0].fileName == fileName } }

    private func refilter() { shown = notes.indices.filter { notes[$0].matches(query) } }

    /// The notes the search shows.
    public func numberOfRows(in listView: ListView) -> Int { shown.count }

    /// Row `index`: the note's title over its date.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        let note = notes[shown[index]]
        return ListRow(note.title, detailText: note.dateText())
    }
}
