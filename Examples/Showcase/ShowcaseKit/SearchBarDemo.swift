import Canopy
import Foundation

/// Seed 001: a search bar (`TopBarView`) whose type control drops down a panel of four tiles
/// (`TypeSelectView`): web, weibo, sina and sohu. Choosing a tile closes the panel and puts its
/// icon on the control (announced as `search: type sina`); Enter in the field announces
/// `search: sina hello`.
@MainActor public final class SearchBarDemo: View {
    /// The type names, in tile order.
    public static let types = ["web", "weibo", "sina", "sohu"]

    /// The type control: it shows the current type's icon and drops down the panel of tiles.
    public let typeControl: TileSelector
    /// The search text.
    public let field = TextField(placeholder: "Search · 搜索", font: .system(size: 15))
    private let bar = View()
    private let caption = Label(
        text: "TopBarView · TypeSelectView", font: .system(size: 13, weight: .bold), themeTextColor: \.secondaryText)

    /// The selected type's name.
    public var currentType: String { Self.types[max(0, typeControl.selectedIndex)] }

    init(announce: @escaping (String) -> Void) {
        let items = Self.types.map { name in
            TileSelector.Item(
                title: name, image: Self.image(named: name), selectedImage: Self.image(named: name + "_touch"))
        }
        typeControl = TileSelector(items: items, selectedIndex: 0, title: "▾", font: .system(size: 12))
        super.init(frame: .zero)
        SeedStyle.apply(to: typeControl, highlight: Self.image(named: "change_icon_touch_bg"))
        bar.cornerRadius = 10
        typeControl.onSelectionChanged = { index in announce("search: type \(Self.types[index])") }
        typeControl.onValueChanged = { [weak self] _ in self?.field.becomeFocused() }
        field.onSubmit = { [weak self] text in
            guard let self else { return }
            announce("search: \(self.currentType) \(text)")
        }
        addSubview(caption)
        addSubview(bar)
        bar.addSubview(typeControl)
        bar.addSubview(field)
    }

    /// The bar's grey and the selector's panel in the theme's colours, again whenever it changes.
    public override func themeDidChange() {
        bar.backgroundColor = theme.colorScheme == .dark ? theme.controlBackground : Color(rgb: 0xe6e9ef)
        SeedStyle.applyColors(to: typeControl, for: theme)
    }

    /// The caption and the bar: 80 points tall, at least 300 wide (it takes what its row gives).
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, 300), height: 80)
    }

    public override func layoutSubviews() {
        caption.frame = Rect(x: 0, y: 0, width: bounds.width, height: 20)
        bar.frame = Rect(x: 0, y: 28, width: bounds.width, height: 52)
        typeControl.frame = Rect(x: 8, y: 8, width: 64, height: 36)
        field.frame = Rect(x: 80, y: 8, width: bounds.width - 88, height: 36)
    }

    /// Loads one of the demo's PNG icons, preferring its 2× file (crisp on HiDPI screens, and
    /// filtered down smoothly at 1×); `nil` if missing.
    static func image(named name: String) -> Image? {
        for file in [name + "@2x", name] {
            if let url = Bundle.module.url(forResource: file, withExtension: "png", subdirectory: "Resources") {
                return try? Image.load(pngFile: url.path)
            }
        }
        return nil
    }
}
