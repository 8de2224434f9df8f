// canopy-probe: checks that need a process of their own (the test runner owns the main queue),
// run by the test suite. Each prints its findings as `key: value` lines on standard output.
//
//     CanopyProbe main-actor                  async main-actor work runs inside the loop, which then sleeps,
//                                             and runs too while the loop never idles; a task's change
//                                             after Task.sleep is drawn; a debounce on the scene's timers
//     CanopyProbe storm [EVENTS] [SEED]       random real input on the Showcase, checking its invariants
//     CanopyProbe soak [CYCLES]               open/close every widget, reporting memory and X resources
//     CanopyProbe text                        a mixed-direction line in a label: its ink and laid-out width
//     CanopyProbe wrap                        a wrapped Latin and Thai label: its lines, and a word move
//     CanopyProbe cursor                      the column-resize pointer on screen: its name and size
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
    test.rootView.subviews.last?.removeFromSuperview()
    try checkWaitingInTheLoop(test)
}

/// A task that sleeps and then changes a label, and a debounce through the scene's timers, in
/// the app's own loop: the label's new text reaches the screen in a frame, and of three
/// keystrokes' worth of scheduling only the last runs, once.
@MainActor func checkWaitingInTheLoop(_ test: TestWindow) throws {
    let label = Label(text: "", font: .system(size: 24))
    label.frame = Rect(x: 10, y: 10, width: 200, height: 40)
    test.rootView.addSubview(label)
    test.settle()
    let blank = try test.capture()
    let framesBefore = test.window.framesPresented
    Task { @MainActor in
        try await Task.sleep(for: .milliseconds(100))
        label.text = "Done"
    }
    let drawn = test.wait { label.text == "Done" && !test.window.scene.needsFrame }
    let changed = try test.capture().differs(from: blank, in: label.frame, scale: test.window.scale)
    print("after sleeping: \(drawn && changed && test.window.framesPresented > framesBefore ? "drawn" : "not drawn")")

    var runs: [String] = []
    var pending: ScheduledAction?
    let timers = test.window.scene.timers
    for text in ["c", "co", "coo"] {  // as three keystrokes would
        if let pending { timers.cancel(pending) }
        pending = timers.schedule(after: 0.2) { runs.append(text) }
    }
    let ran = test.wait { !runs.isEmpty }
    test.wait(timeout: 0.3) { false }  // long enough for a cancelled one to have run
    print("debounced: \(ran ? runs.joined(separator: ",") : "timed out")")
}

extension Bitmap {
    /// Whether any pixel inside `rect` (in points, `scale` pixels each) differs from `other`'s.
    func differs(from other: Bitmap, in rect: Rect, scale: Double) -> Bool {
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) where rgb(x: x, y: y) != other.rgb(x: x, y: y) {
                return true
            }
        }
        return false
    }
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
case "wrap":
    try checkWrapping()
case "cursor":
    try checkCursor()
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
    print("usage: CanopyProbe main-actor | storm [EVENTS] [SEED] | soak [CYCLES] | text | wrap | cursor")
}
