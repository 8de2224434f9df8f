import CanopyDBus
import Canopy

/// A key press or release as assistive technologies hear it (AT-SPI's DeviceEvent): the bridge
/// tells the registry of each key before the application handles it, so that a screen reader
/// can echo typed characters and take its own commands (a key it consumes never reaches the
/// application).
public struct AssistiveKeyEvent: Equatable, Sendable {
    /// Whether the key went down (or came up).
    public var isPress: Bool
    /// The key's symbol (an X keysym).
    public var keysym: Int
    /// The key's hardware code (an X keycode).
    public var keycode: Int
    /// The modifiers held, as X's state bits (Shift 1, Lock 2, Control 4, Mod1 8, …).
    public var modifiers: Int
    /// When it happened, in the server's milliseconds.
    public var time: UInt32
    /// The character the key types, or the key's name when it types none ("Left", "F12").
    public var text: String
    /// Whether ``text`` is a character the key types.
    public var typesText: Bool

    /// A key event with every field given.
    public init(
        isPress: Bool, keysym: Int, keycode: Int, modifiers: Int, time: UInt32, text: String, typesText: Bool
    ) {
        self.isPress = isPress
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.time = time
        self.text = text
        self.typesText = typesText
    }
}

/// A key told to the registry, waiting for its answer (or for the keys before it to be handed
/// back: keys reach the application in the order they were pressed).
struct ForwardedKey {
    /// The serial of the NotifyListenersSync call.
    let serial: UInt32
    /// Hands the key to the application, unless a listener consumed it.
    let handle: @MainActor (_ consumed: Bool) -> Void
    /// The registry's answer, once it came (or the wait for it ran out: not consumed).
    var consumed: Bool?
    /// Ends the wait for an answer that does not come.
    var watchdog: ScheduledAction?
}

extension AccessibilityBridge {
    /// How long a key waits for the registry's answer before it goes to the application anyway,
    /// in seconds: a registry that hangs must not take the keyboard with it.
    public static let keyAnswerTimeout = 1.0

    /// Whether keys go through the registry first: the registry has embedded the application.
    public var forwardsKeys: Bool { isRegistered && isConnected }

    /// Tells the registry's device event controller of `key` (`NotifyListenersSync`, as GTK's
    /// bridge does), without blocking; `handle` runs once its answer comes, with whether a
    /// listener consumed the key, after the keys forwarded before it. Without a registry,
    /// `handle` runs at once with `false`.
    public func forwardKey(_ key: AssistiveKeyEvent, then handle: @escaping @MainActor (_ consumed: Bool) -> Void) {
        guard forwardsKeys,
            let call = DBusMessage.methodCall(
                destination: AtSpi.registry, path: AtSpi.deviceEventControllerPath,
                interface: AtSpi.Interface.deviceEventController, member: "NotifyListenersSync")
        else { return handle(false) }
        // The registry reads a (uiiiisb): type, keysym, keycode, modifiers, time, text, is-text.
        call.append {
            $0.appendStruct { event in
                event.append(UInt32(key.isPress ? 0 : 1))
                event.append(key.keysym)
                event.append(key.keycode)
                event.append(key.modifiers & 0xffff)
                event.append(Int(Int32(bitPattern: key.time)))
                event.append(key.text)
                event.append(key.typesText)
            }
        }
        let serial = connection.send(call)
        connection.flush()
        let watchdog = host.timers.schedule(after: Self.keyAnswerTimeout) { [weak self] in
            self?.settleKey(serial, consumed: false)
        }
        forwardedKeys.append(ForwardedKey(serial: serial, handle: handle, watchdog: watchdog))
    }

    /// The answer to a forwarded key's call, if `message` is one: consumed or not (an error
    /// counts as not).
    func keyAnswered(_ message: DBusMessage) {
        guard forwardedKeys.contains(where: { $0.serial == message.replySerial }) else { return }
        var arguments = message.arguments()
        let consumed = message.kind == .methodReturn && (try? arguments.readBool()) == true
        settleKey(message.replySerial, consumed: consumed)
    }

    /// Notes the key `serial`'s fate, then hands back every key at the front whose fate is known.
    private func settleKey(_ serial: UInt32, consumed: Bool) {
        guard let index = forwardedKeys.firstIndex(where: { $0.serial == serial }),
            forwardedKeys[index].consumed == nil
        else { return }
        forwardedKeys[index].consumed = consumed
        if let watchdog = forwardedKeys[index].watchdog { host.timers.cancel(watchdog) }
        while let first = forwardedKeys.first, let consumed = first.consumed {
            forwardedKeys.removeFirst()
            first.handle(consumed)
        }
    }

    /// Hands every waiting key to the application (the bus went away): none is lost.
    func handBackForwardedKeys() {
        let waiting = forwardedKeys
        forwardedKeys = []
        for key in waiting {
            if let watchdog = key.watchdog { host.timers.cancel(watchdog) }
            key.handle(key.consumed ?? false)
        }
    }
}
