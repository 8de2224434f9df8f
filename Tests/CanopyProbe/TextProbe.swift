import Canopy
import CanopyTesting

/// Draws a mixed-direction line in a label and reports what a user would see of it: how many
/// pixels the text inked and how wide the host laid it out. Run with HarfBuzz and FriBidi
/// hidden, it shows that text still draws without them.
@MainActor func checkText() throws {
    let text = "Hello שלום 123"
    let font = Font(size: 28)
    let root = View()
    root.backgroundColor = .white
    root.addSubview(
        Label(
            text: text, font: font, textColor: .black, alignment: .left,
            frame: Rect(x: 10, y: 10, width: 380, height: 50)))
    let test = try TestWindow(size: Size(width: 400, height: 70), rootView: root, scale: 1)
    defer { test.close() }
    let image = try test.capture()
    var ink = 0
    for y in 10..<60 {
        for x in 10..<390 where image.rgb(x: x, y: y) != 0xFF_FFFF { ink += 1 }
    }
    let layout = test.window.scene.textMeasurer.layout(text, font: font, direction: .natural)
    print("ink: \(ink)")
    print("width: \(Int(layout.width.rounded()))")
    print("clusters: \(layout.clusters.count) of \(text.count) characters")
}
