import CanopyDBus
import Canopy

/// The Text and EditableText interfaces: a text field's contents, caret, selection and character
/// extents, in Unicode scalars as AT-SPI2 counts them.
extension AccessibilityBridge {
    private func text(_ target: AtSpiTarget) throws -> (AccessibilityText, any AccessibleWindow) {
        guard case let .element(element, window) = target, element.item == nil,
            let text = element.view as? AccessibilityText
        else { throw AtSpiCallError.unknownMethod(AtSpi.Interface.text, "") }
        return (text, window)
    }

    /// The positions of `text`: those of the last text asked about while it is the same (a
    /// screen reader asks many questions of one text), so that a call on a long text costs a
    /// comparison, not a walk over its characters.
    func offsets(of text: String) -> TextOffsets {
        if textOffsets.text != text { textOffsets = TextOffsets(text) }
        return textOffsets
    }

    func textProperty(_ name: String, of target: AtSpiTarget) throws -> DBusValue {
        let state = try text(target).0.accessibilityTextState
        let offsets = offsets(of: state.text)
        switch name {
        case "CharacterCount": return .int(offsets.scalarCount)
        case "CaretOffset": return .int(offsets.scalarOffset(ofCharacter: state.caret))
        default: throw AtSpiCallError.unknownProperty(AtSpi.Interface.text, name)
        }
    }

    func answerText(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget)
        throws -> DBusMessage?
    {
        let (field, window) = try text(target)
        let state = field.accessibilityTextState
        let offsets = offsets(of: state.text)
        switch member {
        case "GetText":
            let start = try arguments.readInt(), end = try arguments.readInt()
            let text = offsets.scalars(from: start, to: end)
            return reply(to: call) { $0.append(text) }
        case "SetCaretOffset":
            let caret = offsets.characterIndex(ofScalar: try arguments.readInt())
            field.setAccessibilitySelection(caret..<caret)
            return reply(to: call) { $0.append(true) }
        case "GetCharacterAtOffset":
            let value = offsets.scalar(at: try arguments.readInt()).map { Int($0.value) } ?? 0
            return reply(to: call) { $0.append(value) }
        case "GetStringAtOffset":
            let offset = try arguments.readInt(), granularity = try arguments.readUInt32()
            let range = stringRange(at: offset, granularity: granularity, of: field, in: offsets)
            return reply(to: call) { append(range, of: offsets, to: &$0) }
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = try arguments.readInt(), boundary = try arguments.readUInt32()
            let range = boundaryRange(member, at: offset, boundary: boundary, of: field, in: offsets)
            return reply(to: call) { append(range, of: offsets, to: &$0) }
        case "GetCharacterExtents":
            let index = offsets.characterIndex(ofScalar: try arguments.readInt())
            let frame = frame(of: field, index..<(index + 1), try coordinateType(&arguments), window, target)
            return reply(to: call) { append(frame, to: &$0) }
        case "GetRangeExtents":
            let start = try arguments.readInt(), end = try arguments.readInt()
            let characters = offsets.characters(from: start, to: end)
            let range = characters.isEmpty ? characters.lowerBound..<(characters.lowerBound + 1) : characters
            let frame = frame(of: field, range, try coordinateType(&arguments), window, target)
            return reply(to: call) { append(frame, to: &$0) }
        case "GetOffsetAtPoint":
            let x = try arguments.readInt(), y = try arguments.readInt()
            let point = scenePoint(x: x, y: y, try coordinateType(&arguments), in: window, of: target)
            let index = field.accessibilityCharacterIndex(at: field.convert(point, from: nil))
            return reply(to: call) { $0.append(offsets.scalarOffset(ofCharacter: index)) }
        case "GetNSelections":
            return reply(to: call) { $0.append(state.hasSelection ? 1 : 0) }
        case "GetSelection":
            let index = try arguments.readInt()
            let selection = index == 0 && state.hasSelection ? state.selection : state.caret..<state.caret
            return reply(to: call) {
                $0.append(offsets.scalarOffset(ofCharacter: selection.lowerBound))
                $0.append(offsets.scalarOffset(ofCharacter: selection.upperBound))
            }
        case "AddSelection", "SetSelection":
            if member == "SetSelection" { _ = try arguments.readInt() }
            let start = try arguments.readInt(), end = try arguments.readInt()
            field.setAccessibilitySelection(offsets.characters(from: start, to: end))
            return reply(to: call) { $0.append(true) }
        case "RemoveSelection":
            _ = try arguments.readInt()
            field.setAccessibilitySelection(state.caret..<state.caret)
            return reply(to: call) { $0.append(true) }
        case "GetAttributes", "GetAttributeRun":
            _ = try arguments.readInt()
            return reply(to: call) {
                $0.appendArray(of: "{ss}") { _ in }
                $0.append(0)
                $0.append(offsets.scalarCount)
            }
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return reply(to: call) { $0.appendArray(of: "{ss}") { _ in } }
        case "GetAttributeValue":
            return reply(to: call) {
                $0.append("")
                $0.append(0)
                $0.append(0)
                $0.append(false)
            }
        case "GetBoundedRanges":
            return reply(to: call) { $0.appendArray(of: "(iisv)") { _ in } }
        case "ScrollSubstringTo", "ScrollSubstringToPoint":
            return reply(to: call) { $0.append(false) }
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.text, member)
        }
    }

    func answerEditableText(_ member: String, _ arguments: inout DBusReader, _ call: DBusMessage, _ target: AtSpiTarget)
        throws -> DBusMessage?
    {
        let (field, _) = try text(target)
        let offsets = offsets(of: field.accessibilityTextState.text)
        let done: Bool
        switch member {
        case "SetTextContents":
            done = field.replaceAccessibilityText(in: 0..<offsets.characterCount, with: try arguments.readString())
        case "InsertText":
            let position = offsets.characterIndex(ofScalar: try arguments.readInt())
            let text = try arguments.readString(), length = try arguments.readInt()
            // The length counts bytes of UTF-8; at least the whole text goes in when it is longer.
            let inserted =
                length >= text.utf8.count || length < 0
                ? text : String(decoding: text.utf8.prefix(length), as: UTF8.self)
            done = field.replaceAccessibilityText(in: position..<position, with: inserted)
        case "DeleteText":
            let start = try arguments.readInt(), end = try arguments.readInt()
            done = field.replaceAccessibilityText(in: offsets.characters(from: start, to: end), with: "")
        case "CutText", "CopyText":
            let start = try arguments.readInt(), end = try arguments.readInt()
            field.setAccessibilitySelection(offsets.characters(from: start, to: end))
            (field as? TextField)?.copy()
            if member == "CopyText" { return call.makeReturn() }
            done = field.replaceAccessibilityText(in: field.accessibilityTextState.selection, with: "")
        case "PasteText":
            let position = offsets.characterIndex(ofScalar: try arguments.readInt())
            field.setAccessibilitySelection(position..<position)
            (field as? TextField)?.paste()
            done = field is TextField
        default:
            throw AtSpiCallError.unknownMethod(AtSpi.Interface.editableText, member)
        }
        return reply(to: call) { $0.append(done) }
    }

    // MARK: Pieces of text

    /// The rectangle of the characters `range` in pixels of coordinate type `type`: one
    /// question of the field and at most one of the window, however long the range.
    private func frame(
        of field: AccessibilityText, _ range: Range<Int>, _ type: CoordinateType, _ window: any AccessibleWindow,
        _ target: AtSpiTarget
    ) -> Rect {
        let inWindow = scaled(field.convert(field.accessibilityFrame(ofCharactersIn: range), to: nil), by: window.scale)
        switch type {
        case .window: return inWindow
        case .screen:
            let origin = window.screenOrigin()
            return inWindow.offsetBy(dx: origin.x, dy: origin.y)
        case .parent:
            let field = extents(of: target, relativeTo: .window).origin
            return inWindow.offsetBy(dx: -field.x, dy: -field.y)
        }
    }

    private func append(_ range: Range<Int>, of offsets: TextOffsets, to writer: inout DBusWriter) {
        writer.append(offsets.scalars(from: range.lowerBound, to: range.upperBound))
        writer.append(range.lowerBound)
        writer.append(range.upperBound)
    }

    /// The scalars of the character, word, line on screen or paragraph at `offset`, for
    /// GetStringAtOffset's granularities (0 character, 1 word, 2 sentence, 3 line, 4 paragraph;
    /// a sentence is taken to be its paragraph).
    private func stringRange(
        at offset: Int, granularity: UInt32, of field: AccessibilityText, in offsets: TextOffsets
    ) -> Range<Int> {
        switch granularity {
        case 0:
            let index = offsets.characterIndex(ofScalar: offset)
            guard index < offsets.characterCount else { return offsets.scalarCount..<offsets.scalarCount }
            return offsets.scalarOffset(ofCharacter: index)..<offsets.scalarOffset(ofCharacter: index + 1)
        case 1:
            return wordRange(at: offset, in: offsets)
        case 3:
            return scalars(of: field.accessibilityLine(holding: offsets.characterIndex(ofScalar: offset)), in: offsets)
        default:
            let paragraph = field.accessibilityParagraph(holding: offsets.characterIndex(ofScalar: offset))
            return scalars(of: paragraph, in: offsets)
        }
    }

    /// The scalars of Characters `range`.
    private func scalars(of range: Range<Int>, in offsets: TextOffsets) -> Range<Int> {
        offsets.scalarOffset(ofCharacter: range.lowerBound)..<offsets.scalarOffset(ofCharacter: range.upperBound)
    }

    /// The scalars GetText{At,Before,After}Offset answer for a boundary type (0 character, 1-2
    /// word, 3-4 sentence, taken to be the paragraph, 5-6 line on screen).
    private func boundaryRange(
        _ member: String, at offset: Int, boundary: UInt32, of field: AccessibilityText, in offsets: TextOffsets
    ) -> Range<Int> {
        let end = offsets.scalarCount
        let granularity: UInt32
        switch boundary {
        case 0: granularity = 0
        case 1, 2: granularity = 1
        case 3, 4: granularity = 4
        default: granularity = 3
        }
        let unit = { self.stringRange(at: $0, granularity: granularity, of: field, in: offsets) }
        let here = unit(offset)
        switch member {
        case "GetTextBeforeOffset":
            return here.lowerBound > 0 ? unit(here.lowerBound - 1) : 0..<0
        case "GetTextAfterOffset":
            return here.upperBound < end ? unit(here.upperBound) : end..<end
        default:
            return here
        }
    }

    /// The word holding scalar `offset` with the spaces after it (a word start boundary), or the
    /// spaces there: a walk from the offset to the word's edges, not over the whole text.
    private func wordRange(at offset: Int, in offsets: TextOffsets) -> Range<Int> {
        let text = offsets.text
        guard offsets.characterCount > 0 else { return 0..<0 }
        let index = min(offsets.characterIndex(ofScalar: offset), offsets.characterCount - 1)
        let here = text.index(text.startIndex, offsetBy: index)
        var start = (index: here, count: index), end = (index: here, count: index)
        func walkBack(whileSpace isSpace: Bool) {
            while start.index > text.startIndex, text[text.index(before: start.index)].isWhitespace == isSpace {
                start = (text.index(before: start.index), start.count - 1)
            }
        }
        func walkOn(whileSpace isSpace: Bool) {
            while end.index < text.endIndex, text[end.index].isWhitespace == isSpace {
                end = (text.index(after: end.index), end.count + 1)
            }
        }
        walkBack(whileSpace: false)
        if text[here].isWhitespace {
            walkBack(whileSpace: true)
            walkBack(whileSpace: false)
        }
        walkOn(whileSpace: false)
        walkOn(whileSpace: true)
        return offsets.scalarOffset(ofCharacter: start.count)..<offsets.scalarOffset(ofCharacter: end.count)
    }
}
