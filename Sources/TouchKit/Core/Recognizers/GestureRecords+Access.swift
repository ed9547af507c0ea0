import Foundation

/// The environment's own records: one per recognizer it holds and one per touch it routes, in two
/// slot tables it alone reads and writes (the roles of Flutter's arena entries and swift-nio's
/// handler contexts). Recognizers and touches carry a handle; their public API asks the
/// environment through it.
///
/// Lifetimes: a recognizer's record is made when the environment first takes it (a touch bound
/// to it, a state change or a timer while it is in a window). When it is reset after its
/// sequence the record is parked if the recognizer is still on a view in the environment's
/// window (taken back at its next touch without a new record), else removed; a parked record is
/// removed when its recognizer leaves its view, when the view leaves the window, or when the
/// environment goes. A touch's record is made when the touch begins and
/// removed when the touch is over and no recognizer holds its delivery.
extension GestureRecords {
    // MARK: Recognizers

    /// The handle of the recognizer's record when this environment holds it (a parked record is
    /// not held).
    @inline(__always)
    func heldHandle(of recognizer: UIGestureRecognizer) -> SlotHandle? {
        guard let slot = recognizer._slot, !slot.isParked, slot.environment.refers(to: self) else { return nil }
        return slot.handle
    }

    /// The handle of the recognizer's record in this environment, held or parked.
    @inline(__always)
    func recordHandle(of recognizer: UIGestureRecognizer) -> SlotHandle? {
        guard let slot = recognizer._slot, slot.environment.refers(to: self) else { return nil }
        return slot.handle
    }

    /// The handle of the recognizer's record when it is parked in this environment.
    @inline(__always)
    func parkedHandle(of recognizer: UIGestureRecognizer) -> SlotHandle? {
        guard let slot = recognizer._slot, slot.isParked, slot.environment.refers(to: self) else { return nil }
        return slot.handle
    }

    /// The record of `recognizer`, read or changed in place. Reading a recognizer the environment
    /// does not hold gives its state outside any environment; changing one takes it in (`join`).
    subscript(recognizer: UIGestureRecognizer) -> RecognizerRecord {
        @inline(__always) _read { yield recognizerRecords[live: readableHandle(of: recognizer)] }
        @inline(__always) _modify { yield &recognizerRecords[live: join(recognizer)] }
    }

    /// The handle of the recognizer's record, or, when the environment does not hold it, of a
    /// scratch record showing its state outside any environment (for a read: nothing joins).
    @inline(__always)
    private func readableHandle(of recognizer: UIGestureRecognizer) -> SlotHandle {
        recordHandle(of: recognizer) ?? detachedView(of: recognizer)
    }

    private func detachedView(of recognizer: UIGestureRecognizer) -> SlotHandle {
        let record = RecognizerRecord(recognizer: scratchRecognizer, state: recognizer._detachedState)
        if let handle = scratchHandle {
            recognizerRecords[live: handle] = record
            return handle
        }
        let handle = recognizerRecords.insert(record)
        scratchHandle = handle
        return handle
    }

    /// How many recognizers the environment holds.
    var heldRecognizerCount: Int { recognizerRecords.count - (scratchHandle == nil ? 0 : 1) - parkedCount }

    /// Whether `recognizer` takes touches now (possible or recognizing, and not waiting), read
    /// without a record when the environment does not hold it.
    @inline(__always)
    func receivesTouches(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let handle = heldHandle(of: recognizer) else { return recognizer._detachedState.receivesTouches }
        return recognizerRecords.withLive(handle) { $0.receivesTouches } ?? false
    }

    /// Whether the environment holds `recognizer` (it has touches or unfinished work).
    @inline(__always)
    func holds(_ recognizer: UIGestureRecognizer) -> Bool { heldHandle(of: recognizer) != nil }

    /// Takes `recognizer` in (its record made, in the active list) if it is not held; returns its
    /// handle.
    @discardableResult
    @inline(__always)
    func join(_ recognizer: UIGestureRecognizer) -> SlotHandle {
        heldHandle(of: recognizer) ?? takeIn(recognizer)
    }

    /// Takes `recognizer` in: its parked record back, or a new one.
    private func takeIn(_ recognizer: UIGestureRecognizer) -> SlotHandle {
        if let parked = parkedHandle(of: recognizer) {
            parkedCount -= 1
            recognizer._slot = RecognizerSlot(environment: UnretainedLink(self), handle: parked)
            active.append(recognizer)
            activeHandles.append(parked)
            return parked
        }
        // The lists a released record left, with their room: most recognizers track a touch and
        // schedule a timer in every sequence. Made in the call, the record is moved in, not copied.
        let handle = recognizerRecords.insert(
            RecognizerRecord(
                recognizer: recognizer, state: recognizer._detachedState, trackedTouches: spareTouchLists.popLast() ?? [],
                timers: spareTimerLists.popLast() ?? []))
        recognizer._slot = RecognizerSlot(environment: UnretainedLink(self), handle: handle)
        active.append(recognizer)
        activeHandles.append(handle)
        return handle
    }

    /// Lets `recognizer` go after its reset: its timers are cancelled, and it reads `.possible`
    /// again. Its record is parked when it is still on a view in this environment's window (its
    /// next sequence takes it back), else removed. The caller takes it out of the active list.
    func release(_ recognizer: UIGestureRecognizer) {
        guard let handle = heldHandle(of: recognizer) else { return }
        cancelTimers(at: handle)
        recognizer._detachedState = .possible
        if recognizer._isInApplication(of: self), let parked = recognizerRecords.renew(handle) {
            recognizerRecords.withLive(parked) { record in
                record.state = .possible
                record.pendingState = nil
                record.trackedTouches.removeAllKeepingCapacity()
                record.lastLocation = nil
            }
            recognizer._slot = RecognizerSlot(environment: UnretainedLink(self), handle: parked, isParked: true)
            parkedCount += 1
            return
        }
        removeRecord(handle)
        recognizer._slot = nil
    }

    /// Removes the record at `handle`, keeping its emptied lists, with their room, for the next.
    private func removeRecord(_ handle: SlotHandle) {
        guard var record = recognizerRecords.remove(handle), spareTouchLists.count < 64 else { return }
        var touches: [UITouch] = []
        swap(&touches, &record.trackedTouches)
        touches.removeAllKeepingCapacity()
        spareTouchLists.append(touches)
        var timers: [ScheduledTimer] = []
        swap(&timers, &record.timers)
        spareTimerLists.append(timers)
    }

    /// Removes the parked record of `recognizer` (it left its view, or its view the window).
    func dropParked(_ recognizer: UIGestureRecognizer) {
        guard let parked = parkedHandle(of: recognizer) else { return }
        parkedCount -= 1
        removeRecord(parked)
        recognizer._slot = nil
    }

    /// Removes the parked records of the recognizers on `view` and the views below it (a list
    /// of views still to look at, not recursion: a scene's tree may be deep), stopping as soon as
    /// none is parked.
    func dropParkedRecords(under view: UIView) {
        var pending = [view]
        while parkedCount > 0, let next = pending.popLast() {
            for recognizer in next._gestureRecognizers { dropParked(recognizer) }
            pending += next._subviews
        }
    }

    /// Invalidates and forgets the recognizer's timers.
    @inline(__always)
    func cancelTimers(of recognizer: UIGestureRecognizer) {
        guard let handle = heldHandle(of: recognizer) else { return }
        cancelTimers(at: handle)
    }

    /// `cancelTimers(of:)` for the record at `handle`. Most recognizers have none: the look is
    /// inlined, the cancelling is not.
    @inline(__always)
    func cancelTimers(at handle: SlotHandle) {
        if recognizerRecords.withLive(handle, { !$0.timers.isEmpty }) == true { cancelScheduledTimers(at: handle) }
    }

    private func cancelScheduledTimers(at handle: SlotHandle) {
        let clock = self.clock
        recognizerRecords.withLive(handle) { record in
            for scheduled in record.timers { clock.cancelOwned(scheduled.id) }
            // The list keeps its room: most recognizers schedule again on the next touch.
            record.timers.removeAllKeepingCapacity()
        }
        // Without a timer a possible recognizer with no touches is stranded: the environment
        // looks again at the end of the event.
        resetCheckDue = true
    }

    /// Schedules `body` on the clock for `recognizer`, as its own code.
    func schedule(
        after delay: TimeInterval, for recognizer: UIGestureRecognizer, _ which: RecognizerTimer,
        _ body: @escaping (UIGestureRecognizer) -> Void
    ) {
        // The clock calls the environment back with the timer's id; the record keeps the body.
        // No object is made.
        let (id, deadline) = clock.scheduleOwned(after: delay, owner: self)
        self[recognizer].timers.append(ScheduledTimer(id: id, deadline: deadline, which: which, body: body))
    }

    // MARK: Touches

    /// The handle of the touch's record when this environment routes it.
    @inline(__always)
    func routedHandle(of touch: UITouch) -> SlotHandle? {
        guard let slot = touch._slot, slot.environment.refers(to: self) else { return nil }
        return slot.handle
    }

    /// The record of `touch`, read or changed in place. Reading a touch the environment does not
    /// route gives a new touch's record (and makes none); changing one admits it.
    subscript(touch: UITouch) -> TouchRecord {
        @inline(__always) _read { yield touchRecords[live: routedHandle(of: touch) ?? newTouchView()] }
        @inline(__always) _modify { yield &touchRecords[live: admit(touch)] }
    }

    private func newTouchView() -> SlotHandle {
        if let handle = scratchTouchHandle {
            touchRecords[live: handle] = TouchRecord(touch: nil)
            return handle
        }
        let handle = touchRecords.insert(TouchRecord(touch: nil))
        scratchTouchHandle = handle
        return handle
    }

    /// How many touches the environment routes.
    var routedTouchCount: Int { touchRecords.count - (scratchTouchHandle == nil ? 0 : 1) }

    /// The one-element set passed to the touch's touches methods: made once, kept in its record
    /// (a touch no longer routed, cancelled in its view after its record went, gets a new one).
    @inline(__always)
    func singletonSet(of touch: UITouch) -> Set<UITouch> {
        guard let handle = routedHandle(of: touch) else { return [touch] }
        return singletonSet(of: touch, at: handle)
    }

    /// `singletonSet(of:)` for a touch whose record's handle the caller has.
    @inline(__always)
    func singletonSet(of touch: UITouch, at handle: SlotHandle) -> Set<UITouch> {
        if let set = touchRecords[live: handle].singletonSet { return set }
        let set: Set<UITouch> = [touch]
        touchRecords[live: handle].singletonSet = set
        return set
    }

    /// Binds each touch of `event` in `window` whose binding is still to make (its window's
    /// `sendEvent(_:)` carries it for the first time) to the recognizers of the view it was
    /// hit-tested to. Every event of every finger asks; only one with a new touch has a binding
    /// to make, and the others cost one look at the count. The list is walked without retaining
    /// each touch (the copy holds them all while binding calls delegates). Inlined into its one
    /// caller, so that the look at the count costs no call.
    @inline(__always)
    func bindPendingTouches(of event: UIEvent, in window: UIWindow) {
        guard pendingBindingCount > 0 else { return }
        let touches = event._touches
        touches._forEachUnretained { touch in
            guard touch.window === window, let view = takePendingBinding(admit(touch)) else { return }
            bind(touch, hitView: view)
        }
    }

    /// An event no window carried: its touches' bindings are dropped, and their views, which
    /// never began, will hear nothing of them.
    func dropPendingBindings(of touches: [UITouch]) {
        guard pendingBindingCount > 0 else { return }
        for touch in touches {
            let handle = admit(touch)
            if takePendingBinding(handle) != nil { touchRecords[live: handle].delivery.finish() }
        }
    }

    /// Makes `view` the hit view whose recognizers `touch` is bound to when its window's
    /// `sendEvent(_:)` first carries it.
    func setPendingBinding(_ view: UIView, of touch: UITouch) {
        let handle = admit(touch)
        if touchRecords[live: handle].pendingBinding == nil { pendingBindingCount += 1 }
        touchRecords[live: handle].pendingBinding = view
    }

    /// Removes the pending binding of the touch at `handle` and returns its view (nil: none).
    private func takePendingBinding(_ handle: SlotHandle) -> UIView? {
        guard let view = touchRecords[live: handle].pendingBinding else { return nil }
        touchRecords[live: handle].pendingBinding = nil
        pendingBindingCount -= 1
        return view
    }

    /// How the delivery of `touch` to its view stands (a new touch's when it is not routed).
    func delivery(of touch: UITouch) -> TouchDelivery { self[touch].delivery }

    /// Starts routing `touch` (its record made) if it is not routed; returns its handle.
    @discardableResult
    @inline(__always)
    func admit(_ touch: UITouch) -> SlotHandle {
        routedHandle(of: touch) ?? startRouting(touch)
    }

    private func startRouting(_ touch: UITouch) -> SlotHandle {
        let handle = touchRecords.insert(TouchRecord(touch: touch))
        touch._slot = TouchSlot(environment: UnretainedLink(self), handle: handle)
        return handle
    }

    /// Removes the record of a touch that is over, once no recognizer holds its delivery.
    func retireIfOver(_ touch: UITouch) {
        guard let handle = routedHandle(of: touch), touchRecords[live: handle].isFinished, !held.contains(where: { $0 === touch })
        else { return }
        if touchRecords[live: handle].pendingBinding != nil { pendingBindingCount -= 1 }
        touchRecords.remove(handle)
        touch._slot = nil
    }

    /// Lets every record go (the environment is going): recognizers read their last state outside
    /// any environment, touches read no recognizers and refer to no view.
    func releaseAllRecords() {
        recognizerRecords.forEachRecord { handle, record in
            guard handle != scratchHandle else { return }
            for scheduled in record.timers { clock.cancelOwned(scheduled.id) }
            record.recognizer._detachedState = record.state
            record.recognizer._slot = nil
        }
        // A touch still down (or with a held delivery) lets go of its view and window: a view may
        // hold the touch it tracks (a control does), and the application dropped mid-gesture (a
        // seek, a reload, a test) would otherwise keep its windows alive forever.
        touchRecords.forEachRecord { _, record in
            guard let touch = record.touch else { return }
            touch._slot = nil
            touch.view = nil
            touch.window = nil
        }
        recognizerRecords.removeAll()
        touchRecords.removeAll()
        pendingBindingCount = 0
    }
}
