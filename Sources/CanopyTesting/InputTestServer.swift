import CXTest
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real Xorg server for tests of input that Xvfb cannot give: its screen is the `dummy`
/// video driver's and its pointer and touch screen are `inputtest` devices, driven from the
/// test like hardware: a pointer whose scroll valuators (XInput 2.1, increment 120 a step) move
/// as a touchpad's do, and a direct touch screen (XInput 2.2). The pointer is the core one; the
/// XTest devices move it too, so ``InputDriver`` works as on Xvfb.
///
/// The server stops with ``stop()`` or when this process ends, as ``VirtualDisplay``'s does.
public final class InputTestServer: Sendable {
    /// The display, to open applications and input drivers on.
    public let display: VirtualDisplay
    /// The pointer with scroll valuators.
    public let pointer: InputTestDevice
    /// The touch screen.
    public let touchScreen: InputTestDevice
    private let directory: String

    /// Starts Xorg with a `width` × `height` screen; throws a ``VirtualDisplay/StartError``
    /// saying why in one line when Xorg, its dummy driver or the inputtest driver is missing or
    /// the server does not start (it needs root, as on CI, to run without a console).
    public init(width: Int = 1024, height: Int = 768) throws {
        guard let executable = VirtualDisplay.findExecutable("Xorg") else {
            throw VirtualDisplay.StartError(description: "Xorg is not installed: run scripts/install-deps.")
        }
        for (module, package) in [
            ("drivers/dummy_drv.so", "xserver-xorg-video-dummy"), ("input/inputtest_drv.so", "xserver-xorg-core"),
        ] where !FileManager.default.fileExists(atPath: "/usr/lib/xorg/modules/\(module)") {
            throw VirtualDisplay.StartError(description: "Xorg's \(module) is missing: install \(package).")
        }
        let directory = NSTemporaryDirectory() + "/canopy-xorg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let configuration = Self.configuration(width: width, height: height, directory: directory)
        try configuration.write(toFile: "\(directory)/xorg.conf", atomically: true, encoding: .utf8)
        let arguments = [
            "-config", "\(directory)/xorg.conf", "-logfile", "\(directory)/Xorg.log", "-noreset", "-nolisten", "tcp",
            "-keeptty", "-novtswitch",  // no console: it stays on the terminal it was started from
        ]
        let (shell, number): (pid_t, String)
        do {
            (shell, number) = try VirtualDisplay.startServer(executable, arguments: arguments, called: "Xorg")
        } catch {
            let log = (try? String(contentsOfFile: "\(directory)/Xorg.log", encoding: .utf8)) ?? ""
            let reason = log.split(separator: "\n").last { $0.contains("(EE)") && !$0.contains("warning, (EE)") }
            try? FileManager.default.removeItem(atPath: directory)
            throw VirtualDisplay.StartError(description: "Xorg did not start: \(reason ?? "see its log")")
        }
        let display = VirtualDisplay(number: number, width: width, height: height, shell: shell)
        do {
            pointer = try InputTestDevice(socketPath: "\(directory)/pointer")
            touchScreen = try InputTestDevice(socketPath: "\(directory)/touch")
        } catch {
            display.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        self.display = display
        self.directory = directory
    }

    /// Stops the server and, once it has exited, removes its files.
    public func stop() {
        // The watching shell exits as soon as it has signalled the server, which then goes on
        // shutting down (removing its sockets): the files go once it is gone, told by a pidfd.
        let exit = display.serverProcessIdentifier.map { pidfd_open($0, 0) } ?? -1
        display.stop()
        if exit >= 0 {
            var descriptor = pollfd(fd: exit, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, 10_000) == -1, errno == EINTR {}
            close(exit)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The server's configuration: the dummy screen, the two devices listening in `directory`,
    /// and no devices of the machine's own (no hot-plugging).
    private static func configuration(width: Int, height: Int, directory: String) -> String {
        """
        Section "ServerFlags"
            Option "AutoAddDevices" "false"
            Option "AutoEnableDevices" "false"
            Option "DontVTSwitch" "true"
        EndSection
        Section "Device"
            Identifier "screen card"
            Driver "dummy"
            VideoRam 32768
        EndSection
        Section "Monitor"
            Identifier "monitor"
            HorizSync 5.0-1000.0
            VertRefresh 5.0-200.0
        EndSection
        Section "Screen"
            Identifier "screen"
            Device "screen card"
            Monitor "monitor"
            DefaultDepth 24
            SubSection "Display"
                Depth 24
                Virtual \(width) \(height)
            EndSubSection
        EndSection
        Section "InputDevice"
            Identifier "pointer"
            Driver "inputtest"
            Option "SocketPath" "\(directory)/pointer"
            Option "DeviceType" "Pointer"
        EndSection
        Section "InputDevice"
            Identifier "touch screen"
            Driver "inputtest"
            Option "SocketPath" "\(directory)/touch"
            Option "DeviceType" "Touch"
            Option "TouchCount" "5"
        EndSection
        Section "ServerLayout"
            Identifier "layout"
            Screen "screen"
            InputDevice "pointer" "CorePointer"
            InputDevice "touch screen"
        EndSection

        """
    }
}
