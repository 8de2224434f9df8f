// Renders ColorMixer under its own Xvfb and writes DIR/colormixer.png (DIR defaults to "."):
// a tool of its own, so the demo itself never links the test support.
import Canopy
import CanopyTesting
import ColorMixerKit

#if canImport(Glibc)
    import Glibc
#endif

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
do {
    let test = try TestWindow(size: Size(width: 360, height: 540), title: "Color Mixer", rootView: ColorMixerView())
    try test.capture().writePNG(to: "\(directory)/colormixer.png")
    test.close()
} catch {
    print("colormixer: \(error)")
    exit(1)
}
