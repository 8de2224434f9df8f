import Canopy
import CX11

/// A drag out of the window (XDND), as the window leads it: what it carries, the window it
/// is over and what that window answered.
struct OutgoingDrag {
    /// A window that takes drops: where the messages go, and the version both sides speak.
    struct Target: Equatable {
        /// The window under the pointer that has `XdndAware` (or an `XdndProxy`).
        let window: XID
        /// Where its messages go: the window itself, or the proxy it names.
        let messageWindow: XID
        /// The XDND version of the conversation: the lower of the target's and the window's.
        let version: Int
    }

    /// The window the pointer is over that takes drops, if any.
    var target: Target?
    /// Whether the target said it takes the drag where the pointer is.
    var accepted = false
    /// Whether an XdndPosition is waiting for the target's XdndStatus.
    var awaitingStatus = false
    /// The pointer's latest position (screen pixels) and time, not yet sent to a target that has
    /// not answered the one before.
    var unsentPosition: (x: Int32, y: Int32, time: UInt)?
    /// When the button was released while a position still waited for its XdndStatus: the
    /// drop (or the end of the drag) waits for that answer, as the XDND protocol asks.
    var releaseTime: UInt?
    /// Whether the drop was sent and the window waits for XdndFinished.
    var isDropped = false
    /// Gives up waiting for the target's XdndStatus after the release, or its XdndFinished
    /// after the drop, from a target that never sends it.
    var finishWatchdog: ScheduledAction?
    /// The pointer over a target that takes the drag (a copy), and over anything else.
    let acceptedPointer: CX11.Cursor
    let refusedPointer: CX11.Cursor
}

/// Drags out of the window by the XDND protocol (version 5), as a drag source: the window owns
/// XdndSelection with the dragged content, grabs the pointer (with a drag pointer) and the
/// keyboard, and as the pointer moves looks for the window under it that takes drops
/// (`XdndAware`, or the window an `XdndProxy` names, found from the root down through window
/// managers' frames). It sends that window XdndEnter with the content's types, XdndPosition as
/// the pointer moves (one at a time, each answered by XdndStatus), XdndLeave when the pointer
/// leaves it or Escape cancels, and XdndDrop when the button is released over it while it
/// accepts (released while a position still waits for its answer, the drop waits for it too);
/// the target then asks for the content through the selection (answered by the window's
/// selection code, in chunks when large) and answers XdndFinished. The drag always offers a copy
/// (XdndActionCopy): the view keeps its content whatever action the target names. A drop on one
/// of the application's own windows goes the same way, through the server.
extension Window: DragHost {
    /// How long a drop waits for the target's XdndFinished before the drag is over anyway.
    static let dropFinishTimeout = 10.0

    /// Whether a drag out of the window is under way (until the target has finished the drop).
    @_spi(Testing) public var isDraggingOut: Bool { outgoingDrag != nil }

    /// Whether the button was released over a target whose answer to the latest position has
    /// not come yet: the drop waits for it.
    @_spi(Testing) public var isDropAwaitingStatus: Bool { outgoingDrag?.releaseTime != nil }

    /// Starts dragging `content` out of the window: takes XdndSelection with it (text, or URIs
    /// as `text/uri-list` and their paths as text) and grabs the pointer and the keyboard; the
    /// pointer's moves, the button's release and Escape then lead the drag. A drop still
    /// waiting for its target's XdndFinished is given up; does nothing while the pointer still
    /// leads a drag, or when the grab is refused.
    public func beginDrag(_ content: DragContent) {
        let display = connection.display
        if outgoingDrag?.isDropped == true { endDragOut() }
        guard isOpen, outgoingDrag == nil else { return }
        let acceptedPointer = XCreateFontCursor(display, UInt32(XC_plus))
        let refusedPointer = XCreateFontCursor(display, UInt32(XC_circle))
        let grab = XGrabPointer(
            display, windowID, 0, Self.dragPointerEvents, GrabModeAsync, GrabModeAsync, 0, refusedPointer, lastUserTime)
        guard grab == GrabSuccess else {
            XFreeCursor(display, acceptedPointer)
            XFreeCursor(display, refusedPointer)
            return
        }
        XGrabKeyboard(display, windowID, 0, GrabModeAsync, GrabModeAsync, lastUserTime)
        dropSelection.own(content)
        outgoingDrag = OutgoingDrag(acceptedPointer: acceptedPointer, refusedPointer: refusedPointer)
        XFlush(display)
    }

    /// Handles `event` if it leads the drag out of the window (a move, the release, a key);
    /// returns whether it did. The release also goes on to the scene, which ends the press.
    func handleOutgoingDragEvent(_ event: inout XEvent) -> Bool {
        guard let drag = outgoingDrag, !drag.isDropped else { return false }
        switch event.type {
        case MotionNotify:
            dragOutMoved(x: event.xmotion.x_root, y: event.xmotion.y_root, time: event.xmotion.time)
            return true
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            let release = event.xbutton
            dragOutMoved(x: release.x_root, y: release.y_root, time: release.time)
            dragOutReleased(time: release.time)
            return false
        case KeyPress:
            if XLookupKeysym(&event.xkey, 0) == KeySym(XK_Escape) { cancelDragOut() }
            return true
        case KeyRelease, ButtonPress:
            return true
        default:
            return false
        }
    }

    /// The target answered XdndStatus: whether it takes the drag there. A position held back
    /// meanwhile goes now.
    func dragOutStatusArrived(from window: XID, accepts: Bool) {
        guard var drag = outgoingDrag, drag.target?.window == window, !drag.isDropped else { return }
        drag.accepted = accepts
        drag.awaitingStatus = false
        outgoingDrag = drag
        if let position = drag.unsentPosition {
            sendPosition(x: position.x, y: position.y, time: position.time)
        } else if let releaseTime = drag.releaseTime {
            if let watchdog = drag.finishWatchdog { application.timers.cancel(watchdog) }
            outgoingDrag?.finishWatchdog = nil
            dropOrCancel(time: releaseTime)
        } else {
            showDragPointer(accepts ? drag.acceptedPointer : drag.refusedPointer)
        }
        XFlush(connection.display)
    }

    /// The target answered XdndFinished: the drop is over.
    func dragOutFinished(by window: XID) {
        guard let drag = outgoingDrag, drag.isDropped, drag.target?.window == window else { return }
        endDragOut()
    }

    /// The pointer is at (`x`, `y`) on the screen: the drag follows it to the window there that
    /// takes drops (leaving the one before) and tells that window where it is.
    private func dragOutMoved(x: Int32, y: Int32, time: UInt) {
        guard var drag = outgoingDrag else { return }
        let target = dropTarget(atScreenX: x, y: y)
        if target != drag.target {
            if let old = drag.target { sendDragMessage(connection.atoms.xdndLeave, to: old, [0]) }
            drag.target = target
            drag.accepted = false
            drag.awaitingStatus = false
            drag.unsentPosition = nil
            outgoingDrag = drag
            showDragPointer(drag.refusedPointer)
            if let target {
                let types = dropSelection.offeredTypes.map { Int($0) }
                sendDragMessage(connection.atoms.xdndEnter, to: target, [target.version << 24] + types)
            }
        }
        if drag.target != nil, drag.awaitingStatus {
            outgoingDrag?.unsentPosition = (x, y, time)
        } else if drag.target != nil {
            sendPosition(x: x, y: y, time: time)
        }
        XFlush(connection.display)
    }

    /// XdndPosition to the target: the pointer at (`x`, `y`) on the screen, asking for a copy.
    private func sendPosition(x: Int32, y: Int32, time: UInt) {
        guard let target = outgoingDrag?.target else { return }
        outgoingDrag?.awaitingStatus = true
        outgoingDrag?.unsentPosition = nil
        let position = Int(x & 0xffff) << 16 | Int(y & 0xffff)
        sendDragMessage(
            connection.atoms.xdndPosition, to: target, [0, position, Int(time), Int(connection.atoms.xdndActionCopy)])
    }

    /// The button was released: a drop on a target that accepts, otherwise the drag ends there.
    /// While the target has not answered the latest position, both wait for its answer (for as
    /// long as a drop waits for XdndFinished).
    private func dragOutReleased(time: UInt) {
        releaseDragGrabs()
        guard let drag = outgoingDrag, drag.target != nil, drag.awaitingStatus else { return dropOrCancel(time: time) }
        outgoingDrag?.releaseTime = time
        outgoingDrag?.finishWatchdog = application.timers.schedule(after: Self.dropFinishTimeout) { [weak self] in
            self?.cancelDragOut()
        }
    }

    /// The drop at `time` on a target that accepts; otherwise the drag ends.
    private func dropOrCancel(time: UInt) {
        guard let drag = outgoingDrag, let target = drag.target, drag.accepted else {
            return cancelDragOut()
        }
        sendDragMessage(connection.atoms.xdndDrop, to: target, [0, Int(time)])
        outgoingDrag?.isDropped = true
        outgoingDrag?.finishWatchdog = application.timers.schedule(after: Self.dropFinishTimeout) { [weak self] in
            self?.endDragOut()
        }
        XFlush(connection.display)
    }

    /// Escape, or a release where nothing takes the drag: the target hears the drag left, and
    /// nothing is dropped.
    private func cancelDragOut() {
        if let target = outgoingDrag?.target { sendDragMessage(connection.atoms.xdndLeave, to: target, [0]) }
        endDragOut()
    }

    /// Ends the drag, if any (it is over, or the window is closing): the grabs go, the pointers
    /// are freed.
    func endDragOut() {
        guard let drag = outgoingDrag else { return }
        outgoingDrag = nil
        if let watchdog = drag.finishWatchdog { application.timers.cancel(watchdog) }
        if !drag.isDropped { releaseDragGrabs() }
        XFreeCursor(connection.display, drag.acceptedPointer)
        XFreeCursor(connection.display, drag.refusedPointer)
        XFlush(connection.display)
    }

    /// The pointer events the drag's grab reports to the window.
    private static let dragPointerEvents = UInt32(ButtonMotionMask | PointerMotionMask | ButtonReleaseMask)

    /// Shows `pointer` for the rest of the drag, or until the target answers otherwise.
    private func showDragPointer(_ pointer: CX11.Cursor) {
        XChangeActivePointerGrab(connection.display, Self.dragPointerEvents, pointer, UInt(CurrentTime))
    }

    private func releaseDragGrabs() {
        XUngrabPointer(connection.display, UInt(CurrentTime))
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
    }

    /// The window at (`x`, `y`) on the screen that takes drops: from the root down through the
    /// windows under the point (a window manager's frame, then the client inside) to the first
    /// with `XdndAware` of version 3 or later, or with an `XdndProxy` that names a proxy which
    /// names itself; `nil` when there is none.
    private func dropTarget(atScreenX x: Int32, y: Int32) -> OutgoingDrag.Target? {
        let display = connection.display, root = connection.root
        let proxyAtom = XInternAtom(display, "XdndProxy", 0)
        var parent = root
        while true {
            var childX: Int32 = 0, childY: Int32 = 0
            var child: XID = 0
            guard XTranslateCoordinates(display, root, parent, x, y, &childX, &childY, &child) != 0, child != 0
            else { return nil }
            var messageWindow = child
            if let proxy = WindowProperty(display: display, window: child, property: proxyAtom)?.atoms.first,
                WindowProperty(display: display, window: proxy, property: proxyAtom)?.atoms.first == proxy
            {
                messageWindow = proxy
            }
            let aware = WindowProperty(display: display, window: messageWindow, property: connection.atoms.xdndAware)
            if let version = aware?.words.first {
                guard version >= Self.xdndOldestVersion else { return nil }
                return OutgoingDrag.Target(
                    window: child, messageWindow: messageWindow, version: min(Int(version), Self.xdndVersion))
            }
            parent = child
        }
    }

    /// An XDND message of `type` to `target`: the window's ID first, then `values`.
    private func sendDragMessage(_ type: Atom, to target: OutgoingDrag.Target, _ values: [Int]) {
        var event = Self.clientMessage(to: target.window, type: type, values: [Int(windowID)] + values)
        XSendEvent(connection.display, target.messageWindow, 0, NoEventMask, &event)
    }
}
