import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

/// A program that `swift test` built beside the test bundle.
func builtProgram(_ name: String) -> String {
    let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return bundle.deletingLastPathComponent().appendingPathComponent(name).path
}

/// Starts the Showcase as a user would, on `display` (none when `nil`).
func startShowcase(display: String?) throws -> ChildProcess {
    try ChildProcess(builtProgram("Showcase"), environment: ["DISPLAY": display])
}

/// Whole programs run as users run them: display faults, and what needs a process of its own.
@MainActor @Suite(.serialized) struct ProcessTests {
    func expectOneClearLine(_ errors: String, mentioning words: [String]) {
        let lines = errors.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(errors)")
        for word in words { #expect(errors.contains(word), "stderr: \(errors)") }
        #expect(!errors.contains("Fatal error") && !errors.contains("Stack dump") && !errors.contains("backtrace"))
    }

    @Test func noDisplayPrintsOneLineAndFails() throws {
        let result = try startShowcase(display: nil).wait(timeout: 60)
        let (status, errors) = (result.status, result.errors)
        #expect(status == 1)
        expectOneClearLine(errors, mentioning: ["DISPLAY", "screenshot"])
    }

    @Test func aDisplayWithNoServerPrintsOneLineNamingItAndFails() throws {
        let result = try startShowcase(display: ":4711").wait(timeout: 60)
        let (status, errors) = (result.status, result.errors)
        #expect(status == 1)
        expectOneClearLine(errors, mentioning: [":4711"])
    }

    @Test func aServerThatRefusesTheConnectionIsToldApartFromNoServer() throws {
        let directory = FileManager.default.temporaryDirectory
        let cookies = directory.appendingPathComponent("canopy-no-cookies-\(getpid())")
        let serverCookies = directory.appendingPathComponent("canopy-server-cookie-\(getpid())")
        #expect(FileManager.default.createFile(atPath: cookies.path, contents: Data()))
        #expect(FileManager.default.createFile(atPath: serverCookies.path, contents: Self.authorityEntry()))
        defer {
            try? FileManager.default.removeItem(at: cookies)
            try? FileManager.default.removeItem(at: serverCookies)
        }
        // A server that lets in only clients with its cookie, and a client whose file has none.
        let server = try VirtualDisplay(width: 320, height: 240, serverArguments: ["-auth", serverCookies.path])
        defer { server.stop() }
        let result = try ChildProcess(
            builtProgram("Showcase"), environment: ["DISPLAY": server.name, "XAUTHORITY": cookies.path]
        ).wait(timeout: 60)
        #expect(result.status == 1)
        expectOneClearLine(result.errors, mentioning: ["refused", server.name, cookies.path, "XAUTHORITY"])
    }

    /// One entry of an X authority file (the format `xauth` writes): a random MIT-MAGIC-COOKIE-1
    /// for any display, each field a big-endian length and its bytes.
    private static func authorityEntry() -> Data {
        func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes }
        let wildcardFamily: [UInt8] = [0xff, 0xff]
        let cookie = (0..<16).map { _ in UInt8.random(in: 0...255) }
        return Data(wildcardFamily + field([]) + field([]) + field(Array("MIT-MAGIC-COOKIE-1".utf8)) + field(cookie))
    }

    @Test func aStoppedServerIsReportedInOneLineAfterTheDeadline() throws {
        let server = try VirtualDisplay(width: 320, height: 240)
        let pid = try #require(server.serverProcessIdentifier)
        kill(pid, SIGSTOP)
        defer {
            kill(pid, SIGCONT)
            server.stop()
        }
        let result = try startShowcase(display: server.name).wait(timeout: 60)
        #expect(result.status == 1)
        expectOneClearLine(result.errors, mentioning: [server.name, "did not answer"])
    }

    @Test func xkillEndsTheAppSayingItsConnectionWasClosed() throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        let input = try InputDriver(displayName: server.name)
        input.watchForWindows()
        let app = try startShowcase(display: server.name)
        let window = try #require(input.waitForMappedWindow(timeout: 10))
        input.killClient(owning: window)
        let result = app.wait(timeout: 60)
        #expect(result.status == 1)
        expectOneClearLine(result.errors, mentioning: ["closed this program's connection", server.name])
    }

    /// Libraries that cost resident memory at start-up and that nothing in an app on Canopy
    /// uses: Dispatch's Swift overlay (libdispatch's two main-queue hooks are reached without
    /// it) and Foundation. The Hello example imports only Canopy (the Showcase imports
    /// Foundation itself).
    @Test func anAppOnCanopyMapsNeitherFoundationNorDispatchsOverlay() throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        let input = try InputDriver(displayName: server.name)
        input.watchForWindows()
        let app = try ChildProcess(builtProgram("Hello"), environment: ["DISPLAY": server.name])
        defer { _ = app.terminate() }
        #expect(input.waitForMappedWindow(timeout: 10) != nil)
        // Read to the end: /proc says its files are empty, so a reader trusting the size stops early.
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(app.processIdentifier)/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let libraries = Set(maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
        #expect(libraries.contains { $0.hasPrefix("libswiftCore") }, "\(libraries.sorted())")
        let unwanted = libraries.filter {
            ["libswiftDispatch", "libFoundation"].contains(where: $0.hasPrefix)
        }
        #expect(unwanted.isEmpty, "\(unwanted.sorted())")
    }

    @Test func aScaleThatIsNotANumberIsSaidOnceWithTheScaleUsed() throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        let input = try InputDriver(displayName: server.name)
        input.watchForWindows()
        let app = try ChildProcess(
            builtProgram("Showcase"), environment: ["DISPLAY": server.name, "CANOPY_SCALE": "two"])
        let window = try #require(input.waitForMappedWindow(timeout: 10))
        input.destroyWindow(window)
        let result = app.wait(timeout: 60)
        #expect(result.status == 0)
        // Destroyed from outside, the window may log an X error of its own: count the scale's lines.
        let scaleLines = result.errors.split(separator: "\n").filter { $0.contains("CANOPY_SCALE") }
        #expect(scaleLines.count == 1, "stderr: \(result.errors)")
        #expect(scaleLines.first?.contains("CANOPY_SCALE=\"two\"") == true)
        #expect(scaleLines.first?.contains("drawing at scale 1") == true)
    }

    @Test func theServerDyingMidAnimationEndsTheAppWithinASecond() throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        var input: InputDriver? = try InputDriver(displayName: server.name)
        input?.watchForWindows()
        let app = try startShowcase(display: server.name)
        #expect(input?.waitForMappedWindow(timeout: 10) != nil)
        input?.click(atScreen: Point(x: 140, y: 88))  // the drop-down's button: a 0.5 s animation starts
        input = nil  // this process's own connection must be closed before the server goes
        let clock = MonotonicClock()
        server.stop()
        let result = app.wait(timeout: 60)
        let (status, errors) = (result.status, result.errors)
        #expect(clock.now < 1.0, "took \(clock.now) s to notice")
        #expect(status == 1)
        expectOneClearLine(errors, mentioning: ["lost the connection", server.name])
    }

    @Test func aWindowDestroyedFromOutsideEndsTheAppCleanly() throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        let input = try InputDriver(displayName: server.name)
        input.watchForWindows()
        let app = try startShowcase(display: server.name)
        let window = try #require(input.waitForMappedWindow(timeout: 10))
        input.click(atScreen: Point(x: 140, y: 88))
        input.destroyWindow(window)
        let result = app.wait(timeout: 60)
        let (status, errors) = (result.status, result.errors)
        #expect(status == 0)
        #expect(!errors.contains("Fatal error"))
        // Each kind once: at most the frame's copy to the gone window, and the two requests of
        // the input context made when the click gave the window the keyboard (with no window
        // manager the keyboard follows the pointer), if those reach the server after the destroy.
        #expect(errors.split(separator: "\n").count <= 3, "each kind of X error is logged once: \(errors)")
    }

    @Test(arguments: WindowManager.Kind.allCases)
    func closingTheWindowFromTheWindowManagerEndsTheAppWithStatusZero(_ kind: WindowManager.Kind) throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        let manager = try WindowManager(kind, on: server)
        defer { manager.stop() }
        let input = try InputDriver(displayName: server.name)
        input.watchForWindows()
        let app = try startShowcase(display: server.name)
        #expect(input.waitForMappedWindow(timeout: 10) != nil)
        let clock = MonotonicClock()
        while input.managedWindows().isEmpty, clock.now < 10 { _ = input.waitForMappedWindow(timeout: 0.1) }
        let window = try #require(input.managedWindows().last)
        for _ in 0..<5 {
            input.closeThroughWindowManager(window)  // again if the manager was not ready to pass it on
            if app.waitForExit(timeout: 2) { break }
        }
        let result = app.wait(timeout: 1)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("Fatal error"))
    }

    @Test func asyncMainActorWorkRunsInsideTheLoopWhichThenSleepsOrKeepsDrawingAndTimersDebounce() throws {
        let output = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["main-actor"]).wait().output
        #expect(output.contains("ran: detached,queue,task"), "\(output)")
        #expect(output.contains("idle turns: 1"), "\(output)")
        #expect(output.contains("while redrawing: ran"), "\(output)")  // a never-idle loop still serves it
        #expect(output.contains("after sleeping: drawn"), "\(output)")  // a task's change after an await
        #expect(output.contains("debounced: coo"), "\(output)")  // only the last of three, once
    }

    @Test func aTwoThousandEventStormLeavesTheShowcaseConsistent() throws {
        let result = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["storm", "2000", "1"]).wait()
        #expect(result.status == 0)
        #expect(result.output.contains("storm: ok"), "\(result.output)\(result.errors)")
        #expect(!result.errors.contains("Fatal error"))
    }

    @Test func textStillDrawsWithoutHarfBuzzAndFriBidiAndSaysSoOnce() throws {
        // Files that are no libraries, found before the system's: the app cannot load either.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-no-text-libs-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["libharfbuzz.so.0", "libfribidi.so.0"] {
            #expect(
                FileManager.default.createFile(
                    atPath: directory.appendingPathComponent(name).path, contents: Data("no".utf8)))
        }
        let shaped = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["text"]).wait(timeout: 60)
        let unshaped = try ChildProcess(
            builtProgram("CanopyProbe"), arguments: ["text"], environment: ["LD_LIBRARY_PATH": directory.path]
        ).wait(timeout: 60)
        #expect(shaped.status == 0 && shaped.errors.isEmpty, "\(shaped.errors)")
        #expect(unshaped.status == 0, "\(unshaped.output)\(unshaped.errors)")
        expectOneClearLine(unshaped.errors, mentioning: ["HarfBuzz", "FriBidi", "libharfbuzz0b", "libfribidi0"])
        func figure(_ key: String, in output: String) -> Int? {
            output.split(separator: "\n").first { $0.hasPrefix("\(key): ") }.flatMap {
                Int($0.dropFirst(key.count + 2).prefix { $0.isNumber })
            }
        }
        let shapedInk = try #require(figure("ink", in: shaped.output))
        let unshapedInk = try #require(figure("ink", in: unshaped.output), "\(unshaped.output)")
        let shapedWidth = try #require(figure("width", in: shaped.output))
        let unshapedWidth = try #require(figure("width", in: unshaped.output))
        // The same letters, one glyph each: about as much ink and as wide, every character a
        // caret stop.
        #expect(shapedInk > 500)
        #expect(abs(unshapedInk - shapedInk) < shapedInk / 5, "ink \(unshapedInk), shaped \(shapedInk)")
        #expect(abs(unshapedWidth - shapedWidth) < shapedWidth / 10, "width \(unshapedWidth), shaped \(shapedWidth)")
        #expect(unshaped.output.contains("clusters: 14 of 14 characters"), "\(unshaped.output)")
    }

    @Test func withoutACursorThemeThePointerIsTheCoreCursorFontsGlyph() throws {
        let themed = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["cursor"]).wait(timeout: 60)
        #expect(themed.output.contains("cursor: 'col-resize'"), "\(themed.output)\(themed.errors)")
        let bare = try ChildProcess(
            builtProgram("CanopyProbe"), arguments: ["cursor"], environment: ["XCURSOR_PATH": "/nonexistent"]
        ).wait(timeout: 60)
        // No name (the font's glyphs have none), and the double arrow is wider than it is tall.
        let line = bare.output.split(separator: "\n").first { $0.hasPrefix("cursor: ") }
        let size = line?.split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? []
        #expect(line?.hasPrefix("cursor: '' ") == true, "\(bare.output)\(bare.errors)")
        #expect(size.count == 2 && size[0] > size[1], "\(bare.output)")
    }

    @Test func textStillWrapsWithoutICUAndSaysSoOnce() throws {
        // Files that are no libraries, found before the system's, under every name ICU is looked for by.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-no-icu-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ICUTextSegmenter.libraryNames {
            #expect(
                FileManager.default.createFile(
                    atPath: directory.appendingPathComponent(name).path, contents: Data("no".utf8)))
        }
        let standard = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["wrap"]).wait(timeout: 60)
        let fallback = try ChildProcess(
            builtProgram("CanopyProbe"), arguments: ["wrap"], environment: ["LD_LIBRARY_PATH": directory.path]
        ).wait(timeout: 60)
        #expect(standard.status == 0 && standard.errors.isEmpty, "\(standard.errors)")
        #expect(fallback.status == 0, "\(fallback.output)\(fallback.errors)")
        expectOneClearLine(fallback.errors, mentioning: ["ICU", "libicu72"])
        // ICU keeps "Don't" whole and breaks the Thai between words; without it the text still
        // wraps, at its spaces, and a word ends at the apostrophe.
        #expect(standard.output.contains("first word ends at: 5"), "\(standard.output)")
        #expect(fallback.output.contains("first word ends at: 3"), "\(fallback.output)")
        #expect(fallback.output.contains("lines at 200: Don't pay | 10,000.50 | "), "\(fallback.output)")
        #expect(fallback.output != standard.output, "\(standard.output)")
    }

    @Test func openingAndClosingEveryWidgetLeavesTheServersResourcesAsTheyWere() throws {
        let result = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["soak", "200"]).wait()
        #expect(result.status == 0)
        #expect(
            result.output.contains("server resources unchanged since cycle 20: yes"), "\(result.output)\(result.errors)"
        )
    }
}
