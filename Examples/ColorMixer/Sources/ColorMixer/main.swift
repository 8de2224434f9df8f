// ColorMixer: a second Canopy demo in a window (`swift run ColorMixer`). Without a display,
// `swift run ColorMixerScreenshot DIR` renders it under its own Xvfb and writes DIR/colormixer.png.
import Canopy
import CanopyX11
import ColorMixerKit

#if canImport(Glibc)
    import Glibc
#endif

let size = Size(width: 360, height: 540)
do {
    let application = try Application(name: "colormixer", className: "CanopyColorMixer")
    let window = try Window(application: application, title: "Color Mixer", size: size, rootView: ColorMixerView())
    window.show()
    application.run()
} catch {
    print("colormixer: \(error)")
    exit(1)
}
