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
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _gestureRecordsFields = RecordCell(GestureRecordsHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    func _recordFields(label: String) -> Any? {
        label == "_gestureRecordsFields" ? _gestureRecordsFields.fields : nil
    }

    /// The host's thresholds, kept at hand (the host sets them whenever its own change):
    /// recognizers read them on every move.
    final var configuration: TouchKitConfiguration {
        get { _gestureRecordsFields.fields.configuration }
        set { _gestureRecordsFields.fields.configuration = newValue }
    }
    /// The host's trace, kept at hand: the environment records on every event.
    final let trace: Trace
    /// The host's clock, kept at hand: recognizers read the time on every touch.
    final let clock: VirtualClock
    /// Recognizers with touches or unfinished work, in the order they joined.
    final var active: [UIGestureRecognizer] {
        _read { yield _gestureRecordsFields.fields.active }
        _modify { yield &_gestureRecordsFields.fields.active }
    }
    /// Their records' handles, in the same order (`activeHandles[i]` is `active[i]`'s):
    /// arbitration's participants.
    final var activeHandles: [SlotHandle] {
        _read { yield _gestureRecordsFields.fields.activeHandles }
        _modify { yield &_gestureRecordsFields.fields.activeHandles }
    }
    /// Touches with a held delivery to their view, in the order they were held.
    final var held: [UITouch] {
        _read { yield _gestureRecordsFields.fields.held }
        _modify { yield &_gestureRecordsFields.fields.held }
    }
    /// Whether a recognizer may have finished (a final state, or possible and stranded) since
    /// the environment last looked: set by whatever can finish one (a state change, a touch or
    /// timer let go, a recognizer stopped). Most events change none of that.
    final var resetCheckDue: Bool {
        get { _gestureRecordsFields.fields.resetCheckDue }
        set { _gestureRecordsFields.fields.resetCheckDue = newValue }
    }
    /// How many touch records have a pending binding (`TouchRecord.pendingBinding`): most
    /// events carry no new touch, and then no record is asked.
    final var pendingBindingCount: Int {
        get { _gestureRecordsFields.fields.pendingBindingCount }
        set { _gestureRecordsFields.fields.pendingBindingCount = newValue }
    }
    /// True from the start of an input event until it is finished (resets wait for the end).
    final var isDispatching: Bool {
        get { _gestureRecordsFields.fields.isDispatching }
        set { _gestureRecordsFields.fields.isDispatching = newValue }
    }

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
    final var spareTouchLists: [[UITouch]] {
        _read { yield _gestureRecordsFields.fields.spareTouchLists }
        _modify { yield &_gestureRecordsFields.fields.spareTouchLists }
    }
    final var spareTimerLists: [[ScheduledTimer]] {
        _read { yield _gestureRecordsFields.fields.spareTimerLists }
        _modify { yield &_gestureRecordsFields.fields.spareTimerLists }
    }

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
    /// The event is over: the environment resets recognizers whose sequence ended and releases
    /// held deliveries. Asked here first, so that an event with neither (most events) costs one
    /// look at two fields and no call.
    @inline(__always)
    final func eventDidFinish() {
        if !held.isEmpty || resetCheckDue { finishEvent() }
    }
    /// The work `eventDidFinish` found to do.
    func finishEvent() { requestNotAnswered() }

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

    /// Runs `body` with the environment of the recognizer's application: the one holding it used
    /// in place (through its slot's link: the touch path retains nothing), else the one found
    /// through its view, retained for the call; nil when it is in no window's application.
    @inline(__always)
    func _withEnvironment<Result>(_ body: (GestureRecords) -> Result) -> Result? {
        if let slot = _slot { return slot.environment.with(body) }
        guard let environment = _environment else { return nil }
        return body(environment)
    }

    /// Whether the recognizer's view is in a window of the application `environment` belongs
    /// to. The links are followed without retaining each object: no code runs meanwhile, and each
    /// link is cleared before its object goes.
    func _isInApplication(of environment: GestureRecords) -> Bool {
        guard let view = _viewLink else { return false }
        return view.with { view in
            guard let window = view._windowLink else { return false }
            return window.with { window in
                guard let application = window._applicationLink else { return false }
                return application.with { $0._gestureEnvironment === environment }
            }
        }
    }

    /// Schedules `body` on the application clock; it runs as the recognizer's own code. False
    /// when the recognizer is in no window (nothing is scheduled).
    func _schedule(after delay: TimeInterval, _ which: RecognizerTimer, _ body: @escaping (UIGestureRecognizer) -> Void) -> Bool {
        _withEnvironment {
            $0.schedule(after: delay, for: self, which, body)
            return true
        } ?? false
    }

    /// Routes a state request through the environment (or applies it directly when detached).
    /// `cause` is asked for only when the trace records the change.
    func _requestState(_ target: State, cause: @autoclosure () -> TransitionCause?) {
        if _withEnvironment({ $0.requestState(self, to: target, cause: cause) }) != nil { return }
        guard _detachedState != target || target == .changed else { return }
        guard UIGestureRecognizer.isLegalTransition(from: _detachedState, to: target) else { return }
        _detachedState = target
    }
}

/// `GestureRecords`'s fields that every event reads or writes (see `RecordCell`).
struct GestureRecordsHotFields {
    var configuration: TouchKitConfiguration = TouchKitConfiguration.uikit
    var active: [UIGestureRecognizer] = []
    var activeHandles: [SlotHandle] = []
    var held: [UITouch] = []
    var resetCheckDue: Bool = false
    var isDispatching: Bool = false
    var pendingBindingCount: Int = 0
    var spareTouchLists: [[UITouch]] = []
    var spareTimerLists: [[ScheduledTimer]] = []
}

extension GestureRecords: RecordCellOwner {}
