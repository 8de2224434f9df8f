/// Why the X11 host could not do what was asked. Each message says what to do about it.
public enum X11Error: Error, CustomStringConvertible, Equatable {
    /// `$DISPLAY` is not set and no display name was given.
    case noDisplayConfigured
    /// No X server answered at the named display.
    case cannotOpenDisplay(String)
    /// The name does not name a display (it needs a colon and a display number).
    case invalidDisplayName(String)
    /// A server accepted the connection but did not answer within the deadline (stopped, or
    /// frozen).
    case serverNotAnswering(String, seconds: Double)
    /// A server is there but refused the connection, most often for want of its cookie;
    /// `cookieFile` is where Xlib looked for the cookie.
    case connectionRefused(String, cookieFile: String)
    /// The display's server has no screen of the number the name asked for.
    case noSuchScreen(String, screens: Int)
    /// The server lacks an extension Canopy needs.
    case missingExtension(String)
    /// The server refused to create a resource, or a library call failed.
    case resourceFailed(String)

    /// A message saying what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .noDisplayConfigured:
            return "no X display: $DISPLAY is not set. Run this under an X session, set DISPLAY "
                + "(for example DISPLAY=:0), or run scripts/run-example, which takes screenshots under its own Xvfb."
        case let .cannotOpenDisplay(name):
            return "cannot open X display \"\(name)\": no X server answered there. "
                + "Check that the server is running and that DISPLAY names it."
        case let .invalidDisplayName(name):
            return "\"\(name)\" is not an X display name: it takes the form [host]:display[.screen], "
                + "such as :0 or :1.0."
        case let .serverNotAnswering(name, seconds):
            let duration = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
            return "the X server on \"\(name)\" accepted the connection but did not answer within "
                + "\(duration) s: it may be stopped or frozen. Check the server, or name another display."
        case let .connectionRefused(name, cookieFile):
            return "the X server on \"\(name)\" refused the connection, most often for want of its "
                + "cookie. Canopy used the cookies in \(cookieFile): add this display's cookie there (xauth), "
                + "or set XAUTHORITY to the file that has it."
        case let .noSuchScreen(name, screens):
            let count = screens == 1 ? "one screen" : "\(screens) screens"
            let screen = DisplayAddress(name)?.screen ?? 0
            return "the X server for \"\(name)\" has \(count), so it has no screen \(screen). "
                + "Name a screen from 0 to \(screens - 1)."
        case let .missingExtension(name):
            return "the X server has no \(name) extension, which Canopy needs to draw."
        case let .resourceFailed(what):
            return "the X server could not \(what)."
        }
    }
}
