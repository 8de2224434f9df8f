import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct TileSelectorTests {
    let time = ManualTime()

    func makeSelector() -> (Scene, TileSelector) {
        let scene = time.makeScene(size: Size(width: 500, height: 300))
        let selector = TileSelector(items: ["web", "weibo", "sina", "sohu"].map { TileSelector.Item(title: $0) })
        selector.frame = Rect(x: 10, y: 10, width: selector.preferredWidth, height: 0)
        scene.rootView.addSubview(selector)
        return (scene, selector)
    }

    @Test func exactlyOneTileIsSelectedWhateverIsTouched() {
        let (scene, selector) = makeSelector()
        selector.expand()
        time.step(by: 0.3)
        _ = scene.prepareFrame()
        var generator = SeededRandom(seed: 7)
        var selections: [Int] = []
        selector.onSelect = { selections.append($0) }
        for _ in 0..<300 {
            if !selector.isExpanded {
                selector.expand()
                time.step(by: 0.3)
            }
            let index = Int.random(in: 0..<4, using: &generator)
            let tile = selector.tiles[index]
            let point = tile.convert(tile.bounds.center, to: nil)
            let previous = selector.selectedIndex
            scene.handleMouseDown(MouseEvent(locationInWindow: point))
            scene.handleMouseUp(MouseEvent(locationInWindow: point))
            #expect(selector.tiles.filter(\.isSelected).count == 1)
            #expect(selector.tiles[index].isSelected && selector.selectedIndex == index)
            #expect(selections.last == (index == previous ? selections.last : index))
        }
    }

    @Test func touchingATileConfirmsAndCollapses() {
        let (scene, selector) = makeSelector()
        var confirmed: [Int] = []
        selector.onConfirm = { confirmed.append($0) }
        selector.expand()
        #expect(!selector.isHidden)
        time.step(by: 0.15)
        #expect(selector.presentedFrame.height > 0 && selector.presentedFrame.height < selector.expandedHeight)
        time.step(by: 0.15)
        _ = scene.prepareFrame()
        let tile = selector.tiles[2]
        let point = tile.convert(tile.bounds.center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
        #expect(confirmed == [2])
        #expect(!selector.isExpanded)
        time.step(by: 0.3)
        #expect(selector.isHidden && selector.presentedFrame.height == 0)
    }

    @Test func arrowsMoveTheSelectionEnterConfirmsEscapeCollapses() {
        let (scene, selector) = makeSelector()
        var confirmed: [Int] = []
        selector.onConfirm = { confirmed.append($0) }
        selector.expand()
        #expect(selector.isFocused)
        scene.handleKeyDown(KeyEvent(key: .right))
        scene.handleKeyDown(KeyEvent(key: .right))
        scene.handleKeyDown(KeyEvent(key: .right))
        scene.handleKeyDown(KeyEvent(key: .right))  // past the end: stays on the last
        #expect(selector.selectedIndex == 3)
        scene.handleKeyDown(KeyEvent(key: .left))
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(confirmed == [2])
        selector.expand()
        scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!selector.isExpanded)
        #expect(confirmed == [2])
    }
}
