import Canopy
import CanopyTesting
import Testing

/// Replacing a scene's theme recolours the widgets on screen.
@MainActor @Suite struct ThemeTests {
    @Test func aNewThemeRecoloursListsFieldsButtonsAndLabels() {
        let scene = Scene(size: Size(width: 400, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let rows = ArrayListDataSource([ListRow("One")])
        list.dataSource = rows
        let field = TextField(text: "typed", frame: Rect(x: 210, y: 0, width: 180, height: 36))
        let button = Button(title: "OK", frame: Rect(x: 210, y: 50, width: 80, height: 36))
        let label = Label(text: "Note", frame: Rect(x: 210, y: 100, width: 180, height: 24))
        for view in [list, field, button, label] as [View] { scene.rootView.addSubview(view) }
        var dark = Theme()
        dark.contentBackground = Color(white: 0.12)
        dark.controlBackground = Color(white: 0.2)
        dark.text = Color(white: 0.95)
        scene.theme = dark
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        let colors = context.operations.compactMap { operation -> Color? in
            switch operation {
            case let .fill(_, color), let .fillRoundedRect(_, radius: _, color): return color
            default: return nil
            }
        }
        #expect(colors.contains(Color(white: 0.12)))  // the list's and the field's backgrounds
        #expect(!colors.contains(.white))  // nothing kept the standard theme's white
        #expect(colors.contains(Color(white: 0.2)))  // the button
        let texts = context.operations.compactMap { operation -> Color? in
            if case let .text(_, at: _, _, color) = operation { return color } else { return nil }
        }
        #expect(texts.count == 4 && texts.allSatisfy { $0 == Color(white: 0.95) })
        withExtendedLifetime(rows) {}
    }
}
