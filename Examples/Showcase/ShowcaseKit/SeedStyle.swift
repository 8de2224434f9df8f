import Canopy

/// The looks the seed documents give their widgets, laid over Canopy's neutral ones: the library
/// knows nothing of red rows, 76-point tiles or a 600 × 590 picker.
@MainActor public enum SeedStyle {
    /// Seed 000 (`NIDropDown`): a plain button (no triangle) whose list drops straight from its
    /// edge, 0 → 200 points over half a second, in a container with corner radius 8 and a soft
    /// shadow offset (−5, 5); 40-point rows of centred red 15-point text between grey lines.
    public static func apply(to dropDown: DropDown) {
        dropDown.showsIndicator = false
        dropDown.popupOffset = .zero
        dropDown.revealDuration = 0.5
        dropDown.listHeight = 200
        dropDown.popup.cornerRadius = 8
        dropDown.popup.shadow = Shadow(color: .black, opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)
        dropDown.list.cornerRadius = 5
        dropDown.list.rowHeight = 40
        dropDown.list.separatorColor = .gray
        dropDown.rowStyle = ListRow("", font: .system(size: 15), textColor: .red, alignment: .center)
    }

    /// Seed 001 (`TypeSelectView`): a white panel with corner radius 10 and a light border, 16
    /// points under the bar's control and 8 to its left, unfolding in 0.3 s; 76 × 76 tiles 12
    /// points apart, each an icon 10 points from the top and a 14-point title 10 points under
    /// it starting at the icon's edge, grey (#c5c4cc), or blue (#58baff) over the highlight image
    /// when selected.
    public static func apply(to selector: TileSelector, highlight: Image?) {
        selector.popupOffset = Point(x: -8, y: 16)
        selector.revealDuration = 0.3
        selector.tileSize = Size(width: 76, height: 76)
        selector.spacing = 12
        selector.popup.cornerRadius = 10
        selector.popup.borderWidth = 1
        applyColors(to: selector, for: .standard)
        for tile in selector.tiles {
            tile.highlightBackground = highlight
            tile.titleFont = .system(size: 14)
            tile.titleColor = Color(rgb: 0xc5c4cc)
            tile.selectedTitleColor = Color(rgb: 0x58baff)
            tile.iconTop = 10
            tile.titleSpacing = 10
            tile.titleAlignment = .alignedWithIcon
            tile.cornerRadius = 8
        }
    }

    /// The selector's panel in `theme`'s colours: the seed's white with a light border, or the
    /// dark theme's content background and border.
    public static func applyColors(to selector: TileSelector, for theme: Theme) {
        let isDark = theme.colorScheme == .dark
        selector.popup.backgroundColor = isDark ? theme.contentBackground : .white
        selector.popup.borderColor = isDark ? theme.border : Color(white: 0.85)
    }

    /// The seeds' page grey (#f2f4f7) behind the demos, or the dark theme's grouped background.
    public static func pageBackground(for theme: Theme) -> Color {
        theme.colorScheme == .dark ? theme.groupedBackground : Color(rgb: 0xf2f4f7)
    }

    /// Seed 004 (`SelectViewController`): the list at (50, 100), 600 × 590 where the window has
    /// room, shrinking to keep 100 points above and 50 on the other sides where it has not;
    /// corner radius 10, 44-point rows of bold 18-point centred text in (0.26, 0.64, 0.84), and
    /// separators edge to edge.
    public static func apply(to picker: ListPicker) {
        let preferred = Rect(x: 50, y: 100, width: 600, height: 590)
        let margins = EdgeInsets(top: 100, left: 50, bottom: 50, right: 50)
        picker.placement = { size in
            let room = Rect(origin: .zero, size: size).inset(by: margins)
            let x = max(preferred.minX, room.minX), y = max(preferred.minY, room.minY)
            return Rect(
                x: x, y: y, width: max(0, min(preferred.width, room.maxX - x)),
                height: max(0, min(preferred.height, room.maxY - y)))
        }
        picker.list.cornerRadius = 10
        picker.list.separatorInsets = .zero
        picker.list.separatorColor = Color(white: 0.8)
        picker.list.rowHeight = 44
        picker.rowStyle = ListRow(
            "", font: .system(size: 18, weight: .bold), textColor: Color(red: 0.26, green: 0.64, blue: 0.84),
            alignment: .center)
    }
}
