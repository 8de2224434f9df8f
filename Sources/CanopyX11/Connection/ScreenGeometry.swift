import Canopy
import CX11

/// Where on the screen pop-ups may go: the monitors (RandR), and the work area the window
/// manager leaves free of panels and task bars (`_NET_WORKAREA` for the current desktop).
///
/// Reading it takes round trips, so the application reads it once the first frame is on the
/// screen (with the refresh rate), and again only when a pop-up opens after the window moved.
struct ScreenGeometry {
    /// The monitors' rectangles in screen pixels; the whole screen when RandR reports none.
    let monitors: [Rect]
    /// The work area in screen pixels, or `nil` when no window manager publishes one.
    let workArea: Rect?

    /// Reads the geometry of `root`'s screen (a few round trips).
    @MainActor static func read(connection: DisplayConnection) -> ScreenGeometry {
        let display = connection.display, root = connection.root, atoms = connection.atoms
        var monitors: [Rect] = []
        var count: Int32 = 0
        if let list = XRRGetMonitors(display, root, 1, &count) {
            for monitor in UnsafeBufferPointer(start: list, count: Int(count)) {
                monitors.append(
                    Rect(
                        x: Double(monitor.x), y: Double(monitor.y), width: Double(monitor.width),
                        height: Double(monitor.height)))
            }
            XRRFreeMonitors(list)
        }
        if monitors.isEmpty {
            let screen = XDefaultScreen(display)
            monitors = [
                Rect(
                    x: 0, y: 0, width: Double(XDisplayWidth(display, screen)),
                    height: Double(XDisplayHeight(display, screen)))
            ]
        }
        let desktop =
            WindowProperty(display: display, window: root, property: atoms.netCurrentDesktop)?.words.first ?? 0
        let areas = WindowProperty(display: display, window: root, property: atoms.netWorkArea)?.words ?? []
        var workArea: Rect?
        let first = 4 * Int(desktop)
        if areas.count >= first + 4 {
            workArea = Rect(
                x: Double(areas[first]), y: Double(areas[first + 1]), width: Double(areas[first + 2]),
                height: Double(areas[first + 3]))
        }
        return ScreenGeometry(monitors: monitors, workArea: workArea)
    }

    /// The part of the monitor holding most of `window` (screen pixels) that pop-ups may cover:
    /// the monitor within the work area.
    func popUpArea(around window: Rect) -> Rect {
        let overlap = { (monitor: Rect) in monitor.intersection(window).map { $0.width * $0.height } ?? 0 }
        let monitor = monitors.max { overlap($0) < overlap($1) } ?? window
        guard let workArea, let usable = monitor.intersection(workArea), !usable.isEmpty else { return monitor }
        return usable
    }
}
