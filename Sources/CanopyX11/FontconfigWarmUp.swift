import CX11
import Dispatch

/// Loads fontconfig's configuration on a background thread while the app connects to the X
/// server and builds its views; the first font lookup waits for it to finish.
///
/// Parsing fonts.conf and its includes is most of a small app's start-up CPU time, and it
/// needs nothing from the X server, so it can overlap the connection's round trips. fontconfig
/// makes its default configuration once, safely across threads; the main thread only touches
/// fonts after ``waitUntilLoaded()``, so the two never load it twice.
enum FontconfigWarmUp {
    private static let loading: DispatchGroup = {
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) { _ = FcInit() }
        return group
    }()

    /// Starts loading, once per process.
    static func start() { _ = loading }

    /// Returns once the configuration is loaded (starting the load if nothing has).
    static func waitUntilLoaded() { loading.wait() }
}
