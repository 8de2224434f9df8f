// canopy-probe: checks that need a process of their own (the test runner owns the main queue),
// run by the test suite. Each prints its findings as `key: value` lines on standard output.
//
//     CanopyProbe main-actor   async main-actor work runs inside the app's loop, which then sleeps
import Canopy
import CanopyTesting
import CanopyX11
import Dispatch

@MainActor final class Log {
    var lines: [String] = []
}

@MainActor func checkMainActorWork() throws {
    let test = try TestWindow()
    defer { test.close() }
    let log = Log()
    Task { @MainActor in log.lines.append("task") }
    DispatchQueue.main.async { MainActor.assumeIsolated { log.lines.append("queue") } }
    Task.detached { await MainActor.run { log.lines.append("detached") } }
    let ran = test.wait { log.lines.count == 3 }
    print("ran: \(ran ? log.lines.sorted().joined(separator: ",") : "timed out")")
    let turns = test.application.loopTurns
    test.wait(timeout: 0.3) { false }
    print("idle turns: \(test.application.loopTurns - turns)")
}

switch CommandLine.arguments.dropFirst().first {
case "main-actor":
    try checkMainActorWork()
default:
    print("usage: CanopyProbe main-actor")
}
