/// A rectangular area that draws itself, holds subviews and takes input, in the spirit of
/// `UIView`.
///
/// A view's ``frame`` places it in its superview's bounds coordinates; its ``bounds`` are the
/// coordinates it draws its own content in (a bounds origin other than zero scrolls the content
/// and the subviews). Subclasses draw in ``draw(in:bounds:)`` (given the bounds as they are on
/// screen), place subviews in ``layoutSubviews()`` and take input by overriding the responder
/// methods (``mouseDown(_:)`` and the rest).
///
/// `frame`, `bounds`, `alpha` and `backgroundColor` are animatable: set them inside
/// ``View/animate(duration:delay:curve:animations:completion:)``.
@MainActor open class View {
    var frameValue: AnimatedValue<Rect>
    var boundsOriginValue = AnimatedValue(Point.zero)
    var alphaValue = AnimatedValue(1.0)
    var backgroundColorValue = AnimatedValue(Color.clear)

    /// The view this one is a subview of, or `nil`.
    public private(set) weak var superview: View?
    /// The subviews, back to front: the last one draws on top and is hit-tested first.
    public private(set) var subviews: [View] = []
    /// The scene this view is a root of (its content, or a presentation floating above it);
    /// subviews find it through ``scene``.
    weak var hostingScene: Scene?
    var needsLayout = true

    /// Creates a view with the given frame.
    public init(frame: Rect = .zero) {
        frameValue = AnimatedValue(frame)
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's bounds coordinates. Animatable.
    public var frame: Rect {
        get { frameValue.target }
        set {
            let oldSize = frameValue.target.size
            Animator.set(\View.frameValue, of: self, to: newValue)
            if newValue.size != oldSize {
                // A view's first sizing (from zero) is not a resize: its subviews were placed
                // for the size it is getting.
                if oldSize != .zero {
                    resizeSubviews(
                        by: Size(
                            width: newValue.size.width - oldSize.width, height: newValue.size.height - oldSize.height))
                }
                setNeedsLayout()
            }
        }
    }

    /// How the view's frame follows its superview's size changes.
    public var autoresizingMask: AutoresizingMask = []

    private func resizeSubviews(by delta: Size) {
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.frame = subview.autoresizingMask.apply(to: subview.frame, delta: delta)
        }
    }

    /// The view's own coordinate space: the origin is what shows at the top-left corner and the
    /// size is the frame's. Setting the size keeps the frame's origin. Animatable.
    public var bounds: Rect {
        get { Rect(origin: boundsOriginValue.target, size: frame.size) }
        set {
            Animator.set(\View.boundsOriginValue, of: self, to: newValue.origin)
            if newValue.size != frame.size { frame.size = newValue.size }
        }
    }

    /// Called after an animation step changed what is shown (a presentation value) without
    /// changing the model; the default does nothing. A view whose layout follows what is on
    /// screen (a list materialising the rows a scroll animation passes) asks for layout here.
    /// What it changes that a screen reader sees (a name, a value, views added) reaches screen
    /// readers when the animation ends, not frame by frame.
    open func presentationDidChange() {}

    /// The frame as it is drawn: the presentation value while an animation runs.
    public var presentedFrame: Rect { frameValue.presented }
    /// The bounds as they are drawn: the presentation values while an animation runs.
    public var presentedBounds: Rect { Rect(origin: boundsOriginValue.presented, size: frameValue.presented.size) }

    // MARK: Appearance

    /// The alpha as it is drawn: the presentation value while an animation runs.
    public var presentedAlpha: Double { alphaValue.presented }
    /// The background colour as it is drawn: the presentation value while an animation runs.
    public var presentedBackgroundColor: Color { backgroundColorValue.presented }

    /// The colour the view's (rounded) rectangle is filled with before it draws. Animatable.
    public var backgroundColor: Color {
        get { backgroundColorValue.target }
        set { Animator.set(\View.backgroundColorValue, of: self, to: newValue) }
    }

    /// The view's opacity, multiplied into everything it and its subviews draw. Animatable.
    /// Below 0.01 the view also stops receiving input, as in UIKit.
    public var alpha: Double {
        get { alphaValue.target }
        set { Animator.set(\View.alphaValue, of: self, to: min(max(newValue, 0), 1)) }
    }

    /// Whether the view and its subviews are left out of drawing and hit-testing.
    public var isHidden = false {
        willSet { if newValue != isHidden { invalidateExtent() } }
        didSet {
            guard isHidden != oldValue else { return }
            invalidateExtent()
            invalidateIntrinsicSize()  // a hidden view takes no room in a stack
            if isHidden { scene?.viewWasHidden(self) }
        }
    }

    /// Whether drawing by subviews is clipped to the view's bounds.
    public var clipsToBounds = false {
        willSet { if newValue != clipsToBounds { invalidateExtent() } }
        didSet { if clipsToBounds != oldValue { invalidateExtent() } }
    }

    /// The radius of the corners of the background, border and shadow.
    public var cornerRadius = 0.0 {
        willSet { if newValue != cornerRadius { invalidateExtent() } }  // the shadow's shape changes too
        didSet { if cornerRadius != oldValue { invalidateExtent() } }
    }

    /// The width of the border drawn inside the bounds, over the subviews.
    public var borderWidth = 0.0 {
        didSet { if borderWidth != oldValue { setNeedsDisplay() } }
    }

    /// The colour of the border.
    public var borderColor = Color.black {
        didSet { if borderColor != oldValue { setNeedsDisplay() } }
    }

    /// Which of the theme's colours fills the background, when set: drawn instead of
    /// ``backgroundColor`` and read as the view draws, so it follows a theme switched at run
    /// time (``Theme/contentBackground`` for a card, say). `nil` (the default) draws
    /// ``backgroundColor``.
    public var themeBackgroundColor: KeyPath<Theme, Color>? {
        didSet { if themeBackgroundColor != oldValue { setNeedsDisplay() } }
    }

    /// Which of the theme's colours the border is drawn in, when set, instead of
    /// ``borderColor`` (``Theme/border``, say); `nil` (the default) draws ``borderColor``.
    public var themeBorderColor: KeyPath<Theme, Color>? {
        didSet { if themeBorderColor != oldValue { setNeedsDisplay() } }
    }

    /// The soft shadow the view's rounded rectangle casts, or `nil` for none: the theme's
    /// ``themeShadow`` while one is named. Setting it casts the shadow set, whatever the theme
    /// (``themeShadow`` becomes `nil`).
    public var shadow: Shadow? {
        get { themeShadow.map { theme[keyPath: $0] } ?? ownShadow }
        set {
            invalidateExtent()
            ownShadow = newValue
            themeShadow = nil
            invalidateExtent()
        }
    }
    private var ownShadow: Shadow?

    /// Which of the theme's shadows the view casts, when set, read as it draws: it follows a
    /// theme switched at run time (``Theme/popupShadow`` for a panel of your own, say, darker
    /// and stronger in the dark theme). The library's menus, drop-down lists, tooltips and
    /// alerts name theirs. `nil` (the default) casts the ``shadow`` set on the view.
    public var themeShadow: KeyPath<Theme, Shadow>? {
        willSet { if newValue != themeShadow { invalidateExtent() } }
        didSet { if themeShadow != oldValue { invalidateExtent() } }
    }

    /// Whether the view (and its subviews) take mouse input. Keyboard focus is unaffected.
    public var isUserInteractionEnabled = true

    // MARK: Hierarchy

    /// The root of the tree this view belongs to: a scene's ``Scene/rootView``, the root of a
    /// presentation floating above it, or the top of a tree not on screen.
    public var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The scene the view is shown in, or `nil` when its tree is not in a window.
    public var scene: Scene? { rootView.hostingScene }

    /// Adds `view` on top of the other subviews, first removing it from its old superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in the z-order (0 is the back), first removing it from its old
    /// superview.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            view.invalidateExtent()
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.setNeedsLayout()
        view.invalidateExtent()
        view.didMoveToScene()
    }

    /// Moves `view`, a subview, to the front of the z-order.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view`, a subview, to the back of the z-order.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview, cancelling its animations and giving up focus and
    /// mouse capture held by it or its subviews.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        invalidateExtent()
        let scene = self.scene
        scene?.viewWillLeave(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToScene()
        scene?.animator.cancelAnimations(in: self)  // last: completions see the view gone
    }

    /// Whether `ancestor` is this view or contains it.
    public func isDescendant(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }

    /// Called just before `subview` leaves the view (removed, or added to another view); the
    /// default does nothing. A stack forgets an arranged view here.
    open func willRemoveSubview(_ subview: View) {}

    /// Called after the view joined or left a tree; overrides must call `super`. A view that
    /// is now in a scene hears ``themeDidChange()`` first.
    open func didMoveToScene() {
        if scene != nil { themeDidChange() }
        for subview in subviews { subview.didMoveToScene() }
    }

    /// Called when the theme the view draws with (``theme``) may have changed: the view joined
    /// a scene, or its scene shows another theme (the desktop turned dark, say). The library's
    /// widgets read the theme as they draw and need nothing here; a view that keeps colours of
    /// its own taken from the theme (a label's attributed text in colours chosen for a dark
    /// theme, say) sets them again here, so they follow a theme switched at run time; a plain
    /// background or border can name its theme colour instead (``themeBackgroundColor``). The
    /// default does nothing.
    open func themeDidChange() {}

    /// Calls `body` for this view and every view beneath it, parents first.
    public func forEachInSubtree(_ body: (View) -> Void) {
        body(self)
        for subview in subviews { subview.forEachInSubtree(body) }
    }

    // MARK: Layout

    /// Marks the view to have ``layoutSubviews()`` called before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        scene?.setNeedsFrame()
    }

    /// Lays out this view and its subviews now if any of them asked for it.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Places the subviews; the default does nothing. Called when the size changes or after
    /// ``setNeedsLayout()``.
    open func layoutSubviews() {}

    /// The space a layout keeps between the view's edges and what it places inside (a stack's
    /// arranged views); the default is none. Edges that are negative or not finite count as 0.
    public var layoutMargins = EdgeInsets.zero {
        didSet {
            layoutMargins = layoutMargins.layoutLength
            guard layoutMargins != oldValue else { return }
            setNeedsLayout()
            invalidateIntrinsicSize()
        }
    }

    /// How much of a layout's spare room along its axis the view takes, against its siblings':
    /// 0 (the default) keeps the size the view asks for; a view with twice the flex of another
    /// takes twice its share. Views with flex also give up room first when there is too little.
    /// A negative or infinite flex counts as 0.
    public var flex = 0.0 {
        didSet {
            flex = flex.layoutLength
            if flex != oldValue { invalidateIntrinsicSize() }
        }
    }
    /// The smallest size a layout gives the view; where it exceeds ``maximumSize``, the minimum
    /// wins. Negative or non-finite sides count as 0.
    public var minimumSize = Size.zero {
        didSet {
            minimumSize = minimumSize.layoutLength
            if minimumSize != oldValue { invalidateIntrinsicSize() }
        }
    }
    /// The smallest size the view can be laid out at without what it holds overlapping: its
    /// ``minimumSize``, or more where its content needs more (a ``SplitView``'s panes at their
    /// minimums and its dividers). Stacks keep their arranged views at least this large.
    open var minimumLayoutSize: Size { minimumSize }
    /// The largest size a layout gives the view (infinite: no limit). Negative sides count as 0.
    public var maximumSize = Size(width: .infinity, height: .infinity) {
        didSet {
            maximumSize = maximumSize.layoutLimit
            if maximumSize != oldValue { invalidateIntrinsicSize() }
        }
    }

    /// Whether the size the view asks for comes from its subviews (a stack's does), so that a
    /// subview asking for a new size changes it too. The default is `false`.
    open var sizeDependsOnSubviews: Bool { false }

    /// Tells the layouts above the view that the size it asks for changed (its text, say): its
    /// superview lays out again, and so does every ancestor whose size depends on its subviews
    /// (stacks in stacks), up to the first that does not (a scroll view, the window's root).
    public func invalidateIntrinsicSize() {
        var view = self
        while let parent = view.superview {
            parent.setNeedsLayout()
            guard parent.sizeDependsOnSubviews else { return }
            view = parent
        }
    }

    /// What a view whose content sets its size does when the content changes: redraw, and have
    /// its superview lay it out again.
    func contentChanged() {
        setNeedsDisplay()
        invalidateIntrinsicSize()
    }

    /// The size the view would like to be, given at most `size` (a wrapping label answers with
    /// its height for that width). Widgets measure their content, in a window or not; a plain
    /// view has no content to measure and asks for its ``minimumSize``, so give a plain view in
    /// a stack (a spacer, a drawing of your own) a minimum size or a ``flex``.
    open func sizeThatFits(_ size: Size) -> Size { minimumSize }

    /// Resizes the view to ``sizeThatFits(_:)`` of an unlimited size, keeping its origin.
    public func sizeToFit() {
        frame.size = sizeThatFits(Size(width: .infinity, height: .infinity))
    }

    // MARK: Drawing

    /// Draws the view's own content in its bounds coordinates, over its background and under
    /// its subviews. `bounds` are the bounds as they are on screen now: while a size or scroll
    /// animation runs, the presentation value, not the model's ``bounds`` (draw with this
    /// argument, which the property's name gives way to in an override). The default draws
    /// nothing.
    open func draw(in context: GraphicsContext, bounds: Rect) {}

    /// Draws over the subviews, in bounds coordinates (a scroll indicator, a focus ring around
    /// content), with the bounds as they are on screen now, as ``draw(in:bounds:)``; the
    /// default draws nothing.
    open func drawForeground(in context: GraphicsContext, bounds: Rect) {}

    /// How far, in points, the view draws beyond its bounds on every side (a focus ring around a
    /// box that fills the view); what it redraws and what it damages reach that far too. The
    /// default is 0: a view draws inside its bounds.
    open var drawingOverhang: Double { 0 }

    /// Marks the whole view, with its ``drawingOverhang``, to be redrawn in the next frame.
    public func setNeedsDisplay() {
        setNeedsDisplay(presentedBounds.insetBy(dx: -drawingOverhang, dy: -drawingOverhang))
    }

    /// Marks `rect`, in the view's bounds coordinates, to be redrawn in the next frame.
    public func setNeedsDisplay(_ rect: Rect) {
        guard let scene else { return }
        scene.addDamage(convertToWindow(rect, presented: true))
    }

    // MARK: Hit-testing

    /// The deepest view under `point` (in this view's bounds coordinates) that takes input, or
    /// `nil`. Follows UIKit: a view that is hidden, non-interactive or nearly transparent
    /// (alpha below 0.01) is skipped with its whole subtree; the receiver must contain the
    /// point (``pointInside(_:)``); then subviews are asked front to back, each through its own
    /// `hitTest`, so an override anywhere in the tree takes part; else the receiver answers.
    open func hitTest(_ point: Point) -> View? {
        guard acceptsHits, pointInside(point) else { return nil }
        for subview in subviews.reversed() {
            let local = point.offsetBy(
                dx: subview.bounds.origin.x - subview.frame.origin.x,
                dy: subview.bounds.origin.y - subview.frame.origin.y)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// Whether `point`, in bounds coordinates, is inside the view; the default tests the
    /// bounds rectangle.
    open func pointInside(_ point: Point) -> Bool {
        bounds.contains(point)
    }

    /// Whether the view can receive mouse input at all: not hidden, interactive and visible
    /// enough.
    public var acceptsHits: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= 0.01
    }

    // MARK: Input

    /// The menu a right click on the view (or on a subview without one of its own) opens at the
    /// pointer; `nil` (the default) leaves right clicks to the views as any other press. The
    /// scene walks the responder chain from the view under the pointer: the first view that
    /// either has a context menu or takes the right press in ``mouseDown(_:)`` gets it, so a
    /// subview that handles right presses itself keeps them. Items' actions that need the view
    /// should capture it weakly: the view holds its menu. From the keyboard, the Menu key or
    /// Shift-F10 opens the menu of the focused view (or of its nearest ancestor with one) when
    /// no view takes the key.
    public var contextMenu: Menu?

    /// The menu a right press at `point` (bounds coordinates) opens, or, with `point` `nil`,
    /// the one the Menu key or Shift-F10 opens: ``contextMenu``, unless a view overrides this to
    /// make the menu for what is under the pointer (``ListView`` makes it for its rows).
    open func contextMenu(at point: Point?) -> Menu? { contextMenu }

    /// A short text shown in a small note near the pointer after it rests on the view for
    /// ``Tooltip/delay`` seconds; `nil` (the default) for none. A subview without one of its own
    /// shows its superview's. The note goes when the pointer leaves the view, on any press, key
    /// or wheel turn, and when the view is hidden or leaves the window; setting the text while
    /// it shows updates it.
    public var toolTip: String? {
        didSet { if toolTip != oldValue { scene?.toolTipDidChange(of: self) } }
    }

    /// Whether the view takes keyboard focus (and a click gives it focus); the default is false.
    open var canBecomeFocused: Bool { false }

    /// The pointer shape over this view; `nil` (the default) uses the superview's. A view whose
    /// shape depends on where the pointer is calls ``cursorDidChange()`` when it changes.
    open var cursor: Cursor? { nil }

    /// Tells the scene that ``cursor`` may now answer differently (the pointer moved onto a
    /// link, say), so the pointer takes the new shape at once.
    public func cursorDidChange() { scene?.updateCursor() }

    /// Whether the view has keyboard focus in its scene.
    public var isFocused: Bool { scene?.focusedView === self }

    /// Asks for keyboard focus; returns whether the view has it afterwards. A view behind a
    /// modal presentation cannot take focus.
    @discardableResult
    public func becomeFocused() -> Bool {
        scene?.setFocus(self)
        return isFocused
    }

    /// Gives up keyboard focus if the view has it.
    public func resignFocus() {
        if isFocused { scene?.setFocus(nil) }
    }

    /// Called when the view gains or loses focus; the default redraws it.
    open func focusDidChange() { setNeedsDisplay() }

    /// Called right after Tab or Shift-Tab (``Scene/moveFocus(backward:)``) gave the view focus,
    /// after ``focusDidChange()``; the default does nothing. A text field selects its text here,
    /// as fields in GTK, Qt and AppKit do.
    open func focusDidArriveByTab() {}

    /// Called on the focused view when its window gains or loses the keyboard
    /// (``Scene/hasKeyboardFocus``); the default redraws it.
    open func windowKeyboardFocusDidChange() { setNeedsDisplay() }

    /// Where the view's text caret is (bounds coordinates) while it takes typed text, or `nil`
    /// (the default) for a view that takes none. An input method places its pre-edit and its
    /// candidates there (``Scene/textInputCaretRect``).
    open var textInputCaretRect: Rect? { nil }

    /// Called on the focused view when the input method's composition changed
    /// (``Scene/textComposition``); the default redraws it.
    open func textCompositionDidChange() { setNeedsDisplay() }

    /// Called on each of `view`'s superviews when `view` took focus; the default does nothing. A
    /// scroll view scrolls it into view here.
    open func descendantDidBecomeFocused(_ view: View) {}

    /// The undo history of what the view edits (a text field's text), which Control-Z and the
    /// window's Edit menu use while the view or a subview has focus (see ``Scene/undo()``);
    /// `nil` (the default) for none.
    open var undoStack: UndoStack? { nil }

    /// Whether the view can perform `command` now (a text field: Copy while text is selected);
    /// the default is `false`. The Edit menu's items are enabled by it (``Scene/editMenuItems``).
    open func canPerform(_ command: EditCommand) -> Bool { false }

    /// Performs `command`, which ``canPerform(_:)`` allowed; the default does nothing.
    open func perform(_ command: EditCommand) {}

    // Event handlers report whether they took the event. The scene offers an event to the view
    // it is for and then up the responder chain (superview after superview) until one takes it;
    // keys nobody takes go to the scene (Tab, Escape, keyboard shortcuts).

    /// A mouse button went down over the view (or a subview that did not take it). Return true
    /// to take it: the view then receives the drags and the release of that button wherever
    /// the pointer goes. The default takes nothing.
    open func mouseDown(_ event: MouseEvent) -> Bool { false }
    /// The pointer moved with the button held, after this view took the mouse-down.
    open func mouseDragged(_ event: MouseEvent) {}
    /// The button this view took the mouse-down of was released, wherever the pointer is now.
    open func mouseUp(_ event: MouseEvent) {}
    /// A press this view took ended without a release: the view was hidden or removed, or the
    /// release was lost to another client. Drop any pressed look.
    open func mouseCancelled() {}
    /// The pointer moved over the view with no button held; return true to take it. The
    /// default takes nothing.
    open func mouseMoved(_ event: MouseEvent) -> Bool { false }
    /// The pointer came over the view or one of its subviews.
    open func mouseEntered(_ event: MouseEvent) {}
    /// The pointer left the view and its subviews.
    open func mouseExited(_ event: MouseEvent) {}
    /// The wheel turned over the view; return true to take it. The default takes nothing.
    open func scrollWheel(_ event: ScrollEvent) -> Bool { false }
    /// A key went down while the view (or a subview) had focus; return true to take it. The
    /// default takes nothing.
    open func keyDown(_ event: KeyEvent) -> Bool { false }
    /// A key went up while the view (or a subview) had focus; return true to take it.
    open func keyUp(_ event: KeyEvent) -> Bool { false }

    // MARK: Dropping

    /// The kinds of content the view takes when another application drags them over it; none
    /// (the default) lets a drag pass to the views it lies in. A drag over the view, offering a
    /// kind it takes, is delivered as ``dragEntered(at:)``, ``dragMoved(at:)``, then
    /// ``performDrop(_:at:)`` or ``dragExited()``.
    open var acceptedDropKinds: DropKinds { [] }
    /// A drag the view takes came over it, at `location` (bounds coordinates).
    open func dragEntered(at location: Point) {}
    /// A drag the view takes moved to `location` (bounds coordinates).
    open func dragMoved(at location: Point) {}
    /// The drag left the view, was cancelled, or ended in a drop: drop any drag-over look.
    open func dragExited() {}
    /// The content was dropped at `location` (bounds coordinates); return whether the view took
    /// it (the source is told). ``dragExited()`` follows. The default takes nothing.
    open func performDrop(_ content: DragContent, at location: Point) -> Bool { false }

    // MARK: Accessibility

    /// The name assistive technology gives the view, such as "Mixed colour" for a swatch; `nil`
    /// (the default) uses what the view shows (a button's title, a label's text). Give one to
    /// every custom view the user needs to know about, and to controls without a title.
    public var accessibilityLabel: String?

    /// More about the view than its name, read when the user asks for detail; `nil` (the
    /// default) uses the view's own, if any.
    public var accessibilityDescription: String?

    /// What kind of thing assistive technology announces the view as; `nil` (the default) uses
    /// the view's own. A plain view with a role (or a label) joins the tree; one without stays
    /// out and its subviews take its place.
    public var accessibilityRole: AccessibilityRole?

    /// Whether assistive technology leaves the view and everything in it out (a decoration);
    /// false by default.
    public var isAccessibilityHidden = false

    /// The view (usually a ``Label``) whose text names this one for assistive technology, such as
    /// the "Name" label beside a field: while the label is in the tree, the view reports it
    /// `labelled-by` (and the label reports `label-for` the view), and a view with no name of its
    /// own (neither an ``accessibilityLabel`` nor a title) takes the label's text as its name, so
    /// a screen reader says "Name entry". Held weakly: once the label is gone (removed, hidden or
    /// freed) it names the view no more. `nil` by default.
    public weak var accessibilityLabelledBy: View? {
        didSet {
            AccessibilityPairing.move(self, from: oldValue, to: accessibilityLabelledBy, \.accessibilityLabelTargets)
        }
    }

    /// The view that controls this one for assistive technology, such as the drop-down that
    /// opened a list: while both are in the tree, this view reports it `controlled-by` and it
    /// reports `controller-for` this view. Held weakly; `nil` by default.
    public weak var accessibilityControlledBy: View? {
        didSet {
            AccessibilityPairing.move(
                self, from: oldValue, to: accessibilityControlledBy, \.accessibilityControlTargets)
        }
    }

    /// The views this one labels (whose ``accessibilityLabelledBy`` is this one), held weakly.
    var accessibilityLabelTargets: [WeakView] = []
    /// The views this one controls (whose ``accessibilityControlledBy`` is this one), held weakly.
    var accessibilityControlTargets: [WeakView] = []

    /// What the view tells assistive technology about itself, before the app's overrides and the
    /// states every view has; `nil` keeps it out of the tree (its subviews take its place). The
    /// default is `nil`: a plain view only groups others. Widgets override this; a custom view
    /// that the user needs to know about returns a node (or the app sets its
    /// ``accessibilityLabel`` and ``accessibilityRole``).
    open func makeAccessibilityNode() -> AccessibilityNode? { nil }

    /// The relations the view itself has to other elements, before those the app states
    /// (``accessibilityLabelledBy``, ``accessibilityControlledBy``) and a pop-up's anchor: a radio
    /// button's `member-of` its group. The default is none. Targets out of the tree are dropped
    /// (see ``accessibilityRelations``).
    open func makeAccessibilityRelations() -> [AccessibilityRelation] { [] }

    /// The view screen readers are told has the focus while this one has the keyboard: this
    /// view (the default), or one inside it that stands for where the keyboard is, as a radio
    /// group's chosen button does (one Tab stop for the group, but a user hears the option, as
    /// with GTK, where the button itself takes the focus).
    open var accessibilityFocusTarget: View { self }

    /// Does `action` as the user's doing, calling what the user's own action would; returns
    /// whether it was done. The default opens the ``contextMenu`` for
    /// ``AccessibilityAction/showMenu``, dismisses an alert or dialog presented as a modal for
    /// ``AccessibilityAction/dismiss`` (as Escape would, where it does) and does nothing else;
    /// widgets override it for the actions they list.
    open func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        if action == .dismiss, let backdrop = superview as? ModalBackdrop, backdrop.yieldsToPresentedDialog {
            return backdrop.performAccessibilityAction(action)
        }
        guard action == .showMenu, let menu = contextMenu(at: nil), let scene else { return false }
        return scene.presentContextMenu(menu, over: self)
    }
}
