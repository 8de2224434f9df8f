// The part of libdbus's API the AT-SPI2 bridge uses, declared here and loaded at run time
// (dlopen) the first time an app finds an accessibility bus: an app on a desktop without one
// never loads libdbus or what it pulls in (libsystemd, libgcrypt, liblzma, ...), so its
// start-up is unchanged, and building needs no D-Bus headers. The declarations follow the
// stable ABI of libdbus-1.so.3 (see dbus/dbus-connection.h, dbus-message.h, dbus-errors.h).
#include <dlfcn.h>
#include <stdint.h>

/// A connection to a bus (libdbus's DBusConnection), only ever handled by pointer.
typedef struct CanopyDBusConnection CanopyDBusConnection;
/// A message (libdbus's DBusMessage), only ever handled by pointer.
typedef struct CanopyDBusMessage CanopyDBusMessage;
/// libdbus's dbus_bool_t: 0 or 1 in 32 bits.
typedef uint32_t CanopyDBusBool;

/// libdbus's DBusError: the error's name and message, then bits libdbus keeps to itself.
typedef struct CanopyDBusError {
    const char *name;
    const char *message;
    unsigned int reserved;
    void *padding;
} CanopyDBusError;

/// libdbus's DBusMessageIter: 72 bytes on the stack that libdbus fills in (two pointers,
/// ten 32-bit integers, two pointers).
typedef struct CanopyDBusMessageIter {
    void *storage[9];
} CanopyDBusMessageIter;

/// The libdbus functions the bridge calls, named without their `dbus_` prefix.
typedef struct CanopyDBus {
    void (*_Nonnull error_init)(CanopyDBusError *error);
    void (*_Nonnull error_free)(CanopyDBusError *error);

    CanopyDBusConnection *(*_Nonnull connection_open_private)(const char *address, CanopyDBusError *error);
    void (*_Nonnull connection_set_exit_on_disconnect)(CanopyDBusConnection *connection, CanopyDBusBool exit);
    CanopyDBusBool (*_Nonnull bus_register)(CanopyDBusConnection *connection, CanopyDBusError *error);
    const char *(*_Nonnull bus_get_unique_name)(CanopyDBusConnection *connection);
    void (*_Nonnull connection_close)(CanopyDBusConnection *connection);
    void (*_Nonnull connection_unref)(CanopyDBusConnection *connection);
    CanopyDBusBool (*_Nonnull connection_get_unix_fd)(CanopyDBusConnection *connection, int *descriptor);
    CanopyDBusBool (*_Nonnull connection_get_is_connected)(CanopyDBusConnection *connection);
    CanopyDBusBool (*_Nonnull connection_send)(
        CanopyDBusConnection *connection, CanopyDBusMessage *message, uint32_t *serial);
    void (*_Nonnull connection_flush)(CanopyDBusConnection *connection);
    CanopyDBusBool (*_Nonnull connection_read_write)(CanopyDBusConnection *connection, int milliseconds);
    CanopyDBusMessage *(*_Nonnull connection_pop_message)(CanopyDBusConnection *connection);
    /// 0 (DBUS_DISPATCH_DATA_REMAINS) while messages already read wait in the connection's queue.
    int (*_Nonnull connection_get_dispatch_status)(CanopyDBusConnection *connection);
    CanopyDBusMessage *(*_Nonnull connection_send_with_reply_and_block)(
        CanopyDBusConnection *connection, CanopyDBusMessage *message, int milliseconds, CanopyDBusError *error);

    void (*_Nonnull message_unref)(CanopyDBusMessage *message);
    CanopyDBusMessage *(*_Nonnull message_new_method_call)(
        const char *destination, const char *path, const char *interface, const char *member);
    CanopyDBusMessage *(*_Nonnull message_new_signal)(const char *path, const char *interface, const char *member);
    CanopyDBusMessage *(*_Nonnull message_new_method_return)(CanopyDBusMessage *call);
    CanopyDBusMessage *(*_Nonnull message_new_error)(CanopyDBusMessage *call, const char *name, const char *message);
    int (*_Nonnull message_get_type)(CanopyDBusMessage *message);
    const char *(*_Nonnull message_get_path)(CanopyDBusMessage *message);
    const char *(*_Nonnull message_get_interface)(CanopyDBusMessage *message);
    const char *(*_Nonnull message_get_member)(CanopyDBusMessage *message);
    const char *(*_Nonnull message_get_sender)(CanopyDBusMessage *message);
    const char *(*_Nonnull message_get_signature)(CanopyDBusMessage *message);
    const char *(*_Nonnull message_get_error_name)(CanopyDBusMessage *message);
    uint32_t (*_Nonnull message_get_reply_serial)(CanopyDBusMessage *message);
    CanopyDBusBool (*_Nonnull message_get_no_reply)(CanopyDBusMessage *message);

    CanopyDBusBool (*_Nonnull message_iter_init)(CanopyDBusMessage *message, CanopyDBusMessageIter *iterator);
    int (*_Nonnull message_iter_get_arg_type)(CanopyDBusMessageIter *iterator);
    void (*_Nonnull message_iter_get_basic)(CanopyDBusMessageIter *iterator, void *value);
    CanopyDBusBool (*_Nonnull message_iter_next)(CanopyDBusMessageIter *iterator);
    void (*_Nonnull message_iter_recurse)(CanopyDBusMessageIter *iterator, CanopyDBusMessageIter *child);
    void (*_Nonnull message_iter_init_append)(CanopyDBusMessage *message, CanopyDBusMessageIter *iterator);
    CanopyDBusBool (*_Nonnull message_iter_append_basic)(CanopyDBusMessageIter *iterator, int type, const void *value);
    CanopyDBusBool (*_Nonnull message_iter_open_container)(
        CanopyDBusMessageIter *iterator, int type, const char *signature, CanopyDBusMessageIter *child);
    CanopyDBusBool (*_Nonnull message_iter_close_container)(
        CanopyDBusMessageIter *iterator, CanopyDBusMessageIter *child);
} CanopyDBus;

/// Loads libdbus-1.so.3 and fills `functions`; returns 0 (leaving `functions` unusable) when the
/// library or one of the functions is missing.
static inline int canopy_dbus_load(CanopyDBus *functions) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == 0) return 0;
#define CANOPY_DBUS_LOAD(name) \
    if ((*(void **)&functions->name = dlsym(library, "dbus_" #name)) == 0) return 0;
    CANOPY_DBUS_LOAD(error_init)
    CANOPY_DBUS_LOAD(error_free)
    CANOPY_DBUS_LOAD(connection_open_private)
    CANOPY_DBUS_LOAD(connection_set_exit_on_disconnect)
    CANOPY_DBUS_LOAD(bus_register)
    CANOPY_DBUS_LOAD(bus_get_unique_name)
    CANOPY_DBUS_LOAD(connection_close)
    CANOPY_DBUS_LOAD(connection_unref)
    CANOPY_DBUS_LOAD(connection_get_unix_fd)
    CANOPY_DBUS_LOAD(connection_get_is_connected)
    CANOPY_DBUS_LOAD(connection_send)
    CANOPY_DBUS_LOAD(connection_flush)
    CANOPY_DBUS_LOAD(connection_read_write)
    CANOPY_DBUS_LOAD(connection_pop_message)
    CANOPY_DBUS_LOAD(connection_get_dispatch_status)
    CANOPY_DBUS_LOAD(connection_send_with_reply_and_block)
    CANOPY_DBUS_LOAD(message_unref)
    CANOPY_DBUS_LOAD(message_new_method_call)
    CANOPY_DBUS_LOAD(message_new_signal)
    CANOPY_DBUS_LOAD(message_new_method_return)
    CANOPY_DBUS_LOAD(message_new_error)
    CANOPY_DBUS_LOAD(message_get_type)
    CANOPY_DBUS_LOAD(message_get_path)
    CANOPY_DBUS_LOAD(message_get_interface)
    CANOPY_DBUS_LOAD(message_get_member)
    CANOPY_DBUS_LOAD(message_get_sender)
    CANOPY_DBUS_LOAD(message_get_signature)
    CANOPY_DBUS_LOAD(message_get_error_name)
    CANOPY_DBUS_LOAD(message_get_reply_serial)
    CANOPY_DBUS_LOAD(message_get_no_reply)
    CANOPY_DBUS_LOAD(message_iter_init)
    CANOPY_DBUS_LOAD(message_iter_get_arg_type)
    CANOPY_DBUS_LOAD(message_iter_get_basic)
    CANOPY_DBUS_LOAD(message_iter_next)
    CANOPY_DBUS_LOAD(message_iter_recurse)
    CANOPY_DBUS_LOAD(message_iter_init_append)
    CANOPY_DBUS_LOAD(message_iter_append_basic)
    CANOPY_DBUS_LOAD(message_iter_open_container)
    CANOPY_DBUS_LOAD(message_iter_close_container)
#undef CANOPY_DBUS_LOAD
    return 1;
}
