/// Supplies an ``OutlineView``'s tree, as `NSOutlineViewDataSource` does: a node's children are
/// asked for only when the node opens, and only the rows on screen are asked what they show.
///
/// Nodes are values of the app's own that name an item stably (a path, a database key), so that
/// after a reload the outline finds the same nodes again: those that were open stay open and
/// those that were selected stay selected. `nil` stands for the invisible root, whose children
/// are the outline's top-level rows.
@MainActor public protocol OutlineViewDataSource: AnyObject {
    /// How many children `node` (the root, for `nil`) has; asked when it opens.
    func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int
    /// The child at `index` of `node` (the root, for `nil`); asked when it opens.
    func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable
    /// Whether `node` can open (it shows a disclosure triangle); asked when its row comes on
    /// screen, and before it opens. A node that can open may still have no children.
    func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool
    /// What `node`'s row shows (its indentation and triangle are the outline's); asked when
    /// the row comes on screen. A row of the app's own view still gives its text here, for
    /// type-ahead and screen readers.
    func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow
    /// Makes a view of the app's own that shows rows instead of the built-in image and texts,
    /// as ``ListViewDataSource/makeRowContentView(for:)`` does; the outline indents it and
    /// draws the triangle before it. `nil`, the default, shows the built-in row.
    func makeRowContentView(for outlineView: OutlineView) -> View?
    /// Shows `node` in `view`, one ``makeRowContentView(for:)`` made.
    func outlineView(_ outlineView: OutlineView, bind view: View, to node: AnyHashable)
}

extension OutlineViewDataSource {
    /// The built-in row.
    public func makeRowContentView(for outlineView: OutlineView) -> View? { nil }
    /// Nothing to bind.
    public func outlineView(_ outlineView: OutlineView, bind view: View, to node: AnyHashable) {}
}
