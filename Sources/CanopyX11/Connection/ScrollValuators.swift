/// The scroll valuators of the pointer devices (XInput 2.1's scroll classes) and where each was
/// when last seen. A valuator reports where it is, not how far it moved: its move since then,
/// over its increment (the distance of one wheel step), is how many steps it scrolled, in
/// fractions from a touchpad.
///
/// A valuator's last value is forgotten when the pointer enters a window (it may have scrolled
/// elsewhere meanwhile, as GTK also reasons): its next report only sets where it is.
struct ScrollValuators {
    /// One scroll valuator of a device.
    struct Axis: Equatable {
        /// The valuator's number on its device.
        var number: Int32
        /// Whether it scrolls up and down (else left and right).
        var isVertical: Bool
        /// How far it moves for one wheel step; negative for a reversed direction.
        var increment: Double
        /// Where it was when last seen; `nil` when not known.
        var lastValue: Double?
    }

    /// Steps scrolled each way.
    struct Steps: Equatable {
        var x = 0.0
        var y = 0.0
    }

    private var axesByDevice: [Int32: [Axis]] = [:]

    /// Sets the scroll valuators of `device` (none removes it).
    mutating func set(_ axes: [Axis], for device: Int32) {
        axesByDevice[device] = axes.isEmpty ? nil : axes.filter { $0.increment != 0 }
    }

    /// Whether `device` scrolls through valuators (its wheel buttons are then emulated from
    /// them).
    func scrolls(_ device: Int32) -> Bool { axesByDevice[device] != nil }

    /// Forgets where every valuator was (the pointer entered a window).
    mutating func forgetLastValues() {
        for device in axesByDevice.keys {
            for index in axesByDevice[device, default: []].indices { axesByDevice[device]?[index].lastValue = nil }
        }
    }

    /// Takes the values `device` reports (valuator number to value) and returns the steps its
    /// scroll valuators moved since last seen.
    mutating func steps(of device: Int32, values: [Int32: Double]) -> Steps {
        guard var axes = axesByDevice[device] else { return Steps() }
        var steps = Steps()
        for index in axes.indices {
            guard let value = values[axes[index].number] else { continue }
            if let last = axes[index].lastValue {
                let moved = (value - last) / axes[index].increment
                if axes[index].isVertical { steps.y += moved } else { steps.x += moved }
            }
            axes[index].lastValue = value
        }
        axesByDevice[device] = axes
        return steps
    }
}
