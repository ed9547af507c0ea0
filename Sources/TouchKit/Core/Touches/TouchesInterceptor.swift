import Foundation

/// Code that stands in front of one responder's four touches methods (and a view's
/// `gestureRecognizerShouldBegin(_:)`): the scene loader's
/// `onTouches` behaviours, which a scene attaches to any kind of view without a subclass per
/// UIKit class.
///
/// Every call of a touches method by TouchKit (delivery from the window, a recognizer releasing
/// held touches, a responder forwarding to `next`) goes through `UIResponder._send`, which hands
/// it to the interceptor with the responder's own method as `uikit`. The interceptor runs it, or
/// not, as an override that may or may not call `super` would. Not UIKit API.
package protocol TouchesInterceptor: AnyObject {
    /// Handles `method` for `responder`; `uikit` runs the responder's own method.
    func intercept(_ method: TouchMethod, of responder: UIResponder, uikit: () -> Void)
    /// Answers the view's `gestureRecognizerShouldBegin(_:)`; `uikit` runs the view's own method.
    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer, uikit: () -> Bool) -> Bool
}

extension TouchesInterceptor {
    package func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer, uikit: () -> Bool) -> Bool { uikit() }
}

extension UIView {
    /// Asks the view whether `recognizer` may begin: through the interceptor when there is one.
    func _allowsGestureToBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let interceptor = touchesInterceptor else { return gestureRecognizerShouldBegin(recognizer) }
        return interceptor.gestureRecognizerShouldBegin(recognizer) { gestureRecognizerShouldBegin(recognizer) }
    }
}
