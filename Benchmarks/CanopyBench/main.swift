// Canopy's frame benchmarks, run under a private Xvfb. Build in release mode:
//     swift run -c release CanopyBench
// It prints, for the seed-000 drop-down opening (0 → 200 px over 0.5 s): frames presented and
// the largest gap between them as the X server received them (RECORD, the server's clock), and
// the CPU time per frame of the app and of the X server; for scrolling a 1,000,000-row list
// against a 10-row one by wheel steps: the CPU time per frame of each and their ratio; and for
// both, what a frame costs on the wire (requests, bytes, round trips, pixels copied to the
// window), as the X server records it; and for a window of 200 views laid out by stacks: the CPU
// from a resize to the reflowed frame on the window, and the layout pass alone; for a text field
// holding 1 KB, 1 MB and 5 MB of text: the wall time from a key to the frame that shows it, and the
// CPU the app spends per caret blink while the field is focused and idle; for frame pacing: the
// Showcase's picker fade on Xvfb at depth 30 (a slow server) and 24, paced and unpaced, from the
// click to the fade's end and to its last frame processed by the server, and the frames per
// second of a view that redraws itself from `draw` (FramePacing.swift); for a TextView against
// GTK 3's GtkTextView on a 1 KB and a 10 MB text: opening to the first frame, a key in the middle
// to its frame, CPU per scrolled frame and resident memory (TextViewCase.swift); for a TableView of
// 5 columns over 10, 1,000 and 1,000,000 rows against GTK 3's GtkTreeView and Tk's ttk::treeview
// over 1,000 and 1,000,000: opening to the first frame, a sort by a title's click to its frame,
// CPU per scrolled frame and resident memory (TableViewCase.swift).
// `swift run -c release CanopyBench text-field` (or `pacing`, `drop-down`, `text-view`, `table`) runs that
// case alone; `--rounds N` after it sets its number of rounds (and, for `table`, `--against PATH`
// another build's CanopyBench, whose 1,000-row table joins the rotation as "Canopy before", and
// `--rows N` the runs of N rows only).
// Figures are medians over interleaved rounds; only ratios measured in one run mean much on a
// shared machine.
import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import ShowcaseKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CPU seconds this process has used.
func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// What the scheduler counted for one thread (/proc/…/schedstat, in nanoseconds; /proc/PID/stat
/// counts in 10 ms ticks): seconds on a core, and seconds ready to run but waiting for one.
struct ThreadTimes {
    var running = 0.0
    var waiting = 0.0

    /// The times in `path`, a schedstat file; zero when it cannot be read.
    init(_ path: String) {
        guard let file = fopen(path, "r") else { return }
        defer { fclose(file) }
        var ran: UInt64 = 0, waited: UInt64 = 0
        let scanned = withUnsafeMutablePointer(to: &ran) { ranPointer in
            withUnsafeMutablePointer(to: &waited) { waitedPointer in
                withVaList([ranPointer, waitedPointer]) { vfscanf(file, "%llu %llu", $0) }
            }
        }
        guard scanned == 2 else { return }
        (running, waiting) = (Double(ran) / 1e9, Double(waited) / 1e9)
    }

    /// The main thread of process `pid` (the X server draws on it).
    static func mainThread(of pid: Int32) -> ThreadTimes { ThreadTimes("/proc/\(pid)/schedstat") }
    /// The calling thread.
    static var current: ThreadTimes { ThreadTimes("/proc/thread-self/schedstat") }

    static func - (later: ThreadTimes, earlier: ThreadTimes) -> ThreadTimes {
        var difference = ThreadTimes("")
        difference.running = later.running - earlier.running
        difference.waiting = later.waiting - earlier.waiting
        return difference
    }
}

/// CPU seconds the main thread of process `pid` (the X server, which draws on it) has used.
func serverCPUTime(_ pid: Int32) -> Double { ThreadTimes.mainThread(of: pid).running }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// `seconds` in milliseconds or microseconds with one decimal.
func format(_ seconds: Double, _ unit: String = "ms") -> String {
    String(format: "%.1f %@", unit == "µs" ? seconds * 1e6 : seconds * 1e3, unit)
}

/// A 320 × 320 test window around `root` whose animations run whatever the environment says.
@MainActor func benchWindow(_ root: View) throws -> TestWindow {
    let test = try TestWindow(size: Size(width: 320, height: 320), rootView: root)
    test.window.scene.animator.reducedMotion = false
    return test
}

/// A drop-down in the seed-000 style in a 320 × 320 window.
@MainActor func dropDownWindow() throws -> (TestWindow, DropDown) {
    let root = View()
    root.backgroundColor = Color(rgb: 0xf2f4f7)
    let dropDown = DropDown(
        placeholder: "Select", items: (0..<10).map { "Hello \($0)" }, frame: Rect(x: 40, y: 40, width: 200, height: 40))
    SeedStyle.apply(to: dropDown)
    root.addSubview(dropDown)
    return (try benchWindow(root), dropDown)
}

/// A 200 × 200 list of `rows` rows in a 320 × 320 window.
@MainActor func listWindow(rows: Int) throws -> (TestWindow, ListView, AnyObject) {
    final class Rows: ListViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func numberOfRows(in listView: ListView) -> Int { count }
        func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
            ListRow("Hello \(index)", textColor: .red, alignment: .center)
        }
    }
    let source = Rows(count: rows)
    let list = ListView(frame: Rect(x: 40, y: 40, width: 200, height: 200))
    list.dataSource = source
    list.wheelStep = 7  // not a multiple of the row height, so every frame shows new pixels
    let root = View()
    root.addSubview(list)
    return (try benchWindow(root), list, source)
}

/// Scrolls `list` by one wheel step (turning back at either end) and waits for the frame.
@MainActor func scrollOneStep(_ list: ListView, in test: TestWindow, direction: inout Double) {
    if list.contentOffset.y >= list.maximumContentOffset.y { direction = -1 }
    if list.contentOffset.y <= 0 { direction = 1 }
    test.window.scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 100, y: 100), deltaY: direction))
    let presented = test.window.framesPresented
    test.wait(timeout: 1) { test.window.framesPresented > presented }
}

struct OpeningRun {
    var frames = 0
    var cpuPerFrame = 0.0
    var serverCPUPerFrame = 0.0
    /// Frames, and the largest gap between them, as the X server received them.
    var framesAtServer = 0
    var largestGapAtServer = 0.0
}

/// Opens the drop-down once and counts the app's and the X server's CPU per frame presented;
/// with `reusingMasks` off, the server rasterises every rounded shape at its full size.
@MainActor func measureOpening(_ display: VirtualDisplay, reusingMasks: Bool = true) throws -> OpeningRun {
    let (test, dropDown) = try dropDownWindow()
    defer { test.close() }
    test.application.reusesCoverageMasks = reusingMasks
    let server = display.serverProcessIdentifier ?? 0
    let firstFrame = test.window.framesPresented
    let cpuStart = processCPUTime(), serverStart = serverCPUTime(server)
    dropDown.open()
    test.wait(timeout: 3) { !test.window.scene.animator.isAnimating && !test.window.scene.needsFrame }
    test.input.syncWithServer()
    var run = OpeningRun()
    run.frames = test.window.framesPresented - firstFrame
    run.cpuPerFrame = (processCPUTime() - cpuStart) / Double(max(1, run.frames))
    run.serverCPUPerFrame = (serverCPUTime(server) - serverStart) / Double(max(1, run.frames))
    return run
}

/// Opens the drop-down once more with the X server recording the copies onto the window (in a
/// run of its own: the recording costs the app CPU). A frame is the copies of one present,
/// which reach the server within a millisecond of each other; frames are 16 ms or more apart.
@MainActor func recordOpening(into run: inout OpeningRun) throws {
    let (test, dropDown) = try dropDownWindow()
    defer { test.close() }
    let recorder = try ProtocolRecorder(recording: test.window, of: test.application)
    defer { recorder.close() }
    try recorder.reset()
    dropDown.open()
    test.wait(timeout: 3) { !test.window.scene.animator.isAnimating && !test.window.scene.needsFrame }
    var frameTimes: [UInt] = []
    for time in try recorder.tally().copyToWindowServerTimes where frameTimes.last.map({ time > $0 + 1 }) ?? true {
        frameTimes.append(time)
    }
    run.framesAtServer = frameTimes.count
    run.largestGapAtServer = Double(zip(frameTimes, frameTimes.dropFirst()).map { $1 - $0 }.max() ?? 0) / 1000
}

/// CPU per frame (this process, and the X server) of scrolling a list of `rows` rows by
/// `steps` wheel steps, one frame per step.
@MainActor func measureScrolling(rows: Int, steps: Int, display: VirtualDisplay) throws -> (
    client: Double, server: Double
) {
    let (test, list, source) = try listWindow(rows: rows)
    defer { test.close() }
    return withExtendedLifetime(source) {  // the list holds its data source weakly
        let cpuStart = processCPUTime(), serverStart = serverCPUTime(display.serverProcessIdentifier ?? 0)
        var direction = 1.0
        for _ in 0..<steps { scrollOneStep(list, in: test, direction: &direction) }
        test.input.syncWithServer()
        let client = (processCPUTime() - cpuStart) / Double(steps)
        let server = (serverCPUTime(display.serverProcessIdentifier ?? 0) - serverStart) / Double(steps)
        return (client, server)
    }
}

/// What one frame costs on the wire, averaged over `frames` frames.
struct WireCost {
    var frames = 0
    var tally = ProtocolRecorder.Tally()

    var description: String {
        let n = Double(max(1, frames))
        return String(
            format: "%.1f requests, %.0f bytes, %.2f replies waited for, %.0f pixels copied, %.1f polygons rasterised",
            Double(tally.requests) / n, Double(tally.bytes) / n, Double(tally.replies - tally.pointerGrabs) / n,
            Double(tally.pixelsCopiedToWindow) / n, Double(tally.polygonsRasterized) / n)
    }
}

/// The wire cost per frame of the drop-down opening and of 200 scroll steps on a million rows.
@MainActor func measureWireCost() throws -> (opening: WireCost, scrolling: WireCost) {
    var opening = WireCost(), scrolling = WireCost()
    do {
        let (test, dropDown) = try dropDownWindow()
        defer { test.close() }
        let recorder = try ProtocolRecorder(recording: test.window, of: test.application)
        defer { recorder.close() }
        try recorder.reset()
        let before = test.window.framesPresented
        dropDown.open()
        test.settle()
        opening.tally = try recorder.tally()
        opening.frames = test.window.framesPresented - before
    }
    do {
        let (test, list, source) = try listWindow(rows: 1_000_000)
        defer { test.close() }
        let recorder = try ProtocolRecorder(recording: test.window, of: test.application)
        defer { recorder.close() }
        try withExtendedLifetime(source) {  // the list holds its data source weakly
            try recorder.reset()
            let before = test.window.framesPresented
            var direction = 1.0
            for _ in 0..<200 { scrollOneStep(list, in: test, direction: &direction) }
            scrolling.tally = try recorder.tally()
            scrolling.frames = test.window.framesPresented - before
        }
    }
    return (opening, scrolling)
}

/// A window of 200 views laid out by stacks in a scroll view: a column of 25 rows, each a
/// horizontal stack of a wrapping label, a button, a check box, a switch, a slider, a progress
/// bar and a text field.
@MainActor func stackedWindow() throws -> (TestWindow, View) {
    let column = StackView(axis: .vertical, spacing: 6)
    column.layoutMargins = EdgeInsets(all: 12)
    column.backgroundColor = .white
    for index in 0..<25 {
        let field = TextField(placeholder: "Note \(index)")
        field.flex = 1
        let note = Label(text: "Row \(index): a note long enough to wrap in a narrow window", numberOfLines: 0)
        note.flex = 1
        let row = StackView(
            axis: .horizontal, spacing: 8,
            views: [
                note, Button(title: "Open"), CheckBox(title: "Done", isChecked: index % 2 == 0), Switch(),
                Slider(value: Double(index) / 25), ProgressBar(progress: Double(index) / 25), field,
            ])
        row.alignment = .center
        column.addArrangedSubview(row)
    }
    let scroll = ScrollView(content: column)
    let test = try TestWindow(size: stackedWindowSizes[0], rootView: scroll)
    return (test, scroll)
}

/// The two window sizes the resize benchmark alternates between.
let stackedWindowSizes = [Size(width: 900, height: 960), Size(width: 1100, height: 1000)]

/// The number of views under `view`, itself included.
@MainActor func viewCount(_ view: View) -> Int { 1 + view.subviews.map(viewCount).reduce(0, +) }

/// CPU per resize of the stacked window, from asking the server for the new size to the frame
/// that shows the reflowed window (`resizes` resizes, alternating sizes); and CPU per layout
/// pass alone, the scroll view given a new size without a window's help.
@MainActor func measureRelayout(resizes: Int) throws -> (reflow: Double, layout: Double) {
    let (test, root) = try stackedWindow()
    defer { test.close() }
    let cpuStart = processCPUTime()
    for index in 0..<resizes {
        let size = stackedWindowSizes[(index + 1) % 2]
        let presented = test.window.framesPresented
        test.window.resize(to: size)
        test.wait(timeout: 2) { test.window.scene.size == size && test.window.framesPresented > presented }
    }
    let reflow = (processCPUTime() - cpuStart) / Double(resizes)
    let layoutStart = processCPUTime()
    for index in 0..<resizes {
        root.frame.size = stackedWindowSizes[(index + 1) % 2]
        root.layoutIfNeeded()
    }
    return (reflow, (processCPUTime() - layoutStart) / Double(resizes))
}

/// What a text field holding much text costs: per key, the wall time from the key's press to the
/// frame that shows it (typing at the end, at the start, and Backspace); idle and focused, the
/// app's CPU and its loop's wake-ups per caret blink.
struct TextFieldRun {
    var keys: [Double] = []
    var keyCPU: [Double] = []
    /// Where each key's wall time went.
    var breakdowns: [KeyBreakdown] = []
    var idleCPUPerBlink = 0.0
    var idleWakeUpsPerBlink = 0.0
}

/// Where one key's wall time went: the app's main thread on a core, ready but waiting for one,
/// or asleep (in `poll`, for the server or the next event); the X server's main thread on a
/// core and waiting for one.
struct KeyBreakdown {
    var key: String
    var wall: Double
    var app: ThreadTimes
    var server: ThreadTimes

    /// One line: the wall time and its parts, in milliseconds. The app's and the server's
    /// waits may overlap (both ready, the cores busy with other programs).
    var summary: String {
        let asleep = wall - app.running - app.waiting
        return "\(format(wall)) (\(key)): app on a core \(format(app.running)), ready but waiting for one"
            + " \(format(app.waiting)), asleep \(format(asleep)); X server on a core \(format(server.running)),"
            + " waiting for one \(format(server.waiting))"
    }
}

/// Prose of about `bytes` bytes, in words of a few scripts.
func longText(bytes: Int) -> String {
    let sentence = "The quick brown fox jumps over the lazy dog; naïve café, 12,345 items. "
    return String(repeating: sentence, count: max(1, bytes / sentence.utf8.count))
}

/// A focused 300-point field holding `text` in a 320 × 320 window: keys typed at its end, then at
/// its start, then Backspace, each waited for until its frame is on the window; then 2.2 s idle.
@MainActor func measureTextField(holding text: String, keys: Int) throws -> TextFieldRun {
    let root = View()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    root.addSubview(field)
    let test = try benchWindow(root)
    defer { test.close() }
    field.text = text
    test.click(field)
    test.settle(timeout: 5)
    var run = TextFieldRun()
    let server = try TestWindow.sharedDisplay().serverProcessIdentifier ?? 0
    func timedKey(_ key: Key, _ name: String) {
        let presented = test.window.framesPresented
        let app = ThreadTimes.current, serverStart = ThreadTimes.mainThread(of: server)
        let start = Date(), cpuStart = processCPUTime()
        test.input.tap(key)
        test.wait(timeout: 60) { test.window.framesPresented > presented }
        let wall = Date().timeIntervalSince(start)
        run.keys.append(wall)
        run.keyCPU.append(processCPUTime() - cpuStart)
        run.breakdowns.append(
            KeyBreakdown(
                key: name, wall: wall, app: ThreadTimes.current - app,
                server: ThreadTimes.mainThread(of: server) - serverStart))
    }
    test.tap(.end)
    for index in 0..<keys { timedKey(.character(Character(String(index % 10))), "typed at the end, key \(index + 1)") }
    test.tap(.home)
    for index in 0..<keys {
        timedKey(.character(Character(String(index % 10))), "typed at the start, key \(index + 1)")
    }
    for index in 0..<keys { timedKey(.backspace, "Backspace \(index + 1)") }
    test.settle(timeout: 5)
    let idleStart = processCPUTime(), wallStart = Date(), turnsStart = test.application.loopTurns
    test.wait(timeout: 2.2) { false }
    let blinks = Date().timeIntervalSince(wallStart) / TextField.blinkInterval
    run.idleCPUPerBlink = (processCPUTime() - idleStart) / blinks
    run.idleWakeUpsPerBlink = Double(test.application.loopTurns - turnsStart) / blinks
    return run
}

/// Text fields holding 1 KB, 1 MB and 5 MB, interleaved over `rounds` rounds.
@MainActor func textFieldReport(rounds: Int) throws {
    let sizes = [(1_000, "1 KB"), (1_000_000, "1 MB"), (5_000_000, "5 MB")]
    let texts = sizes.map { longText(bytes: $0.0) }
    var runs = Array(repeating: [TextFieldRun](), count: sizes.count)
    for _ in 0..<rounds {
        for index in sizes.indices { runs[index].append(try measureTextField(holding: texts[index], keys: 10)) }
    }
    print("a focused 300-pt text field: key to frame shown (wall, typing at the end and the start, Backspace;")
    print(
        "median and worst of \(runs[0].count * runs[0][0].keys.count) keys), and per caret blink while idle, app CPU and loop wake-ups:"
    )
    for (index, size) in sizes.enumerated() {
        let keys = runs[index].flatMap(\.keys), cpu = runs[index].flatMap(\.keyCPU),
            idle = runs[index].map(\.idleCPUPerBlink)
        let wakeUps = runs[index].map(\.idleWakeUpsPerBlink)
        let label = size.1.padding(toLength: 6, withPad: " ", startingAt: 0)
        print(
            "  \(label) key \(format(median(keys)))  [worst \(format(keys.max() ?? 0))], CPU \(format(median(cpu)))   idle \(format(median(idle), "µs")) CPU, "
                + String(format: "%.1f", median(wakeUps)) + " wake-ups per blink"
        )
    }
    print("  budget: one frame at 60 Hz, 16.7 ms per key")
    print("the three slowest keys of each size, and where their time went:")
    for (index, size) in sizes.enumerated() {
        for key in runs[index].flatMap(\.breakdowns).sorted(by: { $0.wall > $1.wall }).prefix(3) {
            print("  \(size.1): \(key.summary)")
        }
    }
}

/// The drop-down opening alone, `rounds` times each with rounded shapes drawn from cached
/// coverage masks and rasterised whole every frame, interleaved: app and X server CPU per frame.
@MainActor func dropDownReport(rounds: Int) throws {
    let display = try TestWindow.sharedDisplay()
    var cached: [OpeningRun] = [], whole: [OpeningRun] = []
    for round in 0..<rounds {
        if round % 2 == 0 {
            cached.append(try measureOpening(display, reusingMasks: true))
            whole.append(try measureOpening(display, reusingMasks: false))
        } else {
            whole.append(try measureOpening(display, reusingMasks: false))
            cached.append(try measureOpening(display, reusingMasks: true))
        }
    }
    print("drop-down opening, 0 → 200 px in 0.5 s, \(rounds) interleaved rounds, medians [min–max]:")
    for (label, runs) in [("coverage masks cached ", cached), ("shapes rasterised whole", whole)] {
        let app = runs.map(\.cpuPerFrame), server = runs.map(\.serverCPUPerFrame)
        print(
            "  \(label)  app \(format(median(app), "µs")) [\(format(app.min() ?? 0, "µs"))–\(format(app.max() ?? 0, "µs"))],"
                + " X server \(format(median(server), "µs")) [\(format(server.min() ?? 0, "µs"))–\(format(server.max() ?? 0, "µs"))] per frame"
        )
    }
    let ratios = zip(cached, whole).map { $0.serverCPUPerFrame / $1.serverCPUPerFrame }
    print(String(format: "  X server CPU, cached : whole, median of rounds  %.2f", median(ratios)))
}

/// The number after `--rounds` on the command line, else `fallback`.
func roundsOption(or fallback: Int) throws -> Int {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--rounds") else { return fallback }
    guard flag + 1 < arguments.count, let rounds = Int(arguments[flag + 1]), rounds > 0 else {
        throw BenchCaseError(description: "--rounds takes a number of rounds, 1 or more")
    }
    return rounds
}

/// The path after `--against`: another build's CanopyBench to measure beside this one.
func againstOption() throws -> String? {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--against") else { return nil }
    guard flag + 1 < arguments.count, FileManager.default.isExecutableFile(atPath: arguments[flag + 1]) else {
        throw BenchCaseError(description: "--against takes the path of another build's CanopyBench")
    }
    return arguments[flag + 1]
}

/// The number after `--rows`: only the runs of that many rows.
func rowsOption() throws -> Int? {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--rows") else { return nil }
    guard flag + 1 < arguments.count, let rows = Int(arguments[flag + 1]), [10, 1_000, 1_000_000].contains(rows) else {
        throw BenchCaseError(description: "--rows takes 10, 1000 or 1000000")
    }
    return rows
}

@MainActor func main() throws {
    switch CommandLine.arguments.dropFirst().first {
    case "text-field": return try textFieldReport(rounds: roundsOption(or: 3))
    case "pacing": return try framePacingReport(rounds: roundsOption(or: 5))
    case "drop-down": return try dropDownReport(rounds: roundsOption(or: 20))
    case "text-view": return try textViewReport(rounds: roundsOption(or: 5))
    case "table": return try tableReport(rounds: roundsOption(or: 3), against: againstOption(), rows: rowsOption())
    default: break
    }
    if CommandLine.arguments.dropFirst().first == "table-child", CommandLine.arguments.count > 2 {
        let figures = try tableChild(rows: Int(CommandLine.arguments[2]) ?? 10)
        return print(String(decoding: try JSONEncoder().encode(figures), as: UTF8.self))
    }
    if CommandLine.arguments.dropFirst().first == "text-view-child", CommandLine.arguments.count > 2 {
        let figures = try textViewChild(path: CommandLine.arguments[2])
        return print(String(decoding: try JSONEncoder().encode(figures), as: UTF8.self))
    }
    let display = try TestWindow.sharedDisplay()
    let rounds = 5
    var openings: [OpeningRun] = []
    var small: [(Double, Double)] = [], large: [(Double, Double)] = []
    var relayouts: [(reflow: Double, layout: Double)] = []
    for _ in 0..<rounds {
        relayouts.append(try measureRelayout(resizes: 100))
        var opening = try measureOpening(display)
        try recordOpening(into: &opening)
        openings.append(opening)
        small.append(try measureScrolling(rows: 10, steps: 1000, display: display))
        large.append(try measureScrolling(rows: 1_000_000, steps: 1000, display: display))
    }
    /// The median of `values` with their range, in `unit`.
    func spread(_ values: [Double], _ unit: String = "ms") -> String {
        "\(format(median(values), unit))  [\(format(values.min() ?? 0, unit))–\(format(values.max() ?? 0, unit))]"
    }
    /// The median of `counts` with their range.
    func spread(_ counts: [Int]) -> String {
        "\(Int(median(counts.map(Double.init))))  [\(counts.min() ?? 0)–\(counts.max() ?? 0)]"
    }
    print("Canopy benchmarks (\(rounds) interleaved rounds, medians; min–max in brackets)")
    print("")
    print("drop-down opening, 0 → 200 px in 0.5 s:")
    print("  frames presented      \(spread(openings.map(\.frames)))")
    print("  frames at the server  \(spread(openings.map(\.framesAtServer)))  (RECORD)")
    print("  largest gap there     \(spread(openings.map(\.largestGapAtServer)))  (the server's clock, 1 ms steps)")
    print("  app CPU per frame     \(spread(openings.map(\.cpuPerFrame), "µs"))")
    print(
        "  X server CPU / frame  \(spread(openings.map(\.serverCPUPerFrame), "µs"))  (its main thread, /proc schedstat)"
    )
    print("")
    print("scrolling by 1,000 wheel steps, one frame each (CPU per frame):")
    let smallClient = median(small.map(\.0)), largeClient = median(large.map(\.0))
    let smallServer = median(small.map(\.1)), largeServer = median(large.map(\.1))
    print("  10 rows               \(format(smallClient, "µs")) client, \(format(smallServer, "µs")) X server")
    print("  1,000,000 rows        \(format(largeClient, "µs")) client, \(format(largeServer, "µs")) X server")
    print(
        String(
            format: "  ratio 1,000,000 : 10  %.2f client, %.2f X server", largeClient / smallClient,
            largeServer / smallServer))
    print("")
    let (test, root) = try stackedWindow()
    let views = viewCount(root)
    test.close()
    print("a window of \(views) views in stacks in a scroll view, resized 100 times, 900 × 960 ↔ 1100 × 1000:")
    let reflows = relayouts.map(\.reflow), layouts = relayouts.map(\.layout)
    print("  resize to frame shown \(spread(reflows)) CPU")
    print("  layout pass alone     \(spread(layouts)) CPU")
    print("  budget: one frame at 60 Hz, 16.7 ms")
    print("")
    let wire = try measureWireCost()
    print("X protocol per frame, as the server recorded it (RECORD); the window is 320 × 320 = 102,400 px:")
    print("  drop-down opening     \(wire.opening.description)  (\(wire.opening.frames) frames)")
    print("  scrolling 1,000,000   \(wire.scrolling.description)  (\(wire.scrolling.frames) frames)")
    print("")
    try textFieldReport(rounds: 3)
    print("")
    try framePacingReport(rounds: 5)
    print("")
    try textViewReport(rounds: 5)
    print("")
    try tableReport(rounds: 3)
}

do {
    try MainActor.assumeIsolated { try main() }
} catch {
    print("bench: \(error)")
    exit(1)
}
