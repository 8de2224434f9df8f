import CX11
import Canopy
import CanopyTesting
import Testing

@_spi(Testing) @testable import CanopyX11

/// Reading the display's refresh rate from RandR mode timings.
@Suite struct RefreshRateTests {
    @Test func aModesRateIsItsDotClockOverItsTotalSize() throws {
        // CEA 1080p60: 148.5 MHz over 2200 × 1125.
        let rate = try #require(
            RefreshRate.rate(dotClock: 148_500_000, horizontalTotal: 2200, verticalTotal: 1125, flags: 0))
        #expect(abs(rate - 60) < 0.001)
        // 2560 × 1440 at 144 Hz (CVT reduced blanking): 586.59 MHz over 2720 × 1497.
        let fast = try #require(
            RefreshRate.rate(dotClock: 586_590_000, horizontalTotal: 2720, verticalTotal: 1497, flags: 0))
        #expect(abs(fast - 144.06) < 0.01)
    }

    @Test func interlacedAndDoubleScannedModesCountTheirFields() throws {
        // 1080i: 74.25 MHz over 2200 × 1125, half the lines each refresh: 60 fields a second.
        let interlaced = try #require(
            RefreshRate.rate(
                dotClock: 74_250_000, horizontalTotal: 2200, verticalTotal: 1125, flags: UInt64(RR_Interlace)))
        #expect(abs(interlaced - 60) < 0.001)
        // 320 × 240 double-scanned: every line twice, so half the rate the timings alone give.
        let doubled = try #require(
            RefreshRate.rate(
                dotClock: 12_588_000, horizontalTotal: 400, verticalTotal: 262, flags: UInt64(RR_DoubleScan)))
        #expect(abs(doubled - 60.05) < 0.01)
    }

    @Test func missingOrNonsenseTimingsGiveNoRate() {
        #expect(RefreshRate.rate(dotClock: 0, horizontalTotal: 1344, verticalTotal: 806, flags: 0) == nil)  // Xvfb
        #expect(RefreshRate.rate(dotClock: 65_000_000, horizontalTotal: 0, verticalTotal: 806, flags: 0) == nil)
        #expect(RefreshRate.rate(dotClock: 65_000, horizontalTotal: 1344, verticalTotal: 806, flags: 0) == nil)
    }
}

extension X11Tests {
    /// Animations pace at the refresh rate the X server reports for its screen.
    @MainActor @Suite struct DisplayRefreshRateTests {
        @Test func animationsStepAtTheScreensRefreshRate() throws {
            let display = try VirtualDisplay(width: 1024, height: 768)
            defer { display.stop() }
            try Self.setScreenMode(of: display.name, dotClock: 78_750_000, horizontalTotal: 1312, verticalTotal: 800)
            let application = try Application(displayName: display.name)
            defer { application.close() }
            let window = try Window(application: application, title: "rate", size: Size(width: 100, height: 100))
            window.show()
            try #require(application.run(timeout: 5) { window.framesPresented > 0 })
            try #require(application.run(timeout: 5) { application.hasReadDisplayRefreshRate })
            let rate = try #require(application.displayRefreshRate)
            #expect(abs(rate - 75.03) < 0.01)
            #expect(application.frameInterval == 1 / rate)
        }

        /// Gives the screen a 1024 × 768 mode with these timings and shows it, as `xrandr
        /// --newmode`, `--addmode` and `--output --mode` would.
        static func setScreenMode(
            of displayName: String, dotClock: UInt, horizontalTotal: UInt32, verticalTotal: UInt32
        ) throws {
            let display = try #require(XOpenDisplay(displayName))
            defer { XCloseDisplay(display) }
            let root = XDefaultRootWindow(display)
            let resources = try #require(XRRGetScreenResourcesCurrent(display, root))
            defer { XRRFreeScreenResources(resources) }
            try #require(resources.pointee.noutput > 0 && resources.pointee.ncrtc > 0)
            var info = XRRModeInfo()
            info.width = 1024
            info.height = 768
            info.dotClock = dotClock
            info.hSyncStart = 1040
            info.hSyncEnd = 1136
            info.hTotal = horizontalTotal
            info.vSyncStart = 769
            info.vSyncEnd = 772
            info.vTotal = verticalTotal
            let mode = "canopy-test".withCString { name in
                info.name = UnsafeMutablePointer(mutating: name)
                info.nameLength = UInt32(strlen(name))
                return XRRCreateMode(display, root, &info)
            }
            var output = resources.pointee.outputs[0]
            XRRAddOutputMode(display, output, mode)
            let status = XRRSetCrtcConfig(
                display, resources, resources.pointee.crtcs[0], UInt(CurrentTime), 0, 0, mode, Rotation(RR_Rotate_0),
                &output, 1)
            try #require(status == Success)
            XSync(display, 0)
        }
    }
}
