import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit

/// Drives the Showcase with random real input (XTest) and checks, whenever it has settled,
/// that its state is one a user could reach: the storm of issue 8.
@MainActor struct Storm {
    let seed: UInt64
    let events: Int

    /// Runs the storm; returns nil when every check held, else what broke and when.
    func run() throws -> String? {
        var random = SeededRandom(seed: seed)
        let showcase = ShowcaseView { _ in }
        let test = try TestWindow(size: ShowcaseView.preferredSize, title: "Storm", rootView: showcase)
        defer { test.close() }
        let controls: [View] = [
            showcase.dropDownDemo.dropDown, showcase.searchBarDemo.typeControl, showcase.searchBarDemo.field,
            showcase.pickerDemo.button,
        ]
        let keys: [Key] = [
            .tab, .escape, .enter, .up, .down, .left, .right, .space, .backspace, .character("a"), .character("h"),
            .home, .end, .pageDown, .pageUp,
        ]
        for index in 0..<events {
            let size = test.window.scene.size
            func anywhere() -> Point {
                Point(
                    x: Double.random(in: 0..<size.width, using: &random),
                    y: Double.random(in: 0..<size.height, using: &random))
            }
            func target() -> Point {
                // Half the clicks aim at a control, a tile or a row; the rest land anywhere.
                guard Bool.random(using: &random) else { return anywhere() }
                var candidates = controls
                if showcase.searchBarDemo.typeControl.isOpen { candidates += showcase.searchBarDemo.typeControl.tiles }
                if let picker = showcase.pickerDemo.picker, picker.isPresented { candidates.append(picker.list) }
                if showcase.dropDownDemo.dropDown.isOpen { candidates.append(showcase.dropDownDemo.dropDown.list) }
                let view = candidates.randomElement(using: &random)!
                let frame = view.convert(view.bounds, to: nil)
                return Point(
                    x: frame.minX + Double.random(in: 0...1, using: &random) * frame.width,
                    y: frame.minY + Double.random(in: 0...1, using: &random) * frame.height)
            }
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35: test.click(at: target())
            case 35..<40:
                let point = target()
                test.click(at: point)
                test.click(at: point)
            case 40..<48:
                test.input.move(to: target(), in: test.window)
                test.input.press()
                for _ in 0..<3 { test.input.move(to: anywhere(), in: test.window) }
                test.input.release()
            case 48..<58: test.scroll(steps: Int.random(in: -4...4, using: &random), at: target())
            case 58..<97:
                let key = keys.randomElement(using: &random)!
                test.tap(key, modifiers: Int.random(in: 0..<8, using: &random) == 0 ? .shift : [])
            default:
                let width = Double.random(in: 1...900, using: &random),
                    height = Double.random(in: 1...900, using: &random)
                test.window.resize(to: Size(width: width.rounded(), height: height.rounded()))
            }
            if index % 100 == 99 || index == events - 1 {
                test.window.resize(to: ShowcaseView.preferredSize)
                guard test.settle(timeout: 10) else { return "event \(index): the Showcase never settled" }
                if let broken = check(showcase, in: test.window.scene) { return "event \(index): \(broken)" }
            }
        }
        return nil
    }

    /// The invariants of a settled Showcase, or the first one that fails.
    func check(_ showcase: ShowcaseView, in scene: Scene) -> String? {
        let selector = showcase.searchBarDemo.typeControl
        if selector.tiles.filter(\.isSelected).count != 1 { return "not exactly one tile selected" }
        let dropDown = showcase.dropDownDemo.dropDown
        let popUps: [(name: String, button: PopUpButton)] = [("tile panel", selector), ("drop-down", dropDown)]
        for (name, button) in popUps {
            let onScreen = button.popup.scene != nil
            if onScreen != button.isOpen {
                return "the \(name) is \(onScreen ? "on screen" : "gone") but \(button.isOpen ? "open" : "closed")"
            }
            let popup = button.popup
            if button.isOpen, popup.presentedFrame != popup.frame || popup.frame.height <= 0 {
                return "an open \(name) of height \(popup.presentedFrame.height)"
            }
        }
        if dropDown.isOpen, dropDown.list.frame.size != dropDown.popup.frame.size {
            return "the drop-down's list does not fill it"
        }
        if popUps.filter({ $0.button.isOpen }).count > 1 { return "two pop-ups open at once" }
        if let picker = showcase.pickerDemo.picker, (picker.list.scene != nil) != picker.isPresented {
            return
                "the picker is \(picker.list.scene != nil ? "up" : "gone") but \(picker.isPresented ? "presented" : "dismissed")"
        }
        if scene.presentations.contains(where: { !$0.isPresented }) { return "a presentation that never left" }
        for list in [dropDown.list] + [showcase.pickerDemo.picker?.list].compactMap({ $0 }) {
            if let row = list.selectedRow, row >= list.numberOfRows { return "a selected row \(row) beyond the data" }
        }
        if showcase.searchBarDemo.field.text.contains(where: \.isNewline) { return "a line break in the search field" }
        return nil
    }
}
