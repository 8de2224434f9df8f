/// Why the X11 host could not do what was asked. Each message says what to do about it.
public enum X11Error: Error, CustomStringConvertible, Equatable {
    /// `$DISPLAY` is not set and no display name was given.
    case noDisplayConfigured
    /// No X server answered at the named display.
    case cannotOpenDisplay(String)
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
        case let .missingExtension(name):
            return "the X server has no \(name) extension, which Canopy needs to draw."
        case let .resourceFailed(what):
            return "the X server could not \(what)."
        }
    }
}
