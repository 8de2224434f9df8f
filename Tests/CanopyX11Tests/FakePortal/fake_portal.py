"""A desktop portal of the tests' own for DesktopPortalScreenTests: owns
org.freedesktop.portal.Desktop on the session bus at ADDRESS and serves
org.freedesktop.portal.Settings' ReadOne and Read for org.freedesktop.appearance color-scheme.

    fake_portal.py ADDRESS TYPE VALUE

answers with VALUE of D-Bus TYPE ("u" 1, or "s" dark to give a wrong type) and prints "ready"
once it owns the name; on SIGUSR1 it changes the value to u 2 (prefer light), emits
SettingChanged and prints "changed".
"""
import signal
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node><interface name="org.freedesktop.portal.Settings">
  <method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/>
    <arg type="v" direction="out"/></method>
  <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/>
    <arg type="v" direction="out"/></method>
  <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
  <property name="version" type="u" access="read"/>
</interface></node>
"""
PATH = "/org/freedesktop/portal/desktop"
NAMESPACE, KEY = "org.freedesktop.appearance", "color-scheme"

address, kind, text = sys.argv[1:4]
value = GLib.Variant(kind, int(text) if kind == "u" else text)
connection = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)


def call(connection, sender, path, interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    if (namespace, key) != (NAMESPACE, KEY):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")
    elif method == "ReadOne":
        invocation.return_value(GLib.Variant("(v)", (value,)))
    else:  # the older Read wraps the value in one more variant
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value),)))


def get_property(connection, sender, path, interface, name):
    return GLib.Variant("u", 2)


connection.register_object(PATH, node.interfaces[0], call, get_property, None)


def change():
    global value
    value = GLib.Variant("u", 2)
    connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                           GLib.Variant("(ssv)", (NAMESPACE, KEY, value)))
    connection.flush_sync(None)
    print("changed", flush=True)
    return GLib.SOURCE_CONTINUE


GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, change)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or GLib.SOURCE_REMOVE)
reply = connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                             "RequestName", GLib.Variant("(su)", ("org.freedesktop.portal.Desktop", 4)),
                             None, Gio.DBusCallFlags.NONE, -1, None)
if reply.unpack()[0] != 1:
    sys.exit("could not own org.freedesktop.portal.Desktop")
print("ready", flush=True)
loop = GLib.MainLoop()
loop.run()
