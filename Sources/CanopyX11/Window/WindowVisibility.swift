/// Whether a window is on the screen, and what its back buffer holds against what the screen
/// shows: the state behind a window's first frame (drawn ahead of the map, which shows it) and
/// its repairs from the buffer on Expose. Pure logic: the window makes the X calls its answers
/// ask for, and counts nothing itself.
struct WindowVisibility {
    /// Where the window stands with the server.
    enum Mapping: Equatable {
        /// Not shown yet: the application still owns its state (no window manager has seen it).
        case notShown
        /// Shown but not mapped (the map is on its way, or the window was unmapped since). With
        /// `backgroundIsFrame` the back buffer is the window's background, which the server
        /// paints as it maps the window.
        case unmapped(backgroundIsFrame: Bool)
        /// Mapped: the window's pixels are on the screen where nothing covers them.
        case mapped
    }

    /// What the back buffer holds.
    enum Buffer: Equatable {
        /// No whole frame at its current size: the window is new, or resized since.
        case blank
        /// A frame drawn while the window was not mapped, which the map (or the Expose that
        /// follows it) shows.
        case awaitingMap
        /// The frame the server painted as it mapped the window; the Expose that follows the map
        /// shows nothing new, and repairs nothing.
        case paintedByMap
        /// The frame on the screen (or to show when the window is mapped again).
        case shown
    }

    private(set) var mapping = Mapping.notShown
    private(set) var buffer = Buffer.blank
    /// How many frames have reached the window.
    private(set) var framesPresented = 0
    /// How many times an Expose was repaired from the buffer without drawing.
    private(set) var exposuresRepaired = 0

    /// Whether the window is mapped.
    var isMapped: Bool { mapping == .mapped }
    /// Whether the window has been shown: from then on the window manager owns its state.
    var hasBeenShown: Bool { mapping != .notShown }
    /// Whether the back buffer is the window's background now.
    var backgroundIsFrame: Bool { mapping == .unmapped(backgroundIsFrame: true) }
    /// Whether a frame drawn now is of use: the window is mapped, or has no frame yet (a new
    /// window draws its first ahead of the map, so the map shows it at once). An unmapped window
    /// that has drawn keeps its damage until it is mapped again.
    var acceptsFrame: Bool { isMapped || buffer == .blank }

    /// The window asks the server to map it. Returns whether it makes the back buffer its
    /// background first (the buffer holds a frame and `bufferCanBeBackground`), so the server
    /// shows that frame as it maps the window, without waiting for an Expose.
    mutating func showRequested(bufferCanBeBackground: Bool) -> Bool {
        guard !isMapped else { return false }
        let makesBackground = bufferCanBeBackground && buffer != .blank
        mapping = .unmapped(backgroundIsFrame: makesBackground || backgroundIsFrame)
        return makesBackground
    }

    /// A frame was drawn into the buffer. Returns whether its damage is copied to the window
    /// now (the window is mapped); otherwise the map shows it.
    mutating func frameDrawn() -> Bool {
        guard isMapped else {
            buffer = .awaitingMap
            return false
        }
        if buffer != .paintedByMap { buffer = .shown }  // the map's Expose is still to come
        framesPresented += 1
        return true
    }

    /// An Expose: part of the window lost its pixels (`isLast` when no more of the same
    /// exposure follow). Returns whether that part is copied from the buffer (it holds a frame).
    mutating func exposed(isLast: Bool) -> Bool {
        guard buffer != .blank else { return false }
        guard isLast else { return true }
        switch buffer {
        case .awaitingMap: framesPresented += 1  // the first frame reaches the screen
        case .shown: exposuresRepaired += 1
        case .paintedByMap, .blank: break  // the map's own exposure, painted with the frame
        }
        buffer = .shown
        return true
    }

    /// The server mapped the window. Returns whether the window sets its background back to
    /// none: from now on Expose is repaired from the buffer, and after a resize the old buffer
    /// would be tiled over the new size.
    mutating func mapped() -> Bool {
        let hadFrameAsBackground = backgroundIsFrame
        mapping = .mapped
        if buffer == .awaitingMap, hadFrameAsBackground {  // the server painted the frame as it mapped
            buffer = .paintedByMap
            framesPresented += 1
        }
        return hadFrameAsBackground
    }

    /// The server unmapped the window (the window manager iconified it, say).
    mutating func unmapped() {
        if isMapped { mapping = .unmapped(backgroundIsFrame: false) }
    }

    /// The buffer was made again at a new size: it holds no frame. Returns whether the window
    /// sets its background back to none (the old buffer would be tiled over the new size).
    mutating func resized() -> Bool {
        buffer = .blank
        guard backgroundIsFrame else { return false }
        mapping = .unmapped(backgroundIsFrame: false)
        return true
    }
}
