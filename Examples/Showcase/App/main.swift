// Showcase: the seed widgets in one window, F1 for the About box (`swift run Showcase`). Without
// a display, `swift run CanopyScreenshots showcase DIR` renders it under its own Xvfb instead.
import Canopy
import CanopyX11
import ShowcaseKit

#if canImport(Glibc)
    import Glibc
#endif

do {
    let application = try Application(name: "showcase", className: "CanopyShowcase")
    let window = try Window(
        application: application, title: "Canopy Showcase · 展示", size: ShowcaseView.preferredSize,
        rootView: ShowcaseView(announce: Announcer.say))
    window.scene.addKeyboardShortcut(.function(1)) { [unowned window] in
        // The About box, in a dialog of the window: modal, so the window waits for its OK.
        let about = AboutPanel()
        do {
            let dialog = try window.presentDialog(
                title: "About the Showcase", size: AboutPanel.preferredSize, rootView: about)
            about.onDone = { [weak dialog] in dialog?.close() }
            dialog.didClose = { Announcer.say("about: closed") }
            Announcer.say("about: opened")
        } catch {
            Announcer.say("about: \(error)")
        }
    }
    window.icon = ShowcaseView.icon
    window.show()
    application.run()
} catch {
    var bytes = Array("showcase: \(error)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}
