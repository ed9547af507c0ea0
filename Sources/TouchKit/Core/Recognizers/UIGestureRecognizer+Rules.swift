import Foundation

/// Geometry helpers the built-in recognizers share (they state their rules through
/// `GestureRecognizerContext`).
extension UIGestureRecognizer {
    /// Centroid of `touches` in window coordinates.
    static func centroid(_ touches: [UITouch]) -> CGPoint {
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
    static func vector(_ vector: CGPoint, toView view: UIView?) -> CGPoint {
        guard let view, !view._isUntransformedUpToRoot else { return vector }
        let origin = view.convert(CGPoint.zero, from: nil)
        let tip = view.convert(vector, from: nil)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// A vector in `view`'s coordinates, expressed in window coordinates.
    static func vector(_ vector: CGPoint, fromView view: UIView?) -> CGPoint {
        guard let view, !view._isUntransformedUpToRoot else { return vector }
        let origin = view.convert(CGPoint.zero, to: nil)
        let tip = view.convert(vector, to: nil)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// An action that hands the recognizer to `handler` with its own type: the one place the
    /// typed `init(_ handler:)` of every recognizer class converts (a recognizer only ever
    /// passes itself, so the conversion holds).
    static func typedAction<R: UIGestureRecognizer>(_ handler: @escaping (R) -> Void) -> (UIGestureRecognizer) -> Void {
        { recognizer in
            guard let typed = recognizer as? R else { return }
            handler(typed)
        }
    }
}
