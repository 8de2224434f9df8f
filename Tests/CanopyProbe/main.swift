// canopy-probe: checks that need a process of their own (the test runner owns the main queue),
// run by the test suite. Each prints its findings as `key: value` lines on standard output.
//
//     CanopyProbe main-actor                  async main-actor work runs inside the loop, which then sleeps,
//                                             and runs too while the loop never idles
//     CanopyProbe storm [EVENTS] [SEED]       random real input on the Showcase, checking its invariants
//     CanopyProbe soak [CYCLES]               open/close every widget, reporting memory and X resources
//     CanopyProbe text                        a mixed-direction line in a label: its ink and laid-out width
import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

@MainActor final class Log {
    var lines: [String] = []
}

/// Asks for another frame each time it draws, as a game loop would: the run loop never idles.
@MainActor final class EndlessRedraw: View {
    override func draw(in context: GraphicsContext, bounds: Rect) {
        super.draw(in: context, bounds: bounds)
        setNeedsDisplay()
    }
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

    test.rootView.addSubview(EndlessRedraw(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    var busyRan = false
    Task { @MainActor in busyRan = true }
    let ranWhileBusy = test.wait { busyRan } && test.window.scene.needsFrame
    print("while redrawing: \(ranWhileBusy ? "ran" : "timed out")")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "main-actor":
    try checkMainActorWork()
case "storm":
    let events = arguments.count > 1 ? Int(arguments[1]) ?? 2_000 : 2_000
    let seed = arguments.count > 2 ? UInt64(arguments[2]) ?? 1 : 1
    let clock = MonotonicClock()
    if let failure = try Storm(seed: seed, events: events).run() {
        print("storm: FAILED with seed \(seed) at \(failure) (replay: CanopyProbe storm \(events) \(seed))")
        exit(1)
    }
    print("storm: ok, \(events) events with seed \(seed) in \(Int(clock.now)) s")
case "text":
    try checkText()
case "soak":
    let cycles = arguments.count > 1 ? Int(arguments[1]) ?? 5_000 : 5_000
    let figures = try Soak(cycles: cycles).run()
    let tenth = max(1, cycles / 10)
    func list(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
    print("soak: \(cycles) cycles")
    print(
        "resident KiB: after cycle 1 \(figures.residentAfterFirst), after cycle \(tenth) \(figures.residentAfterTenth), at the end \(figures.residentAtEnd); growth since cycle \(tenth): \(figures.residentAtEnd - figures.residentAfterTenth) KiB"
    )
    // The colour caches fill over the first cycles (each picks another row and tile), so the
    // steady state is compared from cycle `tenth` on.
    print("server resources after cycle 1: \(list(figures.serverAfterFirst))")
    print("server resources after cycle \(tenth): \(list(figures.serverAfterTenth))")
    print("server resources at the end: \(list(figures.serverAtEnd))")
    print(
        "server resources unchanged since cycle \(tenth): \(figures.serverAfterTenth == figures.serverAtEnd ? "yes" : "no")"
    )
default:
    print("usage: CanopyProbe main-actor | storm [EVENTS] [SEED] | soak [CYCLES]")
}
