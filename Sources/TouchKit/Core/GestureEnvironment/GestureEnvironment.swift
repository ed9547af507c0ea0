import Foundation

/// UIKit's gesture environment: binds recognizers to touches, shows them touches before views,
/// arbitrates between them, and decides what the views see.
///
/// Contract, per event (UIKit's observed order):
/// 1. Each recognizer bound to a changed touch gets `touchesBegan/Moved/Ended/Cancelled` for its
///    touches, in binding order (hit view's recognizers first, then each ancestor's up to the
///    window). After each call the state changes it made are processed
///    (`GestureEnvironment+Arbitration`): rivals fail, the view's touches are cancelled, actions run.
/// 2. Then the window delivers the touches to their views, unless a recognizer took them
///    (`cancelsTouchesInView`) or holds them (`delaysTouchesBegan`, `delaysTouchesEnded`)
///    (`GestureEnvironment+ViewDelivery`).
/// 3. Ended touches are unbound; recognizers in a final state with no touches left are reset.
///
/// Timers (long press, multi-tap windows, scroll-view delays) run the same processing when they
/// fire. Recognizers are reset only after their whole touch sequence is over.
///
/// Its two jobs have a file each, next to this one: arbitration between recognizers
/// (`GestureEnvironment+Arbitration`) and the views' deliveries, held or not
/// (`GestureEnvironment+ViewDelivery`). It sees its application only as a
/// `GestureEnvironmentHost`.
final class GestureEnvironment: GestureRecords {
    /// The application, seen through the little the environment needs of it (`host`). The
    /// application owns its environment: the link is unretained (`UnretainedLink`), not weak (a
    /// weak reference would give the application a side table, and every retain of it on the
    /// touch path the slow path: 7% of dispatch, measured). Set once, by `attach(to:)` at the
    /// end of the application's initializer; cleared by `detachHost()` as the application's
    /// deinit begins.
    private var hostLink: UnretainedLink<AnyObject>?
    /// The application, read only off the hot path (options, the touches still down). Nil while
    /// the application is being torn down: what its going stops (a SwiftUI host taking its
    /// recognizers off their views) still settles, with the debug options off and no touch down.
    var host: (any GestureEnvironmentHost)? { hostLink.map { $0.object as! any GestureEnvironmentHost } }
    /// The application's touches event (held: it refers to nothing that holds the environment),
    /// for deliveries released or cancelled outside an event.
    private var _touchesEvent: UIEvent?
    var touchesEvent: UIEvent { _touchesEvent ?? UIEvent() }
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _gestureEnvironmentFields = RecordCell(GestureEnvironmentHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_gestureEnvironmentFields" ? _gestureEnvironmentFields.fields : super._recordFields(label: label)
    }

    /// State changes waiting to be processed, in order.
    var queue: [StateChange] {
        _read { yield _gestureEnvironmentFields.fields.queue }
        _modify { yield &_gestureEnvironmentFields.fields.queue }
    }
    var isDraining: Bool {
        get { _gestureEnvironmentFields.fields.isDraining }
        set { _gestureEnvironmentFields.fields.isDraining = newValue }
    }
    /// The lists a recognition's actions are collected in, rivals' and dependents' (kept, with
    /// their room, between uses).
    var rivalActions: [ArbitrationCore<EnvironmentRelations>.Action] {
        _read { yield _gestureEnvironmentFields.fields.rivalActions }
        _modify { yield &_gestureEnvironmentFields.fields.rivalActions }
    }
    var dependentActions: [ArbitrationCore<EnvironmentRelations>.Action] {
        _read { yield _gestureEnvironmentFields.fields.dependentActions }
        _modify { yield &_gestureEnvironmentFields.fields.dependentActions }
    }
    var isReleasing = false
    /// An empty list with room, left by a hold taken from its view, for the next hold's holders.
    var spareHolderList: [UIGestureRecognizer] {
        _read { yield _gestureEnvironmentFields.fields.spareHolderList }
        _modify { yield &_gestureEnvironmentFields.fields.spareHolderList }
    }
    /// An empty list of recognizers with room, left by a finished touch for the next one to bind.
    var spareRecognizerList: [UIGestureRecognizer] {
        _read { yield _gestureEnvironmentFields.fields.spareRecognizerList }
        _modify { yield &_gestureEnvironmentFields.fields.spareRecognizerList }
    }
    /// A recognizer let a touch go (`ignore`) while its code ran: the next drain releases holds
    /// even if no state changed.
    var releaseIsDue: Bool {
        get { _gestureEnvironmentFields.fields.releaseIsDue }
        set { _gestureEnvironmentFields.fields.releaseIsDue = newValue }
    }
    /// Non-zero while a recognizer's own code runs; changes it makes are processed after it returns.
    var callbackDepth: Int {
        get { _gestureEnvironmentFields.fields.callbackDepth }
        set { _gestureEnvironmentFields.fields.callbackDepth = newValue }
    }
    /// How many times a recognizer let a touch go before the touch was over (`ignore`, a
    /// recognizer stopped): a walk over a touch's recognizers that sees it unchanged knows each
    /// still tracks the touch without looking.
    var unbindings: UInt32 {
        get { _gestureEnvironmentFields.fields.unbindings }
        set { _gestureEnvironmentFields.fields.unbindings = newValue }
    }
    /// The cause to record for a `state` set by a recognizer's code that runs now (set only
    /// while the trace records: see `runRecognizerCode`).
    var currentCause: TransitionCause? {
        _read { yield _gestureEnvironmentFields.fields.currentCause }
        _modify { yield &_gestureEnvironmentFields.fields.currentCause }
    }
    /// Makes `host` (the application that made it, now initialized) its host.
    override func attach(to host: UIApplication) {
        hostLink = UnretainedLink(host as AnyObject)
        _touchesEvent = host._touchesEvent
        configuration = host.configuration
    }

    /// The application is going: the environment no longer reaches it.
    override func detachHost() { hostLink = nil }

    /// Runs code of a recognizer, a delegate or a view that the environment calls out to: state
    /// changes it makes wait until it returns (`callbackDepth`), then are processed in order.
    @inline(__always)
    func callingOut<T>(_ body: () throws -> T) rethrows -> T {
        callbackDepth += 1
        defer { callbackDepth -= 1 }
        return try body()
    }

    // MARK: Binding

    /// Binds a new touch to the enabled recognizers of its hit view and every ancestor.
    override func bind(_ touch: UITouch, hitView: UIView) {
        // Views without recognizers are passed unretained (the hit view's window holds them all).
        var view: UnretainedLink<UIView>? = UnretainedLink(hitView)
        while let link = view {
            if link.with({ $0._gestureRecognizers.isEmpty }) {
                view = link._superviewLink
                continue
            }
            // Recognizer and delegate code runs now and may take the view out of its window:
            // it is held until its recognizers are bound.
            let current = link.object
            // The copy holds the view's recognizers while their code runs: each is bound unretained.
            let recognizers = current._gestureRecognizers
            recognizers._forEachUnretained { _bind(touch, to: $0) }
            view = current._superviewLink
        }
    }

    private func _bind(_ touch: UITouch, to recognizer: UIGestureRecognizer) {
        guard recognizer.isEnabled, receivesTouches(recognizer), recognizer.takesPart(in: touch) else { return }
        if let delegate = recognizer.delegate {
            if !callingOut({ delegate.gestureRecognizer(recognizer, shouldReceive: touch) }) {
                recognizer._noteDelegateAnswer(.shouldReceive)
                trace.record(
                    .gestureIgnored(
                        recognizer: recognizer.traceName, finger: touch.fingerID,
                        reason: .delegateRefused))
                return
            }
        }
        // A touch usually meets a few recognizers: one allocation for them, not one per doubling.
        let touchHandle = admit(touch)
        if touchRecords[live: touchHandle].recognizers.capacity == 0 {
            // The list a finished touch left, or a new one with room for a few.
            if spareRecognizerList.capacity > 0 {
                swap(&spareRecognizerList, &touchRecords[live: touchHandle].recognizers)
            } else {
                touchRecords[live: touchHandle].recognizers.reserveCapacity(4)
            }
        }
        touchRecords[live: touchHandle].recognizers.append(recognizer)
        recognizerRecords[live: join(recognizer)].trackedTouches.append(touch)
        if trace.isEnabled { trace.record(.gestureBound(recognizer: recognizer.traceName, finger: touch.fingerID)) }
    }

    // MARK: One event

    /// Delivers the changed touches of `event` that belong to `window`.
    override func deliver(_ event: UIEvent, in window: UIWindow) {
        // One touch down: the common case, without the arrays.
        if event._touches.count == 1 {
            let touch = event._touches[0]
            guard touch.window === window, touch.phase != .stationary else { return }
            if trace.isEnabled { trace.recordSendEvent(window, touches: 1) }
            let handle = admit(touch)
            if touchRecords[live: handle].recognizers.isEmpty {
                if held.isEmpty { return _deliverUncontested(touch, handle, event) }
            } else {
                _deliverToRecognizers(touch, handle, event)
            }
            return deliverToView(touch, event)
        }
        var changed: [UITouch] = []
        var anyRecognizers = false
        for touch in event._touches where touch.window === window && touch.phase != .stationary {
            changed.append(touch)
            if !self[touch].recognizers.isEmpty { anyRecognizers = true }
        }
        guard !changed.isEmpty else { return }
        if trace.isEnabled { trace.recordSendEvent(window, touches: changed.count) }
        if anyRecognizers { _deliverToRecognizers(changed, event) }
        deliverToViews(changed, event)
    }

    private func _deliverToRecognizers(_ changed: [UITouch], _ event: UIEvent) {
        if changed.count == 1 {
            _deliverToRecognizers(changed[0], admit(changed[0]), event)
            return
        }
        var recognizers: [UIGestureRecognizer] = []
        for touch in changed {
            for recognizer in self[touch].recognizers where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        for recognizer in recognizers {
            for method in TouchMethod.allCases {
                guard recognizer.isEnabled, self[recognizer].receivesTouches else { break }
                let touches = changed.filter { $0.phase == method.phase && self[recognizer].trackedTouches.contains($0) }
                guard !touches.isEmpty else { continue }
                runRecognizerCode(cause: method.cause(FingerIDs(touches.map(\.fingerID)))) {
                    recognizer._send(method, Set(touches), with: event)
                }
            }
        }
    }

    /// One changed touch (the common case): the same calls, in the same order, without the
    /// per-event arrays and sets.
    private func _deliverToRecognizers(_ touch: UITouch, _ touchHandle: SlotHandle, _ event: UIEvent) {
        guard let method = TouchMethod(phase: touch.phase) else { return }
        // A callback may change the touch's recognizers; iterate over the ones bound now. The
        // copy holds them all until the loop is over: each is used without retaining it.
        let recognizers = touchRecords[live: touchHandle].recognizers
        let touches = singletonSet(of: touch, at: touchHandle)
        // Every recognizer in the copy tracks the touch until a recognizer lets a touch go (then
        // each is asked).
        let unbindings = self.unbindings
        recognizers._forEachUnretained { recognizer in
            // Its own state first (a recognizer that failed or finished is skipped without
            // calling `isEnabled`, which a subclass may override).
            let unchanged = self.unbindings == unbindings
            // The state is read in one small inlined look; the tracked list only after a
            // recognizer let a touch go (rare).
            guard let handle = recognizer._slot?.handle, recognizerRecords.withLive(handle, { $0.receivesTouches }) == true,
                unchanged || recognizerRecords.withLive(handle, { $0.trackedTouches._containsUnretained(where: { $0 === touch }) }) == true,
                recognizer.isEnabled
            else { return }
            runRecognizerCode(cause: method.cause(FingerIDs(touch.fingerID))) { recognizer._send(method, touches, with: event) }
        }
    }

    /// Runs a recognizer's own code with `cause` as the reason for any state it sets, then
    /// processes what it changed. The cause is made only while the trace records (nothing else
    /// reads it): most touches make none.
    func runRecognizerCode(cause: @autoclosure () -> TransitionCause, _ body: () -> Void) {
        if trace.isEnabled {
            let savedCause = currentCause
            currentCause = cause()
            callingOut(body)
            currentCause = savedCause
        } else {
            callingOut(body)
        }
        // Most recognizer code changes nothing: no call to drain then.
        if callbackDepth == 0 && (!queue.isEmpty || releaseIsDue) { drain() }
    }

    // MARK: After the event

    /// A touch ended or was cancelled and the event is over: unbind it.
    override func touchFinished(_ touch: UITouch) {
        resetCheckDue = true
        let handle = admit(touch)
        // The list is taken out of the record: each recognizer's record changes meanwhile.
        var recognizers: [UIGestureRecognizer] = []
        swap(&recognizers, &touchRecords[live: handle].recognizers)
        let location = touch.locationInWindow
        recognizers._forEachUnretained { recognizer in
            guard let handle = recognizer._slot?.handle, recognizerRecords.contains(handle) else { return }
            recognizerRecords[live: handle].lastLocation = location
            // Its only touch (most recognizers): no search.
            if recognizerRecords[live: handle].trackedTouches.count == 1,
                recognizerRecords[live: handle].trackedTouches._containsUnretained(where: { $0 === touch })
            {
                recognizerRecords[live: handle].trackedTouches.removeLast()
            } else {
                recognizerRecords[live: handle].trackedTouches.removeAll { $0 === touch }
            }
        }
        // The emptied list, with its room, is the next touch's (a touch meets a few recognizers:
        // one list for them, made once).
        recognizers.removeAllKeepingCapacity()
        if spareRecognizerList.capacity < recognizers.capacity { swap(&spareRecognizerList, &recognizers) }
        touchRecords[live: handle].isFinished = true
        // Its record goes now, or when the recognizers holding its delivery let it go.
        retireIfOver(touch)
    }

    /// Resets recognizers whose sequence is over, then releases held deliveries.
    override func finishEvent() {
        // Each step only when it has something to look at (most events have neither).
        if !held.isEmpty { releaseHeld() }
        if resetCheckDue { resetFinishedRecognizers() }
    }

    /// Resets every recognizer in a final state that has no touches left.
    ///
    /// A recognizer still `.possible` with no touches, no timer and nothing pending would wait
    /// forever (UIKit's built-in recognizers always fail themselves first; a custom one may not):
    /// TouchScope fails it, with a rule in the trace, so that recognizers waiting for it resolve.
    func resetFinishedRecognizers() {
        guard resetCheckDue else { return }
        resetCheckDue = false
        // Read from the records, by the handles kept beside the active list: the recognizers are
        // not asked for their slots. Most events strand none and finish none: look first.
        func isFinished(_ record: RecognizerRecord) -> Bool { record.state.isFinal && record.trackedTouches.isEmpty }
        func isStranded(_ record: RecognizerRecord) -> Bool {
            record.state == .possible && record.trackedTouches.isEmpty && record.pendingState == nil && record.timers.isEmpty
        }
        var anyStranded = false
        var anyFinished = false
        for index in activeHandles.indices {
            recognizerRecords.withLive(activeHandles[index]) { record in
                if isFinished(record) { anyFinished = true } else if isStranded(record) { anyStranded = true }
            }
        }
        guard anyStranded || anyFinished else { return }
        if anyStranded {
            let stranded = zip(active, activeHandles).filter { recognizerRecords.withLive($0.1, { isStranded($0) }) == true }.map(\.0)
            for recognizer in stranded {
                requestTransition(
                    recognizer, to: .failed,
                    cause: .rule(.strandedWhilePossible))
            }
        }
        var index = 0
        while index < active.count {
            if recognizerRecords.withLive(activeHandles[index], { isFinished($0) }) == true {
                let recognizer = active.remove(at: index)
                activeHandles.remove(at: index)
                resetRecognizer(recognizer)
            } else {
                index += 1
            }
        }
    }

    func resetRecognizer(_ recognizer: UIGestureRecognizer) {
        // Back in `.possible` it would look like it still holds touches it finished with.
        for touch in held {
            self[touch].delivery.removeHolder(recognizer)
        }
        // Its `reset` runs while it is still held (it reaches this environment either way; held,
        // it reads the clock and the trace switch without a walk up its view's window). Its
        // timers are cancelled as it is let go, after `reset` (no timer fires while it runs).
        runRecognizerCode(cause: .external) { recognizer.reset() }
        release(recognizer)
        if trace.isEnabled { trace.record(.gestureReset(recognizer: recognizer.traceName)) }
    }

    // MARK: State requests

    /// A recognizer's state request goes through arbitration
    /// (`GestureEnvironment+Arbitration`), and is settled at once outside an event.
    override func requestState(_ recognizer: UIGestureRecognizer, to target: UIGestureRecognizer.State, cause: () -> TransitionCause?) {
        // The cause is made only while the trace records (nothing else reads it); without the
        // trace no closure over the environment is made, and the environment is not retained
        // for the call.
        if trace.isEnabled {
            requestTransition(recognizer, to: target, cause: cause() ?? currentCause ?? .external)
        } else {
            requestTransition(recognizer, to: target, cause: .external)
        }
        settleOutsideEvent()
    }

    // MARK: Stopping recognizers

    /// A recognizer was disabled or removed: it leaves the sequence (cancelled when it was
    /// recognizing, failed when possible) and gives up its touches. Its change is processed when
    /// the code running now returns, and it is reset when the event is over, like any recognizer
    /// that finished, so an action that disables its recognizer still sees `.cancelled`.
    override func recognizerStopped(_ recognizer: UIGestureRecognizer, cause: @autoclosure () -> TransitionCause, sendActions: Bool) {
        resetCheckDue = true
        guard holds(recognizer) else { return }
        cancelTimers(of: recognizer)
        switch self[recognizer].state {
        case .began, .changed:
            applyTransition(recognizer, to: .cancelled, cause: cause(), sendsActions: sendActions)
        case .possible:
            self[recognizer].pendingState = nil
            applyTransition(recognizer, to: .failed, cause: cause(), sendsActions: sendActions)
        case .ended, .cancelled, .failed:
            break
        }
        for touch in self[recognizer].trackedTouches {
            self[touch].recognizers.removeAll { $0 === recognizer }
        }
        if let last = self[recognizer].trackedTouches.last { self[recognizer].lastLocation = last.locationInWindow }
        unbindings &+= 1
        self[recognizer].trackedTouches.removeAll()
        settleOutsideEvent()
    }

    /// Outside event and callback processing, changes made now are processed and finished
    /// recognizers reset at once (there is no event end to wait for).
    func settleOutsideEvent() {
        guard callbackDepth == 0 else { return }
        drain()
        if !isDispatching {
            releaseHeld()
            resetFinishedRecognizers()
        }
    }

    /// A subtree leaves its window: its views' touches are cancelled, its recognizers stop, and
    /// their records parked between sequences go (those of recognizers the stops just reset too:
    /// outside an event a stopped recognizer is reset at once, while its view is still in the
    /// window).
    override func viewWillLeaveWindow(_ view: UIView) {
        cancelTouches(ofViewsLeaving: view)
        let leaving = active.filter { $0._view?.isDescendant(of: view) == true }
        for recognizer in leaving {
            recognizerStopped(recognizer, cause: .removed, sendActions: false)
        }
        dropParkedRecords(under: view)
    }

    /// `ignore(_:for:)` or a delegate refusal: the recognizer stops tracking `touch`.
    override func ignore(_ touch: UITouch, by recognizer: UIGestureRecognizer, reason: TouchIgnoreReason) {
        resetCheckDue = true
        guard self[recognizer].trackedTouches.contains(touch) else { return }
        self[recognizer].trackedTouches.removeAll { $0 === touch }
        self[recognizer].lastLocation = touch.locationInWindow
        self[touch].recognizers.removeAll { $0 === recognizer }
        unbindings &+= 1
        // Ignored, the touch is never withheld from its view by this recognizer again (UIKit:
        // "ignored touches won't be cancelled on the view").
        self[touch].delivery.removeHolder(recognizer)
        trace.record(.gestureIgnored(recognizer: recognizer.traceName, finger: touch.fingerID, reason: reason))
        if callbackDepth == 0 { releaseHeld() } else { releaseIsDue = true }
    }

    // MARK: Timers

    /// A recognizer's timer fired: run its code, then process, release and reset.
    override func timerFired(_ recognizer: UIGestureRecognizer, timer: RecognizerTimer, _ body: () -> Void) {
        resetCheckDue = true
        runRecognizerCode(cause: .timer(timer), body)
        releaseHeld()
        resetFinishedRecognizers()
    }
}

/// A committed state change whose consequences (arbitration, actions) are still to be processed.
struct StateChange {
    let recognizer: UIGestureRecognizer
    let from: UIGestureRecognizer.State
    let to: UIGestureRecognizer.State
    /// False when the recognizer was removed: its state changes, but its actions do not run.
    let sendsActions: Bool
}

extension GestureRecords {
    /// The environment an application makes for itself: the one place the shapes ask for the
    /// gesture environment by what it is, not by what it keeps.
    static func makeEnvironment(clock: VirtualClock, trace: Trace) -> GestureRecords {
        GestureEnvironment(clock: clock, trace: trace)
    }
}

extension UIApplication {
    /// The application's gesture environment as what it is (snapshots and state dumps read its
    /// queue); the shapes see only its records (`_gestureEnvironment`).
    var _environmentForInspection: GestureEnvironment { _gestureEnvironment as! GestureEnvironment }
}

/// `GestureEnvironment`'s fields that every event reads or writes (see `RecordCell`).
struct GestureEnvironmentHotFields {
    var queue: [StateChange] = []
    var isDraining: Bool = false
    var rivalActions: [ArbitrationCore<EnvironmentRelations>.Action] = []
    var dependentActions: [ArbitrationCore<EnvironmentRelations>.Action] = []
    var spareHolderList: [UIGestureRecognizer] = []
    var spareRecognizerList: [UIGestureRecognizer] = []
    var releaseIsDue: Bool = false
    var callbackDepth: Int = 0
    var unbindings: UInt32 = 0
    var currentCause: TransitionCause?
}
