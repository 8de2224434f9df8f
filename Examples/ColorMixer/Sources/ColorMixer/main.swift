// ColorMixer: a second Canopy demo. With $DISPLAY it opens a window; with `--screenshot DIR`
// it renders under its own Xvfb and writes DIR/colormixer.png.
import Canopy
import CanopyTesting
import CanopyX11
import ColorMixerKit

#if canImport(Glibc)
    import Glibc
#endif

let size = Size(width: 360, height: 540)
do {
    if let flag = CommandLine.arguments.firstIndex(of: "--screenshot") {
        let directory = flag + 1 < CommandLine.arguments.count ? CommandLine.arguments[flag + 1] : "."
        let test = try TestWindow(size: size, title: "Color Mixer", rootView: ColorMixerView())
        try test.capture().writePNG(to: "\(directory)/colormixer.png")
        test.close()
    } else {
        let application = try Application(name: "colormixer", className: "CanopyColorMixer")
        let window = try Window(application: application, title: "Color Mixer", size: size, rootView: ColorMixerView())
        window.show()
        application.run()
    }
} catch {
    print("colormixer: \(error)")
    exit(1)
}
