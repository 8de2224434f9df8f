import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// Clients that ask for a large copy and never read it, or forge requests naming windows
    /// that do not exist: the app keeps little for them, goes on answering, and a well-behaved
    /// reader still gets the copy (before, 300 unread transfers of a 1 MB copy kept 300 copies
    /// until the requestor went away, and 200 forged requests kept 200 for ever).
    @MainActor @Suite(.serialized) struct HostileRequestorTests {
        /// A window whose application owns CLIPBOARD with a 1 MiB copy (larger than a chunk: it
        /// goes by INCR), the copy, a hoarding requestor, and another client to ping with.
        func makeWindow() throws -> (TestWindow, String, HoardingRequestor, OtherClient) {
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: View())
            let copy = String(repeating: "0123456789abcdef", count: 65_536)
            test.window.scene.host?.clipboard?.setText(copy)
            test.application.synchronize()
            return (
                test, copy, try HoardingRequestor(servedBy: test.application),
                try OtherClient(servedBy: test.application)
            )
        }

        @Test func threeHundredTransfersNeverReadShareOneCopyAndAreRefusedPastTheLimit() throws {
            let (test, copy, hoarder, peer) = try makeWindow()
            defer { test.close() }
            let heapBefore = HeapUsage.bytesInUse
            hoarder.request("CLIPBOARD", times: 300)
            #expect(test.wait(timeout: 30) { hoarder.acceptedCount + hoarder.refusedCount == 300 })
            let growth = HeapUsage.bytesInUse - heapBefore
            print(
                "300 unread INCR transfers of 1 MiB: heap +\(growth / 1024) KiB, \(hoarder.acceptedCount) accepted, "
                    + "\(hoarder.refusedCount) refused")
            #expect(growth < 8 * 1024 * 1024)
            #expect(hoarder.acceptedCount == SelectionLimits.current.transfersPerRequestor)
            #expect(peer.pingIsAnswered(by: test.window, timestamp: 1))
            #expect(try test.readWithXclip(selection: "clipboard")?.output == copy)
        }

        @Test func aRequestorThatStopsReadingIsDroppedAfterTheTimeoutAndGetsItsEventMaskBack() throws {
            let saved = SelectionLimits.current
            SelectionLimits.current.outgoingChunkTimeout = 0.3
            defer { SelectionLimits.current = saved }
            let (test, copy, hoarder, peer) = try makeWindow()
            defer { test.close() }
            hoarder.request("CLIPBOARD", times: 2)
            #expect(test.wait { hoarder.acceptedCount == 2 && test.window.isSendingSelection })
            #expect(hoarder.eventMaskOfOthers != 0)  // the app watches its properties
            #expect(test.wait { !test.window.isSendingSelection })
            // The mask given back is a request the server may take after the hoarder asks.
            #expect(test.wait { hoarder.eventMaskOfOthers == 0 })
            #expect(peer.pingIsAnswered(by: test.window, timestamp: 2))
            #expect(try test.readWithXclip(selection: "clipboard")?.output == copy)
        }

        @Test func forgedRequestsNamingWindowsThatDoNotExistKeepNothing() throws {
            let (test, copy, hoarder, peer) = try makeWindow()
            defer { test.close() }
            let heapBefore = HeapUsage.bytesInUse
            hoarder.forgeRequests("CLIPBOARD", times: 200)
            #expect(peer.pingIsAnswered(by: test.window, timestamp: 3))  // answered after the forged requests
            let growth = HeapUsage.bytesInUse - heapBefore
            print("200 forged requests for windows that do not exist: heap +\(growth / 1024) KiB")
            #expect(growth < 8 * 1024 * 1024)
            #expect(!test.window.isSendingSelection)
            #expect(try test.readWithXclip(selection: "clipboard")?.output == copy)
        }
    }
}
