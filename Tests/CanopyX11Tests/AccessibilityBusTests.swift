import Canopy
@_spi(Testing) import CanopyX11
import CanopyTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11Tests {
    /// Where no desktop says there is an accessibility bus, the app connects to nothing.
    @MainActor @Suite struct AccessibilityBusTests {
        @Test func withoutAnAccessibilityBusTheAppLooksOnceAndConnectsToNothing() throws {
            for name in ["AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"] where getenv(name) != nil {
                try Test.cancel("this session has \(name) set: the no-bus case needs a machine without one")
            }
            let test = try TestWindow(rootView: Button(title: "Hello"))
            defer { test.close() }
            #expect(test.wait { test.application.hasLookedForAccessibilityBus })
            #expect(test.application.accessibilityBridge == nil)
        }
    }
}
