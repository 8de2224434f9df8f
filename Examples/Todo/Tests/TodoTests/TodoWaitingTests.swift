import Canopy
import CanopyTesting
import Testing
import TodoKit

/// What the screen waits for, in memory: typing to pause (a debounce on the scene's timers, on a
/// clock the test steps) and items that arrive after an `await`.
@MainActor @Suite struct TodoWaitingTests {
    let time = ManualTime()

    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }

    /// The screen in a scene on the test's clock, laid out, with the field focused.
    func open(_ items: [TodoList.Item]) -> (TodoScreen, Scene) {
        let screen = TodoScreen(items: items)
        let scene = time.makeScene(rootView: screen.view, size: TodoScreen.preferredSize)
        _ = scene.prepareFrame()
        screen.field.becomeFocused()
        return (screen, scene)
    }

    func type(_ text: String, into scene: Scene, every interval: Double) {
        for character in text {
            scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
            time.step(by: interval)
        }
    }

    @Test func theDuplicateHintWaitsForTypingToPause() {
        let (screen, scene) = open([TodoList.Item("Walk")])
        type("Walk", into: scene, every: 0.1)
        #expect(screen.footer.text.hasPrefix("1 of 1 left"))  // still typing: nothing looked up yet
        time.step(by: TodoScreen.duplicateCheckDelay)
        #expect(screen.footer.text == "Already on the list · 已在清单上")
        type("s", into: scene, every: TodoScreen.duplicateCheckDelay)
        #expect(screen.footer.text.hasPrefix("1 of 1 left"))
    }

    @Test func itemsArriveAfterTheAwaitAndTheNextFrameDrawsThem() async throws {
        let (screen, scene) = open([TodoList.Item("Walk")])
        let context = RecordingContext(size: TodoScreen.preferredSize)
        let loading = screen.load {
            try await Task.sleep(for: .milliseconds(20))
            return ["Cook", " ", "Read"]
        }
        #expect(screen.footer.text == "Loading…")
        await loading.value
        #expect(screen.items.items.map(\.title) == ["Walk", "Cook", "Read"])
        #expect(screen.footer.text.hasPrefix("3 of 3 left"))
        time.step(by: 1)  // the inserted rows slide in
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(context.drawnTexts.contains("Cook") && context.drawnTexts.contains("Read"))
    }

    @Test func aLoadThatFailsSaysWhyInTheFooter() async {
        let (screen, _) = open([])
        await screen.load { throw Unreadable() }.value
        #expect(screen.footer.text == "Could not load: no such file")
        #expect(screen.items.items.isEmpty)
    }
}
