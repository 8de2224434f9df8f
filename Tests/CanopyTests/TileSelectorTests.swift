import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct TileSelectorTests {
    let stepped = SteppedAnimations()

    func makeSelector() -> (Scene, TileSelector) {
        let scene = Scene(size: Size(width: 500, height: 300))
        let selector = TileSelector(items: ["web", "weibo", "sina", "sohu"].map { TileSelector.Item(title: $0) })
        selector.frame = Rect(x: 10, y: 10, width: selector.preferredWidth, height: 0)
        scene.rootView.addSubview(selector)
        return (scene, selector)
    }

    @Test func exactlyOneTileIsSelectedWhateverIsTouched() {
        stepped.run {
            let (scene, selector) = makeSelector()
            selector.expand()
            stepped.step(by: 0.3)
            _ = scene.prepareFrame()
            var generator = SeededRandom(seed: 7)
            var selections: [Int] = []
            selector.onSelect = { selections.append($0) }
            for _ in 0..<300 {
                if !selector.isExpanded {
                    selector.expand()
                    stepped.step(by: 0.3)
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
    }

    @Test func touchingATileConfirmsAndCollapses() {
        stepped.run {
            let (scene, selector) = makeSelector()
            var confirmed: [Int] = []
            selector.onConfirm = { confirmed.append($0) }
            selector.expand()
            #expect(!selector.isHidden)
            stepped.step(by: 0.15)
            #expect(selector.presentedFrame.height > 0 && selector.presentedFrame.height < selector.expandedHeight)
            stepped.step(by: 0.15)
            _ = scene.prepareFrame()
            let tile = selector.tiles[2]
            let point = tile.convert(tile.bounds.center, to: nil)
            scene.handleMouseDown(MouseEvent(locationInWindow: point))
            scene.handleMouseUp(MouseEvent(locationInWindow: point))
            #expect(confirmed == [2])
            #expect(!selector.isExpanded)
            stepped.step(by: 0.3)
            #expect(selector.isHidden && selector.presentedFrame.height == 0)
        }
    }

    @Test func arrowsMoveTheSelectionEnterConfirmsEscapeCollapses() {
        stepped.run {
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
}
