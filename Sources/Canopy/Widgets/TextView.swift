/// A multi-line text view, as `UITextView` or GTK's `GtkTextView`: text of many paragraphs,
/// editable or read-only, wrapped at the view's width (or not, then scrolling sideways too),
/// inside its own scrolling (the wheel, a scroll indicator as ``ScrollView``'s).
///
/// Each paragraph runs its own way (``textDirection``, by default as its first letter says) and
/// is shaped and bidi-ordered by the host as ``TextField``'s and ``Label``'s lines are; carets,
/// clicks and deletions go by whole characters and clusters. A paragraph ends at every line
/// break (LF, CR, CRLF, NEL, VT, FF, U+2028, U+2029); see ``TextDocument``.
///
/// Keys: typed text (and text an input method commits) goes in at the caret; Enter starts a new
/// paragraph; Tab inserts a tab, or with ``tabMovesFocus`` moves the focus (Control-Tab always
/// does); Backspace and Delete remove a character, or a word with Control; Left and Right move
/// one character on screen (by word with Control), Up and Down one line on screen keeping the
/// caret's x, Home and End to the ends of the line on screen (of the text with Control), Page Up
/// and Page Down a screen at a time; Shift with any of them extends the selection. Control-A
/// selects everything; Control-C, -X and -V copy, cut and paste with the clipboard. A read-only
/// view moves, selects and copies but does not edit.
///
/// Control-Z undoes and Control-Shift-Z or Control-Y redoes the user's edits, the selection put
/// back with the text, as in ``TextField``: the view keeps its own history (``editHistory``,
/// offered to the window as its ``View/undoStack``), typing is undone a word at a time (Enter
/// and Tab count as spaces) or up to a pause, a run of Backspaces or Deletes at once, and a
/// paste, cut, drop or input-method commit as one step, across paragraphs as much as inside
/// one. A step holds only the text it replaced and the text it put in, and undoing it lays out
/// again only the paragraphs it touches. Setting ``text`` from code clears the history; with
/// nothing to undo in the view, the keys go on to the window (``Scene/undo()``).
///
/// Mouse: a click places the caret (Shift-click extends the selection), a drag selects (and
/// scrolls when the pointer passes the top or bottom edge, or the left or right one while lines
/// do not wrap), a double click selects a word, a triple click a paragraph; selected text goes
/// on the primary selection and a middle click pastes the primary selection where it is
/// clicked. Text and files dragged in drop at the pointer; a press on the selection that moves
/// drags the selected text out (where the host carries drags).
///
/// Long texts stay quick: only the paragraphs on screen are laid out, the others' heights are
/// estimated until they come into view (the top line on screen stays put as they are measured),
/// and an edit lays out again only the paragraph it touched.
open class TextView: Control {
    /// The text, paragraph by paragraph, and the selection.
    public private(set) var document = TextDocument()
    /// Whether the user can change the text (a read-only view still selects and copies).
    public var isEditable = true {
        didSet { if isEditable != oldValue { setNeedsDisplay() } }
    }
    /// Whether lines wrap at the view's width; off, each paragraph is one line and the text
    /// scrolls sideways.
    public var wrapsLines = true {
        didSet { if wrapsLines != oldValue { invalidateLayout() } }
    }
    /// Whether Tab moves the focus instead of inserting a tab (Control-Tab moves it always).
    public var tabMovesFocus = false
    /// Shown in the placeholder colour while the view is empty. A screen reader reads it as a
    /// hint after the view's role, not as its name: name the view with
    /// ``View/accessibilityLabel``.
    public var placeholder: String {
        didSet { viewport.setNeedsDisplay() }
    }
    /// The font of the text; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { invalidateLayout() } }
    }
    /// The colour of the text; `nil` uses the theme's.
    public var textColor: Color? {
        didSet { viewport.setNeedsDisplay() }
    }
    /// The colour of the placeholder; `nil` uses the theme's secondary text colour.
    public var placeholderColor: Color? {
        didSet { viewport.setNeedsDisplay() }
    }
    /// Styles each paragraph as it is laid out (syntax colouring, a log's levels), as Qt's
    /// syntax highlighters do: called with a paragraph's text and index, it returns that text
    /// with styled runs (``AttributedText``: colours, backgrounds, bold, italic, underline,
    /// strikethrough), shaped and wrapped as plain text is. Styles follow the text, since a
    /// paragraph is styled again whenever it is laid out again (after an edit of it, say); an
    /// answer whose text differs from the paragraph's is ignored. A line holding a run in a
    /// larger size is as tall as that run; links show in the theme's link colour, underlined,
    /// and a click on one (a Control-click while editable) calls ``onLinkActivated``. `nil` (the default) shows plain text; call
    /// ``restyleParagraphs()`` when the styles change while the text does not.
    public var paragraphStyler: ((_ paragraph: String, _ index: Int) -> AttributedText)? {
        didSet { restyleParagraphs() }
    }
    /// Which way every paragraph runs; ``TextDirection/natural`` (the default) takes each
    /// paragraph's from its first letter.
    public var textDirection: TextDirection = .natural {
        didSet { if textDirection != oldValue { invalidateLayout() } }
    }
    /// Called with a link's ``TextStyle/link`` when the user clicks it (press and release on the
    /// same link), holding Control while the view is editable (a plain click places the caret).
    public var onLinkActivated: ((String) -> Void)?
    /// Called after each edit the user makes (typing, deleting, cutting, pasting, dropping,
    /// undoing, redoing); setting ``text`` from code calls nothing. Read ``text`` (which joins the paragraphs) or
    /// ``document`` for what it holds.
    public var onValueChanged: (() -> Void)?

    /// Space between the edges and the text.
    public static let padding = 6.0
    /// How close (points) to an edge a selecting drag starts scrolling.
    public static let autoscrollMargin = 8.0
    /// How often a selecting drag past an edge scrolls again.
    public static let autoscrollInterval = 0.05

    /// Scrolls the text and draws it.
    let viewport: TextViewport
    private var heights = ParagraphHeights()
    /// The paragraphs laid out, by index: those on screen and near it, and the caret's.
    private var layouts: [Int: ParagraphLayout] = [:]
    /// What ``heights`` and ``layouts`` were made for.
    private var layoutSetting: LayoutSetting?
    /// The widest line laid out so far (for the sideways scrolling of unwrapped text).
    private var widestLine = 0.0
    /// Whether the caret, where a wrapped line ends and the next starts, shows at the end of
    /// the first (after End, or a click past a line's end) rather than the start of the next.
    private var caretAtLineEnd = false
    /// The x (content coordinates) Up, Down, Page Up and Page Down keep the caret at.
    private var goalX: Double?
    private lazy var blink = CaretBlink(
        isShown: { [unowned self] in self.showsCaret },
        redrawCaret: { [unowned self] in
            self.viewport.setNeedsDisplay(self.caretRect().insetBy(dx: -1, dy: -1))
        })
    private var isSelectingWithMouse = false
    /// The last pointer location of a selecting drag (window coordinates), and the scroll it
    /// keeps going while the pointer is past an edge.
    private var selectingPointer: Point?
    private var autoscroll: ScheduledAction?
    private var pressOnSelection: SelectionPress<TextPosition>?
    /// The link pressed and not yet released.
    private var pressedLink: String?
    /// The link under the pointer that a click would activate, for the pointing hand.
    private var hoveredLink: String? {
        didSet { if hoveredLink != oldValue { cursorDidChange() } }
    }
    /// The text last put on the primary selection, given up when the selection goes away.
    private var offeredPrimary: String?
    /// Where a drag over the view would insert its text, while one is over it.
    public private(set) var dropPosition: TextPosition?
    /// The document as one text with its paragraphs' offsets, for assistive technology: made
    /// again only when the paragraphs changed.
    private var offsetsCache: TextDocumentOffsets?

    /// Creates a view holding `text`, the caret at its start.
    public init(text: String = "", placeholder: String = "", font: Font? = nil, frame: Rect = .zero) {
        self.placeholder = placeholder
        self.font = font
        viewport = TextViewport()
        super.init(frame: frame)
        viewport.textView = self
        addSubview(viewport)
        cornerRadius = Theme.standard.cornerRadius
        document = TextDocument(text: text)
    }

    /// The whole text, paragraphs joined by LF; setting it puts the caret at the start, scrolls
    /// to the top, forgets the undo history and calls nothing.
    public var text: String {
        get { document.text }
        set {
            editHistory.removeAll()
            document = TextDocument(text: newValue)
            invalidateLayout()
            viewport.contentOffset = .zero
            restartBlink()
        }
    }

    /// The history of the user's edits, which Control-Z and Control-Shift-Z go back and forth
    /// in (its ``TextEditHistory/stack`` is the view's ``undoStack``).
    public private(set) lazy var editHistory = TextEditHistory<TextPosition> { [weak self] change in
        self?.update { $0.apply(change) }
    }

    /// The view's ``editHistory``, while the view is enabled and editable.
    open override var undoStack: UndoStack? { isEnabled && isEditable ? editHistory.stack : nil }

    private var resolvedFont: Font { font ?? theme.font }

    /// The document as one text, with where each paragraph starts in it.
    var documentOffsets: TextDocumentOffsets {
        if let offsetsCache, offsetsCache.paragraphs == document.paragraphs { return offsetsCache }
        let offsets = TextDocumentOffsets(document.paragraphs)
        offsetsCache = offsets
        return offsets
    }

    /// An I-beam while enabled; the superview's cursor while disabled.
    open override var cursor: Cursor? { isEnabled ? hoveredLink != nil ? .hand : .text : nil }

    /// As wide as offered (320 points when unbounded) and six lines tall, no larger than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let height = 6 * lineHeight + 2 * Self.padding + 4
        return Size(width: size.width.isFinite ? size.width : 320, height: min(size.height, height))
    }

    /// A multi-line text, editable or read-only, with its placeholder as the placeholder (not the
    /// name: the view is unnamed unless the app gives it an ``View/accessibilityLabel``).
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(
            role: .textField,
            states: accessibilityEnabledState.union([isEditable ? .editable : .readOnly, .multiLine, .selectableText]),
            placeholder: placeholder)
    }

    // MARK: Geometry

    /// What the layout depends on besides the text.
    private struct LayoutSetting: Equatable {
        let font: Font
        let wrapWidth: Double?
        let direction: TextDirection
        let measurer: ObjectIdentifier
    }

    /// The height of one line of plain text, with a point of room above and below (a line
    /// holding a run in a larger size is taller).
    public var lineHeight: Double {
        prepareLayout()
        return lineBox.height
    }

    /// A plain line's height and where its baseline sits below its top, from the font's own
    /// face (so a line does not move when a fallback face is taller).
    private var lineBox = ParagraphLayout.Box(TextMetrics(width: 0, ascent: 0, descent: 0))

    /// The width lines wrap at: the viewport's less the padding and room for the caret.
    private var wrapWidth: Double? {
        wrapsLines ? max(1, viewport.bounds.width - 2 * Self.padding - 2) : nil
    }

    private var currentSetting: LayoutSetting {
        LayoutSetting(
            font: resolvedFont, wrapWidth: wrapWidth, direction: textDirection,
            measurer: ObjectIdentifier(textMeasurer))
    }

    /// Lays every paragraph out again in the styles ``paragraphStyler`` gives now.
    public func restyleParagraphs() {
        invalidateLayout()
    }

    /// Forgets every paragraph's layout and estimates every height again.
    private func invalidateLayout() {
        layoutSetting = nil
        viewport.setNeedsLayout()
        viewport.setNeedsDisplay()
    }

    /// Makes the heights and layouts fit the current font, width and measurer, estimating every
    /// height again when those changed.
    /// The paragraph at the top of the screen keeps its place (a new width or font scrolls to
    /// it again).
    private func prepareLayout() {
        let setting = currentSetting
        guard setting != layoutSetting else { return }
        layoutSetting = setting
        let offset = viewport.contentOffset.y
        let top = heights.count == document.paragraphs.count ? heights.index(at: offset - Self.padding) : nil
        // How far down the top paragraph the screen starts, as a share of its height.
        let share = top.map { max(0, offset - self.top(ofParagraph: $0)) / max(1, heights.heights[$0]) } ?? 0
        lineBox = ParagraphLayout.Box(textMeasurer.lineMetrics(for: setting.font))
        layouts = [:]
        widestLine = 0
        let estimate = heightEstimate()
        heights.reset(to: document.paragraphs.map { estimate($0.utf8.count) })
        updateContentSize()
        guard let top else { return }
        _ = paragraphLayout(top)
        viewport.contentOffset.y = self.top(ofParagraph: top) + min(share, 1) * heights.heights[top]
    }

    /// What a paragraph's height is taken to be before it is laid out: as many lines as its
    /// UTF-8 would fill at about half an em a byte.
    private func heightEstimate() -> (_ utf8Count: Int) -> Double {
        let line = lineBox.height, wrapWidth = wrapWidth, perByte = resolvedFont.size / 2
        return { bytes in
            guard let wrapWidth else { return line }
            return line * max(1, (Double(bytes) * perByte / wrapWidth).rounded(.up))
        }
    }

    /// The number of paragraphs laid out now (those on screen and near it): a test's check that
    /// a long text is not laid out whole.
    @_spi(Testing) public var laidOutParagraphCount: Int { layouts.count }

    /// The layout of paragraph `index`, made (and its height measured) when it has none. A
    /// paragraph above the top of the screen that turns out taller or shorter than estimated
    /// scrolls the text by as much, so what shows stays put.
    func paragraphLayout(_ index: Int) -> ParagraphLayout {
        prepareLayout()
        if let layout = layouts[index] { return layout }
        let paragraph = String(document.paragraphs[index])
        let layout = ParagraphLayout(
            paragraph, styled: paragraphStyler?(paragraph, index), font: resolvedFont, direction: textDirection,
            wrapWidth: wrapWidth, measurer: textMeasurer, segmenter: View.defaultTextSegmenter)
        layouts[index] = layout
        let height = layout.height
        let change = height - heights.heights[index]
        let firstShown = heights.index(at: viewport.contentOffset.y - Self.padding)
        heights.setMeasured(height, at: index)
        if !wrapsLines, layout.width > widestLine { widestLine = layout.width }
        if change != 0 || !wrapsLines {
            updateContentSize()
            if change != 0, index < firstShown {
                viewport.contentOffset.y += change
            }
        }
        return layout
    }

    /// Sets the scrolled size: the paragraphs' heights, and the widest line when unwrapped.
    private func updateContentSize() {
        let width = wrapsLines ? viewport.bounds.width : max(viewport.bounds.width, widestLine + 2 * Self.padding + 2)
        viewport.contentSize = Size(width: width, height: heights.total + 2 * Self.padding)
    }

    /// The top of paragraph `index` in content coordinates (measured or estimated).
    @_spi(Testing) public func top(ofParagraph index: Int) -> Double { Self.padding + heights.top(of: index) }

    /// How far the text is scrolled: the top left of what shows, from the text's top left.
    public var contentOffset: Point {
        get { viewport.contentOffset }
        set { viewport.contentOffset = newValue }
    }

    /// Where `line` of a paragraph running `direction` starts, in content coordinates: against
    /// the left edge, or the right for a paragraph running right to left.
    func left(of line: ParagraphLayout.Line, _ direction: TextDirection) -> Double {
        guard direction == .rightToLeft else { return Self.padding }
        return viewport.contentSize.width - Self.padding - 2 - line.layout.width
    }

    /// The paragraph and line the caret at `position` shows on.
    func line(of position: TextPosition, atLineEnd: Bool) -> (layout: ParagraphLayout, index: Int) {
        let layout = paragraphLayout(position.paragraph)
        return (layout, layout.lineIndex(holding: position.offset, atLineEnd: atLineEnd))
    }

    /// Where the caret at `position` is drawn, in content coordinates, one line high.
    @_spi(Testing) public func caretRect(at position: TextPosition, atLineEnd: Bool = false) -> Rect {
        let (layout, index) = line(of: position, atLineEnd: atLineEnd)
        let line = layout.lines[index]
        let x =
            left(of: line, layout.direction) + line.layout.caretOffset(at: position.offset - line.characters.lowerBound)
        return Rect(
            x: x.rounded(), y: top(ofParagraph: position.paragraph) + line.top, width: 1.5, height: line.box.height)
    }

    /// Where the caret is drawn now, in content coordinates: in the input method's composition
    /// while there is one.
    @_spi(Testing) public func caretRect() -> Rect {
        let rect = caretRect(at: document.caret, atLineEnd: caretAtLineEnd)
        guard let composed = composedLine() else { return rect }
        let x = composed.left + composed.layout.caretOffset(at: composed.start + composed.composition.characterCaret)
        return Rect(x: x.rounded(), y: rect.minY, width: rect.width, height: rect.height)
    }

    /// The caret, where the input method places its pre-edit and candidates (bounds
    /// coordinates); `nil` while the view is disabled or read-only.
    open override var textInputCaretRect: Rect? {
        guard isEnabled, isEditable else { return nil }
        return viewport.convert(caretRect(), to: self)
    }

    /// The caret's line with the input method's composition (while the view is focused) set in
    /// it at the caret: the line (in its styled runs, the composition in the style of the
    /// character before it), its layout, its left edge (content coordinates), and where the
    /// composition starts in it.
    private func composedLine() -> ComposedLine? {
        guard isFocused, let composition = scene?.textComposition else { return nil }
        let caret = document.caret
        let (layout, index) = line(of: caret, atLineEnd: caretAtLineEnd)
        let line = layout.lines[index]
        let styled = line.styledText ?? AttributedText(line.text)
        let start = min(max(caret.offset - line.characters.lowerBound, 0), styled.count)
        let text =
            styled.prefix(start) + AttributedText(composition.text, style: styled.style(at: start - 1))
            + styled[characters: start..<styled.count]
        let composed = textMeasurer.layout(text, font: resolvedFont, direction: layout.direction)
        let left =
            layout.direction == .rightToLeft
            ? left(of: line, layout.direction) + line.layout.width - composed.width : left(of: line, layout.direction)
        return ComposedLine(
            paragraph: caret.paragraph, line: index, text: text, layout: composed, left: left, start: start,
            composition: composition)
    }

    /// The caret's line as it shows with the input method's composition in it.
    private struct ComposedLine {
        let paragraph: Int
        let line: Int
        let text: AttributedText
        let layout: TextLayout
        let left: Double
        let start: Int
        let composition: TextComposition
    }

    /// The caret position nearest `point` (content coordinates), and whether it shows at the end
    /// of its line (a point past the end of a wrapped line).
    private func position(atContent point: Point) -> (position: TextPosition, atLineEnd: Bool) {
        prepareLayout()
        let paragraph = heights.index(at: point.y - Self.padding)
        let layout = paragraphLayout(paragraph)
        let index = layout.lineIndex(atY: point.y - top(ofParagraph: paragraph))
        return position(inLine: index, of: layout, paragraph: paragraph, atX: point.x)
    }

    /// The caret position nearest `x` (content coordinates) on line `index` of a paragraph.
    private func position(inLine index: Int, of layout: ParagraphLayout, paragraph: Int, atX x: Double) -> (
        position: TextPosition, atLineEnd: Bool
    ) {
        let line = layout.lines[index]
        let offset = line.characters.lowerBound + line.layout.position(atX: x - left(of: line, layout.direction))
        let atLineEnd = index < layout.lines.count - 1 && offset == line.characters.upperBound
        return (TextPosition(paragraph: paragraph, offset: offset), atLineEnd)
    }

    /// The caret position nearest `point` in the view's bounds coordinates.
    public func position(at point: Point) -> TextPosition {
        position(atContent: convert(point, to: viewport)).position
    }

    // MARK: Layout

    /// Places the scrolled text inside the border.
    open override func layoutSubviews() {
        viewport.frame = bounds.insetBy(dx: 2, dy: 2)
    }

    /// Lays out the paragraphs the viewport shows and lets go of those far from it. A paragraph
    /// on screen that was laid out before stays where it shows as the others come into view and
    /// turn out taller or shorter than estimated (the text scrolls by the difference), so
    /// scrolling into estimated paragraphs never makes what shows jump.
    func layOutShownParagraphs() {
        prepareLayout()
        viewport.wheelStep = 3 * lineHeight
        var shown = paragraphs(in: viewport.bounds)
        let anchor = shown.first { heights.isMeasured[$0] }
        let anchorY = anchor.map { top(ofParagraph: $0) - viewport.contentOffset.y }
        // Each pass may scroll to keep the anchor, showing paragraphs not laid out yet.
        for _ in 0..<8 {
            guard shown.contains(where: { layouts[$0] == nil }) else { break }
            for index in shown { _ = paragraphLayout(index) }
            if let anchor, let anchorY { viewport.contentOffset.y = top(ofParagraph: anchor) - anchorY }
            shown = paragraphs(in: viewport.bounds)
        }
        // Layouts far from the screen go in one sweep once there are twice as many as are kept,
        // not a sweep a frame.
        let kept = (shown.lowerBound - 64)..<(shown.upperBound + 64)
        guard layouts.count > 2 * kept.count else { return }
        let caret = document.caret.paragraph
        layouts = layouts.filter { kept.contains($0.key) || $0.key == caret }
    }

    /// The paragraphs that show in `visible` (content coordinates).
    private func paragraphs(in visible: Rect) -> Range<Int> {
        prepareLayout()
        let first = heights.index(at: visible.minY - Self.padding)
        var last = first
        while last < heights.count, top(ofParagraph: last) < visible.maxY { last += 1 }
        return first..<max(last, first + 1)
    }

    // MARK: Drawing

    /// Draws the background (the theme's content background, unless the view has its own) and
    /// the border, an accent ring while focused.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        if backgroundColor.isClear {
            fillBackground(
                isEnabled ? theme.contentBackground : theme.disabledControlBackground, in: context, bounds: bounds)
        }
        context.strokeRoundedRect(
            bounds, cornerRadius: cornerRadius, lineWidth: isFocused ? 2 : 1,
            color: isFocused ? theme.accent : theme.border)
    }

    /// Draws the paragraphs in `visible` (the viewport's bounds, content coordinates): the
    /// selection, the text or the placeholder, and the caret while focused.
    func drawText(in context: GraphicsContext, visible: Rect) {
        let theme = theme, font = resolvedFont
        prepareLayout()
        if document.isEmpty {
            let shown = context.layout(placeholder, font: font, direction: textDirection)
            let x = shown.isRightToLeft ? visible.width - Self.padding - 2 - shown.width : Self.padding
            context.drawText(
                placeholder, baselineAt: Point(x: x, y: Self.padding + lineBox.baseline), font: font,
                color: placeholderColor ?? theme.secondaryText, direction: textDirection)
        }
        let selection = document.selection
        let selectionColor = isFocused ? theme.textSelection : theme.selectedBackground
        let color = isEnabled ? textColor ?? theme.text : theme.secondaryText
        let composed = composedLine()
        for index in paragraphs(in: visible) {
            let layout = paragraphLayout(index)
            for (number, line) in layout.lines.enumerated() {
                let lineTop = top(ofParagraph: index) + line.top, baseline = line.box.baseline
                guard lineTop < visible.maxY, lineTop + line.box.height > visible.minY else { continue }
                if let composed, composed.paragraph == index, composed.line == number {
                    context.drawCompositionMarks(
                        composed.composition, at: composed.start, in: composed.layout, left: composed.left,
                        baseline: lineTop + baseline, line: context.lineMetrics(for: font), theme: theme)
                    context.drawText(
                        composed.text.showingLinks(in: theme.link),
                        baselineAt: Point(x: composed.left, y: lineTop + baseline),
                        font: font, color: color, direction: layout.direction)
                    continue
                }
                let left = left(of: line, layout.direction)
                for rect in selectedRects(of: line, number, in: layout, paragraph: index, selection) {
                    context.fill(
                        Rect(x: left + rect.minX, y: lineTop, width: rect.width, height: line.box.height),
                        color: selectionColor)
                }
                let origin = Point(x: left, y: lineTop + baseline)
                if let styled = line.styledText {
                    context.drawText(
                        styled.showingLinks(in: theme.link), baselineAt: origin, font: font, color: color,
                        direction: layout.direction)
                } else {
                    context.drawText(
                        line.text, baselineAt: origin, font: font, color: color, direction: layout.direction)
                }
            }
        }
        if let dropPosition {
            let rect = caretRect(at: dropPosition)
            context.fill(Rect(x: rect.minX - 1, y: rect.minY, width: 2, height: rect.height), color: theme.accent)
        } else if showsCaret, blink.isOn, composed?.composition.showsCaret ?? true {
            context.fill(caretRect(), color: theme.accent)
        }
    }

    /// The parts of `line` (line coordinates) that show `selection`: its selected characters,
    /// and at the end of a paragraph's last line, a space's width for a selected line break.
    private func selectedRects(
        of line: ParagraphLayout.Line, _ number: Int, in layout: ParagraphLayout, paragraph: Int,
        _ selection: Range<TextPosition>
    ) -> [Rect] {
        guard !selection.isEmpty, selection.lowerBound.paragraph <= paragraph,
            selection.upperBound.paragraph >= paragraph
        else { return [] }
        let start = selection.lowerBound.paragraph == paragraph ? selection.lowerBound.offset : 0
        let end = selection.upperBound.paragraph == paragraph ? selection.upperBound.offset : Int.max
        let lower = line.characters.lowerBound
        let from = max(start, lower) - lower, to = min(end, line.characters.upperBound) - lower
        var rects = from < to ? line.layout.selectionRects(for: from..<to) : []
        if number == layout.lines.count - 1, selection.upperBound.paragraph > paragraph {
            let space = resolvedFont.size / 3
            let x = layout.direction == .rightToLeft ? -space : line.layout.width
            rects.append(Rect(x: x, y: 0, width: space, height: line.box.height))
        }
        return rects
    }

    // MARK: Editing

    /// Changes the document, then catches the layout up with the paragraphs changed (only
    /// those are laid out again), puts a new selection on the primary selection, scrolls the
    /// caret into view, restarts the blink, redraws and reports the user's edits. Vertical moves
    /// keep the x they go to; others forget it.
    func update(
        byUser: Bool = true, keepingGoalX: Bool = false, atLineEnd: Bool = false,
        _ change: (inout TextDocument) -> Void
    ) {
        let selection = document.selection
        change(&document)
        let changes = document.takeChanges()
        for change in changes { applyToLayout(change) }
        caretAtLineEnd = atLineEnd
        if !keepingGoalX { goalX = nil }
        if document.hasSelection, document.selection != selection || !changes.isEmpty {
            offeredPrimary = document.selectedText
            scene?.host?.primarySelection?.setText(document.selectedText)
        } else if !document.hasSelection, let offered = offeredPrimary {
            offeredPrimary = nil
            scene?.host?.primarySelection?.release(offered)  // the selection went away
        }
        scrollCaretIntoView()
        restartBlink()
        viewport.setNeedsDisplay()
        if !changes.isEmpty, byUser { onValueChanged?() }
    }

    /// Applies an edit the user made as `kind`, when the view is editable, and records it in
    /// the history with the selection the user saw before it (a drop moves the caret first).
    func record(_ kind: TextEditKind, _ change: (inout TextDocument) -> TextEdit<TextPosition>) {
        guard isEditable else { return }
        let selectionBefore = document.selectionEnds
        var made: TextEdit<TextPosition>?
        update { made = change(&$0) }
        guard var made else { return }
        made.selectionBefore = selectionBefore
        editHistory.record(made, as: kind, at: scene?.clock.now ?? 0)
    }

    /// Estimates the heights of the paragraphs an edit made and moves the layouts of those after
    /// it to their new numbers.
    private func applyToLayout(_ change: TextDocument.ParagraphChange) {
        guard layoutSetting != nil else { return }
        let made = change.replaced.lowerBound..<(change.replaced.lowerBound + change.count)
        let estimate = heightEstimate()
        heights.replace(
            change.replaced,
            with: made.map {
                $0 < document.paragraphs.count ? estimate(document.paragraphs[$0].utf8.count) : lineBox.height
            })
        let shift = change.count - change.replaced.count
        var moved: [Int: ParagraphLayout] = [:]
        for (index, layout) in layouts {
            if index < change.replaced.lowerBound {
                moved[index] = layout
            } else if index >= change.replaced.upperBound {
                moved[index + shift] = layout
            }
        }
        layouts = moved
        updateContentSize()
    }

    /// Scrolls as little as needed to show the caret's line (first measuring the paragraphs a
    /// screen above it, so measuring them afterwards cannot push it off).
    private func scrollCaretIntoView() {
        guard !viewport.bounds.isEmpty else { return }
        prepareLayout()
        let caret = document.caret.paragraph
        let screen = viewport.bounds.height
        var index = caret
        let caretTop = top(ofParagraph: caret)
        while index > 0, caretTop - top(ofParagraph: index) < screen {
            index -= 1
            _ = paragraphLayout(index)
        }
        // On the first or last line, the padding above or below it shows too.
        var rect = caretRect().insetBy(dx: -Self.padding, dy: 0)
        if rect.minY <= Self.padding { rect = Rect(x: rect.minX, y: 0, width: rect.width, height: rect.maxY) }
        let bottom = viewport.contentSize.height
        if rect.maxY >= bottom - Self.padding {
            rect = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: bottom - rect.minY)
        }
        viewport.scrollRectToVisible(rect, animated: false)
    }

    // MARK: Caret blink

    /// Starts or stops the caret blink as focus comes and goes.
    open override func focusDidChange() {
        super.focusDidChange()
        editHistory.closeStep()
        restartBlink()
        viewport.setNeedsDisplay()
    }

    /// Hides the caret while the window is in the background and starts the blink again when
    /// it comes back.
    open override func windowKeyboardFocusDidChange() {
        super.windowKeyboardFocusDidChange()
        restartBlink()
    }

    /// Shows the input method's new composition in the caret's line, with the caret on.
    open override func textCompositionDidChange() {
        super.textCompositionDidChange()
        restartBlink()
    }

    /// Whether the caret is drawn at all: the view has focus in the window the user types into.
    private var showsCaret: Bool { isFocused && scene?.hasKeyboardFocus == true }

    private func restartBlink() {
        blink.restart(in: scene)
        viewport.setNeedsDisplay()
    }

    // MARK: Keys

    /// Edits the text or moves the caret as the key says (see the type's description); keys it
    /// has no use for (Undo with nothing to undo among them) go on up the chain; a disabled view
    /// takes none.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled else { return false }
        if event.isUndo || event.isRedo {
            guard let stack = undoStack, event.isUndo ? stack.canUndo : stack.canRedo else { return false }
            event.isUndo ? stack.undo() : stack.redo()
            return true
        }
        let control = event.modifiers.contains(.control)
        let shift = event.modifiers.contains(.shift)
        let segmenter = View.defaultTextSegmenter
        // Shortcuts match the letter whatever the case (Caps Lock or Shift held).
        let key: Key
        if case let .character(character) = event.key, control {
            key = .character(Character(character.lowercased()))
        } else {
            key = event.key
        }
        switch key {
        case .tab:
            guard !control, !tabMovesFocus, isEditable, !event.modifiers.contains(.shift) else {
                scene?.moveFocus(backward: shift)
                return true
            }
            record(.typing) { $0.insert("\t") }
        case .enter:
            guard isEditable else { return false }
            record(.typing) { $0.insert("\n") }
        case .backspace: record(.deleteBackward) { $0.deleteBackward(byWord: control, using: segmenter) }
        case .delete: record(.deleteForward) { $0.deleteForward(byWord: control, using: segmenter) }
        case .left: moveCaret(rightwards: false, byWord: control, extending: shift)
        case .right: moveCaret(rightwards: true, byWord: control, extending: shift)
        case .up: moveVertically(lines: -1, extending: shift)
        case .down: moveVertically(lines: 1, extending: shift)
        case .pageUp: movePage(down: false, extending: shift)
        case .pageDown: movePage(down: true, extending: shift)
        case .home where control: update { $0.setCaret(.start, extending: shift) }
        case .end where control: update { $0.setCaret($0.end, extending: shift) }
        case .home: moveToLineEdge(end: false, extending: shift)
        case .end: moveToLineEdge(end: true, extending: shift)
        case .character("a") where control: selectAll()
        case .character("c") where control: copy()
        case .character("x") where control: cut()
        case .character("v") where control: paste()
        default:
            // Alt and Super with a letter are the window's (a menu's mnemonic), not typing.
            guard !event.text.isEmpty, event.modifiers.isDisjoint(with: [.control, .alt, .meta]), isEditable else {
                return false
            }
            record(event.typesACommit ? .inputMethodCommit : .typing) { $0.insert(event.text) }
        }
        return true
    }

    /// Moves the caret one character left or right on screen (to the next line at a line's
    /// edge), or one word towards the paragraph's start or end; without `extending`, a
    /// selection collapses to its left or right end instead.
    private func moveCaret(rightwards: Bool, byWord: Bool, extending: Bool) {
        let caret = document.caret
        let (layout, index) = line(of: caret, atLineEnd: caretAtLineEnd)
        let forwards = rightwards != (layout.direction == .rightToLeft)
        if byWord {
            let segmenter = View.defaultTextSegmenter
            return update {
                let target =
                    forwards
                    ? $0.wordEnd(after: caret, using: segmenter) : $0.wordStart(before: caret, using: segmenter)
                $0.setCaret(target, extending: extending)
            }
        }
        if document.hasSelection, !extending {
            let end = forwards ? document.selection.upperBound : document.selection.lowerBound
            return update { $0.setCaret(end) }
        }
        let line = layout.lines[index]
        let local = caret.offset - line.characters.lowerBound
        let stepped =
            rightwards ? line.layout.position(visuallyRightOf: local) : line.layout.position(visuallyLeftOf: local)
        if stepped != local {
            let offset = line.characters.lowerBound + stepped
            let atEnd = index < layout.lines.count - 1 && offset == line.characters.upperBound
            return update(atLineEnd: atEnd) {
                $0.setCaret(TextPosition(paragraph: caret.paragraph, offset: offset), extending: extending)
            }
        }
        // At the line's edge: on to the next line (the same position, where a wrapped line
        // ends), or over the paragraph break.
        if forwards, caretAtLineEnd, index < layout.lines.count - 1, caret.offset == line.characters.upperBound {
            return update { $0.setCaret(caret, extending: extending) }
        }
        if !forwards, !caretAtLineEnd, index > 0, caret.offset == line.characters.lowerBound {
            return update(atLineEnd: true) { $0.setCaret(caret, extending: extending) }
        }
        update { $0.setCaret(forwards ? $0.position(after: caret) : $0.position(before: caret), extending: extending) }
    }

    /// Moves the caret `lines` lines on screen up (negative) or down, keeping its x; past the
    /// first line, to the start of the text, past the last, to its end.
    private func moveVertically(lines: Int, extending: Bool) {
        let x = goalX ?? caretRect().minX
        var paragraph = document.caret.paragraph
        var index = line(of: document.caret, atLineEnd: caretAtLineEnd).index + lines
        while index < 0 {
            guard paragraph > 0 else { return update(keepingGoalX: true) { $0.setCaret(.start, extending: extending) } }
            paragraph -= 1
            index += paragraphLayout(paragraph).lines.count
        }
        while index >= paragraphLayout(paragraph).lines.count {
            guard paragraph < document.paragraphs.count - 1 else {
                return update(keepingGoalX: true) { $0.setCaret($0.end, extending: extending) }
            }
            index -= paragraphLayout(paragraph).lines.count
            paragraph += 1
        }
        let target = position(inLine: index, of: paragraphLayout(paragraph), paragraph: paragraph, atX: x)
        goalX = x
        update(keepingGoalX: true, atLineEnd: target.atLineEnd) { $0.setCaret(target.position, extending: extending) }
    }

    /// Scrolls a screen up or down and moves the caret as far, keeping its x; already scrolled
    /// to the top or the bottom, to the start or the end of the text, as GTK's text view does.
    private func movePage(down: Bool, extending: Bool) {
        let page = max(lineHeight, viewport.bounds.height - lineHeight)
        let lowest = max(0, viewport.contentSize.height - viewport.bounds.height)
        if down ? viewport.contentOffset.y >= lowest : viewport.contentOffset.y <= 0 {
            return update { $0.setCaret(down ? $0.end : .start, extending: extending) }
        }
        let caret = caretRect()
        let x = goalX ?? caret.minX
        viewport.contentOffset.y += down ? page : -page
        let target = position(atContent: Point(x: x, y: caret.midY + (down ? page : -page)))
        goalX = x
        update(keepingGoalX: true, atLineEnd: target.atLineEnd) { $0.setCaret(target.position, extending: extending) }
    }

    /// Moves the caret to the start or end of its line on screen (the end before the spaces a
    /// wrapped line broke after, so it stays on the line).
    private func moveToLineEdge(end: Bool, extending: Bool) {
        let caret = document.caret
        let (layout, index) = line(of: caret, atLineEnd: caretAtLineEnd)
        let line = layout.lines[index]
        let isLast = index == layout.lines.count - 1
        guard end else {
            return update {
                $0.setCaret(
                    TextPosition(paragraph: caret.paragraph, offset: line.characters.lowerBound), extending: extending)
            }
        }
        var offset = line.characters.upperBound
        if !isLast, line.text.last?.isWhitespace == true { offset -= 1 }
        let atLineEnd = !isLast && offset == line.characters.upperBound
        update(atLineEnd: atLineEnd) {
            $0.setCaret(TextPosition(paragraph: caret.paragraph, offset: offset), extending: extending)
        }
    }

    // MARK: Clipboard

    /// Copy and Select All while there is text to act on, Cut and Paste while editable too.
    open override func canPerform(_ command: EditCommand) -> Bool {
        switch command {
        case .copy: document.hasSelection
        case .cut: document.hasSelection && isEditable && isEnabled
        case .paste: isEditable && isEnabled && scene?.host?.clipboard != nil
        case .selectAll: !document.isEmpty
        }
    }

    /// Cuts, copies, pastes or selects all, as Control with X, C, V or A does.
    open override func perform(_ command: EditCommand) { command.perform(on: self) }

    /// Selects the whole text, as Control-A does.
    public func selectAll() { update { $0.selectAll() } }

    /// Copies the selection to the clipboard.
    public func copy() {
        guard document.hasSelection else { return }
        scene?.host?.clipboard?.setText(document.selectedText)
    }

    /// Copies the selection to the clipboard and deletes it, as the user's edit.
    public func cut() {
        guard isEditable, document.hasSelection else { return }
        copy()
        record(.cut) { $0.insert("") }
    }

    /// Replaces the selection with the clipboard's text, once it arrives, as the user's edit.
    public func paste() { paste(from: scene?.host?.clipboard) }

    /// Inserts the text of `source` (the clipboard or the primary selection) at the caret once
    /// it arrives, or at `position` when given.
    private func paste(from source: Clipboard?, at position: TextPosition? = nil) {
        guard isEditable, let source else { return }
        source.requestText { [weak self] text in
            guard let self, let text, !text.isEmpty, self.isEnabled else { return }
            self.record(.paste) {
                if let position { $0.setCaret(position) }
                return $0.insert(text)
            }
        }
    }

    // MARK: Mouse

    /// Presses a link (see ``onLinkActivated``), places the caret (extending the selection with
    /// Shift), selects a word on a double click and a paragraph on a triple click, pastes the
    /// primary selection on a middle click, or, on the selection, waits to see whether the press
    /// becomes a drag. A disabled view takes a left press and does nothing with it.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard isEnabled else { return super.mouseDown(event) }
        // A second click on a read-only view's link selects its word; Control-clicks follow it.
        if event.button == .left, event.clickCount < 2 || event.modifiers.contains(.control),
            let link = activatableLink(event)
        {
            pressedLink = link
            return true
        }
        let point = event.location(in: viewport)
        let (position, atLineEnd) = position(atContent: point)
        guard event.button == .left else {
            guard event.button == .middle else { return false }
            paste(from: scene?.host?.primarySelection, at: position)
            return true
        }
        if event.clickCount < 2, !event.modifiers.contains(.shift), scene?.host?.dragHost != nil,
            selectionContains(point)
        {
            pressOnSelection = SelectionPress(location: event.locationInWindow, position: position)
            return true
        }
        switch event.clickCount {
        case 2: update { $0.selectWord(at: position, using: View.defaultTextSegmenter) }
        case 3...: update { $0.selectParagraph(at: position) }
        default: update(atLineEnd: atLineEnd) { $0.setCaret(position, extending: event.modifiers.contains(.shift)) }
        }
        isSelectingWithMouse = event.clickCount < 2
        selectingPointer = event.locationInWindow
        return true
    }

    /// Extends the selection to the pointer (scrolling while it is past an edge), or drags the
    /// selected text out once the pointer has moved far enough from a press on the selection.
    open override func mouseDragged(_ event: MouseEvent) {
        guard isEnabled else { return mouseCancelled() }
        let point = event.locationInWindow
        if SelectionPress.follow(&pressOnSelection, to: point, from: self, dragging: { document.selectedText }) {
            return
        }
        guard isSelectingWithMouse else { return }
        selectingPointer = event.locationInWindow
        extendSelectionToPointer()
    }

    /// Extends the selection to the last pointer location of the drag, scrolling first by as
    /// far as the pointer is past the top or bottom edge (or, for unwrapped lines, the left or
    /// right edge), and while it is, again every ``autoscrollInterval``.
    private func extendSelectionToPointer() {
        guard isSelectingWithMouse, let pointer = selectingPointer else { return }
        let margin = Self.autoscrollMargin
        let before = viewport.convert(pointer, from: nil), shown = viewport.bounds
        /// How far `value` is past the edges `low` and `high` (less the margin): negative below.
        func past(_ value: Double, _ low: Double, _ high: Double) -> Double {
            value < low + margin ? value - (low + margin) : value > high - margin ? value - (high - margin) : 0
        }
        let scroll = past(before.y, shown.minY, shown.maxY)
        let sideways = wrapsLines ? 0 : past(before.x, shown.minX, shown.maxX)
        if scroll != 0 { viewport.contentOffset.y += scroll }
        if sideways != 0 { viewport.contentOffset.x += sideways }
        let point = viewport.convert(pointer, from: nil), visible = viewport.bounds
        let x = wrapsLines ? point.x : min(max(point.x, visible.minX), visible.maxX - 1)
        let target = position(atContent: Point(x: x, y: min(max(point.y, visible.minY), visible.maxY - 1)))
        update(atLineEnd: target.atLineEnd) { $0.setCaret(target.position, extending: true) }
        if let autoscroll { scene?.timers.cancel(autoscroll) }
        autoscroll = nil
        guard scroll != 0 || sideways != 0 else { return }
        autoscroll = scene?.timers.schedule(after: Self.autoscrollInterval) { [weak self] in
            self?.autoscroll = nil
            self?.extendSelectionToPointer()
        }
    }

    /// The visual line at `point` (viewport content coordinates): its paragraph, that
    /// paragraph's layout, the line's number in it and the line's left edge; `nil` above or
    /// below the paragraph's lines.
    private func line(atContent point: Point) -> (paragraph: Int, layout: ParagraphLayout, row: Int, left: Double)? {
        prepareLayout()
        let paragraph = heights.index(at: point.y - Self.padding)
        let layout = paragraphLayout(paragraph)
        let y = point.y - top(ofParagraph: paragraph)
        guard y >= 0, y < layout.height else { return nil }
        let row = layout.lineIndex(atY: y)
        return (paragraph, layout, row, left(of: layout.lines[row], layout.direction))
    }

    /// Whether `point` (viewport content coordinates) lies on the selection's highlight.
    private func selectionContains(_ point: Point) -> Bool {
        guard document.hasSelection, let (paragraph, layout, row, left) = line(atContent: point) else { return false }
        let rects = selectedRects(of: layout.lines[row], row, in: layout, paragraph: paragraph, document.selection)
        return rects.contains { left + $0.minX <= point.x && point.x < left + $0.maxX }
    }

    /// The link drawn under `point` (in the view's coordinates), if any.
    public func link(at point: Point) -> String? {
        guard paragraphStyler != nil, bounds.contains(point) else { return nil }
        let content = convert(point, to: viewport)
        guard let (_, layout, row, left) = line(atContent: content), let styled = layout.lines[row].styledText else {
            return nil
        }
        return styled.link(atX: content.x, in: layout.lines[row].layout, left: left)
    }

    /// The link a press or the pointer at `event` would activate: one under it, while the view
    /// is read-only or Control is held.
    private func activatableLink(_ event: MouseEvent) -> String? {
        guard !isEditable || event.modifiers.contains(.control) else { return nil }
        return link(at: event.location(in: self))
    }

    /// Shows the pointing hand over a link a click would activate.
    open override func mouseMoved(_ event: MouseEvent) -> Bool {
        hoveredLink = isEnabled ? activatableLink(event) : nil
        return hoveredLink != nil
    }

    /// Forgets the hovered link.
    open override func mouseExited(_ event: MouseEvent) { hoveredLink = nil }

    /// Activates a pressed link released over it, or ends a mouse selection; a press on the
    /// selection that did not become a drag places the caret where it went down.
    open override func mouseUp(_ event: MouseEvent) {
        if let pressed = pressedLink {
            pressedLink = nil
            if link(at: event.location(in: self)) == pressed { onLinkActivated?(pressed) }
            return
        }
        endSelectingWithMouse()
        guard let press = pressOnSelection else { return }
        pressOnSelection = nil
        if isEnabled { update { $0.setCaret(press.position) } }
    }

    /// Ends a mouse selection, or a press that might have become a drag, that lost its release.
    open override func mouseCancelled() {
        endSelectingWithMouse()
        pressOnSelection = nil
        pressedLink = nil
    }

    private func endSelectingWithMouse() {
        isSelectingWithMouse = false
        selectingPointer = nil
        if let autoscroll { scene?.timers.cancel(autoscroll) }
        autoscroll = nil
    }

    // MARK: Dropping

    /// Text, and files (as their paths), while the view is enabled and editable.
    open override var acceptedDropKinds: DropKinds { isEnabled && isEditable ? [.text, .uris] : [] }

    /// Shows the drop caret at the position nearest the pointer.
    open override func dragEntered(at location: Point) { showDropCaret(at: location) }

    /// Moves the drop caret to the position nearest the pointer.
    open override func dragMoved(at location: Point) { showDropCaret(at: location) }

    /// Hides the drop caret.
    open override func dragExited() {
        dropPosition = nil
        viewport.setNeedsDisplay()
    }

    /// Inserts the text (or the files' paths) at the position nearest `location`, as the user's
    /// edit, and takes focus; refuses empty content.
    open override func performDrop(_ content: DragContent, at location: Point) -> Bool {
        let text = content.plainText
        guard !text.isEmpty, isEditable else { return false }
        let position = position(at: location)
        dropPosition = nil
        scene?.setFocus(self)
        record(.drop) {
            $0.setCaret(position)
            return $0.insert(text)
        }
        return true
    }

    private func showDropCaret(at location: Point) {
        let position = position(at: location)
        guard position != dropPosition else { return }
        dropPosition = position
        viewport.setNeedsDisplay()
    }
}

/// The part of a ``TextView`` that scrolls: it lays out the paragraphs it shows as it scrolls
/// and draws them, its text view doing both.
final class TextViewport: ScrollView {
    /// The text view it scrolls for.
    weak var textView: TextView?

    init() {
        super.init(content: nil, frame: .zero)
        isFocusable = false
    }

    /// Part of its text view's element, not one of its own.
    override func makeAccessibilityNode() -> AccessibilityNode? { nil }

    /// Lays out the paragraphs scrolled into view, then keeps the offset in range.
    override func layoutSubviews() {
        textView?.layOutShownParagraphs()
        super.layoutSubviews()
    }

    /// Draws the text scrolled into view.
    override func draw(in context: GraphicsContext, bounds: Rect) {
        textView?.drawText(in: context, visible: bounds)
    }
}

extension TextView: ClipboardEditing {}
