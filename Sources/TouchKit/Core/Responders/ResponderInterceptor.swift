import Foundation

/// Code that stands in front of one responder's overridable methods, as a subclass's overrides
/// would: the scene loader's behaviours (`onTouches`, `handleEvents`, `firstResponder`, the
/// hit-area and `hitTest` behaviours, `gestureRecognizerShouldBegin`), which a scene attaches to
/// any kind of view or controller without a subclass per UIKit class.
///
/// Each method gets the responder's own implementation as `uikit` (what `super` would run) and
/// runs it, or not, as an override that may or may not call `super` would. TouchKit's base
/// classes consult the interceptor in their own implementations (`UIResponder`, `UIView`, and
/// `UITextField` for `canBecomeFirstResponder`), so every caller reaches it: delivery from the
/// window, a recognizer releasing held touches, a responder forwarding to `next`, hit testing,
/// and other views' code asking `point(inside:)` or `hitTest`. Not UIKit API.
package protocol ResponderInterceptor: AnyObject {
    /// Handles the touches method `method` for `responder`.
    func intercept(_ method: TouchMethod, of responder: UIResponder, uikit: () -> Void)
    /// Answers the view's `gestureRecognizerShouldBegin(_:)`.
    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer, uikit: () -> Bool) -> Bool
    /// Whether `pointInside` and `hitTest` may answer differently from UIKit: the view then
    /// counts as overriding both (hit testing asks it, and explanations say so).
    var interceptsHitTesting: Bool { get }
    /// Answers the view's `point(inside:with:)`.
    func pointInside(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> Bool) -> Bool
    /// Answers the view's `hitTest(_:with:)`.
    func hitTest(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> UIView?) -> UIView?
    /// Handles a typed event routed to `responder` (`router(event:)`); `uikit` passes it on.
    func route<Event: ResponderChainEvent>(_ responder: UIResponder, event: Event, uikit: () -> Void)
    /// Answers `canBecomeFirstResponder`.
    func canBecomeFirstResponder(_ responder: UIResponder, uikit: () -> Bool) -> Bool
    /// Answers `canPerformAction(_:withSender:)`.
    func canPerformAction(_ action: Selector, of responder: UIResponder, uikit: () -> Bool) -> Bool
    /// Performs `action` for `responder` (`perform(_:sender:event:)`).
    func perform(_ action: Selector, of responder: UIResponder, sender: Any?, event: UIEvent?, uikit: () -> Void)
    /// Answers a scroll view's `touchesShouldCancel(in:)` about the content view `view`.
    func touchesShouldCancel(in view: UIView, uikit: () -> Bool) -> Bool
    /// Answers a control's `beginTracking(_:with:)` (`continuing` false) or
    /// `continueTracking(_:with:)` (`continuing` true) for `touch` (`control` is a `UIControl`,
    /// typed as its view so that the responder core does not know the controls).
    func tracking(_ control: UIView, _ touch: UITouch, continuing: Bool, uikit: () -> Bool) -> Bool
}

extension ResponderInterceptor {
    package func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer, uikit: () -> Bool) -> Bool { uikit() }
    package var interceptsHitTesting: Bool { false }
    package func pointInside(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> Bool) -> Bool { uikit() }
    package func hitTest(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> UIView?) -> UIView? { uikit() }
    package func route<Event: ResponderChainEvent>(_ responder: UIResponder, event: Event, uikit: () -> Void) { uikit() }
    package func canBecomeFirstResponder(_ responder: UIResponder, uikit: () -> Bool) -> Bool { uikit() }
    package func canPerformAction(_ action: Selector, of responder: UIResponder, uikit: () -> Bool) -> Bool { uikit() }
    package func perform(_ action: Selector, of responder: UIResponder, sender: Any?, event: UIEvent?, uikit: () -> Void) { uikit() }
    package func touchesShouldCancel(in view: UIView, uikit: () -> Bool) -> Bool { uikit() }
    package func tracking(_ control: UIView, _ touch: UITouch, continuing: Bool, uikit: () -> Bool) -> Bool { uikit() }
}

extension UIView {
    /// Asks the view whether `recognizer` may begin: through the interceptor when there is one.
    func _allowsGestureToBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let interceptor else { return gestureRecognizerShouldBegin(recognizer) }
        return interceptor.gestureRecognizerShouldBegin(recognizer) { gestureRecognizerShouldBegin(recognizer) }
    }

    /// Whether the view may answer `hitTest(_:with:)` differently from UIKit: its class overrides
    /// it, or an interceptor stands in front of it.
    var _overridesHitTest: Bool {
        HitTestOverrides.overridesHitTest(type(of: self)) || (interceptor?.interceptsHitTesting ?? false)
    }

    /// Whether the view may answer `point(inside:with:)` differently from UIKit (as `_overridesHitTest`).
    var _overridesPointInside: Bool {
        HitTestOverrides.overridesPointInside(type(of: self)) || (interceptor?.interceptsHitTesting ?? false)
    }
}
