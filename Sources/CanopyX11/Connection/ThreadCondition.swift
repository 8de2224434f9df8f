#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX mutex with a condition variable on the monotonic clock, for state shared with a
/// thread of our own. (Foundation's locks would load Foundation, megabytes and milliseconds at
/// start-up, for these few lines.)
final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` holding the mutex, then wakes every thread waiting in
    /// ``wait(until:timeout:)`` to look again.
    func changeAndSignal(_ body: () -> Void) {
        withLock(body)
        pthread_cond_broadcast(condition)
    }

    /// Waits until `isSatisfied` (read holding the mutex) holds or `seconds` pass, then runs
    /// `body` still holding the mutex, with whether it held.
    func wait<Result>(
        until isSatisfied: () -> Bool, timeout seconds: Double, then body: (Bool) -> Result
    ) -> Result {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = max(0, seconds).rounded(.down)
        deadline.tv_sec += Int(whole)
        deadline.tv_nsec += Int((max(0, seconds) - whole) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isSatisfied() {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return body(isSatisfied())
    }
}
