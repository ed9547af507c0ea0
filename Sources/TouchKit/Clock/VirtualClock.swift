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
///
/// Two kinds of timer share one order: closure timers (`schedule(after:label:_:)`, a
/// `ClockTimer` each) and owned timers (`scheduleOwned`, a recognizer's: a slot in the clock and
/// an id, no object), so that the timers a touch starts and stops allocate nothing.
public final class VirtualClock {
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _virtualClockFields = RecordCell(VirtualClockHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public func _recordFields(label: String) -> Any? {
        label == "_virtualClockFields" ? _virtualClockFields.fields : nil
    }

    /// Current time in seconds since the clock started.
    public private(set) var now: TimeInterval {
        get { _virtualClockFields.fields.now }
        set { _virtualClockFields.fields.now = newValue }
    }

    /// One timer in the heap: a closure timer's object, or an owned timer's slot and the
    /// generation it was scheduled in (a slot reused since has another).
    struct Entry {
        let deadline: TimeInterval
        let sequence: UInt64
        let timer: ClockTimer?
        let owned: OwnedTimerID
    }

    /// An owned timer's slot: its generation (bumped when the timer fires or is cancelled, which
    /// frees the slot) and its owner, unretained (the owner cancels its timers before it goes, so
    /// a live slot's owner is alive).
    struct OwnedSlot {
        var generation: UInt32 = 0
        var owner: UnretainedLink<AnyObject>?
    }

    /// The timers not yet fired, a binary min-heap on (deadline, sequence): scheduling and firing
    /// are logarithmic however many timers one instant schedules (N taps at one point and one
    /// instant each schedule and invalidate one). Invalidated and cancelled timers stay until they
    /// reach the top or the next compaction.
    private var pending: [Entry] {
        _read { yield _virtualClockFields.fields.pending }
        _modify { yield &_virtualClockFields.fields.pending }
    }
    private var slots: [OwnedSlot] {
        _read { yield _virtualClockFields.fields.slots }
        _modify { yield &_virtualClockFields.fields.slots }
    }
    private var freeSlots: [Int32] {
        _read { yield _virtualClockFields.fields.freeSlots }
        _modify { yield &_virtualClockFields.fields.freeSlots }
    }
    /// The heap size at which invalidated timers are swept out (doubles with the live count).
    private var compactionThreshold: Int {
        get { _virtualClockFields.fields.compactionThreshold }
        set { _virtualClockFields.fields.compactionThreshold = newValue }
    }
    private var nextSequence: UInt64 {
        get { _virtualClockFields.fields.nextSequence }
        set { _virtualClockFields.fields.nextSequence = newValue }
    }

    /// Creates a clock reading `start` seconds.
    public init(start: TimeInterval = 0) {
        self.now = start
    }

    /// Schedules `action` to run `delay` seconds from now (clamped to zero) and returns its handle.
    @discardableResult
    public func schedule(
        after delay: TimeInterval, label: String = "timer", _ action: @escaping () -> Void
    ) -> ClockTimer {
        let timer = ClockTimer(deadline: deadline(after: delay), label: label, action: action)
        push(Entry(deadline: timer.deadline, sequence: takeSequence(), timer: timer, owned: .none))
        return timer
    }

    /// Schedules a call to `owner` `delay` seconds from now (clamped to zero): it gets the id
    /// returned here, and keeps what the timer is for. No object is made.
    func scheduleOwned(after delay: TimeInterval, owner: any ClockTimerOwner) -> (id: OwnedTimerID, deadline: TimeInterval) {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = Int32(truncatingIfNeeded: slots.count)
            slots.append(OwnedSlot())
        }
        slots[Int(slot)].owner = UnretainedLink(owner as AnyObject)
        let id = OwnedTimerID(slot: slot, generation: slots[Int(slot)].generation)
        let deadline = deadline(after: delay)
        push(Entry(deadline: deadline, sequence: takeSequence(), timer: nil, owned: id))
        return (id, deadline)
    }

    /// Cancels the owned timer `id` (nothing if it fired or was cancelled).
    func cancelOwned(_ id: OwnedTimerID) {
        guard isLive(id) else { return }
        free(id.slot)
    }

    /// Whether the owned timer `id` is still to fire.
    func isLive(_ id: OwnedTimerID) -> Bool {
        id.slot >= 0 && Int(id.slot) < slots.count && slots[Int(id.slot)].generation == id.generation
    }

    private func free(_ slot: Int32) {
        slots[Int(slot)].generation &+= 1
        slots[Int(slot)].owner = nil
        freeSlots.append(slot)
    }

    private func deadline(after delay: TimeInterval) -> TimeInterval {
        now + (delay.isFinite ? max(0, delay) : 0)
    }

    private func takeSequence() -> UInt64 {
        defer { nextSequence &+= 1 }
        if pending.count >= compactionThreshold { compact() }
        return nextSequence
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
            if let timer = first.timer {
                guard timer.isValid else { continue }
                now = max(now, first.deadline)
                timer.fire()
            } else {
                guard isLive(first.owned), let owner = slots[Int(first.owned.slot)].owner else { continue }
                // The slot is free before the owner runs (it may schedule again).
                free(first.owned.slot)
                now = max(now, first.deadline)
                (owner.object as! any ClockTimerOwner).clockTimerFired(first.owned)
            }
        }
        now = max(now, time)
    }

    /// Deadline of the earliest pending timer, if any.
    public var nextDeadline: TimeInterval? {
        while let first = pending.first, !isValid(first) { popFirst() }
        return pending.first?.deadline
    }

    /// Number of timers still waiting to fire.
    public var pendingTimerCount: Int {
        pending.reduce(0) { $0 + (isValid($1) ? 1 : 0) }
    }

    private func isValid(_ entry: Entry) -> Bool {
        if let timer = entry.timer { return timer.isValid }
        return isLive(entry.owned)
    }

    // MARK: The heap

    private func push(_ entry: Entry) {
        pending.append(entry)
        var child = pending.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.fires(pending[parent], after: pending[child]) else { break }
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
            let earlier = right < pending.count && Self.fires(pending[left], after: pending[right]) ? right : left
            guard Self.fires(pending[parent], after: pending[earlier]) else { return }
            pending.swapAt(parent, earlier)
            parent = earlier
        }
    }

    private static func fires(_ a: Entry, after b: Entry) -> Bool {
        a.deadline > b.deadline || (a.deadline == b.deadline && a.sequence > b.sequence)
    }

    /// Drops invalidated and cancelled timers and rebuilds the heap (linear; run when the heap
    /// has doubled).
    private func compact() {
        pending.removeAll { !isValid($0) }
        for index in stride(from: pending.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
        compactionThreshold = max(64, 2 * pending.count)
    }
}

/// An owned timer: its slot in the clock and the slot's generation when it was scheduled.
struct OwnedTimerID: Hashable {
    let slot: Int32
    let generation: UInt32

    /// No owned timer (a closure timer's entry).
    static let none = OwnedTimerID(slot: -1, generation: 0)
}

/// A one-shot timer scheduled on a `VirtualClock`.
public final class ClockTimer {
    /// When the timer fires, in the clock's seconds.
    public let deadline: TimeInterval
    /// What scheduled it, for traces and debugging.
    public let label: String

    private var action: (() -> Void)?

    init(deadline: TimeInterval, label: String, action: @escaping () -> Void) {
        self.deadline = deadline
        self.label = label
        self.action = action
    }

    /// Whether the timer will still fire.
    public var isValid: Bool { action != nil }

    /// Stops the timer from firing. Safe to call more than once, and from its own callback.
    public func invalidate() {
        action = nil
    }

    func fire() {
        let body = action
        action = nil
        body?()
    }
}

/// An object whose timers call it when they fire (`VirtualClock.scheduleOwned`), and which keeps
/// what each timer is for: a recognizer, whose timers run as its own code.
protocol ClockTimerOwner: AnyObject {
    /// The owned timer `id`, one of the owner's, fired.
    func clockTimerFired(_ id: OwnedTimerID)
}

/// `VirtualClock`'s fields that every event reads or writes (see `RecordCell`).
struct VirtualClockHotFields {
    var now: TimeInterval = 0
    var pending: [VirtualClock.Entry] = []
    var slots: [VirtualClock.OwnedSlot] = []
    var freeSlots: [Int32] = []
    var compactionThreshold: Int = 64
    var nextSequence: UInt64 = 0
}

@_spi(Records) extension VirtualClock: RecordCellOwner {}
