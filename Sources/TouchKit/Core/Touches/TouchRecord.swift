import Foundation

/// What the gesture environment keeps about one touch while it routes it: the recognizers it is
/// bound to, the hit view still to bind, how the delivery to its view stands (with the recognizers
/// holding it), and the one-element set its touches methods receive.
///
/// The environment owns these records (`GestureEnvironment.touchRecords`), from the touch's
/// beginning until it is over and no recognizer holds its delivery; the touch carries only its
/// handle (`UITouch._slot`), and its public API (`gestureRecognizers`) reads the record through
/// the environment.
struct TouchRecord {
    /// The touch (held while the record lives: a held delivery outlives the application's list);
    /// nil only in the scratch record a read of a touch the environment does not route shows.
    let touch: UITouch?
    /// The recognizers the touch is bound to, in delivery order (UIKit's `gestureRecognizers`).
    var recognizers: [UIGestureRecognizer] = []
    /// The hit view whose recognizers this touch is bound to when the window's `sendEvent(_:)`
    /// first carries it (nil once bound, or when nothing is to be bound).
    var pendingBinding: UIView?
    /// How the window's delivery to the view stands (see `TouchDelivery`).
    var delivery = TouchDelivery.initial
    /// The one-element set passed to touches methods; created once, released when the touch ends.
    var singletonSet: Set<UITouch>?
    /// The touch ended or was cancelled and its event is over: the record goes as soon as no
    /// recognizer holds its delivery.
    var isFinished = false
}

/// Where a touch's record is: the environment holding it and the handle there. The environment is
/// linked unretained (`UnretainedLink`): it sets the slot when it admits the touch and clears it
/// when it removes the record or goes itself.
struct TouchSlot {
    let environment: UnretainedLink<GestureRecords>
    let handle: SlotHandle
}
