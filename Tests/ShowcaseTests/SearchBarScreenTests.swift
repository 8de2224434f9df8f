@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import ShowcaseKit
import Testing

/// The seed-001 search bar in the real Showcase window, driven with XTest.
@MainActor @Suite(.serialized) struct SearchBarScreenTests {

    @Test func choosingSinaSelectsItCollapsesThePanelAndChangesTheIcon() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let iconBefore = try f.test.capture()
        f.click(f.search.typeControl)
        #expect(f.test.wait { f.search.typeControl.isOpen })
        #expect(
            f.test.wait {
                f.search.typeControl.popup.presentedFrame.height > 0
                    && f.search.typeControl.popup.presentedFrame.height < 100
            })
        #expect(f.test.settle())
        #expect(f.search.typeControl.tiles.count == 4)
        #expect(f.search.typeControl.popup.presentedFrame.height == f.search.typeControl.preferredPopupSize.height)
        let expanded = try f.test.capture()
        #expect(f.titleColor(of: f.search.typeControl.tiles[0], in: expanded).contains(0x58baff))

        f.click(f.search.typeControl.tiles[2])
        #expect(f.test.wait { f.search.typeControl.selectedIndex == 2 })
        let afterChoice = try f.test.capture()
        #expect(f.titleColor(of: f.search.typeControl.tiles[2], in: afterChoice).contains(0x58baff))
        #expect(f.titleColor(of: f.search.typeControl.tiles[0], in: afterChoice).contains(0xc5c4cc))
        #expect(!f.titleColor(of: f.search.typeControl.tiles[0], in: afterChoice).contains(0x58baff))
        #expect(f.test.wait { f.search.typeControl.popup.scene == nil })
        #expect(f.announced == ["search: type sina"])
        #expect(f.test.settle())
        // The control now shows sina's icon: its pixels changed.
        let control = f.search.typeControl.convert(f.search.typeControl.bounds, to: nil)
        let after = try f.test.capture()
        var changed = 0
        for y in Int(control.minY)..<Int(control.maxY) {
            for x in Int(control.minX)..<Int(control.maxX) where after.rgb(x: x, y: y) != iconBefore.rgb(x: x, y: y) {
                changed += 1
            }
        }
        #expect(changed > 50)
    }

    @Test func typingHelloAndEnterSearchesWithTheChosenType() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        f.click(f.search.typeControl)
        #expect(f.test.wait { f.search.typeControl.isOpen })
        #expect(f.test.settle())
        f.click(f.search.typeControl.tiles[2])
        #expect(f.test.wait { !f.search.typeControl.isOpen })
        f.click(f.search.field)
        #expect(f.test.wait { f.search.field.isFocused })
        f.test.type("hello")
        #expect(f.test.wait { f.search.field.text == "hello" })
        f.test.tap(.enter)
        #expect(f.test.wait { f.announced.last == "search: sina hello" })
    }

    @Test func textFromAnotherClientPastesIntoTheField() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        #expect(try f.pasteIntoTheField(fromAnotherClient: "粘贴 pasted"))
    }

    @Test func textDraggedFromAnotherClientDropsIntoTheFieldAndSearches() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let source = try DragSource(servedBy: f.test.application, offering: [("UTF8_STRING", "拖放 dropped")])
        let field = f.search.field
        let frame = f.test.input.screenFrame(of: f.test.window.windowID)
        let center = field.convert(field.bounds.center, to: nil)
        source.enter(f.test.window)
        source.move(
            to: Point(x: frame.minX + center.x * f.test.window.scale, y: frame.minY + center.y * f.test.window.scale),
            over: f.test.window)
        #expect(f.test.wait { source.statuses.last?.accepted == true })
        source.drop(on: f.test.window)
        #expect(f.test.wait { source.finished?.accepted == true })
        #expect(field.text == "拖放 dropped")
        #expect(f.test.wait { field.isFocused })
        f.test.tap(.enter)
        #expect(f.test.wait { f.announced.last?.hasSuffix(" 拖放 dropped") == true })
    }

    @Test func aLargePasteArrivesInIncrementalChunks() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        // 110,000 bytes, sent as a GTK or browser owner would: INCR, then 4 KiB chunks (some
        // splitting a Chinese character's bytes).
        let text = String(repeating: "粘贴 large paste · ", count: 5_000)
        #expect(try f.pasteIntoTheField(fromAnotherClient: text, chunkSize: 4096))
    }

    @Test func aPasteWhoseOwnerStopsMidTransferDoesNotBreakTheNextPaste() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let text = String(repeating: "粘贴 large paste · ", count: 2_000)
        do {  // an owner that sends three chunks, then goes away
            let stalled = try ClipboardOwner(
                servedBy: f.test.application, text: text, chunkSize: 4096, stallingAfter: 3)
            f.click(f.search.field)
            #expect(f.test.wait { f.search.field.isFocused })
            f.test.tap(.character("v"), modifiers: .control)
            #expect(withExtendedLifetime(stalled) { f.test.wait { f.test.window.isReceivingPaste } })
        }
        #expect(try f.pasteIntoTheField(fromAnotherClient: "the next paste"))
        #expect(!f.test.window.isReceivingPaste)
    }

    @Test func aPasteWhoseOwnerStopsSendingEndsAfterTheTimeout() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let saved = SelectionLimits.current
        SelectionLimits.current.incomingChunkTimeout = 0.3
        defer { SelectionLimits.current = saved }
        let owner = try ClipboardOwner(
            servedBy: f.test.application, text: String(repeating: "x", count: 50_000), chunkSize: 4096,
            stallingAfter: 3)
        f.click(f.search.field)
        #expect(f.test.wait { f.search.field.isFocused })
        f.test.tap(.character("v"), modifiers: .control)
        #expect(f.test.wait { f.test.window.isReceivingPaste })
        #expect(f.test.wait(timeout: 5) { !f.test.window.isReceivingPaste })
        #expect(f.search.field.text.isEmpty)  // nothing half-pasted
        withExtendedLifetime(owner) {}
    }

    /// A paste whose owner never answers (or answers for another selection) fails after the
    /// answer timeout: what was typed meanwhile submits, and the next paste is not delivered
    /// one behind.
    @Test(arguments: [ClipboardOwner.Answering.never, .forPrimary])
    func aPasteWhoseOwnerNeverAnswersFailsAfterTheTimeoutAndTheNextPasteArrives(
        _ answering: ClipboardOwner.Answering
    ) throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let saved = SelectionLimits.current
        SelectionLimits.current.answerTimeout = 0.3
        defer { SelectionLimits.current = saved }
        do {
            let hung = try ClipboardOwner(servedBy: f.test.application, text: "never", answering: answering)
            f.click(f.search.field)
            #expect(f.test.wait { f.search.field.isFocused })
            f.test.tap(.character("v"), modifiers: .control)
            f.test.type("milk")
            f.test.tap(.enter)
            #expect(withExtendedLifetime(hung) { f.test.wait { f.announced.last == "search: web milk" } })
        }
        let owner = try ClipboardOwner(servedBy: f.test.application, text: " and bread")
        f.test.tap(.character("v"), modifiers: .control)
        #expect(withExtendedLifetime(owner) { f.test.wait { f.search.field.text == "milk and bread" } })
    }

    @Test func copyThenPasteRoundTripsThroughTheClipboard() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        f.copyFromTheField("copy me")
        f.search.field.text = ""
        f.test.tap(.character("v"), modifiers: .control)
        #expect(f.test.wait { f.search.field.text == "copy me" })
    }

    @Test func anotherClientReadsWhatTheFieldCopied() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        f.copyFromTheField("复制 copied")
        let reader = try SelectionReader(servedBy: f.test.application)
        func ask(_ target: String) -> SelectionReader.Answer? {
            reader.request("CLIPBOARD", as: target)
            f.test.wait { reader.answer != nil }
            return reader.answer
        }
        #expect(ask("UTF8_STRING") == .text("复制 copied"))
        #expect(ask("STRING") == .text("?? copied"))  // Latin-1 only: the rest becomes "?"
        #expect(ask("text/plain;charset=utf-8") == .text("复制 copied"))
        #expect(
            ask("TARGETS") == .atoms(["TARGETS", "text/plain;charset=utf-8", "UTF8_STRING", "STRING", "TEXT"]))
        #expect(ask("image/png") == .refused)
    }
}

extension ShowcaseOnScreen {
    /// The search bar.
    var search: SearchBarDemo { showcase.searchBarDemo }

    /// Puts `text` in the search field, selects it all and copies it (Ctrl+A, Ctrl+C).
    func copyFromTheField(_ text: String) {
        search.field.text = text
        click(search.field)
        test.tap(.character("a"), modifiers: .control)
        test.tap(.character("c"), modifiers: .control)
    }

    /// Has another client own CLIPBOARD with `text` (sent in INCR chunks of `chunkSize` bytes
    /// when given), pastes with Ctrl+V into the focused search field, and returns whether the
    /// field then holds exactly `text`.
    func pasteIntoTheField(fromAnotherClient text: String, chunkSize: Int? = nil) throws -> Bool {
        let owner = try ClipboardOwner(servedBy: test.application, text: text, chunkSize: chunkSize)
        click(search.field)
        guard test.wait(until: { search.field.isFocused }) else { return false }
        test.tap(.character("v"), modifiers: .control)
        return withExtendedLifetime(owner) { test.wait { search.field.text == text } }
    }

    /// The colours in the first 30 points of a tile's title.
    func titleColor(of tile: TileView, in image: Bitmap) -> Set<UInt32> {
        let area = tile.convert(tile.titleFrame, to: nil)
        var colors = Set<UInt32>()
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.minX + 30) { colors.insert(image.rgb(x: x, y: y) ?? 0) }
        }
        return colors
    }
}
