import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit
import Testing

/// The Showcase under openbox, driven the way issue 19's black-box pass drove it: xdotool types
/// into the search field, and a click on "Pick a number" follows at once.
///
/// xdotool types a character the keyboard map lacks by putting it on a spare key, striking
/// that key and taking it back: "你好" changes the map four times. Openbox rebinds all its keys
/// on every change, one after another, while its click-to-focus grab holds the next click
/// (the server freezes the pointer until openbox replays it). The click reaches the app late
/// (0.2 s to over a second on a loaded machine), never lost: the same happens to `xev`, and
/// not under IceWM. Canopy must act on it whenever it comes.
@MainActor @Suite(.serialized) struct OpenboxClickTests {
    /// Collects the Showcase's announcements; a class, so its closure can hold it.
    private final class Log {
        var lines: [String] = []
    }

    @Test func aClickRightAfterXdotoolTypedChineseOpensThePicker() throws {
        let display = try VirtualDisplay(width: 1024, height: 800)
        defer { display.stop() }
        let manager = try WindowManager(.openbox, on: display)
        defer { manager.stop() }
        let log = Log()
        let showcase = ShowcaseView { log.lines.append($0) }
        let test = try TestWindow(
            size: ShowcaseView.preferredSize, title: "Showcase", rootView: showcase, windowManager: manager)
        defer { test.close() }
        let field = showcase.searchBarDemo.field
        test.click(field)
        #expect(test.wait { test.window.scene.focusedView === field })
        for arguments in [["type", "hi 你好"], ["key", "Return"]] {
            let xdotool = try ChildProcess(
                "/usr/bin/xdotool", arguments: arguments, environment: ["DISPLAY": display.name])
            let result = xdotool.wait(servedBy: test.application, timeout: 60)
            #expect(result?.status == 0, "xdotool \(arguments): \(result?.errors ?? "still running")")
        }
        #expect(test.wait { !log.lines.isEmpty }, "the field holds \(field.text)")
        // xdotool may take a remapped key back before any client reads the map (a race between
        // two clients that no toolkit can win), so only the Latin letters are certain to arrive.
        #expect(log.lines.first?.hasPrefix("search: web hi") == true, "\(log.lines)")
        test.click(showcase.pickerDemo.button)  // at once: openbox may hold it while it rebinds
        #expect(test.wait(timeout: 20) { showcase.pickerDemo.picker?.isPresented == true })
        test.tap(.escape)
        #expect(test.wait { log.lines.last == "picker: dismissed" }, "\(log.lines)")
    }
}
