// Canopy's program for the startup benchmark (Benchmarks/suite.py): a window with a list of N
// rows, made only when drawn (or, with `dropdown`, a button whose closed drop-down holds N
// items, given as an array as its API wants them), that exits as soon as its first frame is
// confirmed on the server. It links only Canopy and CanopyX11, as an app would. With
// BENCH_STAY set it stays open afterwards (for the idle wake-up count).
//     CanopyStartup N [dropdown]
import Canopy
@_spi(Testing) import CanopyX11

#if canImport(Glibc)
    import Glibc
#endif

/// `count` rows of "Hello i", made when asked for.
@MainActor final class Rows: ListViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow("Hello \(index)") }
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10 : 10
do {
    let application = try Application()
    let rows = Rows(count: count)
    let root = View()
    var dropDown: DropDown?
    if CommandLine.arguments.dropFirst(2).first == "dropdown" {
        let closed = DropDown(
            placeholder: "Select", items: (0..<count).map { "Hello \($0)" },
            frame: Rect(x: 20, y: 20, width: 200, height: 40))
        root.addSubview(closed)
        dropDown = closed
    } else {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 240, height: 400))
        list.dataSource = rows
        root.addSubview(list)
    }
    let window = try Window(
        application: application, title: "canopy", size: Size(width: 240, height: 400), rootView: root)
    window.show()
    application.run(timeout: 30) { window.framesPresented > 0 }
    application.synchronize()
    if getenv("BENCH_STAY") != nil { application.run() }
    withExtendedLifetime((rows, dropDown)) {}
} catch {
    print("CanopyStartup: \(error)")
    exit(1)
}
