// The table case (issue 26): Canopy's TableView against GTK 3's GtkTreeView
// (Benchmarks/Peers/gtk_table.py) and Tk's ttk::treeview (tk_table.py), 5 text columns over the
// same rows under one Xvfb: Canopy at 10, 1,000 and 1,000,000 rows, the peers at 1,000 and
// 1,000,000, each run a fresh process, the runs interleaved with their order rotated each round.
// Each process measures itself the same way: from making the rows to the first frame on the
// server; a click on the Size title to the first frame presented after the rows were sorted by
// it, on the server (the million rows' sort included); CPU per frame of scrolling by a row a
// frame; resident memory once shown.
@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one table process measured of itself (the JSON a table child prints).
struct TableFigures: Codable {
    /// Seconds from making the rows to the first frame on the server.
    var open: Double
    /// Seconds of that spent making the rows (Canopy's ids; the peers' model filled, a call a row).
    var fill: Double
    /// Seconds from a click on the Size title to the frame showing the rows sorted by size.
    var sort: Double
    /// Process CPU seconds per frame of scrolling by 30 points (a row) a frame.
    var scrollCPU: Double
    /// Row views the table made, however far it scrolled.
    var rowViews: Int
    /// Resident memory (VmRSS) once the table is shown, and its peak (VmHWM), in KiB.
    var residentKiB: Int
    var peakKiB: Int
}

/// The table's window: a 28-point header and 7 rows of 30 points show, so 10 rows scroll (by 88
/// points).
let tableWindowSize = Size(width: 640, height: 240)
let tableScrollFrames = 300

/// Rows of files made from their number: a name, a size, a kind, a date and an owner, each a
/// function of the row's id, so a million rows hold one array of ids.
@MainActor final class BenchFiles: TableViewDataSource {
    private(set) var ids: [Int32]
    /// Called as the rows are sorted (the bench notes the frames presented by then).
    var onSort: (() -> Void)?

    init(count: Int) { ids = Array(0..<Int32(count)) }

    /// A number spread over `0..<range` from id `id` (a multiplicative hash).
    nonisolated static func spread(_ id: Int32, _ range: Int) -> Int {
        Int((UInt64(UInt32(id)) &* 2_654_435_761) % UInt64(range))
    }

    func numberOfRows(in tableView: TableView) -> Int { ids.count }

    func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
        let id = ids[row]
        switch column {
        case 0: return .text("file-\(id).dat")
        case 1: return .text("\(Self.spread(id, 10_000_000)) B")
        case 2: return .text(["Document", "Image", "Song", "Archive"][Int(id % 4)])
        case 3: return .text("2026-\(Self.spread(id, 12) + 1)-\(Self.spread(id &+ 7, 28) + 1)")
        default: return .text("user\(id % 50)")
        }
    }

    func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {
        Self.sortBySize(&ids, ascending: descriptor.isAscending)
        onSort?()
    }

    /// Sorts `ids` by their files' sizes. Nonisolated: a comparison closure made on the main actor
    /// would check it is on the main actor at each of the 20,000,000 calls of a million-row sort.
    nonisolated static func sortBySize(_ ids: inout [Int32], ascending: Bool) {
        ids.sort { a, b in
            let (x, y) = (spread(a, 10_000_000), spread(b, 10_000_000))
            return ascending ? x < y : x > y
        }
    }
}

/// One Canopy run, in a process of its own on `$DISPLAY`: a table of `rows` rows in a 640 × 240
/// window, sorted by a click on a title, then scrolled; returns what it measured.
@MainActor func tableChild(rows: Int) throws -> TableFigures {
    Application.defaultFontFamily = TestWindow.pinnedFontFamily
    let application = try Application()
    defer { application.close() }
    let input = try InputDriver(displayName: ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
    func waitForFrame(after presented: Int, of window: Window, _ what: String) throws {
        guard application.run(timeout: 60, until: { window.framesPresented > presented && !window.scene.needsFrame })
        else { throw BenchCaseError(description: "timed out waiting for the frame of \(what)") }
        application.synchronize()
    }

    let start = monotonicSeconds()
    let files = BenchFiles(count: rows)
    let filled = monotonicSeconds() - start
    let table = TableView(columns: [
        TableColumn("Name", width: 200, flex: 1), TableColumn("Size", width: 110, alignment: .trailing),
        TableColumn("Kind", width: 100), TableColumn("Modified", width: 110), TableColumn("Owner", width: 90),
    ])
    table.dataSource = files
    let window = try Window(application: application, title: "Canopy table", size: tableWindowSize, rootView: table)
    window.show()
    try waitForFrame(after: 0, of: window, "the opening")
    let opened = monotonicSeconds() - start
    let memory = residentMemory()

    var presented = window.framesPresented
    // The sorted rows' frame is the first presented after the sort, as the peers count it
    // (waiting for no frame at all to be needed would count what the loop does when idle next).
    var framesAtSort: Int?
    files.onSort = { framesAtSort = window.framesPresented }
    let title = table.headerFrame(ofColumn: 1).center
    let clicked = monotonicSeconds()
    input.click(at: title, in: window)
    guard application.run(timeout: 60, until: { framesAtSort.map { window.framesPresented > $0 } ?? false }) else {
        throw BenchCaseError(description: "the click on the title did not sort and show the rows")
    }
    application.synchronize()
    let sorted = monotonicSeconds() - clicked
    try waitForFrame(after: presented, of: window, "the sort")

    let cpu = processCPUTime()
    var direction = 1.0
    for _ in 0..<tableScrollFrames {
        presented = window.framesPresented
        let list = table.listView, offset = list.contentOffset.y
        list.contentOffset.y = offset + 30 * direction
        if list.contentOffset.y == offset {  // at an end: back the other way
            direction = -direction
            list.contentOffset.y = offset + 30 * direction
        }
        try waitForFrame(after: presented, of: window, "a scroll step")
    }
    let scrollCPU = (processCPUTime() - cpu) / Double(tableScrollFrames)
    return TableFigures(
        open: opened, fill: filled, sort: sorted, scrollCPU: scrollCPU, rowViews: table.listView.rowViewsMade,
        residentKiB: memory.resident, peakKiB: memory.peak)
}

/// `number` with commas between its thousands.
func grouped(_ number: Int) -> String {
    let digits = String(number)
    return digits.enumerated().map { index, digit in
        index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
    }.joined()
}

/// One toolkit on one number of rows, and the command of its run.
struct TableSubject {
    let toolkit: String
    let rows: Int
    let command: [String]

    var label: String { "\(toolkit) \(grouped(rows))" }
}

/// Canopy at 10, 1,000 and 1,000,000 rows and GTK 3 and Tk at 1,000 and 1,000,000, each run
/// `rounds` times in fresh processes, interleaved (the order rotated each round); prints medians
/// with their range, the paired ratios of each round, and how flat Canopy's scroll cost is. With
/// `against` (another build's CanopyBench), that build's 1,000 rows join the rotation as
/// "Canopy before", paired with this one's; with `rows`, only the runs of that many rows are made.
@MainActor func tableReport(rounds: Int, against: String? = nil, rows: Int? = nil) throws {
    let display = try TestWindow.sharedDisplay()
    for peer in [PythonPeer.gtk3, .tk] { try peer.check(for: "table", on: display) }
    var subjects = [10, 1_000, 1_000_000].map {
        TableSubject(toolkit: "Canopy", rows: $0, command: [benchExecutable(), "table-child", "\($0)"])
    }
    if let against {
        subjects.append(TableSubject(toolkit: "Canopy before", rows: 1_000, command: [against, "table-child", "1000"]))
    }
    for (peer, script) in [(PythonPeer.gtk3, "gtk_table.py"), (.tk, "tk_table.py")] {
        subjects += [1_000, 1_000_000].map {
            TableSubject(toolkit: peer.name, rows: $0, command: peer.command(script, ["\($0)"]))
        }
    }
    if let rows { subjects.removeAll { $0.rows != rows } }
    let runs: [[TableFigures]] = try interleavedRuns(
        subjects.map(\.command), rounds: rounds, display: display, label: "table")
    printTableFigures(subjects: subjects, runs: runs)
}

/// The table of ``tableReport(rounds:)``: `runs[i]` are the rounds of `subjects[i]`.
func printTableFigures(subjects: [TableSubject], runs: [[TableFigures]]) {
    func time(_ seconds: Double) -> String {
        seconds >= 1
            ? String(format: "%.2f s", seconds)
            : seconds >= 1e-3 ? String(format: "%.1f ms", seconds * 1e3) : String(format: "%.0f µs", seconds * 1e6)
    }
    func mebibytes(_ kib: Double) -> String { String(format: "%.1f MiB", kib / 1024) }
    func spread(_ values: [Double], _ show: (Double) -> String) -> String {
        "\(show(median(values))) [\(show(values.min() ?? 0))–\(show(values.max() ?? 0))]"
    }
    let width = subjects.map(\.label.count).max() ?? 0
    func line(_ subject: TableSubject, _ text: String) {
        print("    \(subject.label.padding(toLength: width, withPad: " ", startingAt: 0))  \(text)")
    }
    let figures: [(String, (TableFigures) -> Double, (Double) -> String)] = [
        ("open to first frame (making the rows included)", \.open, time),
        ("  of it, making the rows (filling the model)", \.fill, time),
        ("sort: a click on Size to the frame of the sorted rows", \.sort, time),
        ("CPU per scroll frame (a row a frame, 300 frames)", \.scrollCPU, time),
        ("resident once shown (VmRSS)", { Double($0.residentKiB) }, mebibytes),
    ]
    print(
        "a table of 5 text columns in a 640 × 240 window: Canopy's TableView, GTK 3's GtkTreeView"
            + " (python3-gi, fixed-height mode, the store filled before it is attached), Tk's ttk::treeview (python3-tk);"
    )
    print("each run a fresh process, \(runs[0].count) rounds, the order rotated each round; medians [min–max]:")
    for (title, figure, show) in figures {
        print("  \(title)")
        for (index, subject) in subjects.enumerated() { line(subject, spread(runs[index].map(figure), show)) }
    }
    print("  row views made (Canopy)")
    for (index, subject) in subjects.enumerated() where subject.toolkit == "Canopy" {
        line(subject, "\(runs[index].map(\.rowViews).max() ?? 0)")
    }
    func rounds(of toolkit: String, _ rows: Int) -> [TableFigures]? {
        subjects.firstIndex { $0.toolkit == toolkit && $0.rows == rows }.map { runs[$0] }
    }
    /// The ratio of each round's figure, `a` over `b`, and their median.
    func paired(_ a: [TableFigures], _ b: [TableFigures], _ figure: (TableFigures) -> Double) -> String {
        let ratios = zip(a, b).map { figure($0) / figure($1) }
        return ratios.map { String(format: "%.3g", $0) }.joined(separator: " ")
            + String(format: "  (median %.3g)", median(ratios))
    }
    print("paired ratios, round by round (the two runs of one round), then their median:")
    for rows in [1_000, 1_000_000] {
        for peer in ["Canopy before", "GTK 3", "Tk"] {
            guard let ours = rounds(of: "Canopy", rows), let theirs = rounds(of: peer, rows) else { continue }
            print("  Canopy : \(peer), \(grouped(rows)) rows")
            for (title, figure) in [
                ("open      ", \TableFigures.open), ("sort      ", \.sort), ("CPU/frame ", \.scrollCPU),
            ] {
                print("    \(title)\(paired(ours, theirs) { $0[keyPath: figure] })")
            }
            print("    resident  \(paired(ours, theirs) { Double($0.residentKiB) })")
        }
    }
    print("CPU per scroll frame, 1,000,000 rows : fewer, round by round (flat is 1):")
    for (toolkit, few) in [("Canopy", 10), ("Canopy", 1_000), ("GTK 3", 1_000), ("Tk", 1_000)] {
        guard let many = rounds(of: toolkit, 1_000_000), let less = rounds(of: toolkit, few) else { continue }
        print("  \(toolkit) 1,000,000 : \(grouped(few))  \(paired(many, less, \.scrollCPU))")
    }
}
