import CX11

/// Changing the screen as a display settings tool (`xrandr`) does.
extension OtherClient {
    /// Sets the screen to `width` × `height` pixels with its first output showing all of it, as
    /// `xrandr -s` does: a mode of that size made and added to the output, the output's CRTC
    /// set to it, then the screen resized. False when the server refuses.
    public func resizeScreen(width: Int, height: Int) -> Bool {
        let root = XDefaultRootWindow(display)
        guard let resources = XRRGetScreenResources(display, root) else { return false }
        defer { XRRFreeScreenResources(resources) }
        guard resources.pointee.noutput > 0, resources.pointee.ncrtc > 0 else { return false }
        var name = Array("\(width)x\(height)-test".utf8CString)
        let mode = name.withUnsafeMutableBufferPointer { buffer -> RRMode in
            var info = XRRModeInfo()
            info.width = UInt32(width)
            info.height = UInt32(height)
            info.hTotal = UInt32(width)
            info.vTotal = UInt32(height)
            info.dotClock = UInt(width * height * 60)
            info.name = buffer.baseAddress
            info.nameLength = UInt32(buffer.count - 1)
            return XRRCreateMode(display, root, &info)
        }
        let output = resources.pointee.outputs[0]
        XRRAddOutputMode(display, output, mode)
        var outputs = [output]
        let status = XRRSetCrtcConfig(
            display, resources, resources.pointee.crtcs[0], UInt(CurrentTime), 0, 0, mode, UInt16(RR_Rotate_0),
            &outputs, 1)
        guard status == 0 else { return false }
        // Millimetres for 96 dots per inch.
        XRRSetScreenSize(
            display, root, Int32(width), Int32(height), Int32(Double(width) * 25.4 / 96),
            Int32(Double(height) * 25.4 / 96))
        XSync(display, 0)
        return true
    }
}
