import Foundation

/// Runs a check's sessions on `jobs` worker threads in one process (`-j N`): each worker takes
/// the next session not yet taken, so a long session does not hold up the rest. Results are
/// handed to `onResult` as each finishes, so a slow session never holds back the lines of the
/// others; with `ordered`, in the set's order instead (a session's result waits for the ones
/// before it), so the output of `-j 4` is the output of `-j 1`. With a failure limit, no session
/// is started once that many have failed or could not be read; after a signal
/// (`SignalFlag.install`), none is started and the ones running stop; those not finished are
/// counted, not run.
public final class CheckRunner: @unchecked Sendable {
    public let checker: SessionChecker
    public let jobs: Int
    /// Stop starting sessions after this many failed or could not be read (nil: never).
    public let maximumFailures: Int?

    private let lock = NSLock()
    private var next = 0
    private var failures = 0
    private var results: [SessionCheckResult?] = []
    private var delivered = 0

    /// Most worker threads.
    public static let maximumJobs = 256
    /// The stack of a worker: as the main thread's (deep scenes recurse in hit testing).
    static let stackSize = 8 << 20

    /// Whether results are handed over in the set's order rather than as they finish.
    public let ordered: Bool

    public init(checker: SessionChecker, jobs: Int, maximumFailures: Int? = nil, ordered: Bool = false) {
        self.checker = checker
        self.jobs = max(1, min(jobs, Self.maximumJobs))
        self.maximumFailures = maximumFailures
        self.ordered = ordered
    }

    /// Checks `items` and returns every result made, in the set's order (shorter than `items`
    /// when the failure limit or a signal stopped the run). `onResult` runs on a worker, one call
    /// at a time.
    public func run(_ items: [CheckSet.Item], onResult: @escaping @Sendable (SessionCheckResult) -> Void = { _ in }) -> [SessionCheckResult] {
        lock.lock()
        next = 0
        failures = 0
        delivered = 0
        results = Array(repeating: nil, count: items.count)
        lock.unlock()
        let workers = min(jobs, max(1, items.count))
        if workers == 1 {
            work(items, onResult)
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers {
                group.enter()
                let thread = Thread { [self] in
                    work(items, onResult)
                    group.leave()
                }
                thread.stackSize = Self.stackSize
                thread.start()
            }
            group.wait()
        }
        lock.lock()
        defer { lock.unlock() }
        return results.compactMap { $0 }
    }

    private func work(_ items: [CheckSet.Item], _ onResult: @Sendable (SessionCheckResult) -> Void) {
        while let index = take(items.count) {
            let result = checker.check(items[index].path)
            // A replay a signal cut short is not a result: the session counts as not run.
            if SignalFlag.received != nil { return }
            finish(index, result, onResult)
        }
    }

    private func take(_ count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if SignalFlag.received != nil { return nil }
        if let maximumFailures, failures >= maximumFailures { return nil }
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }

    private func finish(_ index: Int, _ result: SessionCheckResult, _ onResult: @Sendable (SessionCheckResult) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        if result.status == .failed || result.status == .error { failures += 1 }
        guard ordered else {
            onResult(result)
            return
        }
        // Hand over every result now complete in order (the lock keeps the calls one at a time).
        while delivered < results.count, let ready = results[delivered] {
            onResult(ready)
            delivered += 1
        }
    }
}
