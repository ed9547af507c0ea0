import Foundation

/// What the gesture environment keeps about one recognizer while it holds it: the recognizer, its
/// state, a recognition waiting on failure requirements, the touches it tracks, its timers and
/// where its last touch was.
///
/// The environment owns these records (`GestureEnvironment.recognizerRecords`); a held recognizer
/// carries only its handle (`UIGestureRecognizer._slot`), and its public API (`state`,
/// `numberOfTouches`, `location(in:)`, its `GestureRecognizerContext`) reads the record through
/// the environment. A recognizer no environment holds reads its own `.possible` (or the state
/// code set on it outside any window, as UIKit allows).
struct RecognizerRecord {
    /// The recognizer (held while the record lives).
    let recognizer: UIGestureRecognizer
    /// The committed state (`UIGestureRecognizer.state` reads it).
    var state: GestureRecognizerState
    /// A recognition (`.began` or `.ended`) waiting for other recognizers to fail; the visible
    /// state stays `.possible` meanwhile.
    var pendingState: GestureRecognizerState?
    /// The touches bound to the recognizer, in the order they began.
    var trackedTouches: [UITouch] = []
    /// Its scheduled timers, with what each is and does (each fires as the recognizer's own code).
    var timers: [ScheduledTimer] = []
    /// Where its last touch was, in window coordinates, for `location(in:)` after the touches
    /// are gone (UIKit keeps answering with the last location until `reset`): written as each
    /// touch is let go (it ended, was ignored, or the recognizer stopped), when it is where the
    /// recognizer last saw it.
    var lastLocation: CGPoint?

    init(recognizer: UIGestureRecognizer, state: GestureRecognizerState, trackedTouches: [UITouch] = [], timers: [ScheduledTimer] = []) {
        self.recognizer = recognizer
        self.state = state
        self.trackedTouches = trackedTouches
        self.timers = timers
    }

    /// Whether the recognizer takes touches now (possible or recognizing, and not waiting).
    @inline(__always)
    var receivesTouches: Bool { state.receivesTouches && pendingState == nil }

    /// The committed state and the recognition waiting on failures, read in one look.
    @inline(__always)
    var stateAndPending: (GestureRecognizerState, GestureRecognizerState?) { (state, pendingState) }

    /// Commits `newState` and returns the state it replaces (one look for both).
    @inline(__always)
    mutating func replaceState(with newState: GestureRecognizerState) -> GestureRecognizerState {
        let old = state
        state = newState
        return old
    }
}

/// A recognizer's timer on the clock: its id there, when it fires, which it is (the trace names
/// it) and the code it runs.
struct ScheduledTimer {
    let id: OwnedTimerID
    let deadline: TimeInterval
    let which: RecognizerTimer
    let body: (UIGestureRecognizer) -> Void
}

/// Where a held recognizer's record is: the environment holding it and the handle there.
///
/// The environment is linked unretained (`UnretainedLink`): it owns the record, sets the slot when
/// it takes the recognizer and clears it when it lets the recognizer go or goes itself, so a set
/// slot's environment is alive. Every touch a recognizer handles reads its state through this
/// link; a weak reference would give the environment a side table and every retain of it the
/// slow path.
///
/// Between its sequences a recognizer still on a view in the environment's window keeps its
/// record, parked (`isParked`): emptied, at `.possible`, under a new generation (a context kept
/// from the sequence that ended is stale), and not in the active list. Its next touch takes it
/// back without making a record; it is let go for good when it leaves its view or its view
/// leaves the window.
struct RecognizerSlot {
    let environment: UnretainedLink<GestureRecords>
    let handle: SlotHandle
    /// The record is parked: the recognizer has no touches, timers or unfinished work.
    var isParked = false
}
