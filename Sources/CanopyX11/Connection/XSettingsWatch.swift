import Canopy
import CX11

/// Follows the desktop's XSETTINGS manager: takes the settings the connection asked for while
/// connecting (``XSettingsStartupRead``), so the first frame shows them, then reads the
/// manager's `_XSETTINGS_SETTINGS` property again when the manager changes it (PropertyNotify)
/// or a new manager announces itself (the `MANAGER` client message on the root window).
@MainActor final class XSettingsWatch {
    private let connection: DisplayConnection
    private let selection: Atom
    private let settingsProperty: Atom
    private let manager: Atom
    /// The manager's window, or 0 when no manager runs.
    private(set) var owner: XID = 0
    /// The settings last read; kept when the manager goes (as GTK does), `nil` before any.
    private(set) var settings: XSettings?
    /// The last problem said, so a property rewritten with the same fault is said once.
    private var lastProblem: String?
    /// The read asked for while connecting, until ``settle(waiting:)`` collects it.
    private var startupRead: XSettingsStartupRead?

    /// Follows the manager on `connection`'s screen, starting from the settings the connection
    /// asked for (collected by ``settle(waiting:)``).
    init(connection: DisplayConnection) {
        self.connection = connection
        selection = connection.atoms.xsettingsSelection
        settingsProperty = connection.atoms.xsettingsSettings
        manager = connection.atoms.manager
        startupRead = connection.desktopSettingsAtStartup
        owner = connection.desktopSettingsAtStartup.owner
    }

    /// Collects the settings asked for while connecting, once they are in (waiting for them,
    /// should they still be on their way, when `waiting`); returns whether there are settings
    /// to follow.
    func settle(waiting: Bool) -> Bool {
        guard let outcome = startupRead?.collect(waiting: waiting) else { return false }
        startupRead = nil
        switch outcome {
        case .nothing: return false
        case .managerGone:
            owner = 0  // a new manager announces itself
            return false
        case .settings(let bytes): return take(bytes)
        }
    }

    /// Whether `event` tells of the settings; if so they are read again, and the result says
    /// whether they changed. Called once ``settle(waiting:)`` has collected the start-up read.
    func handle(_ event: XEvent) -> Bool? {
        switch event.type {
        case ClientMessage where event.xclient.window == connection.root && event.xclient.message_type == manager:
            guard Atom(UInt(truncatingIfNeeded: event.xclient.data.l.1)) == selection else { return nil }
            return findOwner()
        case PropertyNotify where owner != 0 && event.xproperty.window == owner:
            guard event.xproperty.atom == settingsProperty else { return false }
            return read()
        case DestroyNotify where owner != 0 && event.xdestroywindow.window == owner:
            owner = 0  // its settings stay until another manager serves new ones
            return false
        default:
            return nil
        }
    }

    /// Looks up the selection's owner, watches its window and reads its settings; returns
    /// whether they changed. The server is grabbed meanwhile, so the owner cannot go between
    /// being found and being watched.
    private func findOwner() -> Bool {
        let display = connection.display
        XGrabServer(display)
        owner = XGetSelectionOwner(display, selection)
        if owner != 0 { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
        XUngrabServer(display)
        return owner != 0 && read()
    }

    /// Reads the owner's property; returns whether the settings changed. A property that is not
    /// a settings list is said on standard error (once) and ignored.
    private func read() -> Bool {
        guard
            let property = WindowProperty(display: connection.display, window: owner, property: settingsProperty),
            property.format == 8
        else { return false }
        return take(property.bytes)
    }

    /// Parses a settings property's `bytes`; returns whether the settings changed.
    private func take(_ bytes: [UInt8]) -> Bool {
        do {
            let parsed = try XSettings(parsing: bytes)
            lastProblem = nil
            guard parsed != settings else { return false }
            settings = parsed
            return true
        } catch {
            let problem = "the desktop's XSETTINGS cannot be read, so they are ignored: \(error)"
            if problem != lastProblem { reportProblem(problem) }
            lastProblem = problem
            return false
        }
    }
}
