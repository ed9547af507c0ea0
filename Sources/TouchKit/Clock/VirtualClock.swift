import Foundation

/// The engine's only source of time: a clock the driver owns and advances.
///
/// Nothing in TouchKit reads the wall clock. The window front end advances this clock with real
/// time, replay and tests advance it by hand, and in every case a timer fires with `now` set to its
/// own deadline, never to whenever the driver happened to look. That is what makes a replay produce
/// the same trace byte for byte: the order of timers and input depends only on their timestamps.
///
/// Ordering contract: `advance(to:)` fires every timer whose deadline is at or before the target,
/// in deadline order, ties in the order they were scheduled; a timer scheduled by a callback fires
/// in the same call if its deadline is within the target. Time never goes backwards.
///
/// The times a driver advances to are quantized to whole microseconds (`resolution`), the unit
/// sessions store, so a live run and the replay of its recording see the same `now` to the last
/// bit, and every threshold that depends on time decides the same way.
public final class VirtualClock {
    /// Current time in seconds since the clock started.
    @exclusivity(unchecked)
    public private(set) var now: TimeInterval

    /// The timers not yet fired, a binary min-heap on (deadline, sequence): scheduling and firing
    /// are logarithmic however many timers one instant schedules (N taps at one point and one
    /// instant each schedule and invalidate one). Invalidated timers stay until they reach the
    /// top or the next compaction.
    @exclusivity(unchecked)
    private var pending: [ClockTimer] = []
    /// The heap size at which invalidated timers are swept out (doubles with the live count).
    @exclusivity(unchecked)
    private var compactionThreshold = 64
    @exclusivity(unchecked)
    private var nextSequence: UInt64 = 0

    /// Creates a clock reading `start` seconds.
    public init(start: TimeInterval = 0) {
        self.now = start
    }

    /// Schedules `action` to run `delay` seconds from now (clamped to zero) and returns its handle.
    @discardableResult
    public func schedule(
        after delay: TimeInterval, label: String = "timer", _ action: @escaping () -> Void
    ) -> ClockTimer {
        schedule(after: delay, label: label, .closure(action))
    }

    /// Schedules `work` (a closure, or a call to `owner`: one object either way).
    func schedule(after delay: TimeInterval, label: String, _ work: ClockTimer.Work, owner: (any ClockTimerOwner)? = nil) -> ClockTimer {
        let safeDelay = delay.isFinite ? max(0, delay) : 0
        let timer = ClockTimer(deadline: now + safeDelay, sequence: nextSequence, label: label, work: work, owner: owner)
        nextSequence &+= 1
        if pending.count >= compactionThreshold { compact() }
        push(timer)
        return timer
    }

    /// The resolution of driver times, in seconds: one microsecond.
    public static let resolution: TimeInterval = 1e-6

    /// `time` rounded to a whole number of microseconds (as a session stores it).
    public static func quantized(_ time: TimeInterval) -> TimeInterval {
        guard time.isFinite, abs(time) < 1e15 else { return time }
        return (time * 1_000_000).rounded() / 1_000_000
    }

    /// Advances the clock by `interval` seconds, firing due timers.
    public func advance(by interval: TimeInterval) {
        guard interval.isFinite, interval > 0 else { return }
        advance(to: now + interval)
    }

    /// Advances the clock to `time` (quantized to microseconds), firing due timers in deadline
    /// order. Earlier times are ignored.
    public func advance(to unquantized: TimeInterval) {
        guard unquantized.isFinite else { return }
        let time = Self.quantized(unquantized)
        while let first = pending.first, first.deadline <= time {
            popFirst()
            guard first.isValid else { continue }
            now = max(now, first.deadline)
            first.fire()
        }
        now = max(now, time)
    }

    /// Deadline of the earliest pending timer, if any.
    public var nextDeadline: TimeInterval? {
        while let first = pending.first, !first.isValid { popFirst() }
        return pending.first?.deadline
    }

    /// Number of timers still waiting to fire.
    public var pendingTimerCount: Int {
        pending.reduce(0) { $0 + ($1.isValid ? 1 : 0) }
    }

    // MARK: The heap

    private func push(_ timer: ClockTimer) {
        pending.append(timer)
        var child = pending.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard pending[parent].fires(after: pending[child]) else { break }
            pending.swapAt(parent, child)
            child = parent
        }
    }

    private func popFirst() {
        let last = pending.removeLast()
        guard !pending.isEmpty else { return }
        pending[0] = last
        siftDown(from: 0)
    }

    private func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < pending.count else { return }
            let right = left + 1
            let earlier = right < pending.count && pending[left].fires(after: pending[right]) ? right : left
            guard pending[parent].fires(after: pending[earlier]) else { return }
            pending.swapAt(parent, earlier)
            parent = earlier
        }
    }

    /// Drops invalidated timers and rebuilds the heap (linear; run when the heap has doubled).
    private func compact() {
        pending.removeAll { !$0.isValid }
        for index in stride(from: pending.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
        compactionThreshold = max(64, 2 * pending.count)
    }
}

/// A one-shot timer scheduled on a `VirtualClock`.
public final class ClockTimer {
    /// When the timer fires, in the clock's seconds.
    public let deadline: TimeInterval
    /// What scheduled it, for traces and debugging.
    public let label: String
    let sequence: UInt64

    /// What firing does: a closure, or (`owned`) a call to the timer's owner, which keeps what
    /// the timer is for (a recognizer's timer runs as the recognizer's own code; naming the
    /// owner instead of capturing it in a closure makes scheduling one object, not two).
    enum Work {
        case none
        case closure(() -> Void)
        case owned
    }

    @exclusivity(unchecked)
    private var work: Work
    /// An owned timer's owner. Unretained: the owner invalidates its timers before it goes, so
    /// the timer never fires without it.
    @exclusivity(unchecked)
    private unowned(unsafe) var owner: (any ClockTimerOwner)?

    init(deadline: TimeInterval, sequence: UInt64, label: String, work: Work, owner: (any ClockTimerOwner)? = nil) {
        self.deadline = deadline
        self.sequence = sequence
        self.label = label
        self.work = work
        self.owner = owner
    }

    /// Whether the timer will still fire.
    public var isValid: Bool {
        if case .none = work { return false }
        return true
    }

    /// Stops the timer from firing. Safe to call more than once, and from its own callback.
    public func invalidate() {
        work = .none
    }

    func fire() {
        let body = work
        work = .none
        switch body {
        case .none: break
        case .closure(let action): action()
        case .owned: owner?.clockTimerFired(self)
        }
    }

    func fires(after other: ClockTimer) -> Bool {
        deadline > other.deadline || (deadline == other.deadline && sequence > other.sequence)
    }
}

/// An object whose timers call it when they fire (`ClockTimer.Work.owned`), and which keeps
/// what each timer is for: a recognizer, whose timers run as its own code.
protocol ClockTimerOwner: AnyObject {
    /// `timer`, one of the owner's, fired.
    func clockTimerFired(_ timer: ClockTimer)
}
