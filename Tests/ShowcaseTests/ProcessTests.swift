import Canopy
import CanopyTesting
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
        let result = try startShowcase(display: nil).wait()
        let (status, errors) = (result.status, result.errors)
        #expect(status == 1)
        expectOneClearLine(errors, mentioning: ["DISPLAY", "screenshot"])
    }

    @Test func aDisplayWithNoServerPrintsOneLineNamingItAndFails() throws {
        let result = try startShowcase(display: ":4711").wait()
        let (status, errors) = (result.status, result.errors)
        #expect(status == 1)
        expectOneClearLine(errors, mentioning: [":4711"])
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
        let result = app.wait()
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
        let result = app.wait()
        let (status, errors) = (result.status, result.errors)
        #expect(status == 0)
        #expect(!errors.contains("Fatal error"))
        #expect(errors.split(separator: "\n").count <= 2, "each kind of X error is logged once: \(errors)")
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
        var exit: ChildProcess.Result?
        for _ in 0..<5 where exit == nil {  // asked again if the manager was not ready to pass it on
            input.closeThroughWindowManager(window)
            exit = app.wait(timeout: 2)
        }
        if exit == nil { kill(app.processIdentifier, SIGKILL) }
        let result = exit ?? app.wait()
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("Fatal error"))
    }

    @Test func asyncMainActorWorkRunsInsideTheLoopWhichThenSleepsOrKeepsDrawing() throws {
        let output = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["main-actor"]).wait().output
        #expect(output.contains("ran: detached,queue,task"), "\(output)")
        #expect(output.contains("idle turns: 1"), "\(output)")
        #expect(output.contains("while redrawing: ran"), "\(output)")  // a never-idle loop still serves it
    }

    @Test func aTwoThousandEventStormLeavesTheShowcaseConsistent() throws {
        let result = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["storm", "2000", "1"]).wait()
        #expect(result.status == 0)
        #expect(result.output.contains("storm: ok"), "\(result.output)\(result.errors)")
        #expect(!result.errors.contains("Fatal error"))
    }

    @Test func openingAndClosingEveryWidgetLeavesTheServersResourcesAsTheyWere() throws {
        let result = try ChildProcess(builtProgram("CanopyProbe"), arguments: ["soak", "200"]).wait()
        #expect(result.status == 0)
        #expect(
            result.output.contains("server resources unchanged since cycle 20: yes"), "\(result.output)\(result.errors)"
        )
    }
}
