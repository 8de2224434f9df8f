// Canopy's program for the startup benchmark (Benchmarks/suite.py): a window with a list of N
// rows, exiting as soon as its first frame is confirmed on the server. It links only Canopy and
// CanopyX11, as an app would. With BENCH_STAY set it stays open afterwards (for the idle
// wake-up count).
//     CanopyStartup N [virtual | strings | dropdown | dropdown-strings]
// - virtual (the default): a ListView over a data source that makes each row's text when the
//   row is drawn; nothing is held per item.
// - strings: the same ListView, its data source holding the N strings in an array made before
//   the window (what a peer toolkit is handed).
// - dropdown: a closed DropDown over the virtual data source.
// - dropdown-strings: a closed DropDown given its N items as an array of strings.
import Canopy
@_spi(Testing) import CanopyX11

#if canImport(Glibc)
    import Glibc
#endif

/// `count` rows of "Hello i", made when asked for.
@MainActor final class GeneratedRows: ListViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow("Hello \(index)") }
}

/// Rows from strings held in an array.
@MainActor final class StoredRows: ListViewDataSource {
    let items: [String]
    init(items: [String]) { self.items = items }
    func numberOfRows(in listView: ListView) -> Int { items.count }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow(items[index]) }
}

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
let mode = arguments.count > 2 ? arguments[2] : "virtual"
guard ["virtual", "strings", "dropdown", "dropdown-strings"].contains(mode) else {
    print("CanopyStartup: unknown mode \(mode); use virtual, strings, dropdown or dropdown-strings")
    exit(2)
}
do {
    let application = try Application()
    let root = View()
    var dataSource: ListViewDataSource?
    let buttonFrame = Rect(x: 20, y: 20, width: 200, height: 40)
    if mode == "dropdown" {
        root.addSubview(DropDown(placeholder: "Select", dataSource: GeneratedRows(count: count), frame: buttonFrame))
    } else if mode == "dropdown-strings" {
        root.addSubview(DropDown(placeholder: "Select", items: (0..<count).map { "Hello \($0)" }, frame: buttonFrame))
    } else {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 240, height: 400))
        let source: ListViewDataSource =
            mode == "strings"
            ? StoredRows(items: (0..<count).map { "Hello \($0)" }) : GeneratedRows(count: count)
        list.dataSource = source
        dataSource = source
        root.addSubview(list)
    }
    let window = try Window(
        application: application, title: "canopy", size: Size(width: 240, height: 400), rootView: root)
    window.show()
    application.run(timeout: 30) { window.framesPresented > 0 }
    application.synchronize()
    if getenv("BENCH_STAY") != nil { application.run() }
    withExtendedLifetime(dataSource) {}  // the list holds its data source weakly
} catch {
    print("CanopyStartup: \(error)")
    exit(1)
}
