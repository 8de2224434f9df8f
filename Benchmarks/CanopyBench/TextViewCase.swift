// The text-view case (issue 25): Canopy's TextView against GTK 3's GtkTextView
// (Benchmarks/Peers/gtk_text.py, through python3-gi) on the same text under one Xvfb: a 1 KB and a
// 10 MB file of 50-byte lines, each opened in a fresh process of each toolkit, the runs
// interleaved round by round. Each process measures itself the same way (textViewChild here, the
// peer's script for GTK): from reading the file to its first frame on the server; keys typed in
// the middle of the text, each from its XTest press to the frame that shows it; CPU per frame
// of scrolling by 20 px a frame; resident memory once the text is shown.
@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one process measured of itself (the JSON a text-view child prints).
struct TextViewFigures: Codable {
    /// Seconds from reading the file to the first frame on the server.
    var open: Double
    /// Process CPU seconds of the same.
    var openCPU: Double
    /// Seconds from reading the file until every line was laid out (GTK measures the lines off
    /// screen in the background; Canopy lays out only what shows, so the same as `open`).
    var laidOut: Double
    /// Seconds from each key's press to the frame showing it.
    var keys: [Double]
    /// Seconds a screen reader's look at the scene took after each of more keys (what the
    /// accessibility bridge does once a turn that changed the views ends); Canopy only.
    var looksAfterKeys: [Double]?
    /// Process CPU seconds per frame of scrolling back and forth over the same 160 points
    /// (lines laid out before), and of sweeping on through lines not shown yet.
    var scrollCPU: Double
    var sweepCPU: Double
    /// Resident memory (VmRSS) once the text is shown, and its peak (VmHWM), in KiB.
    var residentKiB: Int
    var peakKiB: Int
}

/// The window both toolkits show the text in.
let textViewWindowSize = Size(width: 480, height: 200)
let textViewKeys = 10
let textViewScrollFrames = 200
/// How far the first scroll goes either way: no farther than the 1 KB text's lines scroll.
let textViewScrollSpan = 160.0

/// Lines of about 50 bytes of prose (a few accented words among them) up to `bytes` bytes,
/// the same for every run: 10 MB is about 200,000 lines.
func benchmarkLines(bytes: Int) -> String {
    let words = "the quick brown fox jumps over a lazy dog naïve café 12,345 items and then some more words of text"
        .split(separator: " ")
    var state: UInt64 = 1
    var text = "", line = ""
    text.reserveCapacity(bytes + 64)
    while text.utf8.count < bytes {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let word = words[Int(state >> 33) % words.count]
        line += line.isEmpty ? String(word) : " " + word
        if line.utf8.count >= 45 {
            text += line + ".\n"
            line = ""
        }
    }
    return text
}

/// VmRSS and VmHWM of this process, in KiB.
func residentMemory() -> (resident: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The bytes of the file at `path`.
func contents(of path: String) throws -> Data {
    guard let bytes = FileManager.default.contents(atPath: path) else {
        throw BenchCaseError(description: "cannot read \(path)")
    }
    return bytes
}

/// One Canopy run, in a process of its own on `$DISPLAY`: opens `path` into a wrapping TextView
/// filling a 480 × 200 window, types keys in the middle of the text, scrolls; returns what it
/// measured.
@MainActor func textViewChild(path: String) throws -> TextViewFigures {
    Application.defaultFontFamily = TestWindow.pinnedFontFamily
    let application = try Application()
    defer { application.close() }
    let input = try InputDriver(displayName: ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
    func waitForFrame(after presented: Int, of window: Window, _ what: String) throws {
        guard application.run(timeout: 60, until: { window.framesPresented > presented }) else {
            throw BenchCaseError(description: "timed out waiting for the frame of \(what)")
        }
        application.synchronize()
    }

    let start = monotonicSeconds(), startCPU = processCPUTime()
    // The file's bytes and their text go once the view holds its paragraphs.
    let view = TextView(text: String(decoding: try contents(of: path), as: UTF8.self))
    let window = try Window(application: application, title: "Canopy text", size: textViewWindowSize, rootView: view)
    window.show()
    try waitForFrame(after: 0, of: window, "the opening")
    let opened = monotonicSeconds() - start, openCPU = processCPUTime() - startCPU
    let memory = residentMemory()

    input.focus(window)
    guard application.run(timeout: 10, until: { window.hasKeyboardFocus }) else {
        throw BenchCaseError(description: "the window did not get the keyboard focus")
    }
    // Scrolls the middle paragraph to the top and clicks into its first line.
    let middle = view.document.paragraphs.count / 2
    var presented = window.framesPresented
    view.contentOffset.y = view.top(ofParagraph: middle) - TextView.padding
    try waitForFrame(after: presented, of: window, "the scroll to the middle")
    presented = window.framesPresented
    input.click(at: Point(x: 150, y: TextView.padding + view.lineHeight / 2 + 2), in: window)
    try waitForFrame(after: presented, of: window, "the click")
    guard view.isFocused, view.document.caret.paragraph == middle else {
        throw BenchCaseError(description: "the click did not put the caret in paragraph \(middle)")
    }

    var keys: [Double] = []
    for _ in 0..<textViewKeys {
        let before = window.framesPresented, characters = view.document.characterCount(ofParagraph: middle)
        let pressed = monotonicSeconds()
        input.tap(.character("x"))
        guard
            application.run(
                timeout: 60,
                until: {
                    view.document.characterCount(ofParagraph: middle) > characters && !window.scene.needsFrame
                        && window.framesPresented > before
                })
        else { throw BenchCaseError(description: "timed out waiting for a key's frame") }
        application.synchronize()
        keys.append(monotonicSeconds() - pressed)
    }

    // The same keys while the scene is looked at as a connected screen reader's bridge looks.
    let tracker = AccessibilityChangeTracker(scene: window.scene)
    var looks: [Double] = []
    for _ in 0..<textViewKeys {
        let characters = view.document.characterCount(ofParagraph: middle)
        input.tap(.character("x"))
        guard
            application.run(timeout: 60, until: { view.document.characterCount(ofParagraph: middle) > characters })
        else { throw BenchCaseError(description: "timed out waiting for a key while looked at") }
        let looked = monotonicSeconds()
        guard tracker.changes().contains(where: { if case .textInserted = $0 { true } else { false } }) else {
            throw BenchCaseError(description: "the look after a key heard no text inserted")
        }
        looks.append(monotonicSeconds() - looked)
    }

    /// CPU per frame of scrolling 20 px a frame, turning at the text's ends or `span` points
    /// from where it started.
    func scrolling(span: Double) throws -> Double {
        var direction = 1.0
        let cpu = processCPUTime(), origin = view.contentOffset.y
        for _ in 0..<textViewScrollFrames {
            let before = window.framesPresented, offset = view.contentOffset.y
            if abs(offset + 20 * direction - origin) > span { direction = -direction }
            view.contentOffset.y = offset + 20 * direction
            if view.contentOffset.y == offset {  // at an end: back the other way
                direction = -direction
                view.contentOffset.y = offset + 20 * direction
            }
            try waitForFrame(after: before, of: window, "a scroll step")
        }
        return (processCPUTime() - cpu) / Double(textViewScrollFrames)
    }
    let scrollCPU = try scrolling(span: textViewScrollSpan)
    let sweepCPU = try scrolling(span: .infinity)
    return TextViewFigures(
        open: opened, openCPU: openCPU, laidOut: opened, keys: keys, looksAfterKeys: looks, scrollCPU: scrollCPU,
        sweepCPU: sweepCPU,
        residentKiB: memory.resident, peakKiB: memory.peak)
}

/// The two sizes, each opened `rounds` times by Canopy and by GTK, interleaved (the order of
/// the four runs rotated round by round); prints the figures, medians with their range, and the
/// ratios of Canopy's to GTK's.
@MainActor func textViewReport(rounds: Int) throws {
    let display = try TestWindow.sharedDisplay()
    try PythonPeer.gtk3.check(for: "text view", on: display)
    let directory = try freshTemporaryDirectory(prefix: "canopy-bench-text")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // 100 KB (2,000 lines) is as far as 1 KB from 10 MB and scrolls into new lines all the sweep
    // long, as 10 MB does: the two show whether that costs more in a longer text.
    let sizes = [(1_000, "1 KB"), (100_000, "100 KB"), (10_000_000, "10 MB")]
    var files: [String] = []
    for (bytes, _) in sizes {
        let path = "\(directory)/\(bytes).txt"
        try benchmarkLines(bytes: bytes).write(toFile: path, atomically: false, encoding: .utf8)
        files.append(path)
    }
    let scroll = ["\(textViewKeys)", "\(textViewScrollFrames)", "\(textViewScrollSpan)"]
    let commands = files.flatMap { file in
        [[benchExecutable(), "text-view-child", file], PythonPeer.gtk3.command("gtk_text.py", [file] + scroll)]
    }
    let runs: [[TextViewFigures]] = try interleavedRuns(commands, rounds: rounds, display: display, label: "text view")
    let canopy = sizes.indices.map { runs[2 * $0] }, gtk = sizes.indices.map { runs[2 * $0 + 1] }
    printTextViewFigures(sizes: sizes.map(\.1), bytes: sizes.map(\.0), canopy: canopy, gtk: gtk)
}

/// A new directory of its own in the temporary folder, named `prefix` and random letters
/// (`mkdtemp`: no name another process chose or could guess in advance).
func freshTemporaryDirectory(prefix: String) throws -> String {
    var template = Array((NSTemporaryDirectory() + "\(prefix).XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } }
    guard let made else {
        throw BenchCaseError(description: "cannot make a temporary directory: \(String(cString: strerror(errno)))")
    }
    return made
}

/// The table of ``textViewReport(rounds:)``.
func printTextViewFigures(sizes: [String], bytes: [Int], canopy: [[TextViewFigures]], gtk: [[TextViewFigures]]) {
    func spread(_ values: [Double], _ unit: String = "ms") -> String {
        "\(format(median(values), unit)) [\(format(values.min() ?? 0, unit))–\(format(values.max() ?? 0, unit))]"
    }
    func mebibytes(_ kib: Double) -> String { String(format: "%.1f MiB", kib / 1024) }
    func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f ×", a / b) }
    let rounds = canopy[0].count
    print(
        "a wrapping text view in a 480 × 200 window, Canopy's TextView against GTK 3's GtkTextView (python3-gi), "
            + "each run a fresh process,")
    print("\(rounds) interleaved rounds, medians [min–max]; ratio Canopy : GTK of the medians:")
    for (index, size) in sizes.enumerated() {
        let ours = canopy[index], theirs = gtk[index]
        print("  \(size) (\(bytes[index]) bytes, \(bytes[index] / 50) lines of 50 bytes):")
        let open = (ours.map(\.open), theirs.map(\.open))
        print(
            "    open to first frame   Canopy \(spread(open.0))   GTK \(spread(open.1))   \(ratio(median(open.0), median(open.1)))"
        )
        let openCPU = (ours.map(\.openCPU), theirs.map(\.openCPU))
        print(
            "      its CPU             Canopy \(spread(openCPU.0))   GTK \(spread(openCPU.1))   "
                + ratio(median(openCPU.0), median(openCPU.1)))
        print("    every line laid out   Canopy (only what shows)   GTK \(spread(theirs.map(\.laidOut)))")
        let keys = (ours.flatMap(\.keys), theirs.flatMap(\.keys))
        print(
            "    key to frame shown    Canopy \(spread(keys.0))   GTK \(spread(keys.1))   \(ratio(median(keys.0), median(keys.1)))"
                + "  (\(keys.0.count) keys each)")
        let looks = ours.flatMap { $0.looksAfterKeys ?? [] }
        print("      a screen reader's look after a key   Canopy \(spread(looks))")
        for (label, figure) in [
            ("scroll, same lines ", \TextViewFigures.scrollCPU), ("scroll, new lines  ", \.sweepCPU),
        ] {
            let scroll = (ours.map { $0[keyPath: figure] }, theirs.map { $0[keyPath: figure] })
            print(
                "    CPU/frame \(label)Canopy \(spread(scroll.0, "µs"))   GTK \(spread(scroll.1, "µs"))   "
                    + ratio(median(scroll.0), median(scroll.1)))
        }
        let memory = (median(ours.map { Double($0.residentKiB) }), median(theirs.map { Double($0.residentKiB) }))
        print(
            "    resident once shown   Canopy \(mebibytes(memory.0))   GTK \(mebibytes(memory.1))   \(ratio(memory.0, memory.1))"
        )
    }
    let last = sizes.count - 1
    func extra(_ runs: [[TextViewFigures]]) -> Double {
        (median(runs[last].map { Double($0.residentKiB) }) - median(runs[0].map { Double($0.residentKiB) })) * 1024
            / Double(bytes[last] - bytes[0])
    }
    func flatness(_ runs: [[TextViewFigures]], _ figure: KeyPath<TextViewFigures, Double>, over first: Int = 0)
        -> Double
    {
        median(runs[last].map { $0[keyPath: figure] }) / median(runs[first].map { $0[keyPath: figure] })
    }
    print(
        String(
            format:
                "  memory for the text (%@ − %@ resident, over the bytes added): Canopy %.2f ×, GTK %.2f × the text",
            sizes[last], sizes[0], extra(canopy), extra(gtk)))
    print(
        String(
            format:
                "  CPU per scroll frame, %@ : %@, same lines: Canopy %.2f, GTK %.2f; new lines: Canopy %.2f, GTK %.2f",
            sizes[last], sizes[0], flatness(canopy, \.scrollCPU), flatness(gtk, \.scrollCPU),
            flatness(canopy, \.sweepCPU), flatness(gtk, \.sweepCPU)))
    if sizes.count > 2 {
        let longer = last - 1
        print(
            String(
                format: "  CPU per frame into new lines, %@ : %@ (both lay out new lines all the way): "
                    + "Canopy %.2f, GTK %.2f",
                sizes[last], sizes[longer], flatness(canopy, \.sweepCPU, over: longer),
                flatness(gtk, \.sweepCPU, over: longer)))
    }
    print("  targets (issue 25): open ≤ 100 ms, a key ≤ 16.7 ms, scroll CPU flat, memory < 3 × the text")
}
