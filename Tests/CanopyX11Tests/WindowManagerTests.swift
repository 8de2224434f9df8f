import CX11
import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

/// One display per window manager for the whole test process, started on first use: 1024 × 768,
/// small enough that pop-ups meet the screen's edges.
@MainActor enum ManagedDisplays {
    private static var running: [WindowManager.Kind: WindowManager] = [:]

    static func windowManager(_ kind: WindowManager.Kind) throws -> WindowManager {
        if let manager = running[kind] { return manager }
        let display = try VirtualDisplay(width: 1024, height: 768)
        let manager = try WindowManager(kind, on: display)
        running[kind] = manager
        return manager
    }
}

extension X11Tests {
    /// A window under real window managers from Debian, which the tests start themselves.
    @MainActor @Suite struct WindowManagerTests {
        @Test(arguments: WindowManager.Kind.allCases)
        func theWindowIsManagedFocusedAndTypingReachesTheField(_ kind: WindowManager.Kind) throws {
            let root = View()
            let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
            root.addSubview(field)
            let test = try TestWindow(
                size: Size(width: 240, height: 120), rootView: root, windowManager: ManagedDisplays.windowManager(kind))
            defer { test.close() }
            // Managed: the window manager put it in a frame of its own and gave it WM_STATE.
            #expect(test.input.property("WM_STATE", of: test.window) != nil)
            #expect(test.input.parent(of: test.window) != test.input.rootWindow)
            #expect(test.window.hasKeyboardFocus)  // given by the window manager, not the test
            test.click(field)
            // The manager may hold the click a moment (its click-to-focus grab): typing waits.
            #expect(test.wait { test.window.scene.focusedView === field })
            test.type("hello 你好")
            #expect(test.wait { field.text == "hello 你好" })
        }

        @Test(arguments: WindowManager.Kind.allCases)
        func aPingFromTheWindowManagerIsAnswered(_ kind: WindowManager.Kind) throws {
            let test = try TestWindow(windowManager: ManagedDisplays.windowManager(kind))
            defer { test.close() }
            let client = try OtherClient(servedBy: test.application)
            client.ping(test.window, timestamp: 4242)
            #expect(test.wait { client.hasPingReply(timestamp: 4242) })
        }

        @Test(arguments: WindowManager.Kind.allCases)
        func fullScreenIsAskedOfTheWindowManagerAndUndone(_ kind: WindowManager.Kind) throws {
            let manager = try ManagedDisplays.windowManager(kind)
            let test = try TestWindow(size: Size(width: 300, height: 200), windowManager: manager)
            defer { test.close() }
            let screen = Size(width: Double(manager.display.width), height: Double(manager.display.height))
            test.window.setFullScreen(true)
            #expect(test.wait { test.window.isFullScreen && test.window.scene.size == screen })
            test.window.setFullScreen(false)
            #expect(test.wait { !test.window.isFullScreen && test.window.scene.size == Size(width: 300, height: 200) })
        }
    }

    /// What a window tells a window manager, and how it answers, on the bare server.
    @MainActor @Suite struct WindowManagerProtocolTests {
        @Test func theWindowSpeaksTheProtocolsAndGivesItsHints() throws {
            let root = View()
            root.minimumSize = Size(width: 150, height: 90)
            let test = try TestWindow(rootView: root)
            defer { test.close() }
            let protocols = test.input.atomNames("WM_PROTOCOLS", of: test.window)
            #expect(
                Set(protocols)
                    == ["WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "_NET_WM_PING", "_NET_WM_SYNC_REQUEST"])
            #expect(test.input.atomNames("_NET_WM_WINDOW_TYPE", of: test.window) == ["_NET_WM_WINDOW_TYPE_NORMAL"])
            let hints = try #require(test.input.longs("WM_HINTS", of: test.window))
            #expect(hints[0] & 1 != 0 && hints[1] == 1)  // InputHint set, input True
            #expect(hints[0] & (1 << 8) == 0)  // no urgency
            test.window.demandsAttention = true
            #expect(test.wait { (test.input.longs("WM_HINTS", of: test.window)?[0] ?? 0) & (1 << 8) != 0 })
            let normal = try #require(test.input.longs("WM_NORMAL_HINTS", of: test.window))
            #expect(normal[0] & 16 != 0)  // PMinSize
            #expect(normal[5] == 150 && normal[6] == 90)
        }

        @Test func aDialogIsTypedAndTransientForItsParent() throws {
            let test = try TestWindow()
            defer { test.close() }
            let dialog = try Window(
                application: test.application, title: "Dialog", size: Size(width: 200, height: 100),
                kind: .dialog(of: test.window))
            test.application.synchronize()
            #expect(test.input.atomNames("_NET_WM_WINDOW_TYPE", of: dialog) == ["_NET_WM_WINDOW_TYPE_DIALOG"])
            #expect(test.input.longs("WM_TRANSIENT_FOR", of: dialog) == [Int(test.window.windowID)])
            dialog.close()
        }

        @Test func theIconIsPublishedAsARGB() throws {
            let test = try TestWindow()
            defer { test.close() }
            // 2 × 1: opaque red, half-transparent blue.
            test.window.icon = Image(pixelWidth: 2, pixelHeight: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
            #expect(
                test.wait {
                    test.input.longs("_NET_WM_ICON", of: test.window)?.map { $0 & 0xffff_ffff } == [
                        2, 1, 0xffff_0000, 0x8000_00ff,
                    ]
                })
        }

        @Test func aResizeAnnouncedBySyncRequestIsAcknowledgedAfterItsFrame() throws {
            let root = View()
            root.backgroundColor = Color(rgb: 0x2266aa)
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root)
            defer { test.close() }
            let client = try OtherClient(servedBy: test.application)
            #expect(client.syncCounterValue(of: test.window) == 0)
            let frames = test.window.framesPresented
            client.resizeWithSyncRequest(test.window, value: 77, width: 260, height: 150)
            #expect(test.wait { client.syncCounterValue(of: test.window) == 77 })
            // By the time the counter says so, the frame at the new size is on the screen.
            #expect(test.window.framesPresented > frames)
            #expect(test.window.scene.size == Size(width: 260, height: 150))
            #expect(try test.capture().rgb(x: 250, y: 140) == 0x2266aa)
        }

        @Test func theWindowTakesTheFocusTheWindowManagerOffers() throws {
            let test = try TestWindow()
            defer { test.close() }
            let other = try OtherClient(servedBy: test.application)
            other.showWindow(at: Rect(x: 600, y: 600, width: 50, height: 50))
            test.input.clearFocus()
            #expect(test.wait { !test.window.hasKeyboardFocus })
            other.offerFocus(to: test.window)
            #expect(test.wait { test.window.hasKeyboardFocus })
        }
    }
}
