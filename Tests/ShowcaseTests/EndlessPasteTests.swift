import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

/// A CLIPBOARD owner that sends INCR chunks for ever, pasted with Ctrl+V into the Showcase's
/// search field: the paste fails at the size limit or at the deadline, the field stays as it
/// was, the heap stays bounded, and the next paste arrives (before, the paste never ended and
/// resident memory grew for as long as the owner sent).
@MainActor @Suite(.serialized) struct EndlessPasteTests {
    @Test func anEndlessPasteFailsAtTheSizeLimit() throws {
        let saved = SelectionLimits.current
        SelectionLimits.current.incomingSizeLimit = 4 * 1024 * 1024
        defer { SelectionLimits.current = saved }
        try pasteFromAnEndlessOwner(chunkSize: 65_536)
    }

    @Test func anEndlessPasteFailsAtTheDeadline() throws {
        let saved = SelectionLimits.current
        SelectionLimits.current.incomingDeadline = 0.5
        defer { SelectionLimits.current = saved }
        // Small chunks, so that the paste stays far below the size limit by the deadline.
        try pasteFromAnEndlessOwner(chunkSize: 4096)
    }

    /// Pastes from an owner sending `chunkSize`-byte chunks for ever and checks the outcome.
    func pasteFromAnEndlessOwner(chunkSize: Int) throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let owner = try ClipboardOwner(
            servedBy: f.test.application, text: String(repeating: "endless ", count: 16_384), chunkSize: chunkSize,
            endless: true)
        f.click(f.search.field)
        #expect(f.test.wait { f.search.field.isFocused })
        let heapBefore = HeapUsage.bytesInUse
        f.test.tap(.character("v"), modifiers: .control)
        #expect(f.test.wait { f.test.window.isReceivingPaste })
        #expect(withExtendedLifetime(owner) { f.test.wait(timeout: 20) { !f.test.window.isReceivingPaste } })
        let growth = HeapUsage.bytesInUse - heapBefore
        print(
            "endless paste in \(chunkSize)-byte chunks: heap \(heapBefore / 1024) KiB before, +\(growth / 1024) KiB after"
        )
        #expect(growth < 16 * 1024 * 1024)
        #expect(f.search.field.text.isEmpty)
        #expect(try f.pasteIntoTheField(fromAnotherClient: "the next paste"))
    }
}
