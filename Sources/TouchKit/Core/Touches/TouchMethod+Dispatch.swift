import Foundation

/// One place that turns a `TouchMethod` into the call, for responders and recognizers alike,
/// and pairs each method with the touch phase it carries.
extension TouchMethod {
    /// The method that delivers touches in `phase`; nil for `.stationary`, which is not delivered.
    init?(phase: UITouch.Phase) {
        switch phase {
        case .began: self = .touchesBegan
        case .moved: self = .touchesMoved
        case .ended: self = .touchesEnded
        case .cancelled: self = .touchesCancelled
        case .stationary: return nil
        }
    }

    /// The phase of the touches this method delivers.
    var phase: UITouch.Phase {
        switch self {
        case .touchesBegan: .began
        case .touchesMoved: .moved
        case .touchesEnded: .ended
        case .touchesCancelled: .cancelled
        }
    }

    /// Why a recognizer changes state while handling these touches: its own code, or a system
    /// cancellation for `touchesCancelled`.
    func cause(_ fingers: FingerIDs) -> TransitionCause {
        self == .touchesCancelled ? .touchesCancelledBySystem(fingers) : .touches(self, fingers)
    }
}

extension UIResponder {
    /// Calls the touches method `method` names, through the responder's `interceptor` when it
    /// has one.
    func _send(_ method: TouchMethod, _ touches: Set<UITouch>, with event: UIEvent?) {
        guard let interceptor else { return _call(method, touches, with: event) }
        interceptor.intercept(method, of: self) { _call(method, touches, with: event) }
    }

    private func _call(_ method: TouchMethod, _ touches: Set<UITouch>, with event: UIEvent?) {
        switch method {
        case .touchesBegan: touchesBegan(touches, with: event)
        case .touchesMoved: touchesMoved(touches, with: event)
        case .touchesEnded: touchesEnded(touches, with: event)
        case .touchesCancelled: touchesCancelled(touches, with: event)
        }
    }
}

extension UIGestureRecognizer {
    /// Calls the touches method `method` names.
    func _send(_ method: TouchMethod, _ touches: Set<UITouch>, with event: UIEvent) {
        switch method {
        case .touchesBegan: touchesBegan(touches, with: event)
        case .touchesMoved: touchesMoved(touches, with: event)
        case .touchesEnded: touchesEnded(touches, with: event)
        case .touchesCancelled: touchesCancelled(touches, with: event)
        }
    }
}
