import Foundation

/// Where a control is in following a touch: one value instead of four flags moved together.
///
/// UIKit keeps this in private instance variables behind `isTracking` and `isTouchInside`; a
/// control follows one touch at a time (the lowest finger of those that began on it). The
/// transitions, in the order `UIControl+Tracking.swift` makes them:
///
/// - `idle` → `following(touch, tracking: false, inside: true)` when a touch begins, then
///   `tracking` takes `beginTracking`'s answer;
/// - each move updates `inside`, then (while tracking) `tracking` takes `continueTracking`'s
///   answer;
/// - lifting or a cancel → `finishing`: `endTracking`/`cancelTracking` and the last control events
///   run while `isTracking` and `isTouchInside` still say how the touch ended; then `idle`.
enum ControlTracking: Equatable {
    /// No touch on the control.
    case idle
    /// `touch` is down on the control. `tracking` is the last answer of `beginTracking` or
    /// `continueTracking`; `inside` whether the touch is within the bounds grown by the touch
    /// margin.
    case following(UITouch, tracking: Bool, inside: Bool)
    /// The touch lifted (or was cancelled) and its last callbacks and events are running.
    case finishing(tracking: Bool, inside: Bool)

    /// The touch being followed.
    var touch: UITouch? {
        if case .following(let touch, _, _) = self { touch } else { nil }
    }

    /// `UIControl.isTracking`.
    var isTracking: Bool {
        switch self {
        case .idle: false
        case .following(_, let tracking, _), .finishing(let tracking, _): tracking
        }
    }

    /// `UIControl.isTouchInside`.
    var isTouchInside: Bool {
        switch self {
        case .idle: false
        case .following(_, _, let inside), .finishing(_, let inside): inside
        }
    }

    /// The same touch, with `tracking` set to a tracking method's answer.
    func answered(_ tracking: Bool) -> ControlTracking {
        switch self {
        case .idle: .idle
        case .following(let touch, _, let inside): .following(touch, tracking: tracking, inside: inside)
        case .finishing(_, let inside): .finishing(tracking: tracking, inside: inside)
        }
    }

    /// The same touch, now `inside` the margin or not.
    func moved(inside: Bool) -> ControlTracking {
        switch self {
        case .idle: .idle
        case .following(let touch, let tracking, _): .following(touch, tracking: tracking, inside: inside)
        case .finishing(let tracking, _): .finishing(tracking: tracking, inside: inside)
        }
    }

    /// The touch has gone: its last callbacks run.
    var finished: ControlTracking {
        switch self {
        case .idle: .idle
        case .following(_, let tracking, let inside), .finishing(let tracking, let inside): .finishing(tracking: tracking, inside: inside)
        }
    }
}
