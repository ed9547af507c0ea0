import Foundation

/// How recognizers' state changes are checked, ordered and acted on.
///
/// Rules (UIKit's, from the `UIGestureRecognizer` documentation and observed behaviour):
/// - Leaving `.possible` (to `.began` or `.ended`) first asks `gestureRecognizerShouldBegin(_:)`
///   of the views of its touches and of its own view, then, only if none vetoed, the delegate's
///   `gestureRecognizerShouldBegin(_:)` (UIKit asks the views first: a view's veto means the
///   delegate is never asked); any false makes it fail.
/// - A recognizer that is already recognizing (`.began`, `.changed`, `.ended`) on a shared touch
///   blocks it, unless the two may recognize simultaneously (either delegate says so) or the
///   blocker `canPrevent` / the newcomer `canBePrevented` says no.
/// - If it requires other recognizers to fail (`require(toFail:)`, `shouldRequireFailure(of:)`,
///   `shouldBeRequiredToFail(by:)` and the delegate's two methods) and one of them has recognized,
///   it fails; if one is still possible, the change is held, the state reads `.possible`, and the
///   action waits until they all fail.
/// - When it recognizes: rivals sharing a touch that may not recognize with it fail (or are
///   cancelled, if recognizing); recognizers that required it to fail fail; then, with
///   `cancelsTouchesInView`, its touches are taken from their views (`touchesCancelled` reaches the
///   view before the action runs: observed, and documented by the UIKit engineers' answers on
///   `cancelsTouchesInView`); then its actions run.
/// - Actions run for `.began`, `.changed`, `.ended` and `.cancelled`, never for `.failed`.
extension GestureEnvironment {
    /// A recognizer asks for a state change (from its `state` setter or a built-in rule).
    func requestTransition(_ recognizer: UIGestureRecognizer, to target: UIGestureRecognizer.State, cause: @autoclosure () -> TransitionCause) {
        let (from, pending) = self[recognizer].stateAndPending
        if let held = pending {
            // Waiting for others to fail: the recognizer may still give up.
            guard UIGestureRecognizer.isLegalTransition(waitingFor: held, to: target) else {
                return refuse(recognizer, from: from, to: target)
            }
            if target == .possible { return }
            self[recognizer].pendingState = nil
            return applyTransition(recognizer, to: .failed, cause: cause())
        }
        if from == .possible && target == .possible { return }
        guard UIGestureRecognizer.isLegalTransition(from: from, to: target) else {
            return refuse(recognizer, from: from, to: target)
        }
        if from == .possible && (target == .began || target == .ended) {
            if let refusal = beginRefusal(recognizer) {
                return applyTransition(recognizer, to: .failed, cause: refusal)
            }
            switch core.requirementDecision(for: join(recognizer)) {
            case .proceed:
                break
            case .fail(let cause):
                return applyTransition(recognizer, to: .failed, cause: cause)
            case .wait(let waiting):
                self[recognizer].pendingState = target
                if trace.isEnabled { trace.record(.gestureWaiting(recognizer: recognizer.traceName, for: name(of: waiting))) }
                return
            }
        }
        applyTransition(recognizer, to: target, cause: cause())
    }

    private func refuse(_ recognizer: UIGestureRecognizer, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State) {
        trace.record(.gestureIllegalTransition(recognizer: recognizer.traceName, from: from, to: to))
        if host?.assertsOnIllegalTransition == true {
            assertionFailure("Illegal gesture recognizer transition \(from) -> \(to) for \(recognizer)")
        }
    }

    /// Why the recognizer may not begin now, or nil.
    func beginRefusal(_ recognizer: UIGestureRecognizer) -> TransitionCause? {
        if self[recognizer].trackedTouches.count <= 1 {
            // One touch (the common case): its view, then the recognizer's own, without a list.
            let touchView = self[recognizer].trackedTouches.first?.view
            if let touchView, !callingOut({ touchView._allowsGestureToBegin(recognizer) }) {
                return .viewRefused(touchView.traceName)
            }
            if let own = recognizer._view, own !== touchView, !callingOut({ own._allowsGestureToBegin(recognizer) }) {
                return .viewRefused(own.traceName)
            }
            return delegateOrBlockerRefusal(recognizer)
        }
        var views: [UIView] = []
        for touch in self[recognizer].trackedTouches {
            if let view = touch.view, !views.contains(where: { $0 === view }) { views.append(view) }
        }
        if let own = recognizer._view, !views.contains(where: { $0 === own }) { views.append(own) }
        for view in views where !callingOut({ view._allowsGestureToBegin(recognizer) }) {
            return .viewRefused(view.traceName)
        }
        return delegateOrBlockerRefusal(recognizer)
    }

    /// After the views: the delegate's `gestureRecognizerShouldBegin(_:)`, then a rival blocking it.
    private func delegateOrBlockerRefusal(_ recognizer: UIGestureRecognizer) -> TransitionCause? {
        if let delegate = recognizer.delegate, !callingOut({ delegate.gestureRecognizerShouldBegin(recognizer) }) {
            recognizer._noteDelegateAnswer(.shouldBegin)
            return .delegateRefused
        }
        if case .fail(let cause) = core.blockerDecision(for: join(recognizer)) { return cause }
        return nil
    }

    /// Commits a state change and queues its consequences. The cause is made only when the
    /// trace records the change.
    func applyTransition(
        _ recognizer: UIGestureRecognizer, to target: UIGestureRecognizer.State, cause: @autoclosure () -> TransitionCause,
        sendsActions: Bool = true
    ) {
        let handle = join(recognizer)
        let from = recognizerRecords[live: handle].replaceState(with: target)
        if trace.isEnabled { trace.record(.gestureState(recognizer: recognizer.traceName, from: from, to: target, cause: cause())) }
        if target.isFinal {
            resetCheckDue = true
            cancelTimers(at: handle)
        }
        queue.append(StateChange(recognizer: recognizer, from: from, to: target, sendsActions: sendsActions))
        if callbackDepth == 0 { drain() }
    }

    /// Processes queued changes in order, then releases held deliveries. A hold ends only when
    /// a holder stops holding (a state change, which is queued) or lets a touch go (`ignore`):
    /// with neither, there is nothing to release (most recognizer calls change nothing).
    func drain() {
        guard !isDraining else { return }
        guard !queue.isEmpty || releaseIsDue else { return }
        isDraining = true
        // In order, by index: processing may queue more. Each change is read in place and its
        // recognizer used unretained (the queue holds it until it is emptied below).
        var index = 0
        while index < queue.count {
            // Read in place, the recognizer unretained (the queue holds it until it is emptied
            // below), and processed outside the list: processing may queue more.
            let (recognizer, from, to, sendsActions) = queue._readElement(at: index) {
                (UnretainedLink($0.recognizer), $0.from, $0.to, $0.sendsActions)
            }
            index += 1
            recognizer.with { process($0, from: from, to: to, sendsActions: sendsActions) }
        }
        queue.removeAllKeepingCapacity()
        isDraining = false
        releaseIsDue = false
        if !held.isEmpty { releaseHeld() }
    }

    /// One committed change of `recognizer` from `from` to `to`.
    private func process(_ recognizer: UIGestureRecognizer, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State, sendsActions: Bool) {
        switch to {
        case .began:
            recognized(recognizer, to, sendsActions: sendsActions)
        case .ended where from == .possible:
            recognized(recognizer, to, sendsActions: sendsActions)
        case .changed, .ended, .cancelled:
            if sendsActions { sendActions(recognizer, state: to) }
        case .failed:
            resolveDependents(of: recognizer)
        case .possible:
            break
        }
    }

    /// First recognition: rivals and dependents fail, the view loses its touches, then actions run.
    private func recognized(_ recognizer: UIGestureRecognizer, _ state: UIGestureRecognizer.State, sendsActions: Bool) {
        stopRivalsAndDependents(of: recognizer)
        if recognizer.cancelsTouchesInView { cancelTouchesInViews(for: recognizer) }
        if sendsActions { sendActions(recognizer, state: state) }
    }

    // MARK: Rivals and dependents

    /// `winner` recognized: rivals it prevents stop, then recognizers that required it to fail
    /// fail (those still possible once the rivals' changes are made).
    private func stopRivalsAndDependents(of winner: UIGestureRecognizer) {
        // The environment's two lists, taken out while in use (a state change made inside
        // `perform` that recognizes would find them out and use new ones) and given back
        // emptied, with their room.
        var rivals: [ArbitrationCore<EnvironmentRelations>.Action] = []
        var dependents: [ArbitrationCore<EnvironmentRelations>.Action] = []
        swap(&rivals, &rivalActions)
        swap(&dependents, &dependentActions)
        // One core for the walk and the changes: its copy of the active list holds the
        // participants the actions point at.
        let core = self.core
        core.recognitionActions(join(winner), rivals: &rivals, dependents: &dependents)
        perform(rivals, on: core.active, winner: winner)
        perform(dependents, on: core.active, winner: winner)
        rivals.removeAllKeepingCapacity()
        dependents.removeAllKeepingCapacity()
        if rivalActions.capacity < rivals.capacity { swap(&rivals, &rivalActions) }
        if dependentActions.capacity < dependents.capacity { swap(&dependents, &dependentActions) }
    }

    /// Makes the core's state changes to the participants of `active` they point at, each only
    /// while its record is live and its recognizer still possible or recognizing (an earlier
    /// change's callouts may have moved it on, or let it go).
    private func perform(
        _ actions: [ArbitrationCore<EnvironmentRelations>.Action], on active: [SlotHandle], winner: UIGestureRecognizer
    ) {
        // Most recognitions stop nothing.
        guard !actions.isEmpty else { return }
        for action in actions {
            guard let (recognizer, state) = recognizerRecords.withLive(active[action.index], { ($0.recognizer, $0.state) }) else { continue }
            switch action.change {
            case .cancel:
                guard state.isActive else { continue }
                applyTransition(recognizer, to: .cancelled, cause: action.cause.transitionCause(naming: winner.traceName))
            case .fail:
                guard state == .possible else { continue }
                self[recognizer].pendingState = nil
                applyTransition(recognizer, to: .failed, cause: action.cause.transitionCause(naming: winner.traceName))
            }
        }
    }

    // MARK: Failure requirements

    /// `recognizer` failed: dependents whose requirements are all met now commit their held change.
    private func resolveDependents(of recognizer: UIGestureRecognizer) {
        // One core for the walk: the changes made below move states, never the active list.
        let core = self.core
        let failed = join(recognizer)
        // The core's copy of the handles walked; a recognizer is read only when it is released
        // (most participants wait for nothing).
        for handle in core.active where core.isReleased(handle, by: failed) {
            guard let dependent = recognizerRecords.withLive(handle, { $0.recognizer }), let target = self[dependent].pendingState else { continue }
            self[dependent].pendingState = nil
            if let refusal = beginRefusal(dependent) {
                applyTransition(dependent, to: .failed, cause: refusal)
            } else {
                applyTransition(dependent, to: target, cause: .requiredRecognizersFailed(recognizer.traceName))
            }
        }
    }

    // MARK: Actions

    /// Runs the recognizer's actions (those whose targets are alive), in the order they were added.
    func sendActions(_ recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State) {
        // The list is copied (an action may add or remove actions), and filtered only when an
        // action has a target that may be gone; the entry is built only when the trace records.
        if recognizer._actions.count == 1, !recognizer._actions[0].hasTarget {
            // One action without a target (every SwiftUI recognizer, most others): its body,
            // copied out, is all the call needs, whatever the action does to the list.
            if trace.isEnabled { trace.record(.gestureAction(recognizer: recognizer.traceName, state: state, targets: 1)) }
            let body = recognizer._actions[0].body
            callingOut { body(recognizer) }
            return
        }
        let all = recognizer._actions
        let actions = all.contains(where: \.hasTarget) ? all.filter(\.isLive) : all
        if trace.isEnabled { trace.record(.gestureAction(recognizer: recognizer.traceName, state: state, targets: actions.count)) }
        // The bodies only (the copy holds them): copying a whole action out copies its weak target.
        for index in actions.indices {
            let body = actions[index].body
            callingOut { body(recognizer) }
        }
    }
}

/// The environment's answers to the core's questions: UIKit's rules, subclasses and delegates.
/// With `TouchKitDebugOptions.tracesArbitration` (and the trace on), each answer about two
/// recognizers is traced with who gave it (`ArbitrationAnswers`).
struct EnvironmentRelations: ArbitrationRelations {
    /// Unretained (`UnretainedLink`): relations are made for one decision (`core`) by the
    /// environment itself, and an unowned reference would cost two atomic operations at every
    /// question.
    private let environmentLink: UnretainedLink<GestureEnvironment>
    /// Whether answers are traced (read once per decision).
    let traces: Bool
    /// The participants' recognizers when the decision began (the active list, one reference for
    /// all of them): they stay alive for the decision, even if a delegate a question asks lets a
    /// record go, so each question reads its two recognizers from the records unretained.
    private let holding: [UIGestureRecognizer]

    init(environment: GestureEnvironment, traces: Bool, holding: [UIGestureRecognizer]) {
        environmentLink = UnretainedLink(environment)
        self.traces = traces
        self.holding = holding
    }

    /// Asks `question` inside the environment's `callingOut`: state changes the code it calls
    /// makes wait.
    @inline(__always)
    private func calloutAnswer(_ question: () -> ArbitrationAnswers.Answer) -> ArbitrationAnswers.Answer {
        environmentLink.with { $0.callingOut(question) }
    }

    /// Reads the participant's record in place; nil when its record went (a callout let its
    /// recognizer go): such a participant has no touches and blocks nothing.
    @inline(__always)
    private func read<Result>(_ participant: SlotHandle, _ body: (inout RecognizerRecord) -> Result) -> Result? {
        environmentLink.with { $0.recognizerRecords.withLive(participant, body) }
    }

    /// Calls `body` with the two participants' recognizers, unretained (`holding` keeps them
    /// alive for the decision); `otherwise` when either record went.
    @inline(__always)
    private func withRecognizers<Result>(
        _ a: SlotHandle, _ b: SlotHandle, otherwise: Result, _ body: (UIGestureRecognizer, UIGestureRecognizer) -> Result
    ) -> Result {
        guard let first = read(a, { UnretainedLink($0.recognizer) }), let second = read(b, { UnretainedLink($0.recognizer) }) else {
            return otherwise
        }
        return first.with { a in second.with { b in body(a, b) } }
    }

    func isSame(_ a: SlotHandle, _ b: SlotHandle) -> Bool { a == b }
    func state(of participant: SlotHandle) -> UIGestureRecognizer.State { read(participant) { $0.state } ?? .failed }
    func isWaiting(_ participant: SlotHandle) -> Bool { read(participant) { $0.pendingState != nil } ?? false }
    func name(of participant: SlotHandle) -> String { environmentLink.with { $0.name(of: participant) } }
    func sharesTouch(_ a: SlotHandle, _ b: SlotHandle) -> Bool {
        let answer = environmentLink.with { environment -> ArbitrationAnswers.Answer? in
            let records = environment.recognizerRecords
            guard records.contains(a), records.contains(b) else { return nil }
            return ArbitrationAnswers.sharesTouch(records[live: a].trackedTouches, records[live: b].trackedTouches)
        }
        guard let answer else { return false }
        // The recognizers only name the answer in the trace.
        guard traces else { return answer.value }
        return withRecognizers(a, b, otherwise: false) { self.answer(answer, "sharesTouch", $0, $1) }
    }
    /// Asks the delegates: inside `callingOut`, so state changes they make wait.
    func canRecognizeSimultaneously(_ a: SlotHandle, _ b: SlotHandle) -> Bool {
        withRecognizers(a, b, otherwise: false) { a, b in
            answer(calloutAnswer { ArbitrationAnswers.canRecognizeSimultaneously(a, b) }, "recognizeSimultaneously", a, b)
        }
    }
    /// Asks the subclasses and delegates: inside `callingOut`, so state changes they make wait.
    func requiresFailure(_ a: SlotHandle, of b: SlotHandle) -> Bool {
        withRecognizers(a, b, otherwise: false) { a, b in
            answer(calloutAnswer { ArbitrationAnswers.requiresFailure(a, of: b) }, "requiresFailureOf", a, b)
        }
    }
    func mayPrevent(_ a: SlotHandle, _ b: SlotHandle) -> Bool {
        withRecognizers(a, b, otherwise: false) { a, b in answer(ArbitrationAnswers.mayPrevent(a, b), "mayPrevent", a, b) }
    }

    /// The value of `answer` to the question `kind` about `a` (the subject) and `b`, traced when
    /// `traces` is set.
    private func answer(_ answer: ArbitrationAnswers.Answer, _ kind: String, _ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if traces {
            environmentLink.object.trace.record(
                .layer(
                    LayerEvent(
                        layer: .arbitration, kind: kind, subject: a.traceName,
                        fields: [
                            .init("other", b.traceName), .init("answer", answer.value ? "yes" : "no"), .init("by", answer.source.description(a, b)),
                        ])))
        }
        return answer.value
    }
}

extension GestureEnvironment {
    /// Arbitration's decisions over the recognizers taking part now.
    var core: ArbitrationCore<EnvironmentRelations> {
        let traces = trace.isEnabled && host?.tracesArbitration == true
        return ArbitrationCore(relations: EnvironmentRelations(environment: self, traces: traces, holding: active), active: activeHandles)
    }

    /// The trace name of the recognizer whose record `handle` addresses ("?" once it went).
    func name(of handle: SlotHandle) -> String {
        recognizerRecords.withLive(handle) { $0.recognizer.traceName } ?? "?"
    }
}
