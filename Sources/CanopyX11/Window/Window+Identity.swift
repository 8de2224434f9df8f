import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Who a window is, for the window manager and task bars: its class (WM_CLASS, the
/// application's names), the machine and process it runs in, and its title.
extension Window {
    /// Sets what the window manager reads of the window before it is mapped (its class,
    /// machine and process, its protocols and hints, that it takes drops, and `title`), all
    /// without a round trip.
    func setProperties(title: String) {
        let display = connection.display
        var hint = XClassHint()
        let name = strdup(application.name), className = strdup(application.className)
        defer {
            free(name)
            free(className)
        }
        hint.res_name = name
        hint.res_class = className
        XSetClassHint(display, windowID, &hint)
        setWindowManagerProperties()
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            var name = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            XChangeProperty(
                display, windowID, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, &name, Int32(name.count))
        }
        var pid = [Int(getpid())]
        XChangeProperty(display, windowID, connection.atoms.netWMPID, XA_CARDINAL, 32, PropModeReplace, &pid, 1)
        advertiseDropTarget()
        self.title = title
    }

    /// Sets the title as _NET_WM_NAME (UTF-8) and WM_NAME (Latin-1 when it fits, else UTF-8, as
    /// most window managers accept), with properties rather than Xutf8SetWMProperties, which
    /// interns WM_LOCALE_NAME: a round trip before the first frame.
    func setTitle(_ title: String) {
        let display = connection.display
        var utf8 = Array(title.utf8)
        XChangeProperty(
            display, windowID, connection.atoms.netWMName, connection.atoms.utf8String, 8, PropModeReplace, &utf8,
            Int32(utf8.count))
        let isLatin1 = title.unicodeScalars.allSatisfy { $0.value < 0x100 }
        var legacy = isLatin1 ? title.unicodeScalars.map { UInt8($0.value) } : utf8
        XChangeProperty(
            display, windowID, XA_WM_NAME, isLatin1 ? XA_STRING : connection.atoms.utf8String, 8, PropModeReplace,
            &legacy, Int32(legacy.count))
    }
}
