// CanopyScreenshots: renders an example under its own Xvfb, drives it with real input and
// writes a PNG of each state: `swift run CanopyScreenshots showcase|hello|gallery [DIR]` (DIR defaults
// to ./screenshots and is created); `showcase-dark`, `hello-dark` and `gallery-dark` take the same
// shots in the dark theme, each name ending in `-dark`. The examples themselves never link the
// test support.
import Canopy
import CanopyTesting
import CanopyX11
import GalleryKit
import HelloKit
import ShowcaseKit

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    var bytes = Array("screenshots: \(message)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}

/// Prints a line and flushes, so a script reading the output sees it at once.
func say(_ line: String) {
    print(line)
    fflush(nil)
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

/// A test window on `content` in a colour scheme, and a way to write what it shows as
/// `DIR/name.png` (`DIR/name-dark.png` in the dark scheme).
@MainActor final class Camera {
    let test: TestWindow
    let directory: String
    let scheme: ColorScheme
    private(set) var written: [String] = []

    /// Its own server, large enough for the largest shot (1400 × 1000 points) at up to 2.9
    /// pixels a point: a window reaching past the screen cannot be read back.
    private let display: VirtualDisplay

    init(_ content: View, size: Size, title: String, directory: String, scheme: ColorScheme) throws {
        display = try VirtualDisplay(width: 4096, height: 4096)
        test = try TestWindow(size: size, title: title, rootView: content, display: display)
        test.window.scene.colorSchemePreference = scheme == .dark ? .dark : .light
        self.directory = directory
        self.scheme = scheme
    }

    /// Waits for every animation to end, then writes the window's pixels.
    func shoot(_ name: String) throws {
        test.settle()
        let path = "\(directory)/\(name)\(scheme == .dark ? "-dark" : "").png"
        try test.capture().writePNG(to: path)
        written.append(path)
    }
}

/// The Showcase: each seed widget opened and used, as a person would.
@MainActor func showcase(into directory: String, scheme: ColorScheme) throws -> [String] {
    let content = ShowcaseView(announce: say)
    let camera = try Camera(
        content, size: ShowcaseView.preferredSize, title: "Canopy Showcase", directory: directory, scheme: scheme)
    defer { camera.test.close() }
    let test = camera.test
    try camera.shoot("showcase")
    test.click(content.dropDownDemo.dropDown)
    try camera.shoot("dropdown-open")
    let list = content.dropDownDemo.dropDown.list
    test.click(at: list.convert(list.rect(ofRow: 3).center, to: nil))
    try camera.shoot("dropdown-chosen")
    test.click(content.pickerDemo.button)
    try camera.shoot("picker-open")
    if let picker = content.pickerDemo.picker {
        test.click(at: picker.list.convert(picker.list.rect(ofRow: 3).center, to: nil))
    }
    try camera.shoot("picker-chosen")
    let search = content.searchBarDemo
    test.click(search.typeControl)
    try camera.shoot("search-panel")
    test.click(search.typeControl.tiles[2])
    test.settle()
    test.type("hello")
    try camera.shoot("search-text")
    test.tap(.enter)
    // The same content reflowed for a small window (it scrolls) and a large one.
    for size in [Size(width: 480, height: 520), Size(width: 1400, height: 1000)] {
        test.window.resize(to: size)
        test.wait { test.window.scene.size == size }
        try camera.shoot("showcase-\(Int(size.width))x\(Int(size.height))")
    }
    return camera.written
}

/// The Gallery: every control, at rest, then with the list scrolled, a menu open, a tooltip, the
/// split view, the segmented control, the tab view, the Delete… button's alert and the menu bar
/// with its Edit ▸ Transform submenu (also right to left), the task list with several rows selected,
/// focused and not, and its menu, the table of files sorted with rows selected (also right to
/// left), and the folder tree opened (also right to left).
@MainActor func gallery(into directory: String, scheme: ColorScheme) throws -> [String] {
    let content = GalleryView(announce: say)
    let camera = try Camera(
        content, size: GalleryView.preferredSize, title: "Canopy Gallery", directory: directory, scheme: scheme)
    defer { camera.test.close() }
    let test = camera.test
    let scroller = content.subviews.first { $0 is ScrollView } as? ScrollView
    /// Scrolls so that `view` sits just below the window's top, under its section's heading.
    func scroll(toShow view: View) {
        guard let scroller else { return }
        scroller.setContentOffset(Point(x: 0, y: view.convert(Point.zero, to: scroller).y - 44), animated: false)
    }
    content.busy.isIndeterminate = false  // a still frame: the sweep would never settle
    content.busy.progress = 0.7
    test.click(content.volume)
    test.click(content.rememberBox)
    try camera.shoot("gallery")
    // Under the menu bar the Actions button sits near the window's bottom: its menu opens above
    // it, in the window the capture reads (a pop-up window of its own would not be in it).
    test.window.popUpsMayLeaveWindow = false
    test.click(content.actions)
    test.tap(.down)
    try camera.shoot("gallery-menu")
    test.tap(.escape)
    test.window.popUpsMayLeaveWindow = true
    test.move(to: content.saveButton.convert(content.saveButton.bounds.center, to: nil))
    test.wait(timeout: 2) { test.window.scene.presentations.contains { $0.isPassive } }
    try camera.shoot("gallery-tooltip")
    // The Scripts section at the top, the caret at the start of the Arabic field: its right end.
    test.move(to: Point(x: 630, y: 10))
    content.arabicField.becomeFocused()
    test.tap(.home)
    if let firstSample = content.scriptLabels.first { scroll(toShow: firstSample) }
    try camera.shoot("gallery-scripts")
    // The text view at the top, focused, a selection running from its first paragraph into the
    // Chinese one.
    scroll(toShow: content.notes)
    test.click(at: content.notes.convert(Point(x: 60, y: 14), to: nil))
    test.tap(.down, modifiers: .shift)
    test.tap(.down, modifiers: .shift)
    try camera.shoot("gallery-textview")
    // The log at the top: its lines coloured by level as they are laid out.
    scroll(toShow: content.log)
    try camera.shoot("gallery-log")
    // The split view at the top with its divider focused, then mirrored in a right-to-left window.
    scroll(toShow: content.split)
    content.split.subviews.first { $0.canBecomeFocused }?.becomeFocused()
    try camera.shoot("gallery-split")
    test.window.scene.layoutDirection = .rightToLeft
    try camera.shoot("gallery-split-rtl")
    test.window.scene.layoutDirection = .leftToRight
    // The destructive alert of the Delete… button over the dimmed window, then mirrored.
    scroller?.setContentOffset(.zero, animated: false)
    test.settle()
    test.click(content.deleteButton)
    try camera.shoot("gallery-alert")
    test.window.scene.layoutDirection = .rightToLeft
    try camera.shoot("gallery-alert-rtl")
    test.window.scene.layoutDirection = .leftToRight
    test.tap(.escape)
    // The segmented control at the top, focused, its third segment hovered; then mirrored.
    scroll(toShow: content.period)
    content.period.becomeFocused()
    test.move(to: content.period.segments[2].convert(content.period.segments[2].bounds.center, to: nil))
    try camera.shoot("gallery-segmented")
    test.move(to: Point(x: 630, y: 10))
    test.window.scene.layoutDirection = .rightToLeft
    try camera.shoot("gallery-segmented-rtl")
    test.window.scene.layoutDirection = .leftToRight
    // The tab view on its second page, its tabs focused; then narrowed until the tabs overflow,
    // and mirrored.
    content.settings.tabBar.becomeFocused()
    test.tap(.right)
    try camera.shoot("gallery-tabs")
    test.window.resize(to: Size(width: 360, height: 720))
    test.wait { test.window.scene.size.width == 360 }
    test.tap(.right)
    try camera.shoot("gallery-tabs-narrow")
    test.window.scene.layoutDirection = .rightToLeft
    try camera.shoot("gallery-tabs-rtl")
    test.window.scene.layoutDirection = .leftToRight
    // The menu bar's File menu opened with Alt+F, its shortcuts at the trailing edge; then the
    // Edit menu in a right-to-left window, its titles from the right edge.
    test.window.resize(to: GalleryView.preferredSize)
    test.wait { test.window.scene.size == GalleryView.preferredSize }
    test.tap(.character("f"), modifiers: .alt)
    test.tap(.down)
    try camera.shoot("gallery-menubar")
    test.tap(.escape)
    test.tap(.escape)
    test.window.scene.layoutDirection = .rightToLeft
    test.tap(.character("e"), modifiers: .alt)
    try camera.shoot("gallery-menubar-rtl")
    // Edit ▸ Transform from the keyboard: End, then Left, the way a submenu opens right to left;
    // then left to right with Right.
    test.tap(.end)
    test.tap(.left)
    try camera.shoot("gallery-submenu-rtl")
    test.tap(.escape)
    test.tap(.escape)
    test.window.scene.layoutDirection = .leftToRight
    test.tap(.character("e"), modifiers: .alt)
    test.tap(.end)
    test.tap(.right)
    try camera.shoot("gallery-submenu")
    test.tap(.escape)
    test.tap(.escape)
    // The task list at the top: tasks 1 to 3 and 5 selected by a click, a Shift-click and a
    // Control-click, the lead moved back to task 4 with Control-Up; then without the focus
    // (muted), then its menu for a right press on a selected row.
    test.window.resize(to: GalleryView.preferredSize)
    test.wait { test.window.scene.size == GalleryView.preferredSize }
    scroll(toShow: content.list)
    test.settle()
    let list = content.list
    func row(_ index: Int) -> Point { list.convert(list.rect(ofRow: index).center, to: nil) }
    test.click(at: row(0))
    test.click(at: row(2), modifiers: .shift)
    test.click(at: row(4), modifiers: .control)
    test.tap(.up, modifiers: .control)
    test.move(to: Point(x: 630, y: 10))
    try camera.shoot("gallery-list")
    list.resignFocus()
    try camera.shoot("gallery-list-unfocused")
    test.click(at: row(1), button: .right)
    test.tap(.down)
    try camera.shoot("gallery-list-menu")
    test.tap(.escape)
    // Rows of any view: people in views of the app's own, those with a note taller, one selected.
    scroll(toShow: content.people)
    test.settle()
    test.click(at: content.people.convert(content.people.rect(ofRow: 1).center, to: nil))
    test.move(to: Point(x: 630, y: 10))
    try camera.shoot("gallery-rows")
    // The table of files: sorted by size (a click on its title), rows 2 to 4 selected by a click
    // and a Shift-click; then right to left.
    scroll(toShow: content.files)
    test.settle()
    let files = content.files
    func cell(_ row: Int) -> Point { files.convert(files.frame(ofRow: row, column: 1).center, to: nil) }
    test.click(at: files.convert(files.headerFrame(ofColumn: 2).center, to: nil))
    test.click(at: cell(1))
    test.click(at: cell(3), modifiers: .shift)
    test.move(to: Point(x: 630, y: 10))
    try camera.shoot("gallery-table")
    test.window.scene.layoutDirection = .rightToLeft
    test.settle()
    try camera.shoot("gallery-table-rtl")
    test.window.scene.layoutDirection = .leftToRight
    // The folder tree: Documents opened with everything below it (Shift-Right); then right to
    // left.
    let tree = content.folderTree
    scroll(toShow: tree)
    test.settle()
    tree.becomeFocused()
    test.tap(.down)
    test.tap(.right, modifiers: .shift)
    test.move(to: Point(x: 630, y: 10))
    test.settle()
    try camera.shoot("gallery-tree")
    test.window.scene.layoutDirection = .rightToLeft
    test.settle()
    try camera.shoot("gallery-tree-rtl")
    test.window.scene.layoutDirection = .leftToRight
    // The tree-table: Docs opened by a click on its triangle, then every folder's entries
    // sorted by size, largest first (two clicks on its title), Sources/Canopy/Widgets opened by
    // Right; then right to left.
    let project = content.projectTable
    scroll(toShow: project)
    test.settle()
    if let docs = project.outlineView?.row(forNode: "Docs"), let row = project.listView.rowView(for: docs),
        let triangle = row.disclosureFrame
    {
        test.click(at: row.convert(triangle.center, to: nil))
    }
    let size = project.convert(project.headerFrame(ofColumn: 1).center, to: nil)
    test.click(at: size)
    test.click(at: size)
    if let widgets = project.outlineView?.row(forNode: "Sources/Canopy/Widgets") {
        test.click(at: project.convert(project.frame(ofRow: widgets, column: 2).center, to: nil))
        test.tap(.right)
    }
    test.move(to: Point(x: 630, y: 10))
    test.settle()
    try camera.shoot("gallery-tree-table")
    test.window.scene.layoutDirection = .rightToLeft
    test.settle()
    try camera.shoot("gallery-tree-table-rtl")
    test.window.scene.layoutDirection = .leftToRight
    return camera.written
}

/// Hello: as it opens, and after a click on its toggle.
@MainActor func hello(into directory: String, scheme: ColorScheme) throws -> [String] {
    let content = HelloView(announce: say)
    let camera = try Camera(
        content, size: HelloView.preferredSize, title: "Hello · 你好", directory: directory, scheme: scheme)
    defer { camera.test.close() }
    try camera.shoot("hello")
    camera.test.click(content.toggle)
    try camera.shoot("hello-clicked")
    return camera.written
}

let arguments = Array(CommandLine.arguments.dropFirst())
let directory = arguments.count > 1 ? arguments[1] : "screenshots"
let examples: [String: @MainActor (String, ColorScheme) throws -> [String]] = [
    "showcase": showcase, "hello": hello, "gallery": gallery,
]
let darkSuffix = "-dark"
let requested = arguments.first ?? ""
let scheme: ColorScheme = requested.hasSuffix(darkSuffix) ? .dark : .light
guard let render = examples[scheme == .dark ? String(requested.dropLast(darkSuffix.count)) : requested] else {
    fail("usage: CanopyScreenshots showcase|hello|gallery[-dark] [DIRECTORY]")
}
makeDirectory(directory)
do {
    let written = try render(directory, scheme)
    say("screenshots: wrote \(written.joined(separator: ", "))")
} catch {
    fail("\(error)")
}
