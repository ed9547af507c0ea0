import Foundation

/// Recognizes two fingers turning around each other (UIKit's `UIRotationGestureRecognizer`);
/// continuous.
///
/// Begins when the line between the fingers has turned `rotationHysteresis` (TouchScope's
/// choice); changes while two fingers move; ends when both fingers have lifted. `rotation` is in
/// radians, clockwise positive on screen; setting it (often to 0) re-bases it.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    var _rotationBase: CGFloat = 0
    var _referenceAngle: CGFloat?
    /// Recent values of `rotation`, for `velocity`.
    var _motion = VelocityTracker<CGFloat>()
    /// The rotation when a finger last moved, kept once the pair is broken.
    var _lastRotation: CGFloat?

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a rotation recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UIRotationGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    /// Rotation in radians since the fingers started (or since it was last set).
    open var rotation: CGFloat {
        get {
            guard let reference = _referenceAngle, let angle = _angle else { return _lastRotation ?? _rotationBase }
            return _rotationBase + Self.normalizedAngle(angle - reference)
        }
        set {
            _rotationBase = newValue
            _lastRotation = nil
            _referenceAngle = _angle
            _motion.reset()
        }
    }

    /// Radians per second.
    open var velocity: CGFloat {
        _motion.velocity
    }

    var _angle: CGFloat? {
        let pair = Array(recognizerContext.touches.filter { $0.phase.isDown }.prefix(2))
        guard pair.count == 2 else { return nil }
        return atan2(
            pair[1].locationInWindow.y - pair[0].locationInWindow.y, pair[1].locationInWindow.x - pair[0].locationInWindow.x)
    }

    static func normalizedAngle(_ angle: CGFloat) -> CGFloat {
        var a = angle
        while a > .pi { a -= 2 * .pi }
        while a < -.pi { a += 2 * .pi }
        return a
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if _referenceAngle == nil, let angle = _angle {
            _referenceAngle = angle
            _motion.reset()
            _recordSample(0)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let reference = _referenceAngle, let angle = _angle else { return }
        _lastRotation = rotation
        _recordSample(rotation)
        switch state {
        case .possible:
            let turned = abs(Self.normalizedAngle(angle - reference))
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
        _rotationBase = 0
        _lastRotation = nil
        _referenceAngle = nil
        _motion.reset()
    }

    func _recordSample(_ value: CGFloat) {
        _motion.window = configuration.velocitySampleWindow
        _motion.add(value, at: recognizerContext.now)
    }
}
