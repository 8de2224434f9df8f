// Gallery: every everyday Canopy control in one window (`swift run Gallery`). Without a
// display, `swift run CanopyScreenshots gallery DIR` renders it under its own Xvfb instead.
import Canopy
import CanopyX11
import GalleryKit

#if canImport(Glibc)
    import Glibc
#endif

do {
    let application = try Application(name: "gallery", className: "CanopyGallery")
    let window = try Window(
        application: application, title: "Canopy Gallery · 控件", size: GalleryView.preferredSize,
        rootView: GalleryView {
            print($0)
            fflush(nil)
        })
    window.icon = GalleryView.icon
    window.show()
    application.run()
} catch {
    var bytes = Array("gallery: \(error)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}
