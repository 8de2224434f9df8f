import Canopy
import CanopyTesting
import Testing

extension ProcessTests {
    /// The Showcase and the Gallery, run as users run them under a window manager, give it
    /// their own icon (so a task bar shows theirs, not a generic one) and a minimum size from
    /// their content (so the manager does not squeeze them until views overlap).
    @Test(arguments: ["Showcase", "Gallery"])
    func anExampleWindowHasItsIconAndAMinimumSize(_ program: String) throws {
        let server = try VirtualDisplay(width: 1024, height: 800)
        defer { server.stop() }
        let manager = try WindowManager(.openbox, on: server)
        defer { manager.stop() }
        let input = try InputDriver(displayName: server.name)
        input.watchForWindows()
        let app = try ChildProcess(builtProgram(program), environment: ["DISPLAY": server.name])
        defer { _ = app.terminate() }
        let clock = MonotonicClock()
        while input.managedWindows().isEmpty, clock.now < 20 { _ = input.waitForMappedWindow(timeout: 0.1) }
        let window = try #require(input.managedWindows().first, "\(program) showed no window")

        let icon = try #require(input.longs("_NET_WM_ICON", ofWindow: window), "\(program) has no icon")
        try #require(icon.count == 2 + 64 * 64, "icon items: \(icon.count)")
        #expect(icon[0] == 64 && icon[1] == 64)
        let centre = UInt32(truncatingIfNeeded: icon[2 + 32 * 64 + 32])
        #expect(centre >> 24 == 0xff, "the icon's centre is opaque")
        let corner = UInt32(truncatingIfNeeded: icon[2])
        #expect(corner >> 24 == 0, "the icon's corner is rounded off (transparent)")

        // WM_NORMAL_HINTS: flags, then x, y, width, height, then the minimum width and height.
        let hints = try #require(input.longs("WM_NORMAL_HINTS", ofWindow: window))
        let programMinimumSize = 1 << 4
        try #require(hints.count >= 7)
        #expect(hints[0] & programMinimumSize != 0)
        #expect(hints[5] >= 360 && hints[6] >= 240, "minimum \(hints[5]) × \(hints[6])")
    }
}
