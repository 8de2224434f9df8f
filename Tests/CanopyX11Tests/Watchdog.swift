import Foundation

/// Ends the process with a message if not cancelled within `seconds`: a frozen main thread
/// cannot fail a test any other way.
struct Watchdog {
    private let item: DispatchWorkItem

    init(seconds: Double, message: String) {
        item = DispatchWorkItem {
            print("Watchdog: \(message)")
            exit(1)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    }

    func cancel() { item.cancel() }
}
