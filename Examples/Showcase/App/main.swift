// Showcase: the seed widgets in one window. With $DISPLAY it opens a window; with
// `--screenshot DIR` it renders under its own Xvfb, drives each widget, and writes PNGs.
import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit

#if canImport(Glibc)
    import Glibc
#endif

let windowSize = ShowcaseView.preferredSize

func fail(_ message: String) -> Never {
    var bytes = Array("showcase: \(message)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}

/// Creates `path` and any missing parent directories, like `mkdir -p`.
func makeDirectory(_ path: String) {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        current += "/\(part)"
        if mkdir(current, 0o755) != 0, errno != EEXIST {
            fail("cannot create the directory \(current): \(String(cString: strerror(errno)))")
        }
    }
}

/// Renders the showcase under an embedded Xvfb, drives each widget with real input and writes
/// a screenshot of each state into `directory`.
@MainActor func writeScreenshots(to directory: String) throws {
    let content = ShowcaseView(announce: Announcer.say)
    let test = try TestWindow(size: windowSize, title: "Canopy Showcase", rootView: content)
    defer { test.close() }
    var written: [String] = []
    func shoot(_ name: String) throws {
        test.settle()
        try test.capture().writePNG(to: "\(directory)/\(name).png")
        written.append("\(directory)/\(name).png")
    }
    try shoot("showcase")
    let button = content.dropDownDemo.dropDown
    test.click(at: button.convert(button.bounds.center, to: nil))
    try shoot("dropdown-open")
    let list = content.dropDownDemo.dropDown.list
    test.click(at: list.convert(list.rect(ofRow: 3).center, to: nil))
    try shoot("dropdown-chosen")
    let pickerButton = content.pickerDemo.button
    test.click(at: pickerButton.convert(pickerButton.bounds.center, to: nil))
    try shoot("picker-open")
    if let picker = content.pickerDemo.picker {
        test.click(at: picker.list.convert(picker.list.rect(ofRow: 3).center, to: nil))
    }
    try shoot("picker-chosen")
    let search = content.searchBarDemo
    test.click(at: search.typeControl.convert(search.typeControl.bounds.center, to: nil))
    try shoot("search-panel")
    let sina = search.typeControl.tiles[2]
    test.click(at: sina.convert(sina.bounds.center, to: nil))
    test.settle()
    for key in ["h", "e", "l", "l", "o"] { test.tapKey(key) }
    try shoot("search-text")
    test.tapKey("Return")
    Announcer.say("showcase: wrote \(written.joined(separator: ", "))")
}

if let flag = CommandLine.arguments.firstIndex(of: "--screenshot") {
    let arguments = CommandLine.arguments
    let directory = flag + 1 < arguments.count ? arguments[flag + 1] : "screenshots"
    makeDirectory(directory)
    do { try writeScreenshots(to: directory) } catch { fail("\(error)") }
} else {
    do {
        let application = try Application(name: "showcase", className: "CanopyShowcase")
        let window = try Window(
            application: application, title: "Canopy Showcase · 展示", size: windowSize,
            rootView: ShowcaseView(announce: Announcer.say))
        window.show()
        application.run()
    } catch {
        fail("\(error)")
    }
}
