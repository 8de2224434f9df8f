import Canopy
import Foundation

extension GalleryView {
    /// The Gallery's icon (64 × 64 pixels), for the window manager and task bar to show
    /// (`Window.icon`); `nil` if its file is missing.
    public static let icon: Image? = Bundle.module.url(
        forResource: "gallery_icon", withExtension: "png", subdirectory: "Resources"
    ).flatMap { try? Image.load(pngFile: $0.path) }
}
