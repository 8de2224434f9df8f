#if canImport(Glibc)
    import Glibc
#endif

/// Lets work sent to the main dispatch queue (which is where the main actor runs async work:
/// `Task { @MainActor in … }`, `await MainActor.run`, `DispatchQueue.main.async`) run while
/// the app's own loop owns the main thread.
///
/// It calls libdispatch's two C functions, linked directly (Package.swift): importing
/// `Dispatch` would also load its Swift overlay (0.2 MiB resident) for nothing.
///
/// libdispatch offers run loops other than its own the same two hooks Foundation's run loop
/// uses: a file descriptor that becomes readable when work is queued, and a call that runs the
/// queued work. The run loop polls the descriptor beside the X connection.
enum MainQueueBridge {
    /// The descriptor to poll; readable while main-queue work is waiting.
    static var fileDescriptor: Int32 { dispatchMainQueueHandle() }

    /// Runs the work queued on the main queue, then clears the descriptor.
    static func drain() {
        var counter: UInt64 = 0
        _ = read(fileDescriptor, &counter, MemoryLayout<UInt64>.size)
        dispatchMainQueueCallback(nil)
    }
}

@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
