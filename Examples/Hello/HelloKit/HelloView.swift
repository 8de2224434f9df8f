import Canopy

/// Hello's content: a rounded, shadowed card with mixed Latin and Chinese text, alpha over
/// colour, and a control that changes colour when clicked.
@MainActor public final class HelloView: View {
    /// The window size the content is laid out for.
    public static let preferredSize = Size(width: 480, height: 320)

    /// The clickable area.
    public let toggle: ColorToggle
    private let card = View(frame: Rect(x: 40, y: 60, width: 400, height: 170))
    private let title = Label(
        text: "Hello 你好", font: .system(size: 30, weight: .bold), frame: Rect(x: 24, y: 20, width: 352, height: 44))
    private let subtitle = Label(
        text: "A view tree on raw X11 — 视图树 ✓", font: .system(size: 15),
        frame: Rect(x: 24, y: 66, width: 352, height: 24))

    /// Creates the content; `announce` receives one line per click on the toggle.
    public init(announce: @escaping (String) -> Void) {
        toggle = ColorToggle(frame: Rect(x: 260, y: 250, width: 180, height: 44), announce: announce)
        super.init(frame: .zero)

        let band = View(frame: Rect(x: 0, y: 0, width: 480, height: 120))
        band.backgroundColor = Color(rgb: 0x2f6fd6)
        addSubview(band)

        card.cornerRadius = 14
        card.themeShadow = \.cardShadow  // darker and stronger in the dark theme
        addSubview(card)
        card.addSubview(title)
        card.addSubview(subtitle)

        let overlapBase = View(frame: Rect(x: 24, y: 104, width: 90, height: 46))
        overlapBase.backgroundColor = Color(rgb: 0xf5a623)
        overlapBase.cornerRadius = 8
        card.addSubview(overlapBase)
        let translucent = View(frame: Rect(x: 70, y: 114, width: 90, height: 46))
        translucent.backgroundColor = Color(rgb: 0x7b3fe4)
        translucent.alpha = 0.5
        translucent.cornerRadius = 8
        card.addSubview(translucent)

        addSubview(toggle)
        themeDidChange()
    }

    /// A pale blue-grey page with a white card and black text, or the dark theme's greys and
    /// text; again whenever the theme changes.
    public override func themeDidChange() {
        let isDark = theme.colorScheme == .dark
        backgroundColor = isDark ? theme.groupedBackground : Color(rgb: 0xe9eef5)
        card.backgroundColor = isDark ? theme.contentBackground : .white
        title.textColor = isDark ? theme.text : .black
        subtitle.textColor = isDark ? theme.secondaryText : Color(white: 0.35)
    }
}

/// A rounded area that toggles its colour when clicked: a ``Control`` drawn its own way.
@MainActor public final class ColorToggle: Control {
    private let label = Label(
        text: "Click me · 点我", font: .system(size: 15, weight: .bold), textColor: .white, alignment: .center)
    /// Whether the toggle is on.
    public private(set) var isOn = false
    private let announce: (String) -> Void

    init(frame: Rect, announce: @escaping (String) -> Void) {
        self.announce = announce
        super.init(frame: frame)
        cornerRadius = 10
        backgroundColor = Color(rgb: 0x3478f6)
        addSubview(label)
    }

    public override func layoutSubviews() { label.frame = bounds }

    /// Flips the colour and the text.
    public override func sendPrimaryAction() {
        isOn.toggle()
        backgroundColor = isOn ? Color(rgb: 0x2fb463) : Color(rgb: 0x3478f6)
        label.text = isOn ? "Clicked · 已点击" : "Click me · 点我"
        announce("hello: toggled \(isOn ? "on" : "off")")
        super.sendPrimaryAction()
    }
}
