import CX11
import CXInput
import Canopy

/// The pointer's moves and the touches through XInput 2 (2.2 for touch), so that a touchpad's
/// scroll valuators (XInput 2.1) scroll by fractions of a step, exactly as far as the fingers
/// moved, and touches reach the window as touches.
///
/// Moves are handed on as the core events they stand for, so the windows handle them as
/// before. Presses and releases stay core events: an XI2 press would start an XI2 implicit
/// grab, which a core grab (a drag out of the window takes one) cannot take over. So the wheel
/// buttons the server emulates from scroll valuators come as core presses too, with nothing
/// to flag them; the server makes them from the very input the valuators moved by, at the same
/// time, so a wheel press at the time of the last valuator scroll is that scroll's and is
/// dropped (``isEmulatedWheelPress(_:)``): no scroll counts twice. Without XInput 2.1 the core
/// events come as they always did.
///
/// Started after the first frame: its round trips (the extension, its version, the devices)
/// delay no first frame.
@MainActor final class XInputPointer {
    /// What an XI2 event amounts to.
    enum Input {
        /// A move, as the core event it stands for.
        case core(XEvent)
        /// A scroll valuator moved, over `window` at `x`, `y` (pixels).
        case scroll(window: XID, x: Double, y: Double, steps: ScrollValuators.Steps, state: UInt32)
        /// A touch began, moved or ended over `window` at `x`, `y` (pixels).
        case touch(window: XID, phase: TouchEvent.Phase, touch: UInt32, x: Double, y: Double, time: UInt)
    }

    private let display: OpaquePointer
    /// The extension's major opcode, which its events carry.
    private let opcode: Int32
    /// Whether the server speaks XInput 2.2 (touch).
    private let hasTouch: Bool
    private var valuators = ScrollValuators()
    /// The devices that report touches (their emulated pointer events are dropped).
    private var touchDevices: Set<Int32> = []
    /// The server time of the last scroll by valuators.
    private var lastScrollTime: UInt?

    /// Asks for XInput 2.2 on `connection`'s display and reads the devices' scroll valuators;
    /// `nil` when the server has no XInput 2.1.
    init?(connection: DisplayConnection) {
        let display = connection.display
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major * 100 + minor >= 201 else { return nil }
        self.display = display
        self.opcode = opcode
        hasTouch = major * 100 + minor >= 202
        readDevices(XIAllDevices)
        // A device plugged in, or a master pointer switching to another device, changes the
        // valuators: both are told on the root window.
        select(on: connection.root, device: XIAllDevices, events: [XI_HierarchyChanged, XI_DeviceChanged])
    }

    /// Has `window` send its moves and touches as XI2 events.
    func select(on window: XID) {
        var events = [XI_Motion]
        if hasTouch { events += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
        select(on: window, device: XIAllMasterDevices, events: events)
    }

    private func select(on window: XID, device: Int32, events: [Int32]) {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in events { bits[Int(event) / 8] |= 1 << UInt8(event % 8) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// The pointer entered a window: where the valuators are is read afresh.
    func pointerEntered() { valuators.forgetLastValues() }

    /// Whether `event` is a core press of a wheel button that the server made up from the
    /// valuators' last scroll (at its time).
    func isEmulatedWheelPress(_ event: XButtonEvent) -> Bool {
        event.type == ButtonPress && (4...7).contains(event.button) && event.time == lastScrollTime
    }

    /// Whether `event` is one of XInput's.
    func isOwn(_ event: XEvent) -> Bool {
        event.type == GenericEvent && event.xcookie.extension == opcode
    }

    /// What XInput event `event` amounts to; `nil` for one that only updated what is known of
    /// the devices, or one to drop (a move the server made up from a touch).
    func translate(_ event: inout XEvent) -> Input? {
        guard XGetEventData(display, &event.xcookie) != 0, let data = event.xcookie.data else { return nil }
        defer { XFreeEventData(display, &event.xcookie) }
        switch event.xcookie.evtype {
        case XI_DeviceChanged:
            let change = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            readClasses(change.classes, count: change.num_classes, of: change.sourceid)
            return nil
        case XI_HierarchyChanged:
            let change = data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            for index in 0..<Int(change.num_info) where change.info[index].flags & XISlaveAdded != 0 {
                readDevices(change.info[index].deviceid)
            }
            return nil
        case XI_Motion:
            return moved(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let touch = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let phase: TouchEvent.Phase =
                switch touch.evtype {
                case XI_TouchBegin: .began
                case XI_TouchUpdate: .moved
                default: .ended
                }
            return .touch(
                window: touch.event, phase: phase, touch: UInt32(bitPattern: touch.detail), x: touch.event_x,
                y: touch.event_y, time: touch.time)
        default:
            return nil
        }
    }

    /// A move: the scroll valuators' steps when they moved, else the core move. (A touchpad
    /// scrolling does not move the pointer, and a move alone scrolls nothing.)
    private func moved(_ event: XIDeviceEvent) -> Input? {
        if isEmulatedFromTouch(event) { return nil }
        let steps = valuators.steps(of: event.sourceid, values: Self.values(event.valuators))
        if steps != ScrollValuators.Steps() {
            lastScrollTime = event.time
            return .scroll(
                window: event.event, x: event.event_x, y: event.event_y, steps: steps, state: Self.coreState(event))
        }
        var motion = XEvent()
        motion.xmotion = XMotionEvent(
            type: MotionNotify, serial: event.serial, send_event: 0, display: event.display, window: event.event,
            root: event.root, subwindow: event.child, time: event.time, x: Self.pixel(event.event_x),
            y: Self.pixel(event.event_y), x_root: Self.pixel(event.root_x), y_root: Self.pixel(event.root_y),
            state: Self.coreState(event), is_hint: 0, same_screen: 1)
        return .core(motion)
    }

    /// Whether `event` is the pointer the server emulates from a touch the window also gets as
    /// touch events.
    private func isEmulatedFromTouch(_ event: XIDeviceEvent) -> Bool {
        hasTouch && event.flags & XIPointerEmulated != 0 && touchDevices.contains(event.sourceid)
    }

    /// Reads the scroll valuators and touch classes of `device` (or of every device).
    private func readDevices(_ device: Int32) {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, device, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        for index in 0..<Int(count) {
            readClasses(devices[index].classes, count: devices[index].num_classes, of: devices[index].deviceid)
        }
    }

    /// Takes `device`'s scroll valuators, with their values now, from its classes.
    private func readClasses(
        _ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32, of device: Int32
    ) {
        guard let classes else { return }
        var axes: [ScrollValuators.Axis] = []
        var values: [Int32: Double] = [:]
        var touches = false
        for index in 0..<Int(count) {
            guard let info = classes[index] else { continue }
            let raw = UnsafeMutableRawPointer(info)
            switch info.pointee.type {
            case XIScrollClass:
                let scroll = raw.assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                axes.append(
                    ScrollValuators.Axis(
                        number: scroll.number, isVertical: scroll.scroll_type == XIScrollTypeVertical,
                        increment: scroll.increment, lastValue: nil))
            case XIValuatorClass:
                let valuator = raw.assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                values[valuator.number] = valuator.value
            case XITouchClass:
                touches = raw.assumingMemoryBound(to: XITouchClassInfo.self).pointee.mode == XIDirectTouch
            default:
                break
            }
        }
        for index in axes.indices { axes[index].lastValue = values[axes[index].number] }
        valuators.set(axes, for: device)
        if touches { touchDevices.insert(device) } else { touchDevices.remove(device) }
    }

    /// The values an event carries, by valuator number.
    private static func values(_ state: XIValuatorState) -> [Int32: Double] {
        var values: [Int32: Double] = [:]
        var next = 0
        for number in 0..<Int(state.mask_len) * 8 where state.mask[number / 8] & (1 << UInt8(number % 8)) != 0 {
            values[Int32(number)] = state.values[next]
            next += 1
        }
        return values
    }

    /// The core event state of an XI2 event: the modifiers in effect and the buttons held.
    private static func coreState(_ event: XIDeviceEvent) -> UInt32 {
        var state = UInt32(bitPattern: event.mods.effective) & 0xff
        for button in 1...5 where Int(event.buttons.mask_len) * 8 > button {
            if event.buttons.mask[button / 8] & (1 << UInt8(button % 8)) != 0 {
                state |= UInt32(Button1Mask) << (button - 1)
            }
        }
        return state
    }

    private static func pixel(_ value: Double) -> Int32 { Int32(clamping: Int(value.rounded(.down))) }
}
