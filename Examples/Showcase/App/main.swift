// Showcase: the seed widgets in one window (`swift run Showcase`). Without a display, `swift
// run CanopyScreenshots showcase DIR` renders it under its own Xvfb instead.
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
    window.show()
    application.run()
} catch {
    var bytes = Array("showcase: \(error)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}
