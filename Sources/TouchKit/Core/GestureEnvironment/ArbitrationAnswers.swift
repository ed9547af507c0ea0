import Foundation

/// The relation questions of arbitration answered with who answered, for the trace
/// (`TouchKitDebugOptions.tracesArbitration`). Each asks in the order, and stops where, the
/// environment's untraced answer does (`GestureEnvironment+Arbitration`), so that turning the
/// trace on calls the same delegate and subclass methods and changes no outcome.
enum ArbitrationAnswers {
    /// A yes or no, and the rule, method or setting that gave it.
    struct Answer {
        var value: Bool
        var by: String
    }

    static func sharesTouch(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Answer {
        let shared = a._trackedTouches.first { touch in b._trackedTouches.contains { $0 === touch } }
        return Answer(value: shared != nil, by: shared.map { "finger \($0.fingerID)" } ?? "no common touch")
    }

    /// UIKit's default is no; either delegate's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` may say yes.
    static func canRecognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Answer {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true {
            return Answer(value: true, by: "\(a.traceName)'s delegate shouldRecognizeSimultaneouslyWith")
        }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true {
            return Answer(value: true, by: "\(b.traceName)'s delegate shouldRecognizeSimultaneouslyWith")
        }
        return Answer(value: false, by: "UIKit's default (no delegate says yes)")
    }

    /// `require(toFail:)`, then the subclass methods, then the delegates'; UIKit's default is no.
    static func requiresFailure(_ a: UIGestureRecognizer, of b: UIGestureRecognizer) -> Answer {
        if a._requiredToFail.contains(where: { $0.value === b }) { return Answer(value: true, by: "require(toFail:)") }
        if a.shouldRequireFailure(of: b) { return Answer(value: true, by: "\(a.traceName).shouldRequireFailure(of:)") }
        if b.shouldBeRequiredToFail(by: a) { return Answer(value: true, by: "\(b.traceName).shouldBeRequiredToFail(by:)") }
        if a.delegate?.gestureRecognizer(a, shouldRequireFailureOf: b) == true {
            return Answer(value: true, by: "\(a.traceName)'s delegate shouldRequireFailureOf")
        }
        if b.delegate?.gestureRecognizer(b, shouldBeRequiredToFailBy: a) == true {
            return Answer(value: true, by: "\(b.traceName)'s delegate shouldBeRequiredToFailBy")
        }
        return Answer(value: false, by: "UIKit's default (nothing requires it)")
    }

    /// `a.canPrevent(b) && b.canBePrevented(by: a)` (UIKit's defaults: yes and yes; subclasses may say otherwise).
    static func mayPrevent(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Answer {
        guard a.canPrevent(b) else { return Answer(value: false, by: "\(a.traceName).canPrevent said no") }
        guard b.canBePrevented(by: a) else { return Answer(value: false, by: "\(b.traceName).canBePrevented(by:) said no") }
        return Answer(value: true, by: "canPrevent and canBePrevented(by:) said yes")
    }
}
