import Canopy
import CX11

/// Follows the desktop's XSETTINGS manager: finds the owner of the screen's `_XSETTINGS_S<n>`
/// selection, reads its `_XSETTINGS_SETTINGS` property, and reads it again when the owner
/// changes it (PropertyNotify) or a new manager announces itself (the `MANAGER` client message
/// on the root window). Started after the first frame, so its round trips (the three atoms,
/// the owner and the property) delay no first frame.
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

    /// Starts watching on `connection`'s screen and reads the settings there are.
    init(connection: DisplayConnection) {
        self.connection = connection
        let display = connection.display
        let names = ["_XSETTINGS_S\(connection.screen)", "_XSETTINGS_SETTINGS", "MANAGER"]
        var atoms = [Atom](repeating: 0, count: names.count)
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        selection = atoms[0]
        settingsProperty = atoms[1]
        manager = atoms[2]
        // MANAGER messages go to the root with StructureNotifyMask; nothing else in the app
        // selects events on the root.
        XSelectInput(display, connection.root, StructureNotifyMask)
        findOwner()
    }

    /// Whether `event` tells of the settings; if so they are read again, and the result says
    /// whether they changed.
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
    @discardableResult
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
        do {
            let parsed = try XSettings(parsing: property.bytes)
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
