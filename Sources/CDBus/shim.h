// libdbus, the reference D-Bus library, which the AT-SPI2 bridge speaks to the accessibility bus
// with.
#include <dbus/dbus.h>
