import Foundation

/// What the views see: the window's side of touch delivery.
///
/// Rules (UIKit's `UIGestureRecognizer` documentation, "delaysTouchesBegan",
/// "delaysTouchesEnded", "cancelsTouchesInView"):
/// - `touchesBegan` is held while any recognizer of the touch with `delaysTouchesBegan` is still
///   possible; when they all fail it is delivered with the touch's original location and time;
///   if one recognizes, the view never sees the touch.
/// - `touchesEnded` is held while any recognizer of the touch with `delaysTouchesEnded` (UIKit's
///   default) is still possible; when they fail it is delivered, when one recognizes the view gets
///   `touchesCancelled` instead (a double-tap recognizer delays a view's ended by the tap window).
/// - A recognizer that recognizes with `cancelsTouchesInView` takes its touches: views that saw
///   `touchesBegan` get `touchesCancelled`, held touches are dropped, and nothing more is sent.
/// - Each call groups one view's touches of one phase; within an event, all `touchesBegan` calls
///   come first, then moved, ended and cancelled, views in the order of their first touch.
extension GestureEnvironment {
    func deliverToViews(_ changed: [UITouch], _ event: UIEvent) {
        if changed.count == 1, held.isEmpty {
            let handle = admit(changed[0])
            if touchRecords[live: handle].recognizers.isEmpty { return _deliverUncontested(changed[0], handle, event) }
        }
        var calls = DeliveryCalls()
        for touch in changed { _collectDelivery(touch, event, into: &calls) }
        calls.perform(event, in: self)
    }

    /// One changed touch of an event with one touch: the same steps as `deliverToViews`.
    func deliverToView(_ touch: UITouch, _ event: UIEvent) {
        let handle = admit(touch)
        // A touch a recognizer took (every move of a recognized drag) reaches its view no more.
        guard !touchRecords[live: handle].delivery.isOver else { return }
        var calls = DeliveryCalls()
        _collectDelivery(touch, event, into: &calls)
        calls.perform(event, in: self)
    }

    /// What the view of `touch` gets now (added to `calls`), or why it waits.
    private func _collectDelivery(_ touch: UITouch, _ event: UIEvent, into calls: inout DeliveryCalls) {
        guard !self[touch].delivery.isOver, let view = touch.view else { return }
        if touch.phase == .moved {
            // Every move of a held touch comes here: asked in place, without copying the holders.
            if self[touch].delivery.viewHasTouch { calls.add(.touchesMoved, view, touch) }
            return
        }
        var delivery = self[touch].delivery
        switch touch.phase {
        case .began:
            // Collected in the list the last hold taken from its view left (a scroll view's
            // delay holds every touch on its content: one list, made once).
            var holders: [UIGestureRecognizer] = []
            swap(&holders, &spareHolderList)
            for recognizer in self[touch].recognizers where recognizer.delaysTouchesBegan && recognizer._isHolding {
                holders.append(recognizer)
            }
            if holders.isEmpty {
                swap(&holders, &spareHolderList)
                guard _scrollViewsAllowBegin(touch, view, event) else {
                    self[touch].delivery.takeFromView()
                    return
                }
                delivery.begin()
                calls.add(.touchesBegan, view, touch)
            } else {
                delivery.holdBegan(by: holders)
                _hold(touch, .touchesBegan, by: holders[0])
            }
        case .ended:
            let holders = self[touch].recognizers.filter { $0.delaysTouchesEnded && $0._isHolding }
            if delivery.viewHasTouch && holders.isEmpty {
                delivery.finish()
                calls.add(.touchesEnded, view, touch)
            } else {
                let begun = delivery.viewHasTouch
                delivery.holdEnd(by: holders)
                if begun, let first = holders.first { _hold(touch, .touchesEnded, by: first) }
            }
        case .cancelled:
            if delivery.viewHasTouch {
                calls.add(.touchesCancelled, view, touch)
            }
            delivery.finish()
            held.removeAll { $0 === touch }
        case .moved, .stationary:
            // Moves were answered above; stationary touches are not delivered.
            break
        }
        self[touch].delivery = delivery
    }

    /// One touch with no recognizers and nothing held: straight to its view. `handle` is the
    /// touch's record (the caller looked it up).
    func _deliverUncontested(_ touch: UITouch, _ handle: SlotHandle, _ event: UIEvent) {
        // Every move of every finger on a plain view comes here.
        guard !touchRecords[live: handle].delivery.isOver, let view = touch.view, let method = TouchMethod(phase: touch.phase)
        else { return }
        switch method {
        case .touchesBegan:
            touchRecords[live: handle].delivery.begin()
        case .touchesMoved:
            guard touchRecords[live: handle].delivery.viewHasTouch else { return }
        case .touchesEnded, .touchesCancelled:
            guard touchRecords[live: handle].delivery.viewHasTouch else { return }
            touchRecords[live: handle].delivery.finish()
        }
        DeliveryCalls.call(method, view, CollectionOfOne(touch), singletonSet(of: touch), event, self)
    }

    private func _hold(_ touch: UITouch, _ method: TouchMethod, by holder: UIGestureRecognizer) {
        if !held.contains(where: { $0 === touch }) { held.append(touch) }
        if trace.isEnabled { trace.record(.touchDelayed(finger: touch.fingerID, method: method, by: holder.traceName)) }
    }

    /// UIKit's `touchesShouldBegin(_:with:in:)`: every scroll view above `view` may keep the touch
    /// from it. Asked only in windows that have scroll views.
    private func _scrollViewsAllowBegin(_ touch: UITouch, _ view: UIView, _ event: UIEvent) -> Bool {
        guard let window = view._window, window._scrollViewCount > 0 else { return true }
        var ancestor = view._superview
        while let current = ancestor {
            if current._countsAsScrollView, !current._contentTouchesShouldBegin(singletonSet(of: touch), with: event, in: view) {
                trace.record(.scrollDecision(view: current.traceName, content: view.traceName, decision: .touchesShouldBeginRefused))
                return false
            }
            ancestor = current._superview
        }
        return true
    }

    // MARK: Releasing

    /// Delivers every held `touchesBegan` and `touchesEnded` whose holders are no longer possible.
    func releaseHeld() {
        guard !held.isEmpty, !isReleasing else { return }
        isReleasing = true
        defer { isReleasing = false }
        var index = 0
        while index < held.count {
            // Most events release nothing: ask in place first, without retaining the touch.
            if held._withUnretained(at: index, { _staysHeld($0) }) {
                index += 1
                continue
            }
            let touch = held[index]
            if _release(touch) {
                held.removeAll { $0 === touch }
                retireIfOver(touch)
            } else {
                index += 1
            }
        }
    }

    /// Whether `_release` would keep `touch` held and do nothing else: its `touchesBegan` is held
    /// by a recognizer still holding, or (began delivered) its end is.
    private func _staysHeld(_ touch: UITouch) -> Bool {
        // Read in place, in one look (a copy of the delivery would retain its holder lists).
        self[touch].delivery.staysHeld
    }

    /// Delivers what `touch` has held that may go now; true when nothing stays held.
    private func _release(_ touch: UITouch) -> Bool {
        // `releaseHeld` asked `_staysHeld` first: no recognizer holds `touchesBegan` any more.
        if self[touch].delivery.isBeganHeld {
            let event = touchesEvent
            if let view = touch.view, !_scrollViewsAllowBegin(touch, view, event) {
                self[touch].delivery.takeFromView()
                return true
            }
            self[touch].delivery.begin()
            if trace.isEnabled { trace.record(.touchReleased(finger: touch.fingerID, method: .touchesBegan)) }
            _deliverOriginalBegan(touch, event)
        }
        guard self[touch].delivery.isEndHeld, self[touch].delivery.viewHasTouch else {
            return !self[touch].delivery.isBeganHeld
        }
        if self[touch].delivery.anyEndHolderHolding { return false }
        let event = touchesEvent
        self[touch].delivery.finish()
        if trace.isEnabled { trace.record(.touchReleased(finger: touch.fingerID, method: .touchesEnded)) }
        if let view = touch.view {
            var calls = DeliveryCalls()
            calls.add(.touchesEnded, view, touch)
            calls.perform(event, in: self)
        }
        return true
    }

    /// `touchesBegan` with the location and time the touch had when it began.
    private func _deliverOriginalBegan(_ touch: UITouch, _ event: UIEvent) {
        guard let view = touch.view else { return }
        let saved = (touch.phase, touch.locationInWindow, touch.previousLocationInWindow, touch.timestamp)
        touch.phase = .began
        touch.locationInWindow = touch._beganLocation
        touch.previousLocationInWindow = touch._beganLocation
        touch.timestamp = touch._beganTimestamp
        let savedTimestamp = event._timestamp
        event._timestamp = touch._beganTimestamp
        var calls = DeliveryCalls()
        calls.add(.touchesBegan, view, touch)
        calls.perform(event, in: self)
        event._timestamp = savedTimestamp
        touch.phase = saved.0
        touch.locationInWindow = saved.1
        touch.previousLocationInWindow = saved.2
        touch.timestamp = saved.3
    }

    // MARK: Cancelling

    /// `recognizer` recognized with `cancelsTouchesInView`: its touches, and touches it holds,
    /// are taken from their views.
    func cancelTouchesInViews(for recognizer: UIGestureRecognizer) {
        // Nothing held and every touch already over for its view (a tap that ends at the lift,
        // after another recognizer took the touch): nothing to take.
        if held.isEmpty, !self[recognizer].trackedTouches._containsUnretained(where: { !delivery(of: $0).isOver }) { return }
        var touches = self[recognizer].trackedTouches
        for touch in held where !touches.contains(where: { $0 === touch }) && self[touch].delivery.isHeld(by: recognizer) {
            touches.append(touch)
        }
        var calls = DeliveryCalls()
        for touch in touches {
            // The delivery is asked in place (a copy would retain its holder lists).
            guard !self[touch].delivery.isOver, let view = touch.view else { continue }
            let beganDelivered = self[touch].delivery.beganDelivered
            if trace.isEnabled {
                trace.record(
                    .touchCancelledInView(finger: touch.fingerID, view: view.traceName, by: .recognizer(recognizer.traceName)))
            }
            _take(touch)
            if beganDelivered { calls.add(.touchesCancelled, view, touch) }
        }
        _performCancels(calls, showingCancelled: touches)
    }

    /// Takes `touch` from its view and stops holding it.
    private func _take(_ touch: UITouch) {
        // A held `touchesBegan`'s holder list, once the delivery lets it go, is the next hold's.
        var recycled = self[touch].delivery.beganHolderList
        self[touch].delivery.takeFromView()
        if spareHolderList.capacity == 0, recycled != nil {
            recycled!.removeAllKeepingCapacity()
            swap(&spareHolderList, &recycled!)
        }
        if !held.isEmpty {
            held.removeAll { $0 === touch }
            retireIfOver(touch)
        }
    }

    /// Performs `calls` (all `touchesCancelled`) while `touches` show the phase `.cancelled`.
    private func _performCancels(_ calls: DeliveryCalls, showingCancelled touches: [UITouch]) {
        guard !calls.isEmpty else { return }
        let phases = touches.map(\.phase)
        for touch in touches { touch.phase = .cancelled }
        calls.perform(touchesEvent, in: self)
        for (touch, phase) in zip(touches, phases) { touch.phase = phase }
    }
}

extension GestureEnvironment {
    /// UIKit's rule: "an interruption is anything that [...] causes the view handling the touch
    /// events to be removed from its window" (UIResponder.touchesCancelled). A view of `subtree`
    /// that has seen a touch begin gets `touchesCancelled` now and nothing more of that touch; a
    /// touch whose `touchesBegan` is still held is dropped without reaching its view.
    func cancelTouches(ofViewsLeaving subtree: UIView) {
        var calls = DeliveryCalls()
        var cancelled: [UITouch] = []
        // Held touches may have lifted already (and left the active list) with their end owed.
        let down = host?._activeTouches ?? []
        let touches = down + held.filter { touch in !down.contains { $0 === touch } }
        for touch in touches {
            let delivery = self[touch].delivery
            guard let view = touch.view, !delivery.isOver, view === subtree || view.isDescendant(of: subtree)
            else { continue }
            _take(touch)
            guard delivery.beganDelivered else { continue }
            trace.record(.touchCancelledInView(finger: touch.fingerID, view: view.traceName, by: .removalFromWindow))
            calls.add(.touchesCancelled, view, touch)
            cancelled.append(touch)
        }
        _performCancels(calls, showingCancelled: cancelled)
    }
}

/// Touches-method calls collected for one delivery step, grouped per method and view.
///
/// The first call is kept inline: most steps deliver one touch to one view, and then no array
/// is allocated.
struct DeliveryCalls {
    private var single: (method: TouchMethod, view: UIView, touch: UITouch)?
    private var groups: [(method: TouchMethod, view: UIView, touches: [UITouch])] = []

    var isEmpty: Bool { single == nil && groups.isEmpty }

    mutating func add(_ method: TouchMethod, _ view: UIView, _ touch: UITouch) {
        if single == nil && groups.isEmpty {
            single = (method, view, touch)
            return
        }
        if let first = single {
            groups.append((first.method, first.view, [first.touch]))
            single = nil
        }
        if let index = groups.firstIndex(where: { $0.method == method && $0.view === view }) {
            groups[index].touches.append(touch)
        } else {
            groups.append((method, view, [touch]))
        }
    }

    /// Calls the touches methods: began first, then moved, ended, cancelled; views in order.
    ///
    /// A call made earlier in the batch can take a later touch from its view (a view removed
    /// from its window in `touchesBegan`, say); such a touch is left out of the calls that follow,
    /// except the `touchesCancelled` that cut it short.
    func perform(_ event: UIEvent, in environment: GestureEnvironment) {
        if let single {
            guard single.method == .touchesCancelled || !environment.delivery(of: single.touch).wasTakenFromView else { return }
            Self.call(
                single.method, single.view, CollectionOfOne(single.touch), environment.singletonSet(of: single.touch), event,
                environment)
            return
        }
        guard !groups.isEmpty else { return }
        for method in TouchMethod.allCases {
            for group in groups where group.method == method {
                let touches = method == .touchesCancelled ? group.touches : group.touches.filter { !environment.delivery(of: $0).wasTakenFromView }
                guard !touches.isEmpty else { continue }
                let set = touches.count == 1 ? environment.singletonSet(of: touches[0]) : Set(touches)
                Self.call(method, group.view, touches, set, event, environment)
            }
        }
    }

    /// One call: marks `touchesBegan` as delivered, writes the chain (for began) and the
    /// delivery to the trace, and calls the view.
    static func call(
        _ method: TouchMethod, _ view: UIView, _ touches: some Collection<UITouch>, _ set: Set<UITouch>, _ event: UIEvent,
        _ environment: GestureEnvironment
    ) {
        let trace = environment.trace
        if method == .touchesBegan {
            for touch in touches { environment[touch].delivery.markBeganDelivered() }
        }
        if trace.isEnabled {
            if method == .touchesBegan {
                for touch in touches {
                    trace.recordResponderChain(finger: touch.fingerID, view)
                }
            }
            if touches.count == 1, let touch = touches.first {
                trace.recordDeliver(method, view, finger: touch.fingerID)
            } else {
                trace.record(.deliver(method: method, responder: view.traceName, fingers: FingerIDs(touches.map(\.fingerID))))
            }
        }
        view._send(method, set, with: event)
    }
}
