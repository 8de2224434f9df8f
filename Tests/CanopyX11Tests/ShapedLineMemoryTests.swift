import Canopy
import CanopyTesting
import Testing

@_spi(Testing) @testable import CanopyX11

/// The shaped-line cache stays within its byte budget, dropping the lines used longest ago.
@Suite struct ByteBudgetCacheTests {
    @Test func goingOverTheBudgetDropsTheLeastRecentlyUsedFirst() {
        var cache = ByteBudgetCache<String, Int>(budget: 100)
        cache.store(1, for: "a", cost: 30)
        cache.store(2, for: "b", cost: 30)
        cache.store(3, for: "c", cost: 30)
        #expect(cache.value(for: "a") == 1)  // "a" is now the most recently used
        // Over the budget: the oldest go until the rest and the new value fit in three quarters.
        cache.store(4, for: "d", cost: 30)
        #expect(cache.value(for: "b") == nil && cache.value(for: "c") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "d") == 4)
        #expect(cache.cost == 60)
    }

    @Test func aValueDearerThanTheBudgetIsNotKeptAndReplacingAValueCountsOnce() {
        var cache = ByteBudgetCache<String, Int>(budget: 100)
        cache.store(1, for: "big", cost: 101)
        #expect(cache.value(for: "big") == nil)
        #expect(cache.cost == 0)
        cache.store(1, for: "a", cost: 30)
        cache.store(2, for: "a", cost: 50)
        #expect(cache.cost == 50 && cache.count == 1)
        cache.removeAll()
        #expect(cache.cost == 0 && cache.value(for: "a") == nil)
    }
}

extension X11Tests {
    /// Typing in a long field makes a new shaped line per key: the lines kept stay within the
    /// byte budget (they grew by about 70 bytes a character, 100 MB over a few thousand keys).
    @MainActor @Suite struct ShapedLineMemoryTests {
        @Test func typingHundredsOfKeysInALongFieldKeepsTheLineCacheWithinItsBudget() throws {
            let field = TextField(text: String(repeating: "lorem ipsum ", count: 200))
            field.frame = Rect(x: 10, y: 10, width: 380, height: 36)
            let root = View()
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 400, height: 60), rootView: root)
            defer { test.close() }
            field.becomeFocused()
            var random = SeededRandom(seed: 17)
            let fonts = test.window.connection.fonts
            var largest = 0
            let heapBefore = HeapUsage.bytesInUse
            for _ in 0..<400 {
                let letter = Character(Unicode.Scalar(UInt8(97 + random.next() % 26)))
                test.window.scene.handleKeyDown(KeyEvent(key: .character(letter), text: String(letter)))
                _ = field.textLayout  // laid out, as a frame would
                largest = max(largest, fonts.shapedLineBytes)
            }
            #expect(test.settle())
            let growth = HeapUsage.bytesInUse - heapBefore
            #expect(growth < 24 << 20, "the heap grew by \(growth >> 20) MiB")
            #expect(field.text.count == 2_400 + 400)
            #expect(largest <= FontCatalog.lineCacheBudget)
            #expect(largest > FontCatalog.lineCacheBudget / 2)  // the budget was reached, and held
        }
    }
}
