import CX11
@_spi(Testing) import CanopyX11

/// Another X client that asks for a selection again and again and never reads what it is
/// sent, or forges requests that name windows that do not exist, as a hostile or broken program
/// would, on a connection of its own: tests use it to check that the owner keeps little for
/// it. The application under test serves it: its loop takes the answers in as they arrive.
@MainActor public final class HoardingRequestor {
    private let client: SelectionClient
    private var display: OpaquePointer { client.display }
    /// How many of its requests the owner answered with a property (at once or by INCR).
    public private(set) var acceptedCount = 0
    /// How many of its requests the owner refused (the answer's property None).
    public private(set) var refusedCount = 0

    /// Connects to `application`'s display with a window of its own; `application`'s loop takes
    /// the answers in.
    public init(servedBy application: Application) throws {
        client = try SelectionClient(servedBy: application, owning: nil, role: "hoarding requestor")
        client.readEvents { [weak self] in self?.countAnswers() }
    }

    /// Asks the owner of `selection` (such as "CLIPBOARD") `count` times for its content as
    /// UTF8_STRING, each time into another property of its window, which it never reads or
    /// deletes; returns once the server has passed the requests on.
    public func request(_ selection: String, times count: Int) {
        let selection = client.atom(selection), target = client.atom("UTF8_STRING")
        for index in 0..<count {
            XConvertSelection(display, selection, target, property(index), client.window, UInt(CurrentTime))
        }
        XSync(display, 0)
    }

    /// Sends the owner of `selection` `count` SelectionRequest events of its own making, each
    /// naming as the requestor a window that no longer exists (made and destroyed at once);
    /// returns once the server has passed them on.
    public func forgeRequests(_ selection: String, times count: Int) {
        let selection = client.atom(selection), target = client.atom("UTF8_STRING")
        let owner = XGetSelectionOwner(display, selection)
        for index in 0..<count {
            let gone = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
            XDestroyWindow(display, gone)
            var event = XEvent()
            event.xselectionrequest.type = SelectionRequest
            event.xselectionrequest.owner = owner
            event.xselectionrequest.requestor = gone
            event.xselectionrequest.selection = selection
            event.xselectionrequest.target = target
            event.xselectionrequest.property = property(index)
            event.xselectionrequest.time = UInt(CurrentTime)
            XSendEvent(display, owner, 0, NoEventMask, &event)
        }
        XSync(display, 0)
    }

    /// The events other clients (the owner, while it sends chunks) have selected on its window.
    public var eventMaskOfOthers: Int {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, client.window, &attributes) != 0 else { return 0 }
        return attributes.all_event_masks & ~attributes.your_event_mask
    }

    private func property(_ index: Int) -> Atom { client.atom("CANOPY_TEST_HOARD_\(index)") }

    private func countAnswers() {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            guard event.type == SelectionNotify else { continue }
            if event.xselection.property == 0 { refusedCount += 1 } else { acceptedCount += 1 }
        }
    }
}
