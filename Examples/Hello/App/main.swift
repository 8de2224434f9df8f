// Hello: a few Canopy views in a window (`swift run Hello`). Without a display, `swift run
// CanopyScreenshots hello DIR` renders it under its own Xvfb instead.
import Canopy
import CanopyX11
import HelloKit

#if canImport(Glibc)
    import Glibc
#endif

do {
    let application = try Application(name: "hello", className: "CanopyHello")
    let content = HelloView { print($0) }
    let window = try Window(
        application: application, title: "Hello · 你好", size: HelloView.preferredSize, rootView: content)
    window.show()
    application.run()
} catch {
    var bytes = Array("hello: \(error)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}
