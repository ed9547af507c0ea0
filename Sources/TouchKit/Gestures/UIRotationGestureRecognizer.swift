import Foundation

/// Recognizes two fingers turning around each other (UIKit's `UIRotationGestureRecognizer`);
/// continuous.
///
/// Begins when the line between the fingers has turned `rotationHysteresis` (TouchScope's
/// choice); changes while two fingers move; ends when both fingers have lifted. `rotation` is in
/// radians, clockwise positive on screen; setting it (often to 0) re-bases it.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The angle of the line between the fingers, and the rotation made of it (shared with pinch).
    var _tracking = TwoFingerTracking(.angle)

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a rotation recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UIRotationGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    /// Rotation in radians since the fingers started (or since it was last set).
    open var rotation: CGFloat {
        get { _tracking.value(_tracking.current(recognizerContext.touches)) }
        set { _tracking.set(newValue, now: _tracking.current(recognizerContext.touches)) }
    }

    /// Radians per second.
    open var velocity: CGFloat {
        _tracking.motion.velocity
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if _tracking.reference == nil, let angle = _tracking.current(recognizerContext.touches) {
            _tracking.start(angle, at: recognizerContext.now, window: configuration.velocitySampleWindow)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard _tracking.reference != nil, let angle = _tracking.current(recognizerContext.touches) else { return }
        let rotation = _tracking.value(angle)
        _tracking.last = rotation
        _tracking.sample(rotation, at: recognizerContext.now, window: configuration.velocitySampleWindow)
        switch state {
        case .possible:
            let turned = _tracking.change(angle)
            if turned >= configuration.rotationHysteresis {
                recognizerContext.setState(
                    .began, .turnedPastHysteresis(turned: Double(turned), hysteresis: Double(configuration.rotationHysteresis)))
            }
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = recognizerContext.touches.filter { !touches.contains($0) && $0.phase.isDown }
        if state.isActive {
            if remaining.isEmpty { recognizerContext.setState(.ended, .bothFingersLifted) }
        } else if state == .possible {
            recognizerContext.fail(.liftedBeforeRotating)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.cancelOrFail()
    }

    open override func reset() {
        super.reset()
        _tracking.reset()
    }
}
