// Hello: a few Canopy views in a window. With $DISPLAY it opens a window; with
// `--screenshot DIR` it renders under its own Xvfb and writes PNG files to DIR.
import Canopy
import CanopyTesting
import CanopyX11

#if canImport(Glibc)
    import Glibc
#endif

/// A rounded area that toggles its colour when clicked.
final class ColorToggle: View {
    private let label = Label(
        text: "Click me · 点我", font: .system(size: 15, weight: .bold), textColor: .white, alignment: .center)
    private var isOn = false

    override init(frame: Rect) {
        super.init(frame: frame)
        cornerRadius = 10
        backgroundColor = Color(rgb: 0x3478f6)
        addSubview(label)
    }

    override func layoutSubviews() { label.frame = bounds }

    override func mouseDown(_ event: MouseEvent) -> Bool {
        isOn.toggle()
        backgroundColor = isOn ? Color(rgb: 0x2fb463) : Color(rgb: 0x3478f6)
        label.text = isOn ? "Clicked · 已点击" : "Click me · 点我"
        print("hello: toggled \(isOn ? "on" : "off")")
        return true
    }
}

@MainActor func makeContent() -> View {
    let root = View()
    root.backgroundColor = Color(rgb: 0xe9eef5)

    let band = View(frame: Rect(x: 0, y: 0, width: 480, height: 120))
    band.backgroundColor = Color(rgb: 0x2f6fd6)
    root.addSubview(band)

    let card = View(frame: Rect(x: 40, y: 60, width: 400, height: 170))
    card.backgroundColor = .white
    card.cornerRadius = 14
    card.shadow = Shadow(opacity: 0.35, offset: Point(x: 0, y: 6), radius: 10)
    root.addSubview(card)

    card.addSubview(
        Label(
            text: "Hello 你好", font: .system(size: 30, weight: .bold), frame: Rect(x: 24, y: 20, width: 352, height: 44))
    )
    card.addSubview(
        Label(
            text: "A view tree on raw X11 — 视图树 ✓", font: .system(size: 15), textColor: Color(white: 0.35),
            frame: Rect(x: 24, y: 66, width: 352, height: 24)))

    let overlapBase = View(frame: Rect(x: 24, y: 104, width: 90, height: 46))
    overlapBase.backgroundColor = Color(rgb: 0xf5a623)
    overlapBase.cornerRadius = 8
    card.addSubview(overlapBase)
    let translucent = View(frame: Rect(x: 70, y: 114, width: 90, height: 46))
    translucent.backgroundColor = Color(rgb: 0x7b3fe4)
    translucent.alpha = 0.5
    translucent.cornerRadius = 8
    card.addSubview(translucent)

    root.addSubview(ColorToggle(frame: Rect(x: 260, y: 250, width: 180, height: 44)))
    return root
}

func fail(_ message: String) -> Never {
    var bytes = Array("hello: \(message)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(1)
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--screenshot") {
    let directory = flag + 1 < arguments.count ? arguments[flag + 1] : "screenshots"
    do {
        let test = try TestWindow(size: Size(width: 480, height: 320), title: "Hello · 你好", rootView: makeContent())
        try test.capture().writePNG(to: "\(directory)/hello.png")
        test.click(at: Point(x: 350, y: 272))
        test.settle()
        try test.capture().writePNG(to: "\(directory)/hello-clicked.png")
        test.close()
        print("hello: wrote \(directory)/hello.png and \(directory)/hello-clicked.png")
    } catch {
        fail("\(error)")
    }
} else {
    do {
        let application = try Application(name: "hello", className: "CanopyHello")
        let window = try Window(
            application: application, title: "Hello · 你好", size: Size(width: 480, height: 320), rootView: makeContent())
        window.show()
        application.run()
    } catch {
        fail("\(error)")
    }
}
