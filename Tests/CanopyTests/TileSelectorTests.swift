import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct TileSelectorTests {
    let time = ManualTime()

    func makeSelector() -> (Scene, TileSelector) {
        let scene = time.makeScene(size: Size(width: 500, height: 300))
        let selector = TileSelector(
            items: ["web", "weibo", "sina", "sohu"].map { TileSelector.Item(title: $0) },
            frame: Rect(x: 10, y: 10, width: 64, height: 36))
        scene.rootView.addSubview(selector)
        return (scene, selector)
    }

    func click(_ view: View, in scene: Scene) {
        let point = view.convert(view.bounds.center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
    }

    @Test func exactlyOneTileIsSelectedWhateverIsTouched() {
        let (scene, selector) = makeSelector()
        var generator = SeededRandom(seed: 7)
        var selections: [Int] = []
        selector.onSelectionChanged = { selections.append($0) }
        for _ in 0..<300 {
            if !selector.isOpen {
                click(selector, in: scene)
                time.step(by: 0.3)
            }
            let index = Int.random(in: 0..<4, using: &generator)
            let previous = selector.selectedIndex
            click(selector.tiles[index], in: scene)
            #expect(selector.tiles.filter(\.isSelected).count == 1)
            #expect(selector.tiles[index].isSelected && selector.selectedIndex == index)
            #expect(selections.last == (index == previous ? selections.last : index))
        }
    }

    @Test func touchingATileConfirmsItAndThePanelFoldsAway() {
        let (scene, selector) = makeSelector()
        var confirmed: [Int] = []
        selector.onValueChanged = { confirmed.append($0) }
        click(selector, in: scene)
        #expect(selector.isOpen)
        #expect(selector.popup.scene === scene)
        let fullHeight = selector.preferredPopupSize.height
        time.step(by: 0.1)
        #expect(selector.popup.presentedFrame.height > 0 && selector.popup.presentedFrame.height < fullHeight)
        time.step(by: 0.1)
        _ = scene.prepareFrame()
        #expect(selector.popup.presentedFrame == Rect(x: 10, y: 50, width: 4 * 80 + 8, height: fullHeight))
        click(selector.tiles[2], in: scene)
        #expect(confirmed == [2])
        #expect(!selector.isOpen)
        time.step(by: 0.2)
        #expect(selector.popup.scene == nil)
        #expect(selector.image == selector.tiles[2].image)
    }

    @Test func arrowsMoveAHighlightEnterSelectsAndConfirmsItEscapeChangesNothing() {
        let (scene, selector) = makeSelector()
        var confirmed: [Int] = []
        var moves: [Int] = []
        selector.onValueChanged = { confirmed.append($0) }
        selector.onSelectionChanged = { moves.append($0) }
        selector.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .enter))  // the button opens the panel
        #expect(selector.popup.isFocused)
        #expect(selector.highlightedIndex == nil)  // the selected tile shows where the arrows start
        for _ in 0..<4 { scene.handleKeyDown(KeyEvent(key: .right)) }  // past the end: stays on the last
        #expect(selector.highlightedIndex == 3)
        #expect(selector.selectedIndex == 0 && moves.isEmpty)  // nothing chosen yet
        #expect(selector.tiles.map(\.isKeyboardHighlighted) == [false, false, false, true])
        scene.handleKeyDown(KeyEvent(key: .left))
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(confirmed == [2])
        #expect(moves == [2])
        #expect(selector.selectedIndex == 2 && selector.highlightedIndex == nil)
        #expect(selector.isFocused)  // focus went back to the button
        scene.handleKeyDown(KeyEvent(key: .space))
        #expect(selector.isOpen && selector.highlightedIndex == nil)
        scene.handleKeyDown(KeyEvent(key: .right))
        scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!selector.isOpen)
        #expect(selector.selectedIndex == 2 && selector.image == selector.tiles[2].image)
        #expect(confirmed == [2] && moves == [2])
    }

    @Test func selectingFromCodeCallsNothing() {
        let (_, selector) = makeSelector()
        var calls = 0
        selector.onSelectionChanged = { _ in calls += 1 }
        selector.onValueChanged = { _ in calls += 1 }
        selector.select(3)
        #expect(selector.selectedIndex == 3 && selector.tiles[3].isSelected)
        #expect(calls == 0)
    }
}
