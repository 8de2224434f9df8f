import CX11

/// The display's refresh rate, read through RandR, so animations step once per refresh rather
/// than at an assumed 60 Hz.
///
/// The rate is the primary output's, or else the fastest of the screen's active outputs. Servers
/// without RandR, or that report no timings (Xvfb's modes have a dot clock of 0), give `nil`,
/// and the animator keeps its default.
enum RefreshRate {
    /// The slowest and fastest rates believed: anything outside is a server reporting nonsense.
    static let plausibleRange = 20.0...600.0

    /// The refresh rate in Hz of the screen of `root`, or `nil` when it cannot be known.
    static func query(display: OpaquePointer, root: XID) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
            let resources = XRRGetScreenResourcesCurrent(display, root)
        else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let modes = UnsafeBufferPointer(start: resources.pointee.modes, count: Int(resources.pointee.nmode))
        func rate(ofCRTC crtc: RRCrtc) -> Double? {
            guard let info = XRRGetCrtcInfo(display, resources, crtc) else { return nil }
            defer { XRRFreeCrtcInfo(info) }
            guard info.pointee.mode != 0, let mode = modes.first(where: { $0.id == info.pointee.mode }) else {
                return nil
            }
            return Self.rate(
                dotClock: UInt64(mode.dotClock), horizontalTotal: UInt64(mode.hTotal),
                verticalTotal: UInt64(mode.vTotal), flags: UInt64(mode.modeFlags))
        }
        let primary = XRRGetOutputPrimary(display, root)
        if primary != 0, let output = XRRGetOutputInfo(display, resources, primary) {
            defer { XRRFreeOutputInfo(output) }
            if output.pointee.crtc != 0, let rate = rate(ofCRTC: output.pointee.crtc) { return rate }
        }
        let crtcs = UnsafeBufferPointer(start: resources.pointee.crtcs, count: Int(resources.pointee.ncrtc))
        return crtcs.compactMap(rate(ofCRTC:)).max()
    }

    /// The refresh rate of a mode with these timings (pixels per second over pixels per
    /// refresh), or `nil` when the timings say nothing or give an implausible rate.
    static func rate(dotClock: UInt64, horizontalTotal: UInt64, verticalTotal: UInt64, flags: UInt64) -> Double? {
        var lines = Double(verticalTotal)
        if flags & UInt64(RR_DoubleScan) != 0 { lines *= 2 }  // each line is sent twice
        if flags & UInt64(RR_Interlace) != 0 { lines /= 2 }  // each refresh sends half the lines
        guard dotClock > 0, horizontalTotal > 0, lines > 0 else { return nil }
        let rate = Double(dotClock) / (Double(horizontalTotal) * lines)
        return plausibleRange.contains(rate) ? rate : nil
    }
}
