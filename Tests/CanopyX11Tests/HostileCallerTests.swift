import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import ShowcaseKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11Tests {
    /// Callers on the accessibility bus that no screen reader is (`HostileCaller/hostile_caller.py`,
    /// a second D-Bus client of its own): a huge text change between two calls, one extents
    /// question over a long text, a flood of calls. Each call gets its answer, and the window
    /// goes on serving X meanwhile.
    @MainActor @Suite struct HostileCallerTests {
        /// A window with a field and a button (below the Showcase, when asked), on a display of
        /// its own whose root window names a private accessibility stack, the app registered on it.
        @MainActor final class Desk {
            let stack: AccessibilityStack
            let test: TestWindow
            let field: TextField
            let button: Button
            var presses = 0

            /// Runs `body` with a desk on a stack and a display of their own
            /// (``withAccessibleDisplay(width:height:_:)``), closing the window before they stop.
            static func run(showcase: Bool = false, _ body: (Desk) throws -> Void) throws {
                try withAccessibleDisplay(width: 1024, height: 1000) { stack, display in
                    try serve(body, showcase: showcase, stack: stack, display: display)
                }
            }

            /// Runs `body` with a desk that is gone when this returns.
            private static func serve(
                _ body: (Desk) throws -> Void, showcase: Bool, stack: AccessibilityStack, display: VirtualDisplay
            ) throws {
                let desk = try Desk(showcase: showcase, stack: stack, display: display)
                defer { desk.test.close() }
                try body(desk)
            }

            private init(showcase: Bool, stack: AccessibilityStack, display: VirtualDisplay) throws {
                self.stack = stack
                let root = View()
                let top = showcase ? ShowcaseView.preferredSize.height : 0
                if showcase {
                    let view = ShowcaseView { _ in }
                    view.frame = Rect(origin: .zero, size: ShowcaseView.preferredSize)
                    root.addSubview(view)
                }
                field = TextField(text: "hello", frame: Rect(x: 20, y: top + 20, width: 260, height: 36))
                button = Button(title: "Press", frame: Rect(x: 20, y: top + 70, width: 100, height: 36))
                root.addSubview(field)
                root.addSubview(button)
                let width = showcase ? ShowcaseView.preferredSize.width : 300
                test = try TestWindow(size: Size(width: width, height: top + 120), rootView: root, display: display)
                button.onPrimaryAction = { [unowned self] in presses += 1 }
                let bridge = try #require(test.application.accessibilityBridge)
                #expect(test.wait(timeout: 10) { bridge.isRegistered })
            }

            /// Starts the caller in `mode` with `arguments`.
            func caller(_ mode: String, _ arguments: String...) throws -> ChildProcess {
                try ChildProcess(
                    "/usr/bin/python3",
                    arguments: [Self.script, stack.accessibilityBusAddress, test.application.name, mode] + arguments)
            }

            /// Runs the loop until `caller` ends; what it printed last, as JSON.
            func outcome(of caller: ChildProcess, timeout: Double = 60) throws -> [String: Any] {
                let result = try #require(caller.wait(servedBy: test.application, timeout: timeout))
                let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
                let outcome = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(result.status == 0, "\(result.output)\(result.errors)")
                return outcome ?? [:]
            }

            static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("HostileCaller/hostile_caller.py").path
        }

        @Test func theCallAfterAMillionCharacterChangeIsAnswered() throws {
            try Desk.run { desk in
                let length = 1_000_000
                let caller = try desk.caller("count", "\(length)", "5")
                #expect(desk.test.wait(timeout: 20) { caller.outputSoFar.contains("asking") })
                desk.field.text = String(repeating: "a", count: length)
                let outcome = try desk.outcome(of: caller)
                #expect(outcome["seen"] as? Int == length)
                let slowest = try #require(outcome["slowest"] as? Double)
                print("a million characters: the slowest answer took \(slowest) s")
                #expect(slowest < 2, "the slowest answer took \(slowest) s")
            }
        }

        @Test func rangeExtentsOverTwentyThousandCharactersAreOneQuickRectangle() throws {
            try Desk.run { desk in
                desk.field.text = String(repeating: "a", count: 20_000)
                desk.field.setAccessibilitySelection(0..<0)  // the text laid out from its start
                #expect(desk.test.settle())
                let outcome = try desk.outcome(of: try desk.caller("extents"))
                let rect = try #require(outcome["rect"] as? [Int])
                let seconds = try #require(outcome["seconds"] as? Double)
                print("GetRangeExtents over 20,000 characters: \(seconds) s")
                #expect(seconds < 0.5, "GetRangeExtents took \(seconds) s")
                // From the first character's left edge, one line high, wider than the field.
                let first = desk.field.convert(desk.field.accessibilityFrame(ofCharactersIn: 0..<1), to: nil)
                let origin = desk.test.window.screenOrigin()
                #expect(rect.count == 4)
                #expect(rect.first == Int(origin.x + first.minX))
                #expect(rect.dropFirst().first == Int(origin.y + first.minY))
                #expect((rect.dropFirst(2).first ?? 0) > Int(desk.field.frame.width))
                #expect(rect.last == Int(first.height))
            }
        }

        @Test func aFloodOfCallsLeavesTheWindowAnsweringAndEveryCallAnswered() throws {
            try Desk.run(showcase: true) { desk in
                let peer = try OtherClient(servedBy: desk.test.application)
                #expect(desk.test.settle())
                let heapBefore = HeapUsage.bytesInUse
                // 4,000 calls a second for 5 s at the Showcase's button: what one Python caller
                // and the bus daemon sustain on a busy machine.
                let flood = 5.0
                let caller = try desk.caller("flood", "\(flood)", "4000")
                #expect(desk.test.wait(timeout: 20) { caller.outputSoFar.contains("flooding") })
                var slowestPing = 0.0
                for timestamp in 1...3 {
                    let clock = MonotonicClock()
                    #expect(peer.pingIsAnswered(by: desk.test.window, timestamp: timestamp, timeout: 2))
                    slowestPing = max(slowestPing, clock.now)
                }
                desk.test.click(desk.button)
                #expect(desk.test.wait(timeout: 2) { desk.presses == 1 })
                let outcome = try desk.outcome(of: caller)
                let sent = outcome["sent"] as? Int ?? 0
                let answered = outcome["answered"] as? Int ?? 0, refused = outcome["refused"] as? Int ?? 0
                // Every call had its answer or its refusal by the caller's deadline, 20 s after the flood.
                #expect(outcome["failed"] as? Int == 0, "\(outcome)")
                #expect(answered + refused == sent)
                #expect(answered > 0)
                #expect(desk.test.settle())
                let growth = HeapUsage.bytesInUse - heapBefore
                print(
                    "flood: \(sent) calls, \(answered) answered, \(refused) refused, slowest ping \(slowestPing) s, "
                        + "heap \(growth) bytes; \(outcome)")
                #expect(growth < 4 << 20, "the heap grew by \(growth) bytes")
            }
        }
    }
}
