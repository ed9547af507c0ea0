import Foundation

/// The questions arbitration asks about recognizers, answered by the gesture environment from
/// UIKit's rules, subclasses and delegates, or by a test's fake participants.
protocol ArbitrationRelations {
    associatedtype Participant
    /// Whether `a` and `b` are the same participant.
    func isSame(_ a: Participant, _ b: Participant) -> Bool
    /// The participant's state as arbitration reads it (a held recognition reads `.possible`).
    func state(of participant: Participant) -> GestureRecognizerState
    /// Whether the participant's recognition is held, waiting for others to fail.
    func isWaiting(_ participant: Participant) -> Bool
    /// Its name in the trace (causes name the other participant).
    func name(of participant: Participant) -> String
    /// Whether the two track at least one common touch.
    func sharesTouch(_ a: Participant, _ b: Participant) -> Bool
    /// Whether either delegate lets the two recognize together.
    func canRecognizeSimultaneously(_ a: Participant, _ b: Participant) -> Bool
    /// Whether `a` must wait for `b` to fail (`require(toFail:)`, subclass or delegate).
    func requiresFailure(_ a: Participant, of b: Participant) -> Bool
    /// Whether `a`, by recognizing, may stop `b`: `a.canPrevent(b) && b.canBePrevented(by: a)`.
    func mayPrevent(_ a: Participant, _ b: Participant) -> Bool
    /// Calls `body` with each of `participants`, in order, until it returns false (the
    /// environment reads them in place, without retaining each).
    func forEach(_ participants: [Participant], _ body: (Participant) -> Bool)
}

extension ArbitrationRelations {
    func forEach(_ participants: [Participant], _ body: (Participant) -> Bool) {
        for participant in participants where !body(participant) { return }
    }
}

/// UIKit's arbitration as decisions over participants, with no views, touches or clock: what
/// happens when a recognizer wants to leave `.possible`, when it recognizes, and when one fails.
/// The environment performs the actions; tests drive it with fake participants
/// (`ArbitrationCoreTests`).
struct ArbitrationCore<Relations: ArbitrationRelations> {
    typealias Participant = Relations.Participant

    /// What a recognizer asking to begin (or end from `.possible`) is told, after the views and
    /// its delegate have had their say.
    enum BeginDecision {
        /// It may change state now.
        case proceed
        /// It fails, for this cause.
        case fail(TransitionCause)
        /// Its change is held until this requirement (and any other) fails.
        case wait(for: Participant)
    }

    /// A state change the environment must make: to the participant at `index` in `active`
    /// (plain data: collecting and performing actions retains no participant).
    struct Action {
        enum Change {
            /// It fails (it was still possible).
            case fail
            /// It is cancelled (it was recognizing).
            case cancel
        }
        let change: Change
        /// Where the participant is in the core's `active` list.
        let index: Int
        let cause: ActionCause
    }

    /// Why an action is taken; the participant whose recognition caused it is the one the
    /// actions were collected for, named only when the trace records (`transitionCause`).
    enum ActionCause {
        /// `TransitionCause.preventedBy`: the winner prevented it.
        case preventedBy
        /// `TransitionCause.requiredRecognizerRecognized`: a recognizer it required to fail
        /// recognized.
        case requiredRecognizerRecognized

        /// The `TransitionCause` kind it becomes.
        var kind: String {
            switch self {
            case .preventedBy: "preventedBy"
            case .requiredRecognizerRecognized: "requiredRecognizerRecognized"
            }
        }

        /// The cause in the trace's terms, naming the winner.
        func transitionCause(naming winner: String) -> TransitionCause {
            switch self {
            case .preventedBy: .preventedBy(winner)
            case .requiredRecognizerRecognized: .requiredRecognizerRecognized(winner)
            }
        }
    }

    let relations: Relations
    /// The recognizers taking part, in the order they joined.
    let active: [Participant]

    private func isRecognizing(_ state: GestureRecognizerState) -> Bool { state.isActive || state == .ended }

    /// UIKit's rules for leaving `.possible`: a rival already recognizing on a shared touch blocks
    /// it unless they may recognize together or prevention is refused; then a requirement that has
    /// recognized fails it, and one still possible holds it.
    func beginDecision(for recognizer: Participant) -> BeginDecision {
        if case .fail(let cause) = blockerDecision(for: recognizer) { return .fail(cause) }
        return requirementDecision(for: recognizer)
    }

    /// A rival already recognizing on a shared touch that may prevent it: `.fail`, else `.proceed`.
    func blockerDecision(for recognizer: Participant) -> BeginDecision {
        var blocker: String?
        relations.forEach(active) { other in
            guard
                !relations.isSame(other, recognizer) && isRecognizing(relations.state(of: other))
                    && relations.sharesTouch(other, recognizer) && !relations.canRecognizeSimultaneously(other, recognizer)
                    && relations.mayPrevent(other, recognizer)
            else { return true }
            blocker = relations.name(of: other)
            return false
        }
        if let blocker { return .fail(.blockedBy(blocker)) }
        return .proceed
    }

    /// The failure requirements alone: one that recognized fails it, one still possible holds it
    /// (the first of each in the order they joined; one walk, no list).
    func requirementDecision(for recognizer: Participant) -> BeginDecision {
        var recognized: Participant?
        var waiting: Participant?
        forEachRequirement(of: recognizer) { requirement in
            let state = relations.state(of: requirement)
            if isRecognizing(state) {
                recognized = requirement
                return false
            }
            if state == .possible, waiting == nil { waiting = requirement }
            return true
        }
        if let recognized { return .fail(.requiredRecognizerRecognized(relations.name(of: recognized))) }
        if let waiting { return .wait(for: waiting) }
        return .proceed
    }

    /// Calls `body` with each participant `recognizer` must wait for, in the order they joined,
    /// until it returns false.
    @inline(__always)
    private func forEachRequirement(of recognizer: Participant, _ body: (Participant) -> Bool) {
        relations.forEach(active) { other in
            guard !relations.isSame(other, recognizer) && relations.requiresFailure(recognizer, of: other) else { return true }
            return body(other)
        }
    }

    /// What `winner`'s recognition stops, in one walk over the participants (each is asked
    /// whether it requires the winner to fail once: UIKit asks failure requirements "once per
    /// attempt to recognize"):
    /// - `rivals`: those on a shared touch that may not recognize with it, do not wait for it and
    ///   that it may prevent, failed (still possible) or cancelled (recognizing);
    /// - `dependents`: those still possible that require it to fail, failed. The environment
    ///   makes the rivals' changes first, and a dependent's only if it is still possible then.
    func recognitionActions(_ winner: Participant, rivals: inout [Action], dependents: inout [Action]) {
        var index = -1
        relations.forEach(active) { other in
            index += 1
            guard !relations.isSame(other, winner) else { return true }
            let state = relations.state(of: other)
            let contends = (state == .possible || state.isActive) && relations.sharesTouch(other, winner)
            // A participant neither sharing a touch nor possible is neither rival nor dependent.
            guard contends || state == .possible else { return true }
            if relations.requiresFailure(other, of: winner) {
                if state == .possible { dependents.append(Action(change: .fail, index: index, cause: .requiredRecognizerRecognized)) }
                return true
            }
            guard contends, !relations.canRecognizeSimultaneously(winner, other), relations.mayPrevent(winner, other) else { return true }
            rivals.append(Action(change: state.isActive ? .cancel : .fail, index: index, cause: .preventedBy))
            return true
        }
    }

    /// `recognitionActions`, as two new lists.
    func recognitionActions(_ winner: Participant) -> (rivals: [Action], dependents: [Action]) {
        var rivals: [Action] = []
        var dependents: [Action] = []
        recognitionActions(winner, rivals: &rivals, dependents: &dependents)
        return (rivals, dependents)
    }

    /// `failed` failed: whether `dependent`, waiting and requiring it, now waits for nothing more
    /// (asked of each waiting participant in turn, as the previous ones' changes are made).
    func isReleased(_ dependent: Participant, by failed: Participant) -> Bool {
        guard relations.isWaiting(dependent) && relations.requiresFailure(dependent, of: failed) else { return false }
        var stillPossible = false
        forEachRequirement(of: dependent) { requirement in
            stillPossible = relations.state(of: requirement) == .possible
            return !stillPossible
        }
        return !stillPossible
    }
}

extension ArbitrationCore.BeginDecision: Equatable where Relations.Participant: Equatable {}
