// What screen reader support costs in memory: a window holding a 1,000,000-row list, once with
// the AT-SPI2 bridge off (no accessibility bus, as on a desktop without one) and once with it on
// (connected to a private accessibility stack while a pyatspi client walks the list: its row
// count, 200 rows' names, states and extents, the last row, and a selection in the middle).
// Each case runs in a fresh process, interleaved round by round under one Xvfb; the table gives
// the medians of the resident memory at the end (all of it, then its anonymous part, which the
// program allocated, and its file-backed part, the code and data of the libraries it touched),
// its peak, and the C heap in use.
//     swift run -c release CanopyAccessibilityBench [rounds]
// With `speech`, how long Orca takes from a key to its speech in the Gallery and in a GTK 3 app
// (SpeechLatency.swift; build the Gallery in release first):
//     swift build -c release --product Gallery && swift run -c release CanopyAccessibilityBench speech [rounds]
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
        // The same child process started and waited for as in the other case (its start costs
        // this process some library pages), with no screen reader in it.
        let client = try ChildProcess("/usr/bin/python3", arguments: ["-c", "import time; time.sleep(0.3)"])
        application.run(timeout: 60) { client.hasExited }
        _ = client.wait()
        guard application.accessibilityBridge == nil else {
            throw BenchError("the bridge started without a bus")
        }
    }
    if let keepAwake { application.timers.cancel(keepAwake) }
    let figures = [
        "resident": status("VmRSS"), "anonymous": status("RssAnon"), "file-backed": status("RssFile"),
        "peak": status("VmHWM"), "heap": HeapUsage.bytesInUse / 1024,
    ]
    print(figures.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))
    withExtendedLifetime(rows) {}
}

/// The figures, in KiB, in the order the table shows them.
let columns = ["resident", "anonymous", "file-backed", "peak", "heap"]

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func measure(rounds: Int) throws {
    let display = try VirtualDisplay(width: 1024, height: 768)
    defer { display.stop() }
    let stack = try AccessibilityStack()
    defer { stack.stop() }
    let me = CommandLine.arguments[0]
    var runs: [Bool: [[String: Double]]] = [:]
    for _ in 0..<rounds {
        for bridgeOn in [false, true] {
            let result = try ChildProcess(
                me, arguments: ["--window", bridgeOn ? "on" : "off"],
                environment: [
                    "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": nil,
                    "AT_SPI_BUS_ADDRESS": bridgeOn ? stack.accessibilityBusAddress : nil,
                ]
            ).wait()
            var figures: [String: Double] = [:]
            for pair in result.output.split(whereSeparator: \.isWhitespace) {
                let parts = pair.split(separator: "=")
                if parts.count == 2, let value = Double(parts[1]) { figures[String(parts[0])] = value / 1024 }
            }
            guard result.status == 0, columns.allSatisfy({ figures[$0] != nil }) else {
                throw BenchError("a window run failed: \(result.output)\(result.errors)")
            }
            runs[bridgeOn, default: []].append(figures)
        }
    }
    func medians(_ bridgeOn: Bool) -> [Double] {
        columns.map { column in median((runs[bridgeOn] ?? []).compactMap { $0[column] }) }
    }
    func row(_ label: String, _ values: [Double]) -> String {
        label.padding(toLength: 24, withPad: " ", startingAt: 0)
            + values.map { String(format: "%12.1f", $0) }.joined()
    }
    print("A window holding a 1,000,000-row list: median of \(rounds) interleaved runs each, MiB")
    print(
        "".padding(toLength: 24, withPad: " ", startingAt: 0)
            + ["resident", "anonymous", "file-backed", "peak", "C heap"].map {
                String(repeating: " ", count: 12 - $0.count) + $0
            }.joined())
    let off = medians(false), on = medians(true)
    print(row("bridge off (no bus)", off))
    print(row("bridge on, list walked", on))
    print(row("on - off", zip(on, off).map { $0 - $1 }))
}

do {
    if CommandLine.arguments.dropFirst().first == "--window" {
        try MainActor.assumeIsolated { try runWindow(bridgeOn: CommandLine.arguments.dropFirst(2).first == "on") }
    } else if CommandLine.arguments.dropFirst().first == "speech" {
        let rounds = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5
        try MainActor.assumeIsolated { try SpeechLatency.measure(rounds: rounds) }
    } else {
        try measure(rounds: CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 7)
    }
} catch {
    print("CanopyAccessibilityBench: \(error)")
    exit(1)
}
