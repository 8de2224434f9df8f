/// How long and how large clipboard and drag transfers with other clients may grow before
/// Canopy gives up on them: the bounds that keep a hung or hostile peer from stalling a paste
/// or filling memory. One value for the whole process, read by every selection.
@_spi(Testing) public struct SelectionLimits: Sendable {
    /// How long a request waits for the owner's first answer before it fails (5 s).
    public var answerTimeout = 5.0
    /// How long a paste (or drop) arriving in chunks waits for the next one before it fails (5 s).
    public var incomingChunkTimeout = 5.0
    /// The most a paste (or drop) arriving in chunks may hold: one that grows past it fails (64 MiB).
    public var incomingSizeLimit = 64 * 1024 * 1024
    /// How long a paste (or drop) arriving in chunks may take in all before it fails (60 s).
    public var incomingDeadline = 60.0
    /// How long a copy going to another client in chunks waits for it to read the last one
    /// before the transfer is dropped (5 s).
    public var outgoingChunkTimeout = 5.0
    /// How many copies may go to one requestor window in chunks at a time; it is refused more (4).
    public var transfersPerRequestor = 4

    /// The limits in force; tests shorten them and put them back.
    @MainActor public static var current = SelectionLimits()
}
