// Frame pacing: the Showcase's picker fade on a slow server (Xvfb at 30 bits a pixel) and a fast
// one (24), each with the app's pacing on and off, interleaved; and a view that asks to be
// redrawn from its own `draw`, paced and unpaced.
import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import ShowcaseKit

/// One picker fade-in, timed from the click.
struct FadeRun {
    /// Until the fade's last step ran in the app.
    var fadeEnded = 0.0
    /// Until the server had processed every frame sent (confirmed by a round trip).
    var lastFrameAtServer = 0.0
    var framesPresented = 0
    var mostFramesInFlight = 0
    var serverCPU = 0.0
}

/// Clicks the Showcase's picker button on `display` and times its 0.25 s fade-in, with the app's
/// pacing `paced` or not; then closes the picker and lets the server catch up.
@MainActor func measurePickerFade(on display: VirtualDisplay, paced: Bool) throws -> FadeRun {
    let showcase = ShowcaseView { _ in }
    let test = try TestWindow(size: ShowcaseView.preferredSize, title: "Showcase", rootView: showcase, display: display)
    defer { test.close() }
    test.window.scene.animator.reducedMotion = false
    test.application.pacesFrames = paced
    let clock = test.application.clock, animator = test.window.scene.animator
    let server = display.serverProcessIdentifier ?? 0
    test.application.synchronize()
    let frames = test.window.framesPresented, serverStart = serverCPUTime(server)
    let start = clock.now
    test.click(showcase.pickerDemo.button)
    var run = FadeRun()
    test.wait(timeout: 5) { showcase.pickerDemo.picker?.isPresented == true }
    test.wait(timeout: 10) { !animator.isAnimating }
    run.fadeEnded = clock.now - start
    test.settle(timeout: 10)
    test.application.synchronize()
    run.lastFrameAtServer = clock.now - start
    run.serverCPU = serverCPUTime(server) - serverStart
    run.framesPresented = test.window.framesPresented - frames
    run.mostFramesInFlight = test.application.mostFramesInFlight
    return run
}

/// Draws a different colour every time and asks to be drawn again from `draw`.
final class RestlessView: View {
    private var draws = 0
    override func draw(in context: GraphicsContext, bounds: Rect) {
        draws += 1
        context.fill(bounds, color: draws % 2 == 0 ? Color(rgb: 0x3366cc) : Color(rgb: 0xcc6633))
        setNeedsDisplay()
    }
}

/// Frames per second and app CPU per second of a 200 × 200 view that redraws itself from
/// `draw`, over one second, paced or not.
@MainActor func measureRestlessView(paced: Bool) throws -> (framesPerSecond: Double, cpuPerSecond: Double) {
    let root = View()
    root.addSubview(RestlessView(frame: Rect(x: 20, y: 20, width: 200, height: 200)))
    let test = try TestWindow(size: Size(width: 240, height: 240), rootView: root)
    defer { test.close() }
    test.application.pacesFrames = paced
    let clock = test.application.clock
    let frames = test.window.framesPresented, start = clock.now, cpu = processCPUTime()
    test.wait(timeout: 1) { false }
    let elapsed = clock.now - start
    return (Double(test.window.framesPresented - frames) / elapsed, (processCPUTime() - cpu) / elapsed)
}

/// Prints the pacing figures: `rounds` interleaved rounds, medians with their range.
@MainActor func framePacingReport(rounds: Int) throws {
    let slow = try VirtualDisplay(width: 1024, height: 800, depth: 30)
    defer { slow.stop() }
    let fast = try TestWindow.sharedDisplay()
    let cases: [(String, VirtualDisplay, Bool)] = [
        ("depth 30, paced  ", slow, true), ("depth 30, unpaced", slow, false),
        ("depth 24, paced  ", fast, true), ("depth 24, unpaced", fast, false),
    ]
    var fades = Array(repeating: [FadeRun](), count: cases.count)
    var restless: [Bool: [(framesPerSecond: Double, cpuPerSecond: Double)]] = [:]
    for _ in 0..<rounds {
        for (index, (_, display, paced)) in cases.enumerated() {
            fades[index].append(try measurePickerFade(on: display, paced: paced))
        }
        for paced in [true, false] { restless[paced, default: []].append(try measureRestlessView(paced: paced)) }
    }
    func spread(_ values: [Double], _ unit: String = "ms") -> String {
        "\(format(median(values), unit)) [\(format(values.min() ?? 0, unit))–\(format(values.max() ?? 0, unit))]"
    }
    print("the Showcase's picker fading in (0.25 s), timed from the click (\(rounds) interleaved rounds, medians):")
    print("                     fade ended in app     last frame at server   frames  most in flight  server CPU")
    for (index, (label, _, _)) in cases.enumerated() {
        let runs = fades[index]
        print(
            "  \(label)  \(spread(runs.map(\.fadeEnded)))   \(spread(runs.map(\.lastFrameAtServer)))   "
                + "\(Int(median(runs.map { Double($0.framesPresented) })))      "
                + "\(runs.map(\.mostFramesInFlight).max() ?? 0)             \(format(median(runs.map(\.serverCPU))))")
    }
    print("a 200 × 200 view redrawing itself from draw, over 1 s:")
    for paced in [true, false] {
        let runs = restless[paced] ?? []
        print(
            "  \(paced ? "paced  " : "unpaced")  "
                + String(format: "%.0f frames/s", median(runs.map(\.framesPerSecond)))
                + " [\(String(format: "%.0f", runs.map(\.framesPerSecond).min() ?? 0))–"
                + "\(String(format: "%.0f", runs.map(\.framesPerSecond).max() ?? 0))], app CPU "
                + String(format: "%.0f %%", median(runs.map(\.cpuPerSecond)) * 100))
    }
}
