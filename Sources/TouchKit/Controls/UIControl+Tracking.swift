import Foundation

/// UIKit's tracking of one touch by a control, and the control events it fires.
extension UIControl {
    /// The thresholds of the control's application (UIKit's values when it is in none).
    var _configuration: TouchKitConfiguration {
        _window?._application?.configuration ?? .uikit
    }

    /// The bounds grown by the touch margin: where a tracked touch still counts as inside.
    func _isInsideForTracking(_ touch: UITouch) -> Bool {
        let margin = effectiveTrackingMargin
        let p = touch.location(in: self)
        return bounds.insetBy(dx: -margin, dy: -margin).contains(p)
    }

    func _trackingBegan(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard _tracking.touch == nil, let touch = touches.lowestFinger else { return }
        _tracking = .following(touch, tracking: false, inside: true)
        _tracking = _tracking.answered(
            interceptor.map { $0.tracking(self, touch, continuing: false) { beginTracking(touch, with: event) } } ?? beginTracking(touch, with: event)
        )
        isHighlighted = true
        _trace?.record(.controlTracking(control: traceName, phase: .begin, inside: isTouchInside))
        guard isTracking else { return }
        var events: Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        _sendActions(for: events, with: event)
    }

    func _trackingMoved(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = _tracking.touch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        _tracking = _tracking.moved(inside: _isInsideForTracking(touch))
        isHighlighted = isTouchInside
        guard isTracking else { return }
        _tracking = _tracking.answered(
            interceptor.map { $0.tracking(self, touch, continuing: true) { continueTracking(touch, with: event) } }
                ?? continueTracking(touch, with: event))
        _trace?.record(.controlTracking(control: traceName, phase: .continue, inside: isTouchInside))
        guard isTracking else { return }
        // UIKit: the edge crossing fires before the drag event of the same move.
        if wasInside != isTouchInside {
            _sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit, with: event)
        }
        _sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside, with: event)
    }

    func _trackingEnded(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = _tracking.touch, touches.contains(touch) else { return }
        _tracking = _tracking.moved(inside: _isInsideForTracking(touch)).finished
        isHighlighted = false
        if isTracking {
            endTracking(touch, with: event)
            _trace?.record(.controlTracking(control: traceName, phase: .end, inside: isTouchInside))
            _tracking = _tracking.answered(false)
            if isTouchInside {
                _sendActions(for: .touchUpInside, with: event)
                if _sendsPrimaryActionAfterTouchUpInside { _sendActions(for: .primaryActionTriggered, with: event) }
            } else {
                _sendActions(for: .touchUpOutside, with: event)
            }
        }
        _tracking = .idle
    }

    func _trackingCancelled(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = _tracking.touch, touches.contains(touch) else { return }
        _tracking = _tracking.finished
        isHighlighted = false
        if isTracking {
            cancelTracking(with: event)
            _trace?.record(.controlTracking(control: traceName, phase: .cancel, inside: isTouchInside))
            _tracking = _tracking.answered(false)
            _sendActions(for: .touchCancel, with: event)
        }
        _tracking = .idle
    }

    /// Fires `events`: each event is traced, then every live action registered for any of them
    /// runs once, in the order actions were added (UIKit's `sendActions(for:)`).
    func _sendActions(for events: Event, with event: UIEvent?) {
        let trace = _trace
        for (single, _) in Event.named where events.contains(single) {
            trace?.record(.controlEvent(control: traceName, event: single))
        }
        let matching = _actions.filter { !$0.events.intersection(events).isEmpty && $0.isLive }
        for entry in matching {
            let names = events.intersection(entry.events)
            switch entry.kind {
            case .action(let action):
                trace?.record(.controlAction(control: traceName, event: names, action: action.traceName))
                sendAction(action)
            case .closure(let target, let body):
                guard target.value != nil else { continue }
                trace?.record(.controlAction(control: traceName, event: names, action: "closure"))
                body(self)
            case .selector(let target, _, let selector):
                trace?.record(.controlAction(control: traceName, event: names, action: selector.name))
                sendAction(selector, to: target.value, for: event)
            }
        }
    }

    func _removeActions(for controlEvents: Event, where matches: (ControlAction) -> Bool) {
        var kept: [ControlAction] = []
        for var entry in _actions {
            if matches(entry) {
                entry.events.subtract(controlEvents)
                if entry.events.isEmpty { continue }
            }
            kept.append(entry)
        }
        _actions = kept
    }
}
