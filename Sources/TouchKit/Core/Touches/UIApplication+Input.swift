import Foundation

/// From raw samples to a `UIEvent`: what UIKit does before `sendEvent(_:)`.
///
/// A new touch is hit-tested once, against the windows from the highest level down; the first
/// window whose `hitTest` answers a view takes it. Its recognizers are bound then (those of the
/// hit view and all its ancestors, the window's included). The event holds every touch that is
/// down, changed or not. After `sendEvent` returns, ended and cancelled touches are forgotten.
extension UIApplication {
    /// Most touches down at once; a finger that goes down past it is dropped with a trace entry.
    /// UIKit's hardware limit is private and differs by device (about ten on an iPhone, eleven on
    /// an iPad); TouchScope takes twenty, above every device, so that a file with thousands of
    /// fingers down cannot make every event (which carries all touches) cost thousands.
    public static let maximumSimultaneousTouches = 20

    /// Feeds one event's worth of samples to the application, at the clock's current time.
    ///
    /// Samples that make no sense are dropped with a trace note, never trusted: a non-finite
    /// location, a move or lift of a finger that is not down, a second `began` for a finger
    /// that is down.
    public func dispatch(_ samples: [TouchSample]) {
        guard !samples.isEmpty else { return }
        _dispatch(samples)
    }

    /// Feeds a single sample (one event with one changed touch).
    public func dispatch(_ sample: TouchSample) {
        _dispatch(CollectionOfOne(sample))
    }

    /// Calls `body` with every batch of samples dispatched from now on, and the time they were
    /// dispatched at (recorders use this, whatever the driver): the samples the engine takes,
    /// quantized, before it acts on them (samples it drops are left out; a batch of only dropped
    /// samples is not reported). Returns a token for removal.
    @discardableResult
    public func addInputObserver(_ body: @escaping ([TouchSample], TimeInterval) -> Void) -> Int {
        _nextObserverID += 1
        _inputObservers.append((_nextObserverID, body))
        return _nextObserverID
    }

    /// Stops calling the input observer registered under `token`.
    public func removeInputObserver(_ token: Int) {
        _inputObservers.removeAll { $0.id == token }
        _hitObservers.removeAll { $0.id == token }
    }

    /// Calls `body` with the finger and the hit view (nil: no view) of every new touch, right
    /// after it is hit-tested (recorders write what each touch was meant for). Returns a token for
    /// `removeInputObserver`.
    @discardableResult
    public func addHitObserver(_ body: @escaping (_ finger: Int, _ view: UIView?) -> Void) -> Int {
        _nextObserverID += 1
        _hitObservers.append((_nextObserverID, body))
        return _nextObserverID
    }

    /// Touches that are down now, in the order they began.
    public var activeTouches: [UITouch] { _activeTouches }

    func _dispatch<Samples: Collection<TouchSample>>(_ samples: Samples) {
        if !_inputObservers.isEmpty {
            // Observers (recorders) get the samples the engine takes, quantized, before it acts
            // on them: a recording holds exactly what the engine saw, even if acting crashes.
            let batch = _acceptedSamples(samples)
            if !batch.isEmpty {
                for observer in _inputObservers { observer.body(batch, clock.now) }
            }
        }
        let now = clock.now
        let tracing = trace.isEnabled
        var changed = false
        // The active touches are walked in place, without retaining each (the setters and the
        // finger comparison call no code that could change the list).
        _activeTouches._forEachUnretained { $0.phase = .stationary }
        var classifier = SampleClassifier(downCount: _activeTouches.count)
        for original in samples {
            let existing = _activeTouches._firstIndexUnretained { $0.fingerID == original.finger }
            let verdict = classifier.classify(original, wasDown: existing != nil)
            let sample: TouchSample
            switch verdict {
            case .take(let taken): sample = taken
            case .drop(let dropped, _): sample = dropped
            case .ignore: continue
            }
            if tracing {
                trace.recordInput(finger: sample.finger, phase: sample.phase, x: Double(sample.location.x), y: Double(sample.location.y))
            }
            if case .drop(_, let reason) = verdict {
                trace.record(.inputDropped(finger: sample.finger, phase: sample.phase, reason: reason))
                continue
            }
            if sample.phase == .began {
                _beginTouch(sample, at: now)
                changed = true
                continue
            }
            // The list is as it was when `existing` was found: only a new touch (above) adds.
            guard let existing else { continue }
            _activeTouches._withUnretained(at: existing) { touch in
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = sample.location
                touch.timestamp = now
                touch.phase = sample.phase
                if let radius = sample.usableRadius { touch.majorRadius = radius }
            }
            changed = true
        }
        guard changed else { return }
        let event = _touchesEvent
        event._touches = _activeTouches
        event._timestamp = now
        _gestureEnvironment.isDispatching = true
        _eventReachedWindow = false
        sendEvent(event)
        _finishEvent()
        _gestureEnvironment.isDispatching = false
    }

    /// The samples the loop in `_dispatch` will act on, quantized, in order: the same
    /// `SampleClassifier`, asked ahead.
    func _acceptedSamples<Samples: Collection<TouchSample>>(_ samples: Samples) -> [TouchSample] {
        var classifier = SampleClassifier(downCount: _activeTouches.count)
        return samples.compactMap { original in
            let wasDown = _activeTouches.contains { $0.fingerID == original.finger }
            guard case .take(var sample) = classifier.classify(original, wasDown: wasDown) else { return nil }
            sample.majorRadius = sample.usableRadius
            return sample
        }
    }

    private func _beginTouch(_ sample: TouchSample, at now: TimeInterval) {
        let location = sample.location
        var tapCount = 1
        if let lift = _lastLift, now - lift.time <= configuration.touchTapCountInterval,
            hypot(location.x - lift.location.x, location.y - lift.location.y) <= configuration.touchTapCountDistance
        {
            tapCount = lift.tapCount + 1
        }
        let touch = UITouch(
            fingerID: sample.finger, location: location, timestamp: now,
            radius: sample.usableRadius ?? UIKitDefaults.touchMajorRadius, tapCount: tapCount)
        _activeTouches.append(touch)
        _gestureEnvironment.admit(touch)
        let (window, view) = _hitTestWindows(touch)
        touch.window = window
        touch.view = view
        for observer in _hitObservers { observer.body(touch.fingerID, view) }
        guard let view, let window else {
            _gestureEnvironment[touch].delivery = .blocked
            return
        }
        if let reason = _blockReason(for: touch, view: view, in: window) {
            _gestureEnvironment[touch].delivery = .blocked
            trace.record(.touchBlocked(finger: touch.fingerID, reason: reason))
            if reason.blocksRecognizers { return }
        }
        // Bound when the window's sendEvent carries the touch: an override that drops the event
        // keeps every recognizer out of it.
        _gestureEnvironment.setPendingBinding(view, of: touch)
    }

    /// The windows in the order hit testing asks them: the highest level first, of one level
    /// the later attached first (UIKit: the topmost window whose `hitTest` returns a view gets
    /// the touch; one that returns nil passes it to the window below).
    public var windowsInHitTestOrder: [UIWindow] {
        _windows.count == 1
            ? _windows
            : _windows.enumerated().sorted {
                $0.element.windowLevel != $1.element.windowLevel
                    ? $0.element.windowLevel > $1.element.windowLevel : $0.offset > $1.offset
            }.map(\.element)
    }

    /// Hit-tests the windows, highest level first (later attached first within a level).
    private func _hitTestWindows(_ touch: UITouch) -> (UIWindow?, UIView?) {
        let ordered = windowsInHitTestOrder
        let tracing = trace.isEnabled
        let event = _touchesEvent
        for window in ordered where !window.isHidden {
            let point = window._pointFromSuperview(touch.locationInWindow)
            if tracing {
                _hitTestPassCounter &+= 1
                event._hitTestPass = _hitTestPassCounter
                event._hitTestTrace = trace
                trace.record(
                    .hitTestBegan(
                        finger: touch.fingerID, window: window.traceName, x: Double(point.x), y: Double(point.y)))
            }
            let hit = window.hitTest(point, with: event)
            if tracing {
                if window._hitTestPass != event._hitTestPass {
                    trace.record(.hitOverride(view: window.traceName, result: hit?.traceName))
                }
                event._hitTestPass = 0
                event._hitTestTrace = nil
            }
            if let hit {
                if tracing { trace.record(.hitResult(finger: touch.fingerID, view: hit.traceName)) }
                return (window, hit)
            }
        }
        if tracing { trace.record(.hitResult(finger: touch.fingerID, view: nil)) }
        let fallback = ordered.first { !$0.isHidden && $0._frameMayContain(touch.locationInWindow) } ?? _keyWindow
        return (fallback, nil)
    }

    /// UIKit's `isExclusiveTouch` and `isMultipleTouchEnabled` rules for a new touch.
    private func _blockReason(for touch: UITouch, view: UIView, in window: UIWindow) -> TouchBlockReason? {
        let others = _activeTouches.filter {
            $0 !== touch && $0.window === window && !_gestureEnvironment.delivery(of: $0).isBlocked && $0.view != nil
        }
        guard !others.isEmpty else { return nil }
        if let exclusive = others.first(where: { $0.view?.isExclusiveTouch == true && $0.view !== view }) {
            return .exclusiveTouchDown(view: exclusive.view?.traceName ?? "?")
        }
        if view.isExclusiveTouch, others.contains(where: { $0.view !== view }) {
            return .exclusiveView(view: view.traceName)
        }
        if !view.isMultipleTouchEnabled, others.contains(where: { $0.view === view }) {
            return .multipleTouchDisabled(view: view.traceName)
        }
        return nil
    }

    /// Forgets touches that ended; remembers the last lift for `tapCount`.
    ///
    /// UIKit rule: when a `sendEvent(_:)` override (the application's or the window's) drops the
    /// event, nothing happens: no recognizer is bound, called or reset, no view hears anything.
    /// A touch whose beginning was dropped is never delivered later either (its view never had
    /// `touchesBegan`).
    private func _finishEvent() {
        let delivered = _eventReachedWindow
        if !delivered { _gestureEnvironment.dropPendingBindings(of: _activeTouches) }
        let anyFinished = _activeTouches._containsUnretained { $0.phase == .ended || $0.phase == .cancelled }
        guard anyFinished else {
            if delivered { _gestureEnvironment.eventDidFinish() }
            return
        }
        var remaining: [UITouch] = []
        remaining.reserveCapacity(_activeTouches.count)
        for touch in _activeTouches {
            switch touch.phase {
            case .ended:
                _lastLift = (touch.locationInWindow, touch.timestamp, touch.tapCount)
                _gestureEnvironment.touchFinished(touch)
            case .cancelled:
                _gestureEnvironment.touchFinished(touch)
            case .began, .moved, .stationary:
                remaining.append(touch)
            }
        }
        _activeTouches = remaining
        if delivered { _gestureEnvironment.eventDidFinish() }
    }
}

extension UIApplication {
    /// `UIWindow.sendEvent(_:)`'s default: the window's new touches are bound to their
    /// recognizers, then recognizers see the event first, then views.
    func _deliverTouches(_ event: UIEvent, in window: UIWindow) {
        guard event.type == .touches, event === _touchesEvent else { return }
        _eventReachedWindow = true
        let environment = _gestureEnvironment
        environment.bindPendingTouches(of: event, in: window)
        environment.deliver(event, in: window)
    }
}
