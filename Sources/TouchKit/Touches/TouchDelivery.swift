import Foundation

/// How the window's delivery of one touch to its view stands.
///
/// A touch's view sees `touchesBegan` at most once and then exactly one of `touchesEnded` or
/// `touchesCancelled`; recognizers can hold either end back (`delaysTouchesBegan`,
/// `delaysTouchesEnded`) or cut the sequence short (`cancelsTouchesInView`).
struct TouchDelivery {
    enum Stage: Equatable {
        /// `touchesBegan` has not reached the view yet (not sent, or held).
        case notBegun
        /// `touchesBegan` reached the view; moves and the end go through.
        case begun
        /// The view has seen the end (ended or cancelled), or never will.
        case finished
    }

    var stage: Stage = .notBegun
    /// `touchesBegan` is held by a recognizer with `delaysTouchesBegan`.
    var beganHeld = false
    /// The finger lifted while its view's `touchesEnded` was held (or while `touchesBegan` was).
    var endedHeld = false
    /// The recognizers holding `touchesBegan`; released when none of them is still possible.
    var beganHolders: [UIGestureRecognizer] = []
    /// The recognizers holding `touchesEnded`; released when none of them is still possible.
    var endedHolders: [UIGestureRecognizer] = []
    /// The touch was taken from its view (by a recognizer or a scroll view): nothing more is sent.
    var cancelledInView = false
    /// Delivery to views is blocked for this touch (exclusive touch, multiple touch disabled).
    var blocked = false
    /// The view's `touchesBegan` has actually run (`stage` turns `.begun` when the call is queued,
    /// a moment before). Only a view that ran it is owed `touchesCancelled`.
    var beganDelivered = false

    /// Nothing more reaches the view: the stage is finished and nothing is held.
    mutating func finish() {
        stage = .finished
        beganHeld = false
        endedHeld = false
        beganHolders = []
        endedHolders = []
    }

    /// The touch is taken from its view (by a recognizer, a scroll view, or the view leaving its
    /// window): finished, and marked so that no call still queued for it goes out.
    mutating func takeFromView() {
        finish()
        cancelledInView = true
    }
}
