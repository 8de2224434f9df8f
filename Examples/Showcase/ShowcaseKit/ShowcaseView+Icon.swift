import Canopy

extension ShowcaseView {
    /// The Showcase's icon (64 × 64 pixels), for the window manager and task bar to show
    /// (`Window.icon`); `nil` if its file is missing.
    public static let icon: Image? = SearchBarDemo.image(named: "showcase_icon")
}
