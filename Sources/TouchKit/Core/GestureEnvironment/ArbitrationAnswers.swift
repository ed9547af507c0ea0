import Foundation

/// The relation questions of arbitration about two recognizers `a` and `b`, answered from
/// UIKit's rules, subclasses and delegates, with which of them answered: the one implementation
/// the environment asks (`EnvironmentRelations`), traced or not
/// (`TouchKitDebugOptions.tracesArbitration`). The source is a plain value; its words, which name
/// the recognizers, are made only when the answer is traced.
enum ArbitrationAnswers {
    /// Who gave an answer.
    enum Source {
        case commonTouch(finger: Int)
        case noCommonTouch
        case aDelegateSimultaneous, bDelegateSimultaneous, noDelegateSimultaneous
        case requireToFail, aShouldRequireFailure, bShouldBeRequiredToFail, aDelegateRequiresFailure, bDelegateRequiredToFail
        case nothingRequires
        case aCannotPrevent, bCannotBePrevented, bothMayPrevent

        /// The source in words, naming `a` and `b` by their trace names.
        func description(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> String {
            switch self {
            case .commonTouch(let finger): "finger \(finger)"
            case .noCommonTouch: "no common touch"
            case .aDelegateSimultaneous: "\(a.traceName)'s delegate shouldRecognizeSimultaneouslyWith"
            case .bDelegateSimultaneous: "\(b.traceName)'s delegate shouldRecognizeSimultaneouslyWith"
            case .noDelegateSimultaneous: "UIKit's default (no delegate says yes)"
            case .requireToFail: "require(toFail:)"
            case .aShouldRequireFailure: "\(a.traceName).shouldRequireFailure(of:)"
            case .bShouldBeRequiredToFail: "\(b.traceName).shouldBeRequiredToFail(by:)"
            case .aDelegateRequiresFailure: "\(a.traceName)'s delegate shouldRequireFailureOf"
            case .bDelegateRequiredToFail: "\(b.traceName)'s delegate shouldBeRequiredToFailBy"
            case .nothingRequires: "UIKit's default (nothing requires it)"
            case .aCannotPrevent: "\(a.traceName).canPrevent said no"
            case .bCannotBePrevented: "\(b.traceName).canBePrevented(by:) said no"
            case .bothMayPrevent: "canPrevent and canBePrevented(by:) said yes"
            }
        }
    }

    /// A yes or no, and who gave it.
    struct Answer {
        var value: Bool
        var source: Source
    }

    /// Whether two recognizers tracking `a` and `b` share at least one touch.
    static func sharesTouch(_ a: [UITouch], _ b: [UITouch]) -> Answer {
        // One touch each (most recognitions): compared without walking the lists.
        if a.count == 1, b.count == 1 {
            let touch = a[0]
            guard touch === b[0] else { return Answer(value: false, source: .noCommonTouch) }
            return Answer(value: true, source: .commonTouch(finger: touch.fingerID))
        }
        let shared = a.first { touch in b.contains { $0 === touch } }
        return shared.map { Answer(value: true, source: .commonTouch(finger: $0.fingerID)) } ?? Answer(value: false, source: .noCommonTouch)
    }

    /// UIKit's default is no; either delegate's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`
    /// may say yes. Calls out: run inside the environment's `callingOut`.
    static func canRecognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Answer {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true {
            a._noteDelegateAnswer(.shouldRecognizeSimultaneously)
            return Answer(value: true, source: .aDelegateSimultaneous)
        }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true {
            b._noteDelegateAnswer(.shouldRecognizeSimultaneously)
            return Answer(value: true, source: .bDelegateSimultaneous)
        }
        return Answer(value: false, source: .noDelegateSimultaneous)
    }

    /// Whether `a` must wait for `b` to fail: `require(toFail:)`, then the subclass methods, then
    /// the delegates'; UIKit's default is no. Calls out: run inside the environment's `callingOut`.
    static func requiresFailure(_ a: UIGestureRecognizer, of b: UIGestureRecognizer) -> Answer {
        if a._requiredToFail.contains(where: { $0.value === b }) { return Answer(value: true, source: .requireToFail) }
        if a.shouldRequireFailure(of: b) { return Answer(value: true, source: .aShouldRequireFailure) }
        if b.shouldBeRequiredToFail(by: a) { return Answer(value: true, source: .bShouldBeRequiredToFail) }
        if a.delegate?.gestureRecognizer(a, shouldRequireFailureOf: b) == true {
            a._noteDelegateAnswer(.shouldRequireFailure)
            return Answer(value: true, source: .aDelegateRequiresFailure)
        }
        if b.delegate?.gestureRecognizer(b, shouldBeRequiredToFailBy: a) == true {
            b._noteDelegateAnswer(.shouldBeRequiredToFail)
            return Answer(value: true, source: .bDelegateRequiredToFail)
        }
        return Answer(value: false, source: .nothingRequires)
    }

    /// `a.canPrevent(b) && b.canBePrevented(by: a)` (UIKit's defaults: yes and yes; subclasses may say otherwise).
    static func mayPrevent(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Answer {
        guard a.canPrevent(b) else { return Answer(value: false, source: .aCannotPrevent) }
        guard b.canBePrevented(by: a) else { return Answer(value: false, source: .bCannotBePrevented) }
        return Answer(value: true, source: .bothMayPrevent)
    }
}
