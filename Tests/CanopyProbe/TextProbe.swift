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

/// Wraps a label of Latin and Thai at two widths and moves over its first word, as the host's
/// breaking finds lines and words; reports the lines and the word's end. Run with ICU hidden,
/// it shows that text still wraps (at spaces) and that the app says so once.
@MainActor func checkWrapping() throws {
    let text = "Don't pay 10,000.50 ภาษาไทยเป็นภาษาที่สวยงามมาก"
    let label = Label(
        text: text, font: Font(size: 20), numberOfLines: 0, frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let test = try TestWindow(size: Size(width: 200, height: 200), rootView: label, scale: 1)
    defer { test.close() }
    for width in [200.0, 150.0] {
        print("lines at \(Int(width)): \(label.lines(forWidth: width).joined(separator: " | "))")
    }
    var editing = TextEditingState(text: text)
    editing.setCaret(0)
    editing.moveRight(byWord: true, using: View.defaultTextSegmenter)
    print("first word ends at: \(editing.caret)")
}
