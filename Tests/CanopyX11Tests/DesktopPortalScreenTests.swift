import Canopy
import CanopyTesting
@_spi(Testing) @testable import CanopyX11
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11Tests {
    /// The freedesktop portal's `color-scheme`, served by a portal of the tests' own
    /// (`FakePortal/fake_portal.py`, Gio) on a private session bus, beside a real xsettingsd on an
    /// Xvfb of the test's own.
    @MainActor @Suite(.serialized) struct DesktopPortalScreenTests {
        static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("FakePortal/fake_portal.py").path
        static let light: UInt32 = 0xffffff, dark: UInt32 = 0x1f1f1f  // the themes' window backgrounds

        /// A shown window on its own Xvfb whose XSETTINGS name `theme`, asking the portal on `bus`.
        @MainActor struct Desk {
            let server: VirtualDisplay
            let daemon: XSettingsDaemon
            let application: Application
            let window: CanopyX11.Window

            init(theme: String, bus: String?) throws {
                server = try VirtualDisplay(width: 320, height: 240)
                daemon = try XSettingsDaemon(display: server.name, settings: "Net/ThemeName \"\(theme)\"\n")
                application = try Application(displayName: server.name)
                application.portalBusAddress = bus
                window = try Window(
                    application: application, title: "Portal", size: Size(width: 200, height: 100), rootView: View(),
                    scale: 1)
                window.show()
            }

            /// The window's background pixel, once the window shows one.
            func background() -> UInt32? {
                guard let image = try? window.captureImage() else { return nil }
                return image.rgb(x: image.width - 2, y: image.height - 2)
            }

            func stop() {
                application.close()
                daemon.stop()
                server.stop()
            }
        }

        func portal(on stack: AccessibilityStack, _ type: String, _ value: String) throws -> ChildProcess {
            let portal = try ChildProcess(
                "/usr/bin/python3", arguments: [Self.script, stack.sessionBusAddress, type, value])
            try #require(portal.waitForOutput(containing: "ready", timeout: 20), "\(portal.wait(timeout: 1).errors)")
            return portal
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func thePortalsPreferenceWinsOverTheThemeNameAndIsFollowedLive() throws {
            let stack = try AccessibilityStack()
            defer { stack.stop() }
            let portal = try portal(on: stack, "u", "1")  // prefer dark
            defer { _ = portal.terminate() }
            let desk = try Desk(theme: "Adwaita", bus: stack.sessionBusAddress)
            defer { desk.stop() }
            #expect(desk.application.run(timeout: 10) { desk.background() == Self.dark })
            #expect(desk.application.portalColorScheme == .dark)
            #expect(desk.window.scene.colorScheme == .dark)

            kill(portal.processIdentifier, SIGUSR1)  // SettingChanged: prefer light
            #expect(portal.waitForOutput(containing: "changed", timeout: 10))
            #expect(desk.application.run(timeout: 10) { desk.background() == Self.light })
            #expect(desk.application.portalColorScheme == .light)
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func withoutAPortalTheThemeNameDecides() throws {
            let stack = try AccessibilityStack()  // a session bus where nothing owns the portal's name
            defer { stack.stop() }
            let desk = try Desk(theme: "Adwaita-dark", bus: stack.sessionBusAddress)
            defer { desk.stop() }
            #expect(desk.application.run(timeout: 10) { desk.application.desktopPortalHasAnswered })
            #expect(desk.application.portalColorScheme == nil)
            #expect(desk.application.run(timeout: 5) { desk.background() == Self.dark })
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func aValueOfTheWrongTypeIsIgnored() throws {
            let stack = try AccessibilityStack()
            defer { stack.stop() }
            let portal = try portal(on: stack, "s", "dark")
            defer { _ = portal.terminate() }
            let desk = try Desk(theme: "Adwaita", bus: stack.sessionBusAddress)
            defer { desk.stop() }
            let capture = StandardErrorCapture()
            let answered = desk.application.run(timeout: 10) { desk.application.desktopPortalHasAnswered }
            let problems = capture.finish()
            #expect(answered)
            #expect(problems.contains("the desktop portal gave color-scheme as type 's', not a number ('u'); ignored"))
            #expect(desk.application.portalColorScheme == nil)
            #expect(desk.application.run(timeout: 5) { desk.background() == Self.light })
            // A change to a good value is still followed.
            kill(portal.processIdentifier, SIGUSR1)
            #expect(desk.application.run(timeout: 10) { desk.application.portalColorScheme == .light })
        }
    }
}
