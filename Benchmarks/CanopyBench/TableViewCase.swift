// The table case (issue 26): a TableView of 5 columns over 100 and over 1,000,000 rows, each run
// a fresh process on one Xvfb, the sizes interleaved round by round. Each process measures
// itself: from making the data to the first frame on the server; a click on a title to the
// frame of the rows sorted by it (the data source sorting the million rows included); CPU per
// frame of scrolling by a row a frame; resident memory once the table is shown.
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

/// The table's window.
let tableWindowSize = Size(width: 640, height: 400)
let tableScrollFrames = 300

/// Rows of files made from their number: a name, a size, a kind, a date and an owner, each a
/// function of the row's id, so a million rows hold one array of ids.
@MainActor final class BenchFiles: TableViewDataSource {
    private(set) var ids: [Int32]

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

/// One Canopy run, in a process of its own on `$DISPLAY`: a table of `rows` rows in a 640 × 400
/// window, sorted by a click on a title, then scrolled; returns what it measured.
@MainActor func tableChild(rows: Int) throws -> TableFigures {
    Application.defaultFontFamily = TestWindow.pinnedFontFamily
    let application = try Application()
    defer { application.close() }
    let input = try InputDriver(displayName: ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
    func waitForFrame(after presented: Int, of window: Window, _ what: String) throws {
        guard application.run(timeout: 60, until: { window.framesPresented > presented && !window.scene.needsFrame })
        else { throw TextViewCaseError(description: "timed out waiting for the frame of \(what)") }
        application.synchronize()
    }

    let start = monotonicSeconds()
    let files = BenchFiles(count: rows)
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
    let title = table.headerFrame(ofColumn: 1).center
    let clicked = monotonicSeconds()
    input.click(at: title, in: window)
    guard application.run(timeout: 60, until: { table.sortDescriptor != nil }) else {
        throw TextViewCaseError(description: "the click on the title did not sort")
    }
    try waitForFrame(after: presented, of: window, "the sort")
    let sorted = monotonicSeconds() - clicked

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
        open: opened, sort: sorted, scrollCPU: scrollCPU, rowViews: table.listView.rowViewsMade,
        residentKiB: memory.resident, peakKiB: memory.peak)
}

/// The two sizes, each run `rounds` times in fresh processes, interleaved (the order of the two
/// alternating round by round); prints medians with their range and the 1,000,000 : 100 ratios.
@MainActor func tableReport(rounds: Int) throws {
    let display = try TestWindow.sharedDisplay()
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let sizes = [100, 1_000_000]  // 10 rows would not fill the window, let alone scroll
    var runs = Array(repeating: [TableFigures](), count: sizes.count)
    for round in 0..<rounds {
        let order = round % 2 == 0 ? Array(sizes.indices) : sizes.indices.reversed()
        for index in order {
            runs[index].append(try runBenchChild([own, "table-child", "\(sizes[index])"], display: display))
        }
        FileHandle.standardError.write(Data("  table: round \(round + 1)/\(rounds)\n".utf8))
    }
    func spread(_ values: [Double], _ unit: String = "ms") -> String {
        "\(format(median(values), unit)) [\(format(values.min() ?? 0, unit))–\(format(values.max() ?? 0, unit))]"
    }
    func mebibytes(_ kib: Double) -> String { String(format: "%.1f MiB", kib / 1024) }
    print("a TableView of 5 text columns in a 640 × 400 window, each run a fresh process,")
    print("\(rounds) interleaved rounds, medians [min–max]:")
    for (index, rows) in sizes.enumerated() {
        let figures = runs[index]
        print("  \(rows) rows:")
        print("    open to first frame   \(spread(figures.map(\.open)))")
        print("    sort click to frame   \(spread(figures.map(\.sort)))  (the data source sorts every row)")
        print("    CPU per scroll frame  \(spread(figures.map(\.scrollCPU), "µs"))  (a row a frame)")
        print("    row views made        \(figures.map(\.rowViews).max() ?? 0)")
        print(
            "    resident once shown   \(mebibytes(median(figures.map { Double($0.residentKiB) })))"
                + "  (peak \(mebibytes(median(figures.map { Double($0.peakKiB) }))))")
    }
    let (small, large) = (runs[0], runs[1])
    func ratio(_ many: [Double], _ few: [Double]) -> Double { median(many) / median(few) }
    print(
        String(
            format: "  1,000,000 : 100 rows: open %.2f, sort %.2f, CPU per scroll frame %.2f",
            ratio(large.map(\.open), small.map(\.open)), ratio(large.map(\.sort), small.map(\.sort)),
            ratio(large.map(\.scrollCPU), small.map(\.scrollCPU))))
}
