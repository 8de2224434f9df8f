// What screen reader support costs in memory: a window holding a 1,000,000-row list, once with
// the AT-SPI2 bridge off (no accessibility bus, as on a desktop without one) and once with it on
// (connected to a private accessibility stack while a pyatspi client walks the list: its row
// count, 200 rows' names, states and extents, the last row, and a selection in the middle).
// Each case runs in a fresh process, interleaved round by round under one Xvfb; the table gives
// the medians of the resident memory at the end, its peak, and the C heap in use.
//     swift run -c release CanopyAccessibilityBench [rounds]
import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The rows of the list, made only when asked for.
@MainActor final class Rows: ListViewDataSource {
    func numberOfRows(in listView: ListView) -> Int { 1_000_000 }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow("Hello \(index)") }
}

/// The screen reader's walk: pyatspi, given the bus by the environment.
let clientScript = """
    import sys, time, pyatspi
    from gi.repository import GLib
    desktop = pyatspi.Registry.getDesktop(0)
    end = time.monotonic() + 20
    app = None
    while app is None and time.monotonic() < end:
        GLib.MainContext.default().iteration(False)
        app = next((a for a in desktop if a is not None and a.name == "canopy-bench" and a.childCount), None)
        time.sleep(0.01)
    rows = app[0][0]
    assert rows.getRoleName() == "list" and rows.childCount == 1000000, (rows.getRoleName(), rows.childCount)
    walked = 0
    for index in list(range(100)) + list(range(999900, 1000000)):
        row = rows[index]
        row.name, row.getState(), row.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        walked += 1
    assert rows[999999].name == "Hello 999999"
    rows.querySelection().selectChild(500000)
    assert rows.querySelection().getSelectedChild(0).name == "Hello 500000"
    print(f"walked {walked}")
    """

/// A run that went wrong, with what it printed.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A value of /proc/self/status in KiB.
func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// One case, in this process: the window, the walk when the bridge is on, then the figures.
@MainActor func runWindow(bridgeOn: Bool) throws {
    let application = try Application(name: "canopy-bench")
    let rows = Rows()
    let list = ListView(frame: Rect(x: 0, y: 0, width: 240, height: 400))
    list.dataSource = rows
    let root = View()
    root.addSubview(list)
    let window = try Window(
        application: application, title: "bench", size: Size(width: 240, height: 400), rootView: root)
    window.show()
    guard
        application.run(timeout: 20, until: { window.framesPresented > 0 && application.hasLookedForAccessibilityBus })
    else { throw BenchError("the window did not settle") }
    var keepAwake: ScheduledAction?
    func wake() { keepAwake = application.timers.schedule(after: 0.02) { wake() } }
    wake()  // the loop checks on the client at least every 20 ms
    if bridgeOn {
        guard application.run(timeout: 20, until: { application.accessibilityBridge?.isRegistered == true }) else {
            throw BenchError("the registry did not embed the app")
        }
        let client = try ChildProcess("/usr/bin/python3", arguments: ["-c", clientScript])
        application.run(timeout: 60) { client.hasExited }
        let result = client.wait()
        guard result.output.contains("walked 200") else {
            throw BenchError("the client failed: \(result.output)\(result.errors)")
        }
    } else {
        application.run(timeout: 0.3)  // as long as nothing happens in the other case, roughly
        guard application.accessibilityBridge == nil else {
            throw BenchError("the bridge started without a bus")
        }
    }
    if let keepAwake { application.timers.cancel(keepAwake) }
    print("rss \(status("VmRSS")) peak \(status("VmHWM")) heap \(HeapUsage.bytesInUse)")
    withExtendedLifetime(rows) {}
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func measure(rounds: Int) throws {
    let display = try VirtualDisplay(width: 1024, height: 768)
    defer { display.stop() }
    let stack = try AccessibilityStack()
    defer { stack.stop() }
    let me = CommandLine.arguments[0]
    var figures: [Bool: [(rss: Double, peak: Double, heap: Double)]] = [false: [], true: []]
    for _ in 0..<rounds {
        for bridgeOn in [false, true] {
            let result = try ChildProcess(
                me, arguments: ["--window", bridgeOn ? "on" : "off"],
                environment: [
                    "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": nil,
                    "AT_SPI_BUS_ADDRESS": bridgeOn ? stack.accessibilityBusAddress : nil,
                ]
            ).wait()
            let words = result.output.split(whereSeparator: \.isWhitespace)
            guard result.status == 0, words.count == 6, let rss = Double(words[1]), let peak = Double(words[3]),
                let heap = Double(words[5])
            else { throw BenchError("a window run failed: \(result.output)\(result.errors)") }
            figures[bridgeOn, default: []].append((rss / 1024, peak / 1024, heap / 1_048_576))
        }
    }
    print("A window holding a 1,000,000-row list: median of \(rounds) interleaved runs each, MiB")
    print("                          resident  peak resident  C heap in use")
    for bridgeOn in [false, true] {
        let runs = figures[bridgeOn] ?? []
        let label = bridgeOn ? "bridge on, list walked" : "bridge off (no bus)"
        print(
            label.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(
                    format: "%9.1f %14.1f %14.1f", median(runs.map(\.rss)), median(runs.map(\.peak)),
                    median(runs.map(\.heap))))
    }
    let on = figures[true] ?? [], off = figures[false] ?? []
    print(
        String(
            format: "on - off                %9.1f %14.1f %14.1f", median(on.map(\.rss)) - median(off.map(\.rss)),
            median(on.map(\.peak)) - median(off.map(\.peak)), median(on.map(\.heap)) - median(off.map(\.heap))))
}

do {
    if CommandLine.arguments.dropFirst().first == "--window" {
        try MainActor.assumeIsolated { try runWindow(bridgeOn: CommandLine.arguments.dropFirst(2).first == "on") }
    } else {
        try measure(rounds: CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 7)
    }
} catch {
    print("CanopyAccessibilityBench: \(error)")
    exit(1)
}
