import Canopy
import CanopyX11
import Foundation

/// Seed 001: a search bar (`TopBarView`) whose type control drops down a panel of four tiles
/// (`TypeSelectView`): web, weibo, sina and sohu. Choosing a tile collapses the panel and puts
/// its icon on the control (announced as `search: type sina`); Enter in the field announces
/// `search: sina hello`.
@MainActor public final class SearchBarDemo: View {
    /// The type names, in tile order.
    public static let types = ["web", "weibo", "sina", "sohu"]

    /// Shows the current type's icon and toggles the panel.
    public let typeControl = Button(title: "▾", font: .system(size: 12))
    /// The search text.
    public let field = TextField(placeholder: "Search · 搜索", font: .system(size: 15))
    /// The panel of four type tiles.
    public let panel: TileSelector
    private let bar = View()
    private let caption = Label(
        text: "TopBarView · TypeSelectView", font: .system(size: 13, weight: .bold), textColor: Color(white: 0.4))
    private let icons: [Image?]

    /// The selected type's name.
    public var currentType: String { Self.types[max(0, panel.selectedIndex)] }

    init(announce: @escaping (String) -> Void) {
        let icons = Self.types.map { Self.image(named: $0) }
        self.icons = icons
        let items = Self.types.enumerated().map { index, name in
            TileSelector.Item(title: name, image: icons[index], selectedImage: Self.image(named: name + "_touch"))
        }
        panel = TileSelector(
            items: items, selectedIndex: 0, highlightBackground: Self.image(named: "change_icon_touch_bg"))
        super.init(frame: .zero)
        bar.backgroundColor = Color(rgb: 0xe6e9ef)
        bar.cornerRadius = 10
        typeControl.image = icons[0]
        typeControl.action = { [weak self] in self?.panel.toggle() }
        panel.borderWidth = 1
        panel.borderColor = Color(white: 0.85)
        panel.onSelect = { [weak self] index in
            self?.typeControl.image = self?.icons[index]
            announce("search: type \(Self.types[index])")
        }
        panel.anchor = typeControl
        panel.onConfirm = { [weak self] _ in self?.field.becomeFocused() }
        field.onSubmit = { [weak self] text in
            guard let self else { return }
            announce("search: \(self.currentType) \(text)")
        }
        addSubview(caption)
        addSubview(bar)
        bar.addSubview(typeControl)
        bar.addSubview(field)
        addSubview(panel)
    }

    public override func layoutSubviews() {
        caption.frame = Rect(x: 0, y: 0, width: bounds.width, height: 20)
        bar.frame = Rect(x: 0, y: 28, width: bounds.width, height: 52)
        typeControl.frame = Rect(x: 8, y: 8, width: 64, height: 36)
        field.frame = Rect(x: 80, y: 8, width: bounds.width - 88, height: 36)
        panel.frame = Rect(
            x: 0, y: bar.frame.maxY + 8, width: panel.preferredWidth,
            height: panel.isExpanded ? panel.expandedHeight : 0)
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
