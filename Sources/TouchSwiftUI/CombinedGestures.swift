import Foundation
import TouchKit

/// A combinator of two gestures: what the three share (their parts, the tree, cancelling both).
class PairedInstance: GestureInstance {
    let first: GestureInstance
    let second: GestureInstance

    init(_ description: GestureDescription, _ first: GestureInstance, _ second: GestureInstance) {
        self.first = first
        self.second = second
        super.init(description, hasParts: true)
    }

    override func visit(_ body: (GestureInstance) -> Void) {
        body(self)
        first.visit(body)
        second.visit(body)
    }

    override func restart() {
        super.restart()
        first.restart()
        second.restart()
    }

    override func cancel(_ reason: GestureFailure) {
        first.cancel(reason)
        second.cancel(reason)
        super.cancel(reason)
    }
}

/// `a.simultaneously(with: b)` (model M2): both run; active if either is, possible while either
/// is, ended when both decided and at least one ended, failed only if both failed.
final class SimultaneousInstance: PairedInstance {
    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        guard !isDecided else { return }
        first.update(input, inherited: inherited)
        second.update(input, inherited: inherited)
        value = .simultaneous(first.value, second.value)
        derive()
    }

    func derive() {
        let phases = [first.phase, second.phase]
        if phases.contains(.active) { return setPhase(.active) }
        if phases.contains(.possible) { return }
        if phases.contains(.ended) { return setPhase(.ended) }
        setPhase(.failed(GestureFailure("bothFailed", "both gestures failed (\(first.phase); \(second.phase))")))
    }
}

/// `a.sequenced(before: b)`: `b` sees events only after `a` ended; the value is `first(A)` until
/// then, `second(A, B)` after; it is active from `a`'s end while `b` runs, ended when `b` ended,
/// failed when either failed. `b` measures from the touch-down (model X4: unverified).
final class SequenceInstance: PairedInstance {
    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        guard !isDecided else { return }
        if !first.isDecided {
            first.update(input, inherited: inherited)
            value = .first(first.value)
            switch first.phase {
            case .possible: return
            case .active: return setPhase(.active)
            case .failed(let reason): return setPhase(.failed(GestureFailure("firstFailed", "its first gesture failed: \(reason)")))
            case .ended: break
            }
        }
        second.update(input, inherited: .free)
        value = .sequenceSecond(first.value, second.value)
        switch second.phase {
        case .possible, .active: setPhase(.active)
        case .ended: setPhase(.ended)
        case .failed(let reason): setPhase(.failed(GestureFailure("secondFailed", "its second gesture failed: \(reason)")))
        }
    }
}

/// `a.exclusively(before: b)` (models M2 and M3): `a` first; while `a` is possible, `b` runs
/// told so (a tap or Button in `b` is held, and fails if `a` becomes active); when `a` is active or
/// ended the combined gesture is `a`, when `a` failed it is `b`. An active `b` while `a` is still
/// possible makes the combined gesture active.
///
/// A long press that is still pressing excludes nothing: it counts as possible until it has
/// succeeded (held `minimumDuration`), so in
/// `LongPressGesture(minimumDuration: 0.5).exclusively(before: TapGesture())` a quick tap runs the
/// tap (the press fails at the lift, the held tap then ends) and a hold runs the press.
/// Documented: Apple's `exclusively(before:)` ("the first gesture has precedence", the recipe for
/// tap and long press on one view) and the iOS 17/18 behaviour the recipe relies on.
final class ExclusiveInstance: PairedInstance {
    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        guard !isDecided else { return }
        first.update(input, inherited: inherited)
        let told: InheritedPhase
        // A press still pressing has not succeeded yet: as possible, for what it excludes.
        let firstPhase: GesturePhase = first.isTentativelyActive ? .possible : first.phase
        switch firstPhase {
        case .possible: told = .pending
        case .active, .ended: told = .active
        case .failed: told = inherited
        }
        if !second.isDecided {
            second.update(input, inherited: told)
            second.resolveHeld(told)
        }
        switch firstPhase {
        case .active, .ended:
            value = .first(first.value)
            if !second.isDecided { second.cancel(.excluded(by: first.description.displayName)) }
            setPhase(first.phase)
        case .failed:
            value = .second(second.value)
            switch second.phase {
            case .possible: break
            case .active, .ended: setPhase(second.phase)
            case .failed(let reason): setPhase(.failed(GestureFailure("bothFailed", "both failed; the second: \(reason)")))
            }
        case .possible:
            if second.phaseKind == .active {
                value = .second(second.value)
                setPhase(.active)
            }
        }
    }
}
