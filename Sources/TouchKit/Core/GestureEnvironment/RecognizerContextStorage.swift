import Foundation

/// What the gesture environment keeps about one recognizer while it arbitrates: its state, a
/// recognition waiting on failure requirements, the touches it tracks, its timers, where its last
/// touch was, and the environment holding it.
///
/// Every recognizer carries one (`UIGestureRecognizer._context`), so a recognizer outside any
/// window still has a state to read. Only the gesture environment writes it, and the recognizer's
/// public door, `GestureRecognizerContext`, reads it (a subclass reaches it through that door:
/// `state`, `recognizerContext.touches`, `schedule`, `fail`). Built-in recognizers never touch it
/// (`tools/check-recognizer-doors.py`).
final class RecognizerContextStorage {
    /// The committed state (`UIGestureRecognizer.state` reads it).
    @exclusivity(unchecked)
    var state: GestureRecognizerState = .possible
    /// A recognition (`.began` or `.ended`) waiting for other recognizers to fail; the visible
    /// state stays `.possible` meanwhile.
    @exclusivity(unchecked)
    var pendingState: GestureRecognizerState?
    /// The touches bound to the recognizer, in the order they began.
    @exclusivity(unchecked)
    var trackedTouches: [UITouch] = []
    /// Its scheduled timers, with what each is and does (each fires as the recognizer's own code).
    @exclusivity(unchecked)
    var timers: [ScheduledTimer] = []
    /// Where its last touch was, in window coordinates, for `location(in:)` after the touches
    /// are gone (UIKit keeps answering with the last location until `reset`).
    @exclusivity(unchecked)
    var lastLocation: CGPoint?
    /// The environment holding it (it has touches or unfinished work), or nil. Unretained: the
    /// environment clears it when it lets the recognizer go, and when it goes itself. Kept as an
    /// unmanaged reference: an `unowned(unsafe)` optional is retained at every read that leaves
    /// the property, and every touch reads it.
    @exclusivity(unchecked)
    private var holder: Unmanaged<GestureEnvironment>?

    /// The environment holding it (see `holder`).
    var environment: GestureEnvironment? {
        get { holder?.takeUnretainedValue() }
        set { holder = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// Runs `body` with the environment holding the recognizer, without retaining it; nil when
    /// none holds it.
    @inline(__always)
    func withEnvironment<Result>(_ body: (GestureEnvironment) -> Result) -> Result? {
        guard let holder else { return nil }
        return holder._withUnsafeGuaranteedRef(body)
    }

    /// Whether an environment holds the recognizer.
    var isHeld: Bool { holder != nil }

    /// Whether the recognizer takes touches now (possible or recognizing, and not waiting).
    @inline(__always)
    var receivesTouches: Bool {
        (state == .possible || state == .began || state == .changed) && pendingState == nil
    }

    /// Whether a timer it scheduled is still to fire (a timer leaves the list when it fires or
    /// is cancelled).
    var hasPendingTimer: Bool { !timers.isEmpty }

    /// Invalidates and forgets its timers.
    func cancelTimers() {
        guard !timers.isEmpty else { return }
        // Without a timer a possible recognizer with no touches is stranded: the environment
        // looks again at the end of the event.
        withEnvironment { $0.resetCheckDue = true }
        for scheduled in timers { scheduled.clock.cancelOwned(scheduled.id) }
        // The list keeps its room: most recognizers schedule again on the next touch.
        timers.removeAllKeepingCapacity()
    }
}

/// A recognizer's timer on the clock: its id there, when it fires, which it is (the trace names
/// it) and the code it runs. The clock is held: a recognizer may outlive its application and
/// still cancel its timers.
struct ScheduledTimer {
    let id: OwnedTimerID
    let clock: VirtualClock
    let deadline: TimeInterval
    let which: RecognizerTimer
    let body: (UIGestureRecognizer) -> Void
}
