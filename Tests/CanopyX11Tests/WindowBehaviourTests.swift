import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@MainActor final class ClickCounter: View {
    var downs: [Point] = []
    var ups = 0
    override func mouseDown(_ event: MouseEvent) -> Bool {
        downs.append(event.location(in: self))
        return true
    }
    override func mouseUp(_ event: MouseEvent) { ups += 1 }
}

@MainActor final class DrawCounter: View {
    var draws = 0
    override func draw(in context: GraphicsContext, bounds: Rect) {
        draws += 1
        super.draw(in: context, bounds: bounds)
    }
}

@MainActor final class LayoutCounter: View {
    var sizes: [Size] = []
    override func layoutSubviews() { sizes.append(bounds.size) }
}

/// How a window behaves under real X input and window-system events.
extension X11Tests {
    @MainActor @Suite struct WindowBehaviourTests {
        @Test func anXTestClickReachesTheViewUnderIt() throws {
            let left = ClickCounter(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let right = ClickCounter(frame: Rect(x: 100, y: 0, width: 100, height: 100))
            let root = View()
            root.addSubview(left)
            root.addSubview(right)
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root)
            defer { test.close() }
            test.click(at: Point(x: 130, y: 40))
            #expect(test.wait { right.ups == 1 })
            #expect(right.downs == [Point(x: 30, y: 40)])
            #expect(left.downs.isEmpty)
        }

        @Test func exposeRecopiesTheBackBufferWithoutRedrawing() throws {
            let root = View()
            root.backgroundColor = Color(rgb: 0x336699)
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root)
            defer { test.close() }
            let frames = test.window.framesPresented
            test.input.coverAndUncover(Rect(x: 0, y: 0, width: 120, height: 80))
            #expect(test.wait { test.window.exposuresRepaired > 0 })
            #expect(try test.capture().rgb(x: 60, y: 40) == 0x336699)
            #expect(test.window.framesPresented == frames)
        }

        @Test func theFirstFrameIsDrawnBeforeMappingAndShownOnMapWithoutDrawingAgain() throws {
            let root = DrawCounter()
            root.backgroundColor = Color(rgb: 0x336699)
            let application = try Application(displayName: TestWindow.sharedDisplay().name)
            defer { application.close() }
            let window = try Window(
                application: application, title: "ahead", size: Size(width: 120, height: 80), rootView: root)
            application.run(timeout: 5) { root.draws > 0 }
            #expect(root.draws == 1)
            #expect(window.framesPresented == 0)  // nothing reaches an unmapped window
            window.show()
            #expect(application.run(timeout: 5) { window.framesPresented == 1 })
            #expect(root.draws == 1)
            #expect(try window.captureImage().rgb(x: 60, y: 40) == 0x336699)
        }

        @Test func theLoopRunsAReadHandlerWhenItsDescriptorHasData() throws {
            let test = try TestWindow()
            defer { test.close() }
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { ends.forEach { close($0) } }
            var received: [UInt8] = []
            test.application.addReadHandler(for: ends[0]) {
                var byte: UInt8 = 0
                if read(ends[0], &byte, 1) == 1 { received.append(byte) }
            }
            var byte: UInt8 = 42
            #expect(write(ends[1], &byte, 1) == 1)
            #expect(test.wait { received == [42] })
            test.application.removeReadHandler(for: ends[0])
            byte = 7
            #expect(write(ends[1], &byte, 1) == 1)
            test.wait(timeout: 0.2) { false }
            #expect(received == [42])  // no longer watched: the byte stays in the pipe
        }

        @Test func aCloseRequestFromTheWindowManagerClosesTheWindow() throws {
            let test = try TestWindow()
            defer { test.close() }
            var closed = false
            test.window.didClose = { closed = true }
            test.input.requestClose(of: test.window)
            #expect(test.wait { closed })
            #expect(!test.window.isOpen)
            #expect(test.application.windows.isEmpty)
            test.application.run()  // returns at once: no window is left
        }

        @Test func aCloseRequestCanBeRefused() throws {
            let test = try TestWindow()
            defer { test.close() }
            var asked = 0
            test.window.shouldClose = {
                asked += 1
                return false
            }
            test.input.requestClose(of: test.window)
            #expect(test.wait { asked == 1 })
            #expect(test.window.isOpen)
        }

        @Test func resizingTheWindowLaysTheSceneOutAgain() throws {
            let root = LayoutCounter()
            root.backgroundColor = Color(rgb: 0x00ff00)
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root)
            defer { test.close() }
            test.window.resize(to: Size(width: 260, height: 140))
            #expect(test.wait { root.sizes.last == Size(width: 260, height: 140) })
            #expect(test.wait { !test.window.scene.needsFrame })
            #expect(try test.capture().rgb(x: 250, y: 130) == 0x00ff00)
        }

        @Test func aZeroSizeWindowIsClampedToOnePixel() throws {
            let test = try TestWindow(size: Size(width: 0, height: -5))
            defer { test.close() }
            #expect(test.window.scene.size == Size(width: 1, height: 1))
        }

        @Test func noDisplayIsATypedErrorThatSaysWhatToDo() throws {
            let saved = getenv("DISPLAY").map { String(cString: $0) }
            unsetenv("DISPLAY")
            defer { if let saved { setenv("DISPLAY", saved, 1) } }
            #expect(throws: X11Error.noDisplayConfigured) { try Application() }
            #expect(X11Error.noDisplayConfigured.description.contains("DISPLAY"))
            #expect(throws: X11Error.cannotOpenDisplay(":4711")) { try Application(displayName: ":4711") }
        }

        @Test func aServerThatNeverAnswersIsGivenUpOnAtTheDeadline() throws {
            let server = try VirtualDisplay(width: 320, height: 240)
            let pid = try #require(server.serverProcessIdentifier)
            kill(pid, SIGSTOP)  // it accepts connections (the kernel does) but answers nothing
            defer {
                kill(pid, SIGCONT)
                server.stop()
            }
            let clock = MonotonicClock()
            #expect(throws: X11Error.serverNotAnswering(server.name, seconds: 0.5)) {
                try Application(displayName: server.name, connectTimeout: 0.5)
            }
            #expect(clock.now < 2, "gave up after \(clock.now) s")
            #expect(X11Error.serverNotAnswering(server.name, seconds: 0.5).description.contains("did not answer"))
        }

        @Test func aNameThatNamesNoDisplayOrAScreenTheServerLacksSaysSo() throws {
            #expect(throws: X11Error.invalidDisplayName("nonsense")) { try Application(displayName: "nonsense") }
            let screen = try TestWindow.sharedDisplay().name + ".3"
            #expect(throws: X11Error.noSuchScreen(screen, screens: 1)) { try Application(displayName: screen) }
            #expect(X11Error.noSuchScreen(screen, screens: 1).description.contains("no screen 3"))
        }
    }
}

extension X11Tests {
    /// What a window manager reads from a Canopy window.
    @MainActor @Suite struct WindowPropertyTests {
        @Test func titleClassAndProcessAreSetForTheWindowManager() throws {
            let test = try TestWindow(title: "Hello · 你好")
            defer { test.close() }
            #expect(test.input.property("_NET_WM_NAME", of: test.window) == Array("Hello · 你好".utf8))
            #expect(test.input.property("WM_NAME", of: test.window) == Array("Hello · 你好".utf8))
            let windowClass = test.input.property("WM_CLASS", of: test.window).map {
                String(decoding: $0, as: UTF8.self)
            }
            #expect(windowClass == "canopy\0Canopy\0")
            let pid = test.input.property("_NET_WM_PID", of: test.window)?.withUnsafeBytes { $0.load(as: Int.self) }
            #expect(pid == Int(getpid()))
            let protocols = test.input.property("WM_PROTOCOLS", of: test.window)?.withUnsafeBytes {
                $0.load(as: Int.self)
            }
            #expect(protocols != nil && protocols != 0)
            test.window.title = "Latin café"
            #expect(test.wait { test.input.property("WM_NAME", of: test.window) == Array("Latin caf".utf8) + [0xe9] })
        }
    }
}
