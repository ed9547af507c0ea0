import Foundation

/// Helpers the built-in recognizers use to state their rules in the trace.
extension UIGestureRecognizer {
    /// Fails, recording the rule that decided it as the cause.
    func _fail(_ rule: RecognizerRule) {
        _requestState(.failed, cause: .rule(rule))
    }

    /// Moves to `state`, recording the rule that decided it as the cause.
    func _transition(to state: State, _ rule: RecognizerRule) {
        _requestState(state, cause: .rule(rule))
    }

    /// Centroid of `touches` in window coordinates.
    static func _centroid(_ touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0
        var y: CGFloat = 0
        for touch in touches {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    /// A vector in window coordinates, expressed in `view`'s coordinates (rotation and scale, no offset).
    static func _vector(_ vector: CGPoint, toView view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, from: nil)
        let tip = view.convert(vector, from: nil)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// A vector in `view`'s coordinates, expressed in window coordinates.
    static func _vector(_ vector: CGPoint, fromView view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, to: nil)
        let tip = view.convert(vector, to: nil)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// The current time on the application clock (0 when detached).
    var _now: TimeInterval {
        _environment?.host.clock.now ?? 0
    }
}
