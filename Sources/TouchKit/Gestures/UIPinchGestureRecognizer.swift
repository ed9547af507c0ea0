import Foundation

/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`); continuous.
///
/// UIKit's header: begins when two touches have moved enough to be considered a pinch (their
/// distance changed by `pinchHysteresis`, TouchScope's choice); changes when a finger moves while
/// two fingers remain down; ends when both fingers have lifted. `scale` is the distance between
/// the fingers relative to where they started; setting it (often to 1) re-bases it.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    var _scaleBase: CGFloat = 1
    var _referenceDistance: CGFloat?
    /// Recent values of `scale`, for `velocity`.
    var _motion = VelocityTracker<CGFloat>()
    /// The scale when a finger last moved, kept once the pair is broken.
    var _lastScale: CGFloat?

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a pinch recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UIPinchGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    /// The scale factor relative to the fingers' starting distance (or to when it was last set).
    open var scale: CGFloat {
        get {
            guard let reference = _referenceDistance, reference > 0, let distance = _distance else {
                return _lastScale ?? _scaleBase
            }
            return _scaleBase * distance / reference
        }
        set {
            _scaleBase = newValue
            _lastScale = nil
            _referenceDistance = _distance
            _motion.reset()
        }
    }

    /// Scale change per second.
    open var velocity: CGFloat {
        _motion.velocity
    }

    /// The first two fingers still down.
    var _pair: [UITouch] {
        Array(recognizerContext.touches.filter { $0.phase.isDown }.prefix(2))
    }

    var _distance: CGFloat? {
        let pair = _pair
        guard pair.count == 2 else { return nil }
        return hypot(
            pair[0].locationInWindow.x - pair[1].locationInWindow.x, pair[0].locationInWindow.y - pair[1].locationInWindow.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if _referenceDistance == nil, let distance = _distance {
            _referenceDistance = distance
            _motion.reset()
            _recordSample(1)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let reference = _referenceDistance, let distance = _distance else { return }
        _lastScale = scale
        _recordSample(scale)
        switch state {
        case .possible:
            let change = abs(distance - reference)
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
        _scaleBase = 1
        _lastScale = nil
        _referenceDistance = nil
        _motion.reset()
    }

    func _recordSample(_ value: CGFloat) {
        _motion.window = configuration.velocitySampleWindow
        _motion.add(value, at: recognizerContext.now)
    }
}
