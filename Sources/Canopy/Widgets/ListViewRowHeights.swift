/// A ``ListView`` data source whose rows differ in height (two-line rows among one-line ones,
/// wrapped text): the list asks the height of every row when it loads or its rows change, and
/// keeps their positions, so scrolling never jumps. A million heights cost a million calls and
/// 8 MB up front; views are still made only for the rows on screen.
@MainActor public protocol ListViewRowHeights: ListViewDataSource {
    /// The height of row `index`, in points (at least 1).
    func listView(_ listView: ListView, heightOfRow index: Int) -> Double
}
