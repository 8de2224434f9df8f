import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit

/// The real Showcase in a test window under Xvfb, with the lines it announced: the fixture the
/// screen tests share.
@MainActor final class ShowcaseOnScreen {
    /// Collects announcements; a class, so the Showcase's closure can hold it before `self` exists.
    private final class Log {
        var lines: [String] = []
    }

    private let log = Log()
    let showcase: ShowcaseView
    let test: TestWindow

    /// What the Showcase announced so far, in order.
    var announced: [String] { log.lines }

    init() throws {
        let log = self.log
        showcase = ShowcaseView { log.lines.append($0) }
        test = try TestWindow(size: ShowcaseView.preferredSize, title: "Showcase", rootView: showcase)
    }

    /// Clicks the middle of `view`.
    func click(_ view: View) { test.click(at: view.convert(view.bounds.center, to: nil)) }
}
