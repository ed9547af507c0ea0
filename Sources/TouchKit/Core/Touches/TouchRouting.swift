import Foundation

/// What the gesture environment keeps about one touch while it routes it: the recognizers it is
/// bound to, the hit view still to bind, how the delivery to its view stands (with the recognizers
/// holding it), and the one-element set its touches methods receive.
///
/// One value inside each `UITouch` (`_routing`), so routing a touch allocates nothing more. Only
/// the gesture environment and the application's input path write it; `UITouch`'s public API
/// (`gestureRecognizers`, `location(in:)`, ...) reads what it shows from it.
struct TouchRouting {
    /// The recognizers the touch is bound to, in delivery order (UIKit's `gestureRecognizers`).
    var recognizers: [UIGestureRecognizer] = []
    /// The hit view whose recognizers this touch is bound to when the window's `sendEvent(_:)`
    /// first carries it (nil once bound, or when nothing is to be bound).
    var pendingBinding: UIView?
    /// How the window's delivery to the view stands (see `TouchDelivery`).
    var delivery = TouchDelivery.initial
    /// The one-element set passed to touches methods; created once, released when the touch ends.
    var singletonSet: Set<UITouch>?
}
