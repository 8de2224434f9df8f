import Canopy
import CanopyTesting
import Foundation
import Testing

/// The colour scheme a scene shows: the app's choice, or the desktop's, followed as it changes;
/// and the dark theme's text readable on what it is drawn on.
@MainActor @Suite struct ColorSchemeTests {
    /// A view that keeps a colour of its own from the theme, as an app's views do.
    final class Panel: View {
        var changes = 0
        override func themeDidChange() {
            changes += 1
            backgroundColor = theme.windowBackground
        }
    }

    /// The desktop going dark, as a host tells it.
    func darkDesktop() -> DesktopSettings { DesktopSettings(colorScheme: .dark) }

    @Test func aChoiceOfLightOrDarkWinsOverTheDesktopAndFollowingTakesTheDesktops() {
        #expect(ColorSchemePreference.light.resolved(desktop: .dark) == .light)
        #expect(ColorSchemePreference.dark.resolved(desktop: .light) == .dark)
        #expect(ColorSchemePreference.followDesktop.resolved(desktop: .dark) == .dark)
        #expect(ColorSchemePreference.followDesktop.resolved(desktop: .light) == .light)
        #expect(Theme.standard(for: .dark) == .dark && Theme.standard(for: .light) == .standard)
        #expect(Theme.dark.colorScheme == .dark && Theme.standard.colorScheme == .light)
    }

    @Test func aSceneFollowsTheDesktopUnlessTheAppChose() {
        let scene = Scene(size: Size(width: 100, height: 100))
        #expect(scene.colorSchemePreference == .followDesktop && scene.theme == .standard)
        scene.desktopSettings = darkDesktop()
        #expect(scene.colorScheme == .dark && scene.theme == .dark)
        scene.colorSchemePreference = .light
        #expect(scene.colorScheme == .light && scene.theme == .standard)
        scene.desktopSettings = DesktopSettings()
        scene.colorSchemePreference = .dark
        #expect(scene.theme == .dark)
    }

    @Test func aSwitchedSchemeRedrawsEverythingAndTellsEveryViewPresentationsToo() {
        let scene = Scene(size: Size(width: 200, height: 100))
        let panel = Panel(), popover = Panel()
        scene.rootView.addSubview(panel)
        scene.present(popover, style: .modal(), transition: .none)
        #expect(panel.changes == 1 && panel.backgroundColor == Theme.standard.windowBackground)  // on joining
        _ = scene.prepareFrame()

        scene.desktopSettings = darkDesktop()
        #expect(scene.prepareFrame() == [Rect(x: 0, y: 0, width: 200, height: 100)])
        #expect(panel.changes == 2 && popover.changes == 2)
        #expect(panel.backgroundColor == Theme.dark.windowBackground)

        // Nothing shown changes: no one is told, nothing is redrawn.
        scene.desktopSettings.doubleClickInterval = 1
        scene.colorSchemePreference = .dark
        #expect(panel.changes == 2 && scene.prepareFrame().isEmpty)
    }

    @Test func settingTheThemeReplacesTheOneOfTheSchemeShown() {
        let scene = Scene(size: Size(width: 100, height: 100))
        var orange = Theme.dark
        orange.accent = Color(rgb: 0xe8730c)
        scene.colorSchemePreference = .dark
        scene.theme = orange
        #expect(scene.darkTheme == orange && scene.lightTheme == .standard)
        scene.colorSchemePreference = .light
        #expect(scene.theme == .standard)
    }

    @Test func darkWidgetsDrawTheDarkThemesColours() {
        let scene = Scene(size: Size(width: 300, height: 200))
        let field = TextField(text: "typed", frame: Rect(x: 0, y: 0, width: 180, height: 36))
        let check = CheckBox(title: "On", frame: Rect(x: 0, y: 50, width: 120, height: 24))
        check.isChecked = true
        for view in [field, check] as [View] { scene.rootView.addSubview(view) }
        scene.colorSchemePreference = .dark
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        let fills = context.operations.compactMap { operation -> Color? in
            switch operation {
            case let .fill(_, color), let .fillRoundedRect(_, radius: _, color): return color
            default: return nil
            }
        }
        let texts = context.operations.compactMap { operation -> Color? in
            if case let .text(_, at: _, _, color) = operation { return color } else { return nil }
        }
        #expect(fills.contains(Theme.dark.contentBackground) && fills.contains(Theme.dark.accent))
        #expect(!fills.contains(Theme.standard.contentBackground))
        #expect(texts.count == 2 && texts.allSatisfy { $0 == Theme.dark.text })
    }

    /// WCAG 2's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), L the relative
    /// luminance of the lighter and the darker.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func luminance(_ c: Color) -> Double {
            0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    @Test func theDarkThemesTextIsReadableOnEveryBackgroundItIsDrawnOn() {
        let dark = Theme.dark
        let textBackgrounds = [
            dark.windowBackground, dark.groupedBackground, dark.contentBackground, dark.controlBackground,
            dark.hoveredControlBackground, dark.pressedControlBackground, dark.selectedBackground,
            dark.focusedSelectedBackground, dark.textSelection,
        ]
        for background in textBackgrounds {
            #expect(Self.contrast(dark.text, background) >= 4.5, "\(background)")
        }
        // Captions, placeholders and links.
        for background in [dark.windowBackground, dark.groupedBackground, dark.contentBackground] {
            #expect(Self.contrast(dark.secondaryText, background) >= 4.5, "\(background)")
            #expect(Self.contrast(dark.link, background) >= 4.5, "\(background)")
        }
        for fill in [dark.accent, dark.destructive] {  // prominent buttons, highlighted menu items
            #expect(Self.contrast(dark.textOnAccent, fill) >= 4.5, "\(fill)")
        }
        let light = Theme.standard
        for background in [light.windowBackground, light.groupedBackground, light.selectedBackground] {
            #expect(Self.contrast(light.text, background) >= 4.5, "\(background)")
        }
        for background in [light.windowBackground, light.groupedBackground, light.contentBackground] {
            #expect(Self.contrast(light.secondaryText, background) >= 4.5, "\(background)")
        }
    }
}
