import Canopy

/// Three channel sliders and a rounded swatch that eases to the mixed colour, with its hex
/// code underneath, and a list of saved colours: a demo of a custom view, controls, keyboard
/// focus, a list and colour animation, laid out as a column (the mixer is a vertical stack).
@MainActor public final class ColorMixerView: StackView {
    /// The red channel's slider, 0...255.
    public let red = channelSlider("Red", value: 52, tint: Color(rgb: 0xe5484d))
    /// The green channel's slider, 0...255.
    public let green = channelSlider("Green", value: 120, tint: Color(rgb: 0x30a46c))
    /// The blue channel's slider, 0...255.
    public let blue = channelSlider("Blue", value: 246, tint: Color(rgb: 0x3e63dd))
    /// The rounded swatch showing the mixed colour; a click copies its hex code.
    public let swatch = ColorSwatch()
    /// The mixed colour's hex code.
    public let hexLabel = Label(text: "", font: .system(size: 17, weight: .bold), alignment: .center)
    /// Saves the current colour to the list.
    public let saveButton = Button(title: "Save colour")
    /// The saved colours; choosing one restores it.
    public let savedList = ListView()
    private let saved = ArrayListDataSource([])

    /// The colour the sliders mix.
    public var mixedColor: Color {
        Color(rgb: UInt32(red.value) << 16 | UInt32(green.value) << 8 | UInt32(blue.value))
    }

    /// A slider for one channel: whole values from 0 to 255, its track tinted with the channel's
    /// colour, named for screen readers (a slider has no title of its own).
    private static func channelSlider(_ name: String, value: Double, tint: Color) -> Slider {
        let slider = Slider(value: value, in: 0...255, step: 1)
        slider.tint = tint
        slider.accessibilityLabel = name
        return slider
    }

    /// Creates the mixer.
    public init(frame: Rect = .zero) {
        super.init(axis: .vertical, spacing: 16, frame: frame)
        swatch.cornerRadius = 16
        swatch.shadow = Shadow(opacity: 0.25, offset: Point(x: 0, y: 4), radius: 8)
        for slider in [red, green, blue] {
            slider.onValueChanged = { [weak self] _ in self?.mix(animated: true) }
        }
        saveButton.onPrimaryAction = { [weak self] in self?.saveColor() }
        savedList.dataSource = saved
        savedList.rowHeight = 32
        savedList.cornerRadius = 8
        savedList.activatesOnSingleClick = true
        savedList.onPrimaryAction = { [weak self] row in self?.restoreColor(row) }
        savedList.accessibilityLabel = "Saved colours"
        arrange()
        mix(animated: false)
    }

    /// A pale grey page, or the dark theme's grouped background; again whenever the theme
    /// changes.
    public override func themeDidChange() {
        backgroundColor = theme.colorScheme == .dark ? theme.groupedBackground : Color(rgb: 0xf7f7f8)
    }

    /// Stacks the views top to bottom: the swatch over its hex code, the sliders, and the Save
    /// button over the saved colours, which take the height left over.
    private func arrange() {
        layoutMargins = EdgeInsets(top: 24, left: 12, bottom: 24, right: 12)
        swatch.minimumSize = Size(width: 0, height: 120)
        savedList.flex = 1
        let color = StackView(axis: .vertical, spacing: 12, views: [swatch, hexLabel])
        let saving = StackView(axis: .vertical, spacing: 12, views: [saveButton, savedList])
        saving.flex = 1
        // A slider's knob overhangs its track: the sliders reach 12 points further out than the
        // views above and below them, so that the tracks line up with those.
        for group in [color, saving] { group.layoutMargins = EdgeInsets(left: 12, right: 12) }
        for view in [color, red, green, blue, saving] { addArrangedSubview(view) }
    }

    /// Adds the current colour's hex code to the top of the saved list.
    private func saveColor() {
        saved.rows.insert(ListRow(hexLabel.text, font: .system(size: 15), alignment: .center), at: 0)
        savedList.reloadData()
        savedList.selectRow(0, animated: true)
    }

    /// Moves the sliders back to a saved colour; the swatch eases there.
    private func restoreColor(_ row: Int) {
        guard let value = UInt32(saved.rows[row].text.dropFirst(), radix: 16) else { return }
        red.value = Double(value >> 16 & 0xff)
        green.value = Double(value >> 8 & 0xff)
        blue.value = Double(value & 0xff)
        mix(animated: true)
    }

    private func mix(animated: Bool) {
        let color = mixedColor
        View.animate(duration: animated ? 0.2 : 0) { self.swatch.color = color }
        let hex = String(UInt32(red.value) << 16 | UInt32(green.value) << 8 | UInt32(blue.value), radix: 16)
        hexLabel.text = "#" + String(repeating: "0", count: 6 - hex.count) + hex
        swatch.hexCode = hexLabel.text
    }
}
