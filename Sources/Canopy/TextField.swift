/// A single-line text field, as `UITextField`: a caret that blinks while the field has focus,
/// editing by character and by word, selection by mouse drag, double-click and Shift with the
/// arrows, copy, cut and paste through the system clipboard, selected text offered on the
/// primary selection and middle-click pasting it, a placeholder, and horizontal scrolling that
/// keeps the caret in view. Enter calls ``onPrimaryAction``; every edit the user makes calls
/// ``onValueChanged`` (setting ``text`` from code calls nothing).
///
/// Keys: typed text (including text committed by an input method) is inserted; Backspace and
/// Delete remove a character, or a word with Control; Left and Right move by character, or by
/// word with Control, extending the selection with Shift; Home and End go to the ends;
/// Control-A selects everything; Control-C, -X and -V copy, cut and paste.
open class TextField: View {
    /// What the field holds and what is selected.
    public private(set) var editing = TextEditingState()
    /// Shown in the placeholder colour while the field is empty.
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
    /// The colour of the placeholder; `nil` uses the theme's secondary text colour.
    public var placeholderColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// Called with the text when the user presses Enter.
    public var onPrimaryAction: ((String) -> Void)?
    /// Called with the text after each edit the user makes (typing, deleting, cutting, pasting).
    public var onValueChanged: ((String) -> Void)?

    /// Space between the border and the text.
    public static let padding = 8.0
    /// How long the caret stays on, then off, while blinking.
    public static let blinkInterval = 0.53

    private var scrollX = 0.0
    private var caretVisible = true
    private var blink: ScheduledAction?
    private var isSelectingWithMouse = false

    /// Creates a field.
    public init(text: String = "", placeholder: String = "", font: Font? = nil, frame: Rect = .zero) {
        self.placeholder = placeholder
        self.font = font
        super.init(frame: frame)
        editing = TextEditingState(text: text)
        cornerRadius = Theme.standard.cornerRadius
    }

    /// The text; setting it puts the caret at the end and calls nothing.
    public var text: String {
        get { editing.text }
        set { apply(TextEditingState(text: newValue), byUser: false) }
    }

    private var resolvedFont: Font { font ?? theme.font }

    /// An I-beam.
    open override var cursor: Cursor? { .text }

    /// Room for the text or the placeholder (at least ``minimumWidth``), the padding and a
    /// comfortable height.
    open override func sizeThatFits(_ size: Size) -> Size {
        let font = resolvedFont
        let shown = textMeasurer.measure(editing.text.isEmpty ? placeholder : editing.text, font: font)
        let line = textMeasurer.measure("Ag", font: font)
        return Size(
            width: min(size.width, max(Self.minimumWidth, (shown.width + 2 * Self.padding + 2).rounded(.up))),
            height: min(size.height, (line.height + 14).rounded(.up)))
    }

    /// The narrowest a field sizes itself to.
    public static let minimumWidth = 120.0

    /// Whether the field takes focus: always.
    open override var canBecomeFocused: Bool { true }

    // MARK: Accessibility

    /// An editable single-line text field named by its placeholder; its text, caret and
    /// selection are read and edited through ``AccessibilityText``, and activating it is Enter.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(
            role: .textField, name: placeholder, states: [.enabled, .editable, .singleLine, .selectableText],
            actions: [.activate])
    }

    /// ``AccessibilityAction/activate`` reports the text as Enter does.
    open override func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        guard action == .activate else { return super.performAccessibilityAction(action) }
        onPrimaryAction?(editing.text)
        return true
    }

    // MARK: Drawing

    /// The area the text is drawn in, in bounds coordinates.
    public var textRect: Rect { bounds.insetBy(dx: Self.padding, dy: 0) }

    /// Draws the background (the theme's, unless the field has its own), the border, the
    /// selection, the text or the placeholder, and the caret while focused.
    open override func draw(in context: GraphicsContext) {
        let theme = theme
        let font = resolvedFont
        let area = textRect
        if backgroundColor.isClear { fillBackground(theme.contentBackground, in: context) }
        context.strokeRoundedRect(
            bounds, cornerRadius: cornerRadius, lineWidth: isFocused ? 2 : 1,
            color: isFocused ? theme.accent : theme.border)
        context.saveState()
        context.clip(to: area)
        let metrics = context.measure(editing.text.isEmpty ? "Ag" : editing.text, font: font)
        let baseline = (area.midY + (metrics.ascent - metrics.descent) / 2).rounded()
        if editing.text.isEmpty {
            context.drawText(
                placeholder, baselineAt: Point(x: area.minX, y: baseline), font: font,
                color: placeholderColor ?? theme.secondaryText)
        } else {
            if editing.hasSelection {
                let start = offset(of: editing.selection.lowerBound, in: context)
                let end = offset(of: editing.selection.upperBound, in: context)
                context.fill(
                    Rect(
                        x: area.minX + start - scrollX, y: baseline - metrics.ascent, width: end - start,
                        height: metrics.height),
                    color: isFocused ? theme.textSelection : theme.selectedBackground)
            }
            context.drawText(
                editing.text, baselineAt: Point(x: area.minX - scrollX, y: baseline), font: font,
                color: textColor ?? theme.text)
        }
        if isFocused, caretVisible {
            let x = (area.minX + offset(of: editing.caret, in: context) - scrollX).rounded()
            context.fill(
                Rect(x: x, y: baseline - metrics.ascent, width: 1.5, height: metrics.height), color: theme.accent)
        }
        context.restoreState()
    }

    /// How far from the text's start the character position `position` lies.
    private func offset(of position: Int, in measurer: TextMeasuring) -> Double {
        measurer.measure(String(editing.text.prefix(position)), font: resolvedFont).width
    }

    /// The character position nearest to `x` (bounds coordinates).
    public func position(atX x: Double) -> Int {
        let measurer = textMeasurer
        let target = x - textRect.minX + scrollX
        var previous = 0.0
        var position = 0
        for character in editing.text {
            let next = previous + measurer.measure(String(character), font: resolvedFont).width
            if target < (previous + next) / 2 { return position }
            previous = next
            position += 1
        }
        return position
    }

    // MARK: Editing

    /// Applies a new editing state: scrolls the caret into view, restarts the blink, redraws,
    /// and reports a text the user changed.
    private func apply(_ state: TextEditingState, byUser: Bool) {
        let changed = state.text != editing.text
        let selectionChanged = state.selection != editing.selection || (changed && state.hasSelection)
        editing = state
        if selectionChanged, state.hasSelection { scene?.primarySelection?.setText(state.selectedText) }
        scrollCaretIntoView()
        restartBlink()
        setNeedsDisplay()
        if changed, byUser { onValueChanged?(editing.text) }
    }

    /// Applies an edit the user made.
    private func edit(_ change: (inout TextEditingState) -> Void) {
        var state = editing
        change(&state)
        apply(state, byUser: true)
    }

    private func scrollCaretIntoView() {
        let measurer = textMeasurer
        let width = textRect.width
        let caretX = offset(of: editing.caret, in: measurer)
        let textWidth = measurer.measure(editing.text, font: resolvedFont).width
        if caretX - scrollX > width - 2 { scrollX = caretX - width + 2 }
        if caretX < scrollX { scrollX = caretX }
        scrollX = max(0, min(scrollX, max(0, textWidth - width + 2)))
    }

    // MARK: Caret blink

    /// Starts or stops the caret blink as focus comes and goes.
    open override func focusDidChange() {
        super.focusDidChange()
        restartBlink()
        if !isFocused { scrollCaretIntoView() }
    }

    /// Shows the caret and, while focused, schedules it to blink; unfocused, nothing is
    /// scheduled, so the run loop sleeps.
    private func restartBlink() {
        if let blink { scene?.timers.cancel(blink) }
        blink = nil
        caretVisible = true
        guard isFocused else { return }
        scheduleBlink()
    }

    private func scheduleBlink() {
        blink = scene?.timers.schedule(after: Self.blinkInterval) { [weak self] in
            guard let self, self.isFocused, self.scene != nil else { return }
            self.caretVisible.toggle()
            self.setNeedsDisplay()
            self.scheduleBlink()
        }
    }

    // MARK: Input

    /// Places the caret, selects a word on a double click, or pastes the primary selection on a
    /// middle click.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else {
            guard event.button == .middle else { return false }
            paste(from: scene?.primarySelection)
            return true
        }
        let position = position(atX: event.location(in: self).x)
        if event.clickCount >= 2 {
            edit { $0.selectWord(at: position) }
        } else {
            edit { $0.setCaret(position, extending: event.modifiers.contains(.shift)) }
        }
        isSelectingWithMouse = event.clickCount < 2
        return true
    }

    /// Extends the selection to the pointer.
    open override func mouseDragged(_ event: MouseEvent) {
        guard isSelectingWithMouse else { return }
        let position = position(atX: event.location(in: self).x)
        edit { $0.setCaret(position, extending: true) }
    }

    /// Ends a mouse selection.
    open override func mouseUp(_ event: MouseEvent) {
        isSelectingWithMouse = false
    }

    /// Ends a mouse selection that lost its release.
    open override func mouseCancelled() {
        isSelectingWithMouse = false
    }

    /// Edits the text as the key says (see the type's description); keys it has no use for
    /// (Tab, Escape, shortcuts) go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
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
        case .enter: onPrimaryAction?(editing.text)
        case .backspace: edit { $0.deleteBackward(byWord: control) }
        case .delete: edit { $0.deleteForward(byWord: control) }
        case .left: edit { $0.moveLeft(byWord: control, extending: shift) }
        case .right: edit { $0.moveRight(byWord: control, extending: shift) }
        case .home: edit { $0.setCaret(0, extending: shift) }
        case .end: edit { $0.setCaret(Int.max, extending: shift) }
        case .character("a") where control: edit { $0.selectAll() }
        case .character("c") where control: copy()
        case .character("x") where control:
            copy()
            edit { $0.insert("") }
        case .character("v") where control: paste()
        default:
            guard !event.text.isEmpty, !control else { return false }
            edit { $0.insert(event.text) }
        }
        return true
    }

    /// Copies the selection to the clipboard.
    public func copy() {
        guard editing.hasSelection else { return }
        scene?.clipboard?.setText(editing.selectedText)
    }

    /// Replaces the selection with the clipboard's text, once it arrives, as the user's edit.
    public func paste() { paste(from: scene?.clipboard) }

    /// Inserts the text of `source` (the clipboard, or the primary selection) at the caret.
    private func paste(from source: Clipboard?) {
        source?.requestText { [weak self] text in
            guard let self, let text, !text.isEmpty else { return }
            self.edit { $0.insert(text) }
        }
    }
}

extension TextField: AccessibilityText {
    /// What the field holds and what is selected.
    public var accessibilityTextState: TextEditingState { editing }

    /// Where character `index` is drawn now (scrolled with the text), one line high.
    public func accessibilityFrame(ofCharacterAt index: Int) -> Rect {
        let measurer = textMeasurer
        let index = min(max(index, 0), editing.count)
        let start = offset(of: index, in: measurer)
        let end = index < editing.count ? offset(of: index + 1, in: measurer) : start
        let height = measurer.measure("Ag", font: resolvedFont).height
        let area = textRect
        return Rect(
            x: area.minX + start - scrollX, y: (area.midY - height / 2).rounded(), width: end - start, height: height)
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

    /// Replaces `range` (clamped to the text) with `string`, reported as the user's edit.
    public func replaceAccessibilityText(in range: Range<Int>, with string: String) -> Bool {
        edit {
            $0.setCaret(range.lowerBound)
            $0.setCaret(range.upperBound, extending: true)
            $0.insert(string)
        }
        return true
    }
}
