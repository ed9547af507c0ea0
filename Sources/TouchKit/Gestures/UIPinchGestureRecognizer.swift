import Foundation

/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`); continuous.
///
/// UIKit's header: begins when two touches have moved enough to be considered a pinch (their
/// distance changed by `pinchHysteresis`, TouchScope's choice); changes when a finger moves while
/// two fingers remain down; ends when both fingers have lifted. `scale` is the distance between
/// the fingers relative to where they started; setting it (often to 1) re-bases it.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance between the fingers, and the scale made of it (shared with rotation).
    var _tracking = TwoFingerTracking(.distance)

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a pinch recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UIPinchGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    /// The scale factor relative to the fingers' starting distance (or to when it was last set).
    open var scale: CGFloat {
        get { _tracking.value(_tracking.current(recognizerContext.touches)) }
        set { _tracking.set(newValue, now: _tracking.current(recognizerContext.touches)) }
    }

    /// Scale change per second.
    open var velocity: CGFloat {
        _tracking.motion.velocity
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if _tracking.reference == nil, let distance = _tracking.current(recognizerContext.touches) {
            _tracking.start(distance, at: recognizerContext.now, window: configuration.velocitySampleWindow)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard _tracking.reference != nil, let distance = _tracking.current(recognizerContext.touches) else { return }
        let scale = _tracking.value(distance)
        _tracking.last = scale
        _tracking.sample(scale, at: recognizerContext.now, window: configuration.velocitySampleWindow)
        switch state {
        case .possible:
            let change = _tracking.change(distance)
            if change >= configuration.pinchHysteresis {
                recognizerContext.setState(.began, .pinchedPastHysteresis(change: Double(change), hysteresis: Double(configuration.pinchHysteresis)))
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
            recognizerContext.fail(.liftedBeforePinching)
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
