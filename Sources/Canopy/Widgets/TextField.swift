/// A single-line text field, as `UITextField`: a caret that blinks while the field has focus (in
/// the window the user types into), editing by character and by word, selection by mouse drag,
/// double-click and Shift with the arrows, copy, cut and paste through the system clipboard,
/// selected text offered on the primary selection and middle-click pasting it, a placeholder, and
/// horizontal scrolling that keeps the caret in view. Enter is the field's primary action: it
/// calls ``onSubmit`` with the text (and ``Control/onPrimaryAction``), and a field with neither
/// leaves Enter to the window (a dialog's default button, ``ButtonRole``); every edit the user makes
/// (undo and redo too) calls ``onValueChanged`` (setting ``text`` from code calls nothing). When
/// the user is done with an edit (focus leaves the field, or Enter is pressed, after ``onSubmit``)
/// ``onEditingEnded`` is called once with the text.
///
/// Code reads and sets the selection in the units of ``text``'s positions, Characters:
/// ``selectedRange``, ``selectedText``, ``select(_:)`` and ``selectAll()``.
///
/// A ``Control``: a disabled field (``Control/isEnabled`` off) takes no focus, no typing, no
/// pastes and no drops, shows no I-beam, draws its text greyed on the disabled background, and
/// tells assistive technology it is not enabled.
///
/// Text in any script is set by the host's text engine: carets, clicks, selections and deletions
/// go by whole characters and clusters (never between a letter and its mark, nor inside a
/// conjunct or an emoji sequence). A paragraph whose first letter reads right to left (Arabic,
/// Hebrew) runs right to left and sits against the right edge, unless ``textDirection`` says
/// otherwise.
///
/// Keys: typed text (including text committed by an input method) is inserted; Backspace and
/// Delete remove a character, or a word with Control; Left and Right move the caret one
/// character left or right on screen (through mixed-direction text too, as GTK does), or by
/// word with Control (towards the paragraph's start or end, whichever lies that way), extending
/// the selection with Shift; Home and End go to the start and end of the text; Control-A
/// selects everything; Control-C, -X and -V copy, cut and paste (Enter pressed before a paste's
/// text arrives submits the text with the paste in it).
///
/// Control-Z undoes and Control-Shift-Z or Control-Y redoes the user's edits, the selection put
/// back with the text. The field keeps its own history (``editHistory``, offered to the window
/// as its ``View/undoStack``): typing is undone a word at a time (or up to a pause), a run of
/// Backspaces at once, and a paste, a cut, a drop or an input method's commit each on its own.
/// Undo and redo call ``onValueChanged`` as the user's edits do; setting ``text`` from code
/// clears the history, as GTK's entries do. With nothing to undo in the field, the keys go on
/// to the window (``Scene/undo()``).
///
/// Text and files dragged from other applications drop into the field: while the drag is over
/// it, a drop caret shows where the text will go; dropped text is inserted there, a file as its
/// path (other URIs as they are), and the field takes focus. Where the host can carry drags
/// (``SceneHost/dragHost``), pressing on the selection and moving the pointer more than
/// ``dragThreshold`` drags a copy of the selected text out, into another application or another
/// field; the field keeps its text. A press on the selection released without moving places the
/// caret there.
///
/// A text too long to lay out on every key (a pasted book) is laid out a window of
/// ``layoutWindow`` characters at a time around the caret (a few times what the field can show,
/// at most ``layoutWindowLength``).
open class TextField: Control {
    /// What the field holds and what is selected.
    public private(set) var editing = TextEditingState()
    /// Shown in the placeholder colour while the field is empty. A screen reader reads it as a
    /// hint after the field's role, not as its name: name the field with
    /// ``View/accessibilityLabel``.
    public var placeholder: String {
        didSet { setNeedsDisplay() }
    }
    /// The font of the text; `nil` uses the theme's.
    public var font: Font? {
        didSet { setNeedsDisplay() }
    }
    /// The colour of the text; `nil` uses the theme's.
    public var textColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// Which way the paragraph runs; ``TextDirection/natural`` (the default) takes it from the
    /// first letter typed.
    public var textDirection: TextDirection = .natural {
        didSet { if textDirection != oldValue { apply(editing, byUser: false) } }
    }
    /// The colour of the placeholder; `nil` uses the theme's secondary text colour.
    public var placeholderColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// Whether Tab or Shift-Tab arriving at the field selects all its text (the default), so
    /// what is typed next replaces it, as in GTK, Qt and AppKit; a click places the caret.
    public var selectsAllOnTab = true
    /// Called with the text when the user presses Enter (before ``Control/onPrimaryAction``).
    public var onSubmit: ((String) -> Void)?
    /// Called with the text after each edit the user makes (typing, deleting, cutting, pasting,
    /// undoing, redoing).
    public var onValueChanged: ((String) -> Void)?
    /// Called with the text when an edit session ends: the user changed the text and then focus
    /// left the field (to another view of the window: a window going to the background keeps its
    /// focus) or Enter was pressed. Enter calls it after ``onSubmit`` and
    /// ``Control/onPrimaryAction``, or, in a field with neither, before the window takes the key
    /// (a dialog's default button). Once per session: Enter then Tab without typing in between
    /// calls it once, and a session with no change to the text calls nothing. Setting ``text``
    /// from code ends the session without calling it.
    public var onEditingEnded: ((String) -> Void)?
    /// Whether the user has changed the text since the edit session last ended.
    private var hasUnendedEdit = false

    /// Space between the border and the text.
    public static let padding = 8.0
    /// How long the caret stays on, then off, while blinking, unless the desktop says otherwise
    /// (``Scene/desktopSettings``).
    nonisolated public static let blinkInterval = 0.53
    /// How far (points, either way) the pointer must move with the button held on the selection
    /// before the selected text is dragged.
    public static let dragThreshold = 4.0

    /// How far text too long for the field is scrolled: its left edge lies this far left of
    /// the text area's.
    private var scrollX = 0.0
    private lazy var blink = CaretBlink(
        isShown: { [unowned self] in self.showsCaret },
        redrawCaret: { [unowned self] in
            // Only the caret changes: nothing is laid out again and only its pixels are redrawn.
            self.setNeedsDisplay(self.caretRect(in: self.shownText).insetBy(dx: -1, dy: -1))
        })
    private var isSelectingWithMouse = false
    /// A press on the selection that becomes a drag of the selected text if the pointer moves far
    /// enough: where it went down (window coordinates) and the caret position there.
    private var pressOnSelection: SelectionPress<Int>?
    /// The text last put on the primary selection, given up when the selection goes away.
    private var offeredPrimary: String?
    /// Pastes asked for whose text has not arrived yet.
    private var pendingPastes = 0
    /// Whether Enter was pressed while a paste was on its way.
    private var submitsAfterPaste = false

    /// The most characters a field lays out at once when its text is longer: around the caret,
    /// ``layoutWindow`` of them.
    public static let layoutWindowLength = 3_000
    /// How many characters of a longer text the field lays out at once around the caret: eight
    /// times as many as its width can show (no character is narrower than a quarter of the font's
    /// size), so the window's quarter-length margins cover the field twice over; at least 1,000,
    /// at most ``layoutWindowLength``. Every key lays the window out again, so a narrow field
    /// holding megabytes answers a key in less time than a wide one.
    public var layoutWindow: Int {
        let shown = bounds.width / max(1, resolvedFont.size / 4)
        let length = shown.isFinite ? Int(min(shown * 8, Double(Self.layoutWindowLength))) : Self.layoutWindowLength
        return max(1_000, length)
    }
    /// The characters ``textLayout`` holds: the whole text, or a window of it around the caret.
    @_spi(Testing) public private(set) var laidOutCharacters = 0..<0
    /// Where a drag over the field would insert its text, while one is over it.
    public private(set) var dropPosition: Int?

    /// Creates a field.
    public init(text: String = "", placeholder: String = "", font: Font? = nil, frame: Rect = .zero) {
        self.placeholder = placeholder
        self.font = font
        super.init(frame: frame)
        editing = TextEditingState(text: text)
        moveLayoutWindow(keepingCaretAt: nil)
        cornerRadius = Theme.standard.cornerRadius
    }

    /// The text; setting it puts the caret at the end, forgets the undo history and calls
    /// nothing.
    public var text: String {
        get { editing.text }
        set {
            editHistory.removeAll()
            hasUnendedEdit = false
            apply(TextEditingState(text: newValue), byUser: false)
        }
    }

    /// The selected characters, counted in Characters as positions in ``text`` are; an empty
    /// range at the caret when nothing is selected.
    public var selectedRange: Range<Int> { editing.selection }

    /// The selected text; empty when nothing is selected.
    public var selectedText: String { editing.selectedText }

    /// Selects `range` (Characters of ``text``), the caret at its end. A range reaching outside
    /// the text is clamped to it; an empty range places the caret. Calls nothing (the text does
    /// not change); the selection is offered as the primary selection, as one the user makes.
    public func select(_ range: Range<Int>) {
        var state = editing
        state.select(TextEdit<Int>.Selection(anchor: range.lowerBound, caret: range.upperBound))
        apply(state, byUser: false)
    }

    /// Selects the whole text, as Control-A does.
    public func selectAll() {
        update(byUser: false) { $0.selectAll() }
    }

    /// The history of the user's edits, which Control-Z and Control-Shift-Z go back and forth
    /// in (its ``TextEditHistory/stack`` is the field's ``undoStack``).
    public private(set) lazy var editHistory = TextEditHistory<Int> { [weak self] change in
        self?.edit { $0.apply(change) }
    }

    /// The field's ``editHistory``, while the field is enabled.
    open override var undoStack: UndoStack? { isEnabled ? editHistory.stack : nil }

    private var resolvedFont: Font { font ?? theme.font }

    /// An I-beam while enabled; the superview's cursor while disabled.
    open override var cursor: Cursor? { isEnabled ? .text : nil }

    /// Room for the text or the placeholder (at least ``minimumWidth``), the padding and a
    /// comfortable height.
    open override func sizeThatFits(_ size: Size) -> Size {
        let font = resolvedFont
        // The field's width needs no more than the first window of a long text.
        let start = String(editing.characters(in: 0..<Self.layoutWindowLength))
        let shown = textMeasurer.measure(editing.text.isEmpty ? placeholder : start, font: font)
        let line = textMeasurer.lineMetrics(for: font)
        return Size(
            width: min(size.width, max(Self.minimumWidth, (shown.width + 2 * Self.padding + 2).rounded(.up))),
            height: min(size.height, (line.height + 14).rounded(.up)))
    }

    /// The narrowest a field sizes itself to.
    public static let minimumWidth = 120.0

    // MARK: Accessibility

    /// An editable single-line text field with its placeholder as the placeholder (not the name:
    /// the field is unnamed unless the app gives it an ``View/accessibilityLabel``), enabled
    /// while the field is; its text, caret and selection are read and edited through
    /// ``AccessibilityText``, and activating it is Enter.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(
            role: .textField, states: accessibilityEnabledState.union([.editable, .singleLine, .selectableText]),
            actions: [.activate], placeholder: placeholder)
    }

    /// ``AccessibilityAction/activate`` submits the text as Enter does, while the field is
    /// enabled; a field is not clicked (``AccessibilityAction/click`` does nothing).
    open override func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        switch action {
        case .activate:
            guard isEnabled else { return false }
            sendPrimaryAction()
            return true
        case .click:
            return false
        default:
            return super.performAccessibilityAction(action)
        }
    }

    /// Calls ``onSubmit`` with the text, then ``Control/onPrimaryAction``, then ends the edit
    /// session (``onEditingEnded``).
    open override func sendPrimaryAction() {
        onSubmit?(editing.text)
        super.sendPrimaryAction()
        endEditSession()
    }

    /// Calls ``onEditingEnded`` with the text if the user changed it since the session last
    /// ended.
    private func endEditSession() {
        guard hasUnendedEdit else { return }
        hasUnendedEdit = false
        onEditingEnded?(editing.text)
    }

    // MARK: Drawing

    /// The area the text is drawn in, in bounds coordinates.
    @_spi(Testing) public var textRect: Rect { Self.textRect(in: bounds) }

    private static func textRect(in bounds: Rect) -> Rect { bounds.insetBy(dx: padding, dy: 0) }

    /// The characters of the field's layout window (around the caret, at most a few thousand)
    /// as the host sets them in the field's font and direction; its positions count from the
    /// window's first character.
    public var textLayout: TextLayout { laidOutText.layout }

    /// The laid-out characters, the direction they are set in, and their layout.
    private var laidOutText: (text: String, direction: TextDirection, layout: TextLayout) {
        let font = resolvedFont
        guard laidOutCharacters.count < editing.count else {
            return (
                editing.text, textDirection, textMeasurer.layout(editing.text, font: font, direction: textDirection)
            )
        }
        let text = String(editing.characters(in: laidOutCharacters))
        let direction = paragraphDirection
        return (text, direction, textMeasurer.layout(text, font: font, direction: direction))
    }

    /// What the field shows: the laid-out characters, with the input method's composition (while
    /// the field is focused) in place of the selection, the composition's range and the caret
    /// among the shown characters.
    private var shownText: ShownText {
        let (text, direction, layout) = laidOutText
        let start = laidOutCharacters.lowerBound
        guard let composition = shownComposition else {
            return ShownText(text: text, direction: direction, layout: layout, caret: editing.caret - start)
        }
        let characters = Array(text)
        let selection = laidOutSelection.clamped(to: 0..<characters.count)
        let shown =
            String(characters[..<selection.lowerBound]) + composition.text
            + String(characters[selection.upperBound...])
        let composed = selection.lowerBound..<(selection.lowerBound + composition.text.count)
        return ShownText(
            text: shown, direction: direction,
            layout: textMeasurer.layout(shown, font: resolvedFont, direction: direction),
            caret: selection.lowerBound + composition.characterCaret, composition: (composition, composed))
    }

    /// The characters a field shows and how they are laid out.
    private struct ShownText {
        var text: String
        var direction: TextDirection
        var layout: TextLayout
        /// The caret, among the shown characters.
        var caret: Int
        /// The input method's composition and where it is among the shown characters.
        var composition: (composition: TextComposition, range: Range<Int>)?
    }

    /// The input method's composition the field shows: the scene's, while the field is focused.
    private var shownComposition: TextComposition? { isFocused ? scene?.textComposition : nil }

    /// The direction of a long text's paragraph: ``textDirection``, or for
    /// ``TextDirection/natural``, as its first window sets it.
    private var paragraphDirection: TextDirection {
        guard textDirection == .natural else { return textDirection }
        let start = String(editing.characters(in: 0..<Self.layoutWindowLength))
        let resolved = textMeasurer.layout(start, font: resolvedFont, direction: .natural)
        return resolved.isRightToLeft ? .rightToLeft : .leftToRight
    }

    /// Where the caret is drawn (bounds coordinates), one line high.
    private func caretRect(in shown: ShownText) -> Rect {
        let line = textMeasurer.lineMetrics(for: resolvedFont)
        let area = textRect
        let baseline = (area.midY + (line.ascent - line.descent) / 2).rounded()
        let x = (textLeft(of: shown.layout) + shown.layout.caretOffset(at: shown.caret)).rounded()
        return Rect(x: x, y: baseline - line.ascent, width: 1.5, height: line.height)
    }

    /// The caret, where the input method places its pre-edit and candidates; `nil` while the
    /// field is disabled.
    open override var textInputCaretRect: Rect? { isEnabled ? caretRect(in: shownText) : nil }

    /// Draws the background (the theme's, unless the field has its own), the border, the
    /// selection, the text or the placeholder, and the caret while focused. The line's box and
    /// baseline come from the field's font, so they stay put whatever fallback faces the text
    /// uses.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let font = resolvedFont
        let area = Self.textRect(in: bounds)
        if backgroundColor.isClear {
            fillBackground(
                isEnabled ? theme.contentBackground : theme.disabledControlBackground, in: context, bounds: bounds)
        }
        context.strokeRoundedRect(
            bounds, cornerRadius: cornerRadius, lineWidth: isFocused ? 2 : 1,
            color: isFocused ? theme.accent : theme.border)
        context.saveState()
        context.clip(to: area)
        let line = context.lineMetrics(for: font)
        let baseline = (area.midY + (line.ascent - line.descent) / 2).rounded()
        let shown = shownText
        let layout = shown.layout
        let left = textLeft(of: layout)
        if shown.text.isEmpty {
            let shown = context.layout(placeholder, font: font, direction: textDirection)
            context.drawText(
                placeholder,
                baselineAt: Point(x: shown.isRightToLeft ? area.maxX - shown.width : area.minX, y: baseline),
                font: font, color: placeholderColor ?? theme.secondaryText, direction: textDirection)
        } else {
            if let (composition, range) = shown.composition {
                context.drawCompositionMarks(
                    composition, at: range.lowerBound, in: layout, left: left, baseline: baseline, line: line,
                    theme: theme)
            } else {
                for rect in layout.selectionRects(for: laidOutSelection) {
                    context.fill(
                        Rect(x: left + rect.minX, y: baseline - line.ascent, width: rect.width, height: line.height),
                        color: isFocused ? theme.textSelection : theme.selectedBackground)
                }
            }
            context.drawText(
                shown.text, baselineAt: Point(x: left, y: baseline), font: font,
                color: isEnabled ? textColor ?? theme.text : theme.secondaryText, direction: shown.direction)
        }
        if let dropPosition {
            let x = (left + layout.caretOffset(at: dropPosition - laidOutCharacters.lowerBound)).rounded()
            context.fill(Rect(x: x - 1, y: baseline - line.ascent, width: 2, height: line.height), color: theme.accent)
        } else if showsCaret, blink.isOn, shown.composition?.composition.showsCaret ?? true {
            context.fill(caretRect(in: shown), color: theme.accent)
        }
        context.restoreState()
    }

    /// The selected characters among those laid out, counted from the first laid out.
    private var laidOutSelection: Range<Int> {
        let start = laidOutCharacters.lowerBound
        let selection = (editing.selection.lowerBound - start)..<max(editing.selection.upperBound - start, 0)
        return selection.clamped(to: 0..<Int.max)
    }

    /// Whether `x` (bounds coordinates) lies on the selection's highlight.
    private func selectionContains(x: Double) -> Bool {
        guard editing.hasSelection else { return false }
        let layout = textLayout
        let left = textLeft(of: layout)
        return layout.selectionRects(for: laidOutSelection).contains { left + $0.minX <= x && x < left + $0.maxX }
    }

    /// The caret position nearest to `x` (bounds coordinates): a boundary between clusters.
    public func position(atX x: Double) -> Int {
        let layout = textLayout
        return laidOutCharacters.lowerBound + layout.position(atX: x - textLeft(of: layout))
    }

    /// Where the text's left edge lies (bounds coordinates): text that fits sits against the
    /// edge its paragraph starts from (leaving room for the caret); longer text is scrolled.
    private func textLeft(of layout: TextLayout) -> Double {
        let area = textRect
        guard layout.width + 2 > area.width else {
            return layout.isRightToLeft ? area.maxX - 2 - layout.width : area.minX
        }
        return area.minX - scrollX
    }

    // MARK: Editing

    /// Applies a new editing state: scrolls the caret into view, restarts the blink, redraws,
    /// and reports a text the user changed.
    private func apply(_ state: TextEditingState, byUser: Bool) {
        update(byUser: byUser) { $0 = state }
    }

    /// Applies an edit the user made.
    private func edit(_ change: (inout TextEditingState) -> Void) {
        update(byUser: true, change)
    }

    /// Applies an edit the user made as `kind` and records it in the history, with the
    /// selection the user saw before it (a drop moves the caret first).
    private func record(_ kind: TextEditKind, _ change: (inout TextEditingState) -> TextEdit<Int>) {
        let selectionBefore = editing.selectionEnds
        var made: TextEdit<Int>?
        edit { made = change(&$0) }
        guard var made else { return }
        made.selectionBefore = selectionBefore
        editHistory.record(made, as: kind, at: scene?.clock.now ?? 0)
    }

    /// Changes the editing state in place (a long text is not copied on every key), then
    /// scrolls the caret into view, restarts the blink, redraws, and reports a text the user
    /// changed.
    private func update(byUser: Bool, _ change: (inout TextEditingState) -> Void) {
        let revision = editing.textRevision, selection = editing.selection
        let caretX = laidOutCharacters.count < editing.count ? caretRect(in: shownText).minX : nil
        change(&editing)
        let changed = editing.textRevision != revision
        if editing.hasSelection, editing.selection != selection || changed {
            offeredPrimary = editing.selectedText
            scene?.host?.primarySelection?.setText(editing.selectedText)
        } else if !editing.hasSelection, let offered = offeredPrimary {
            offeredPrimary = nil
            scene?.host?.primarySelection?.release(offered)  // the selection went away
        }
        moveLayoutWindow(keepingCaretAt: caretX)
        scrollCaretIntoView()
        restartBlink()
        setNeedsDisplay()
        if changed, byUser {
            hasUnendedEdit = true
            onValueChanged?(editing.text)
        }
    }

    /// Lays out the whole text when it is short; otherwise keeps the window around the caret,
    /// or when the caret nears its edge, centres a new one on the caret, scrolled so the caret
    /// stays at `caretX` (bounds coordinates) if it was shown before.
    private func moveLayoutWindow(keepingCaretAt caretX: Double?) {
        let count = editing.count, length = layoutWindow
        guard count > length else {
            laidOutCharacters = 0..<count
            return
        }
        let margin = length / 4, caret = editing.caret
        let start = min(laidOutCharacters.lowerBound, count - length)
        let keeps =
            laidOutCharacters.count == length && (caret - start >= margin || start == 0)
            && (start + length - caret >= margin || start + length == count)
        guard !keeps else {
            laidOutCharacters = start..<(start + length)
            return
        }
        let centred = min(max(0, caret - length / 2), count - length)
        laidOutCharacters = centred..<(centred + length)
        guard let caretX else { return }
        scrollX = textLayout.caretOffset(at: caret - centred) - (caretX - textRect.minX)
    }

    /// Scrolls text too long for the field just enough to show the caret.
    private func scrollCaretIntoView() {
        let width = textRect.width
        let shown = shownText
        let layout = shown.layout
        guard layout.width + 2 > width else {
            scrollX = 0
            return
        }
        let caretX = layout.caretOffset(at: shown.caret)
        if caretX - scrollX > width - 2 { scrollX = caretX - width + 2 }
        if caretX < scrollX { scrollX = caretX }
        scrollX = max(0, min(scrollX, layout.width - width + 2))
    }

    // MARK: Caret blink

    /// Starts or stops the caret blink as focus comes and goes; focus leaving ends the edit
    /// session (``onEditingEnded``).
    open override func focusDidChange() {
        super.focusDidChange()
        editHistory.closeStep()
        restartBlink()
        guard !isFocused else { return }
        scrollCaretIntoView()
        endEditSession()
    }

    /// Selects the whole text when ``selectsAllOnTab`` is set.
    open override func focusDidArriveByTab() {
        super.focusDidArriveByTab()
        if selectsAllOnTab { selectAll() }
    }

    /// Shows the input method's new composition, scrolled into view, with the caret on.
    open override func textCompositionDidChange() {
        super.textCompositionDidChange()
        scrollCaretIntoView()
        restartBlink()
    }

    /// Hides the caret while the window is in the background and starts the blink again when
    /// it comes back.
    open override func windowKeyboardFocusDidChange() {
        super.windowKeyboardFocusDidChange()
        restartBlink()
    }

    /// Whether the caret is drawn at all: the field has focus in the window the user types into.
    private var showsCaret: Bool { isFocused && scene?.hasKeyboardFocus == true }

    /// Shows the caret and, while it is shown, schedules it to blink.
    private func restartBlink() { blink.restart(in: scene) }

    // MARK: Dropping

    /// Text, and files (as their paths), while the field is enabled.
    open override var acceptedDropKinds: DropKinds { isEnabled ? [.text, .uris] : [] }

    /// Shows the drop caret at the position nearest the pointer.
    open override func dragEntered(at location: Point) { showDropCaret(atX: location.x) }

    /// Moves the drop caret to the position nearest the pointer.
    open override func dragMoved(at location: Point) { showDropCaret(atX: location.x) }

    /// Hides the drop caret.
    open override func dragExited() {
        dropPosition = nil
        setNeedsDisplay()
    }

    /// Inserts the text (or the files' paths) at the position nearest `location`, as the user's
    /// edit, and takes focus; refuses empty content.
    open override func performDrop(_ content: DragContent, at location: Point) -> Bool {
        let text = content.plainText
        guard !text.isEmpty else { return false }
        let position = position(atX: location.x)
        scene?.setFocus(self)
        record(.drop) {
            $0.setCaret(position)
            return $0.insert(text)
        }
        return true
    }

    private func showDropCaret(atX x: Double) {
        let position = position(atX: x)
        guard position != dropPosition else { return }
        dropPosition = position
        setNeedsDisplay()
    }

    // MARK: Input

    /// Places the caret, selects a word on a double click and the whole line on a triple click,
    /// pastes the primary selection on a middle click, or, on the selection, waits to see whether
    /// the press becomes a drag. A disabled field takes a left press, as any disabled control, and does nothing with it.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard isEnabled else { return super.mouseDown(event) }
        guard event.button == .left else {
            guard event.button == .middle else { return false }
            paste(from: scene?.host?.primarySelection)
            return true
        }
        let x = event.location(in: self).x
        let position = position(atX: x)
        if event.clickCount < 2, !event.modifiers.contains(.shift), scene?.host?.dragHost != nil,
            selectionContains(x: x)
        {
            pressOnSelection = SelectionPress(location: event.locationInWindow, position: position)
            return true
        }
        switch event.clickCount {
        case 2: edit { $0.selectWord(at: position, using: View.defaultTextSegmenter) }
        case 3...: edit { $0.selectAll() }  // the field's one line, as a triple click does in GTK and Qt
        default: edit { $0.setCaret(position, extending: event.modifiers.contains(.shift)) }
        }
        isSelectingWithMouse = event.clickCount < 2
        return true
    }

    /// Extends the selection to the pointer, or drags the selected text out once the pointer has
    /// moved far enough from a press on the selection.
    open override func mouseDragged(_ event: MouseEvent) {
        guard isEnabled else { return mouseCancelled() }
        let point = event.locationInWindow
        if SelectionPress.follow(&pressOnSelection, to: point, from: self, dragging: { editing.selectedText }) {
            return
        }
        guard isSelectingWithMouse else { return }
        let position = position(atX: event.location(in: self).x)
        edit { $0.setCaret(position, extending: true) }
    }

    /// Ends a mouse selection; a press on the selection that did not become a drag places the
    /// caret where it went down.
    open override func mouseUp(_ event: MouseEvent) {
        isSelectingWithMouse = false
        guard let press = pressOnSelection else { return }
        pressOnSelection = nil
        if isEnabled { edit { $0.setCaret(press.position) } }
    }

    /// Ends a mouse selection, or a press that might have become a drag, that lost its release.
    open override func mouseCancelled() {
        isSelectingWithMouse = false
        pressOnSelection = nil
    }

    /// Edits the text as the key says (see the type's description); keys it has no use for
    /// (Tab, Escape, shortcuts, Undo with nothing to undo) go on up the chain; a disabled field
    /// takes none.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled else { return false }
        if event.isUndo || event.isRedo {
            let stack = editHistory.stack
            guard event.isUndo ? stack.canUndo : stack.canRedo else { return false }
            event.isUndo ? stack.undo() : stack.redo()
            return true
        }
        let control = event.modifiers.contains(.control)
        let shift = event.modifiers.contains(.shift)
        // Shortcuts match the letter whatever the case (Caps Lock or Shift held).
        let key: Key
        if case let .character(character) = event.key, control {
            key = .character(Character(character.lowercased()))
        } else {
            key = event.key
        }
        switch key {
        case .enter:
            // A field nobody listens to leaves Enter to the dialog's default button.
            guard onSubmit != nil || onPrimaryAction != nil else {
                endEditSession()
                return false
            }
            if pendingPastes > 0 {
                submitsAfterPaste = true
            } else {
                sendPrimaryAction()
            }
        case .backspace:
            record(.deleteBackward) { $0.deleteBackward(byWord: control, using: View.defaultTextSegmenter) }
        case .delete: record(.deleteForward) { $0.deleteForward(byWord: control, using: View.defaultTextSegmenter) }
        case .left: moveCaret(rightwards: false, byWord: control, extending: shift)
        case .right: moveCaret(rightwards: true, byWord: control, extending: shift)
        case .home: edit { $0.setCaret(0, extending: shift) }
        case .end: edit { $0.setCaret(Int.max, extending: shift) }
        case .character("a") where control: selectAll()
        case .character("c") where control: copy()
        case .character("x") where control: cut()
        case .character("v") where control: paste()
        default:
            // Alt and Super with a letter are the window's (a menu's mnemonic), not typing.
            guard !event.text.isEmpty, event.modifiers.isDisjoint(with: [.control, .alt, .meta]) else { return false }
            record(event.typesACommit ? .inputMethodCommit : .typing) { $0.insert(event.text) }
        }
        return true
    }

    /// Moves the caret one character left or right on screen, or one word towards the
    /// paragraph's start or end; without `extending`, a selection collapses to its left or
    /// right end instead.
    private func moveCaret(rightwards: Bool, byWord: Bool, extending: Bool) {
        let layout = textLayout
        let start = laidOutCharacters.lowerBound
        if byWord {
            let forwards = rightwards != layout.isRightToLeft, segmenter = View.defaultTextSegmenter
            return edit {
                forwards
                    ? $0.moveRight(byWord: true, extending: extending, using: segmenter)
                    : $0.moveLeft(byWord: true, extending: extending, using: segmenter)
            }
        }
        if editing.hasSelection, !extending {
            let ends = [editing.selection.lowerBound, editing.selection.upperBound]
            let xs = ends.map { layout.caretOffset(at: $0 - start) }
            let end = (xs[0] < xs[1]) == rightwards ? ends[1] : ends[0]
            return edit { $0.setCaret(end) }
        }
        let caret = editing.caret - start
        let target =
            start
            + (rightwards ? layout.position(visuallyRightOf: caret) : layout.position(visuallyLeftOf: caret))
        edit { $0.setCaret(target, extending: extending) }
    }

    /// Copy and Select All while there is text to act on, Cut and Paste while enabled too.
    open override func canPerform(_ command: EditCommand) -> Bool {
        switch command {
        case .copy: editing.hasSelection
        case .cut: editing.hasSelection && isEnabled
        case .paste: isEnabled && scene?.host?.clipboard != nil
        case .selectAll: !text.isEmpty
        }
    }

    /// Cuts, copies, pastes or selects all, as Control with X, C, V or A does.
    open override func perform(_ command: EditCommand) { command.perform(on: self) }

    /// Copies the selection to the clipboard.
    public func copy() {
        guard editing.hasSelection else { return }
        scene?.host?.clipboard?.setText(editing.selectedText)
    }

    /// Copies the selection to the clipboard and deletes it, as the user's edit (Control-X).
    public func cut() {
        guard editing.hasSelection else { return }
        copy()
        record(.cut) { $0.insert("") }
    }

    /// Replaces the selection with the clipboard's text, once it arrives, as the user's edit.
    public func paste() { paste(from: scene?.host?.clipboard) }

    /// Inserts the text of `source` (the clipboard, or the primary selection) at the caret.
    private func paste(from source: Clipboard?) {
        guard let source else { return }
        pendingPastes += 1
        source.requestText { [weak self] text in
            guard let self else { return }
            self.pendingPastes -= 1
            if let text, !text.isEmpty, self.isEnabled { self.record(.paste) { $0.insert(text) } }
            if self.pendingPastes == 0, self.submitsAfterPaste {
                self.submitsAfterPaste = false
                self.sendPrimaryAction()
            }
        }
    }
}

extension TextField: AccessibilityText {
    /// What the field holds and what is selected.
    public var accessibilityTextState: AccessibilityTextState {
        AccessibilityTextState(text: editing.text, caret: editing.caret, selection: editing.selection)
    }

    /// The whole text: a field shows it on one line.
    public func accessibilityLine(holding index: Int) -> Range<Int> { 0..<editing.count }

    /// The whole text: a field holds one paragraph.
    public func accessibilityParagraph(holding index: Int) -> Range<Int> { 0..<editing.count }

    /// Where the characters `range` are drawn now (scrolled with the text), one line high:
    /// from the leftmost to the rightmost of their shares of the shaped clusters that hold
    /// them, or a zero-width rectangle at the caret position when none is laid out (the range
    /// is empty or past the end). In a text laid out a window at a time, characters outside
    /// the window sit at its edge, so the answer costs one walk over the window at most.
    public func accessibilityFrame(ofCharactersIn range: Range<Int>) -> Rect {
        let layout = textLayout
        let window = laidOutCharacters
        let lower = min(max(range.lowerBound, 0), editing.count) - window.lowerBound
        let upper = max(min(max(range.upperBound, 0), editing.count) - window.lowerBound, lower)
        let left = textLeft(of: layout)
        let height = layout.ascent + layout.descent
        let top = (textRect.midY - height / 2).rounded()
        var edges = layout.selectionRects(for: lower..<upper).flatMap { [$0.minX, $0.maxX] }
        // Characters before or after the window: its edge.
        if lower < 0 { edges.append(layout.caretOffset(at: 0)) }
        if upper > window.count { edges.append(layout.caretOffset(at: window.count)) }
        guard let minX = edges.min(), let maxX = edges.max() else {
            return Rect(x: left + layout.caretOffset(at: lower), y: top, width: 0, height: height)
        }
        return Rect(x: left + minX, y: top, width: maxX - minX, height: height)
    }

    /// The position nearest to `point`, as a click there would place the caret.
    public func accessibilityCharacterIndex(at point: Point) -> Int { position(atX: point.x) }

    /// Selects `range` (clamped to the text), the caret at its end.
    public func setAccessibilitySelection(_ range: Range<Int>) {
        var state = editing
        state.setCaret(range.lowerBound)
        state.setCaret(range.upperBound, extending: true)
        apply(state, byUser: true)
    }

    /// Replaces `range` (clamped to the text) with `string`, reported as the user's edit;
    /// refused while the field is disabled.
    public func replaceAccessibilityText(in range: Range<Int>, with string: String) -> Bool {
        guard isEnabled else { return false }
        record(.replace) {
            $0.select(TextEdit<Int>.Selection(anchor: range.lowerBound, caret: range.upperBound))
            return $0.insert(string)
        }
        return true
    }
}

extension TextField: ClipboardEditing {}
