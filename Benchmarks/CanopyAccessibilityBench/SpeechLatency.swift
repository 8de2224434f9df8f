import Canopy
import CanopyTesting
import Foundation

/// How long a blind user waits to hear where a key took them: Orca 43 itself (headless, as the
/// Orca tests run it) on the Gallery (this release build) and on GTK 3's comparison app of the
/// Orca tests (`gtk_comparison.py gallery`: the same buttons and check box, GTK's atk-bridge),
/// each round a fresh stack, display, app and Orca, the two interleaved. Each step is a key
/// pressed through XTest and the time until Orca's log holds what it says for it (the same log
/// write wakes the wait for both toolkits).
enum SpeechLatency {
    /// One program under Orca: how to start it, the window title Orca says when the pointer
    /// enters it, and a blank point of the window to put the pointer on.
    struct Program {
        let name: String
        let command: [String]
        let title: String
        let blankPoint: Point
    }

    /// The Orca tests' walk of the Gallery's first controls: Tab to each, then Space ticks the box.
    static let steps: [(key: Key, words: String)] = [
        (.tab, "Save"), (.tab, "Done"), (.tab, "More…"), (.tab, "Delete…"), (.tab, "Remember me · 记住我"),
        (.space, "checked"),
    ]

    static func programs() -> [Program] {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let comparison = sources.appendingPathComponent("Tests/ShowcaseTests/ScreenReader/gtk_comparison.py").path
        func gallery(_ name: String, _ path: String) -> Program {
            Program(name: name, command: [path], title: "Canopy Gallery · 控件 frame", blankPoint: Point(x: 636, y: 716))
        }
        let gtk = Program(
            name: "GTK 3", command: ["/usr/bin/python3", comparison, "gallery"], title: "GTK comparison frame",
            blankPoint: Point(x: 636, y: 476))
        let baseline = ProcessInfo.processInfo.environment["BASELINE_GALLERY"].map { [gallery("baseline", $0)] } ?? []
        return [gallery("Canopy Gallery", directory.appendingPathComponent("Gallery").path), gtk] + baseline
    }

    /// Seconds from each step's key to its speech, for one fresh run of `program`.
    @MainActor static func walk(_ program: Program) throws -> [Double] {
        let stack = try AccessibilityStack()
        defer { stack.stop() }
        let display = try VirtualDisplay(width: 1024, height: 800)
        defer { display.stop() }
        var input: InputDriver? = try InputDriver(displayName: display.name)
        defer { input = nil }  // before the display goes
        input?.move(toScreen: Point(x: 1020, y: 796))  // off the window until Orca listens
        let app = try ChildProcess(
            program.command[0], arguments: Array(program.command.dropFirst()),
            environment: [
                "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": stack.sessionBusAddress,
                "AT_SPI_BUS_ADDRESS": nil,
            ])
        defer { _ = app.terminate() }
        let orca = try OrcaScreenReader(stack: stack, displayName: display.name)
        defer { orca.stop() }
        input?.move(toScreen: program.blankPoint)
        guard var heard = orca.waitForSpeech([program.title], from: 0) else {
            throw BenchError("Orca did not say \(program.title) for \(program.name): \(orca.transcript)")
        }
        var seconds: [Double] = []
        for step in steps {
            let start = Date()
            input?.tap(step.key)
            guard let next = orca.waitForSpeech([step.words], from: heard) else {
                throw BenchError(
                    "Orca did not say \(step.words) in \(program.name): \(orca.transcript.dropFirst(heard))")
            }
            seconds.append(Date().timeIntervalSince(start))
            heard = next
        }
        return seconds
    }

    /// Runs `rounds` rounds of every program, interleaved, and prints each step's median and the
    /// ratio of the first (this build's Gallery) to GTK's. `$BASELINE_GALLERY` names another
    /// Gallery build to run beside them (a commit before a change).
    @MainActor static func measure(rounds: Int) throws {
        let programs = programs()
        var times: [String: [[Double]]] = [:]
        for round in 0..<rounds {
            let order = round % 2 == 0 ? programs : programs.reversed()  // each first as often
            for program in order { times[program.name, default: []].append(try walk(program)) }
        }
        print("Orca 43: key to speech, ms, median of \(rounds) interleaved rounds (a fresh app and Orca each)")
        let header =
            ["step".padding(toLength: 28, withPad: " ", startingAt: 0)]
            + programs.map {
                String(repeating: " ", count: max(0, 16 - $0.name.count)) + $0.name
            }
        print(header.joined() + "   ratio")
        func milliseconds(_ program: Program, _ step: Int) -> Double {
            median((times[program.name] ?? []).map { $0[step] }) * 1000
        }
        for (index, step) in steps.enumerated() {
            let values = programs.map { milliseconds($0, index) }
            let label = "\(step.key) → \(step.words)".padding(toLength: 28, withPad: " ", startingAt: 0)
            print(
                label + values.map { String(format: "%16.0f", $0) }.joined()
                    + String(format: "%8.2f", values[0] / values[1]))
        }
        let all = programs.map { program in median((times[program.name] ?? []).flatMap { $0 }) * 1000 }
        print(
            "all steps".padding(toLength: 28, withPad: " ", startingAt: 0)
                + all.map { String(format: "%16.0f", $0) }.joined()
                + String(format: "%8.2f", all[0] / all[1]))
    }
}
