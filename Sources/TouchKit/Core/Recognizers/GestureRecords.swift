import Foundation

/// The gesture environment as recognizers, touches and the application see it: the records it
/// keeps of them (a recognizer's state, tracked touches and timers; a touch's recognizers and the
/// delivery to its view), the clock, the trace and the thresholds at hand, and the requests they
/// make of it. UIKit's shapes know only this class; `GestureEnvironment`, its one subclass,
/// decides what each request does (binding, arbitration, delivery, resets), outside their
/// folders, so that the environment depends on the shapes and not the other way round.
///
/// The records live in two slot tables this object alone reads and writes (the roles of
/// Flutter's arena entries and swift-nio's handler contexts); recognizers and touches carry a
/// handle (`GestureRecords+Access`).
class GestureRecords: ClockTimerOwner {
    /// The host's thresholds, kept at hand (the host sets them whenever its own change):
    /// recognizers read them on every move.
    @exclusivity(unchecked)
    final var configuration = TouchKitConfiguration.uikit
    /// The host's trace, kept at hand: the environment records on every event.
    final let trace: Trace
    /// The host's clock, kept at hand: recognizers read the time on every touch.
    final let clock: VirtualClock
    /// Recognizers with touches or unfinished work, in the order they joined.
    @exclusivity(unchecked)
    final var active: [UIGestureRecognizer] = []
    /// Their records' handles, in the same order (`activeHandles[i]` is `active[i]`'s):
    /// arbitration's participants.
    @exclusivity(unchecked)
    final var activeHandles: [SlotHandle] = []
    /// Touches with a held delivery to their view, in the order they were held.
    @exclusivity(unchecked)
    final var held: [UITouch] = []
    /// Whether a recognizer may have finished (a final state, or possible and stranded) since
    /// the environment last looked: set by whatever can finish one (a state change, a touch or
    /// timer let go, a recognizer stopped). Most events change none of that.
    @exclusivity(unchecked)
    final var resetCheckDue = false
    /// True from the start of an input event until it is finished (resets wait for the end).
    @exclusivity(unchecked)
    final var isDispatching = false

    /// Its records of the recognizers it holds and the touches it routes: it alone reads and
    /// writes them.
    final let recognizerRecords = SlotTable<RecognizerRecord>()
    final let touchRecords = SlotTable<TouchRecord>()
    /// The scratch record a read of a recognizer it does not hold shows (its state outside any
    /// environment), made at the first such read; it names this placeholder, not the recognizer,
    /// so that it keeps nothing alive.
    final var scratchHandle: SlotHandle?
    final let scratchRecognizer = UIGestureRecognizer()
    /// The scratch record a read of a touch it does not route shows (a new touch's), made at the
    /// first such read: a read never makes a record (a touch cancelled in its view after its
    /// record went must not bring one back).
    final var scratchTouchHandle: SlotHandle?
    /// How many records are parked (`RecognizerSlot.isParked`).
    final var parkedCount = 0
    /// Emptied lists, with their room, that released records left for the next records.
    @exclusivity(unchecked)
    final var spareTouchLists: [[UITouch]] = []
    @exclusivity(unchecked)
    final var spareTimerLists: [[ScheduledTimer]] = []

    init(clock: VirtualClock, trace: Trace) {
        self.trace = trace
        self.clock = clock
    }

    deinit {
        // Recognizers and touches link to it unretained through their slots: they forget it.
        releaseAllRecords()
        recognizerRecords.destroy()
        touchRecords.destroy()
    }

    // MARK: Requests (the environment answers each)

    /// The application that made it is initialized: it becomes the host.
    func attach(to host: UIApplication) { requestNotAnswered() }
    /// The application is going: the environment no longer reaches it.
    func detachHost() { requestNotAnswered() }
    /// `recognizer` asks to move to `target` (setting `state`, or through its context); `cause`
    /// is asked for only when the trace records the change.
    func requestState(_ recognizer: UIGestureRecognizer, to target: UIGestureRecognizer.State, cause: () -> TransitionCause?) {
        requestNotAnswered()
    }
    /// A recognizer was disabled or removed: it leaves the sequence.
    func recognizerStopped(_ recognizer: UIGestureRecognizer, cause: @autoclosure () -> TransitionCause, sendActions: Bool) {
        requestNotAnswered()
    }
    /// `ignore(_:for:)` or a delegate refusal: the recognizer stops tracking `touch`.
    func ignore(_ touch: UITouch, by recognizer: UIGestureRecognizer, reason: TouchIgnoreReason) { requestNotAnswered() }
    /// A recognizer's timer fired: `body` runs as its code.
    func timerFired(_ recognizer: UIGestureRecognizer, timer: RecognizerTimer, _ body: () -> Void) { requestNotAnswered() }
    /// A subtree leaves its window: its views' touches are cancelled, its recognizers stop.
    func viewWillLeaveWindow(_ view: UIView) { requestNotAnswered() }
    /// Binds a new touch to the recognizers of its hit view and every ancestor.
    func bind(_ touch: UITouch, hitView: UIView) { requestNotAnswered() }
    /// Delivers the changed touches of `event` that belong to `window`.
    func deliver(_ event: UIEvent, in window: UIWindow) { requestNotAnswered() }
    /// A touch ended or was cancelled and the event is over.
    func touchFinished(_ touch: UITouch) { requestNotAnswered() }
    /// The event is over.
    func eventDidFinish() { requestNotAnswered() }

    private func requestNotAnswered(_ request: StaticString = #function) -> Never {
        preconditionFailure("GestureRecords.\(request) is answered by the gesture environment")
    }

    // MARK: Timers

    /// A recognizer's timer fired: its body runs as the recognizer's own code.
    final func clockTimerFired(_ id: OwnedTimerID) {
        // The few recognizers with timers are in the active list.
        for recognizer in active where holds(recognizer) {
            guard let index = self[recognizer].timers.firstIndex(where: { $0.id == id }) else { continue }
            let scheduled = self[recognizer].timers.remove(at: index)
            timerFired(recognizer, timer: scheduled.which) { scheduled.body(recognizer) }
            return
        }
    }
}

extension UIGestureRecognizer {
    /// The environment of the application the recognizer's view is in (the one holding it, while
    /// it is held: one link instead of three on every touch).
    var _environment: GestureRecords? {
        if let held = _slot?.environment.object { return held }
        return _view?._window?._application?._gestureEnvironment
    }

    /// Schedules `body` on the application clock; it runs as the recognizer's own code. False
    /// when the recognizer is in no window (nothing is scheduled).
    func _schedule(after delay: TimeInterval, _ which: RecognizerTimer, _ body: @escaping (UIGestureRecognizer) -> Void) -> Bool {
        guard let environment = _environment else { return false }
        environment.schedule(after: delay, for: self, which, body)
        return true
    }

    /// Routes a state request through the environment (or applies it directly when detached).
    /// `cause` is asked for only when the trace records the change.
    func _requestState(_ target: State, cause: @autoclosure () -> TransitionCause?) {
        // The environment holding it is used in place (the application owns it); one found
        // through the view is retained for the call.
        if let slot = _slot {
            slot.environment.with { $0.requestState(self, to: target, cause: cause) }
            return
        }
        if let environment = _environment {
            environment.requestState(self, to: target, cause: cause)
            return
        }
        guard _detachedState != target || target == .changed else { return }
        guard UIGestureRecognizer.isLegalTransition(from: _detachedState, to: target) else { return }
        _detachedState = target
    }
}
