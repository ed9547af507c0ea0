import Foundation

/// An on/off control (UIKit's `UISwitch`): a tap toggles it; dragging its knob sets it to the
/// side the knob is left on. Either way `.valueChanged` fires when the value changed.
///
/// UIKit's rules for switches and other views' recognizers ("Attaching gesture recognizers to
/// UIKit controls"): a single-finger single tap on the switch, and a single-finger pan that
/// starts on its knob and moves along the switch, belong to the switch; other views' tap and pan
/// recognizers may not begin for them. A pan across the switch (vertical, for a scroll view) may.
open class UISwitch: UIControl {
    /// Whether the switch is on. UIKit default: false.
    open var isOn: Bool = false

    /// Whether the tracked touch began on the knob, and whether it has since moved along the
    /// switch far enough to be a drag of the knob (`UIKitDefaults.panHysteresis`, as a pan).
    var _beganOnKnob = false
    var _draggedKnob = false
    /// Where the tracked touch began, in the switch's coordinates.
    var _touchStart: CGPoint = .zero

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Sets the state without firing `.valueChanged` (as UIKit does).
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    /// The knob: a square as tall as the switch at its off end (left) or on end (right).
    var _knobRect: CGRect {
        let side = min(bounds.height, bounds.width)
        return CGRect(x: isOn ? bounds.maxX - side : bounds.minX, y: bounds.minY, width: side, height: bounds.height)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        _touchStart = touch.location(in: self)
        _beganOnKnob = _knobRect.contains(_touchStart)
        _draggedKnob = false
        return super.beginTracking(touch, with: event)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if _beganOnKnob, abs(touch.location(in: self).x - _touchStart.x) >= _configuration.panHysteresis { _draggedKnob = true }
        return super.continueTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        let draggedKnob = _draggedKnob
        _forgetTouch()
        guard let touch else { return }
        let newValue: Bool
        if draggedKnob {
            // The knob stays on the side of the switch the finger left it.
            newValue = touch.location(in: self).x >= bounds.midX
        } else {
            guard _isInsideForTracking(touch) else { return }
            newValue = !isOn
        }
        guard newValue != isOn else { return }
        isOn = newValue
        _sendActions(for: .valueChanged, with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        _forgetTouch()
    }

    /// Back to rest once tracking is over, so a switch at rest holds no state of a past touch.
    func _forgetTouch() {
        _beganOnKnob = false
        _draggedKnob = false
        _touchStart = .zero
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self {
            if gestureRecognizer.tapRequirement?.isSingleTap == true {
                return false
            }
            if gestureRecognizer.panRequirement != nil, gestureRecognizer.numberOfTouches == 1, isTracking, _beganOnKnob,
                let touch = _tracking.touch, touch.location(in: self)._minus(_touchStart)._isAlongX
            {
                return false
            }
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

extension CGPoint {
    /// Whether a movement is at least as much along x as along y (parallel to a horizontal
    /// control).
    var _isAlongX: Bool { abs(x) >= abs(y) }

    /// The movement from `start` to this point.
    func _minus(_ start: CGPoint) -> CGPoint { CGPoint(x: x - start.x, y: y - start.y) }
}
