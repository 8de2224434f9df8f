import CDBus

/// libdbus, loaded the first time a connection to a bus is made (`dlopen`, not linked): an app
/// that finds no bus to talk to never loads it.
enum LibDBus {
    /// The functions' table, filled by ``isLoaded``'s first reading (by `shim.h`'s inline
    /// loader, compiled into this file: a build that changes the table must recompile it).
    nonisolated(unsafe) private static let table = UnsafeMutablePointer<CanopyDBus>.allocate(capacity: 1)

    /// Whether libdbus is loaded; the first reading loads it (once, whichever thread asks).
    static let isLoaded: Bool = canopy_dbus_load(table) != 0

    /// libdbus's functions, for code that runs only once ``isLoaded`` was true (every
    /// ``DBusConnection`` checks it, and messages come from connections).
    static var functions: CanopyDBus { table.pointee }
}

/// libdbus's functions, named without their `dbus_` prefix (`dbus.connection_flush(...)`).
var dbus: CanopyDBus { LibDBus.functions }
