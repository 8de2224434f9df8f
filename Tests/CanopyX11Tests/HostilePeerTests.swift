import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// Messages and properties any client on the display may send or set, with values no
    /// well-behaved peer sends: the app reads them without trapping, ignores what makes no
    /// sense, and goes on answering.
    @MainActor @Suite struct HostilePeerTests {
        /// A window with a field, and another client on the same display.
        func makeWindow() throws -> (TestWindow, OtherClient, TextField) {
            let root = View()
            let field = TextField(text: "hello world", frame: Rect(x: 20, y: 20, width: 260, height: 36))
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 300, height: 80), rootView: root)
            return (test, try OtherClient(servedBy: test.application), field)
        }

        @Test func aProtocolMessageNamingAtom0xffffffffIsIgnored() throws {
            let (test, peer, field) = try makeWindow()
            defer { test.close() }
            peer.sendClientMessage("WM_PROTOCOLS", to: test.window.windowID, words: [0xffff_ffff, 0xffff_ffff])
            #expect(test.answersPing(from: peer, timestamp: 11))
            #expect(test.window.isOpen)
            test.click(field)
            test.tap(.end)
            test.type("!")
            #expect(test.wait { field.text == "hello world!" })
        }

        @Test func anXdndEnterListingType0xffffffffIsIgnored() throws {
            let (test, peer, _) = try makeWindow()
            defer { test.close() }
            let source = peer.showWindow(at: Rect(x: 500, y: 0, width: 10, height: 10))
            peer.sendClientMessage(
                "XdndEnter", to: test.window.windowID, words: [UInt32(source), 5 << 24, 0xffff_ffff, 0, 0])
            #expect(test.answersPing(from: peer, timestamp: 12))
            #expect(test.window.isReceivingDrag)  // the drag stands, offering nothing Canopy takes
            peer.sendClientMessage("XdndLeave", to: test.window.windowID, words: [UInt32(source)])
            #expect(test.wait { !test.window.isReceivingDrag })
        }

        @Test(arguments: [Int32(32), 16, 8])
        func anXdndTypeListOfAnyFormatHoldingHighValuesIsReadWithoutTrapping(format: Int32) throws {
            let (test, peer, _) = try makeWindow()
            defer { test.close() }
            let source = peer.showWindow(at: Rect(x: 500, y: 0, width: 10, height: 10))
            peer.setProperty(
                "XdndTypeList", of: source, type: "ATOM", format: format, items: [0x8000_0000, 0xffff_ffff, 0x8000])
            // Bit 0: more than three types, listed in the source's XdndTypeList.
            peer.sendClientMessage("XdndEnter", to: test.window.windowID, words: [UInt32(source), 5 << 24 | 1])
            #expect(test.answersPing(from: peer, timestamp: 13))
            #expect(test.window.isReceivingDrag)
        }

        @Test func aDragOutOverAWindowWhoseXdndProxyIs0xffffffffGoesToTheWindowItself() throws {
            let (test, peer, field) = try makeWindow()
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: Rect(x: 400, y: 20, width: 200, height: 100))
            peer.setProperty("XdndProxy", of: target.window, type: "WINDOW", format: 32, items: [0xffff_ffff])
            test.click(field)
            test.tap(.character("a"), modifiers: .control)
            let start = Point(x: field.frame.minX + 30, y: field.frame.midY)
            test.input.move(to: start, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: start.x + 10, y: start.y), in: test.window)
            #expect(test.wait { test.window.isDraggingOut })
            test.input.move(toScreen: Point(x: 500, y: 70))
            // The proxy names no window that names itself, so the messages go to the window.
            #expect(test.wait { target.positions > 0 })
            test.input.release()
            #expect(test.wait { target.receivedText == "hello world" })
            #expect(test.answersPing(from: peer, timestamp: 14))
        }

        @Test func aDragNamingAPopUpWindowAsItsSourceLeavesThePopUpsClicksAlone() throws {
            let root = View()
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 20, y: 100, width: 200, height: 36))
            root.addSubview(dropDown)
            let test = try TestWindow(size: Size(width: 300, height: 150), rootView: root)
            defer { test.close() }
            let peer = try OtherClient(servedBy: test.application)
            var chosen: Int?
            dropDown.onValueChanged = { chosen = $0 }
            test.click(dropDown)
            #expect(test.wait { dropDown.isOpen })
            #expect(test.settle())
            let popUp = try #require(test.window.popUpWindowIDs.first)
            let window = test.window.windowID
            peer.sendClientMessage("XdndEnter", to: window, words: [UInt32(popUp), 5 << 24, 0, 0, 0])
            peer.sendClientMessage("XdndLeave", to: window, words: [UInt32(popUp)])
            #expect(test.answersPing(from: peer, timestamp: 15))
            // A row below the window's bottom edge: in the pop-up window, which must still hear it.
            test.click(at: Point(x: 100, y: 136 + 4 + 44 * 1 + 22))
            #expect(test.wait { chosen == 1 })
        }

        @Test(arguments: [Int32(1), 65535])
        func aConfigureNotifyFromAnotherClientDoesNotResizeTheWindow(height: Int32) throws {
            let (test, peer, field) = try makeWindow()
            defer { test.close() }
            let size = test.window.scene.rootView.frame.size
            peer.sendConfigureNotify(to: test.window.windowID, width: 640, height: height)
            #expect(test.answersPing(from: peer, timestamp: 16))
            #expect(test.window.scene.rootView.frame.size == size)
            test.click(field)  // clicks still land where the field is drawn
            test.tap(.end)
            test.type("!")
            #expect(test.wait { field.text == "hello world!" })
        }
    }
}

extension TestWindow {
    /// Whether the app is alive and its loop serving X: `peer`'s ping (a window manager's, with
    /// `timestamp`) is answered.
    func answersPing(from peer: OtherClient, timestamp: Int) -> Bool {
        peer.ping(window, timestamp: timestamp)
        return wait { peer.hasPingReply(timestamp: timestamp) }
    }
}
