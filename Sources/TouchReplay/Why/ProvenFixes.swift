import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// A change to the scene that gives the outcome the user wanted, in UIKit's API names, with what
/// the re-run showed: every fix shown was applied to a copy of the scene and the session re-run.
public struct ProvenFix: Equatable, Sendable {
    /// The change, as UIKit code says it: `carousel.panGestureRecognizer.require(toFail: dismissSwipe)`.
    public var change: String
    /// What the re-run showed: the goal met, and when; the other outcomes that changed.
    public var result: String
    /// The scene with the change applied.
    public var scene: SceneDescription
    /// The eras whose re-run meets the goal too (the fix re-run with the scene in ios17, ios18
    /// and ios26); nil when the goal names something one era does not have (a SwiftUI
    /// recognizer, which the iOS 17 SDK does not make, or when not asked for).
    public var eras: [SwiftUIEra]? = nil
    /// The rules the re-run's decisions rest on during the touch (`RuleCitations`), each with its
    /// provenance: a fix proven under an inferred rule says so.
    public var rules: [TouchRule] = []
}

/// Finds the fixes for a goal: candidate changes drawn from what the trace shows about the touch
/// (the recognizers that took part, the views on its path, the settings that decided), each
/// applied to a copy of the scene and re-run on the session up to the end of the touch; only
/// those whose re-run meets the goal are returned. A JSON scene is needed (a Swift scene is code).
///
/// Candidates: `require(toFail:)` both ways, the delegate's `shouldRecognizeSimultaneouslyWith`,
/// `shouldReceive` and `shouldBegin`, `isEnabled`, `cancelsTouchesInView`, `delaysTouchesBegan`,
/// `delaysContentTouches`, `canCancelContentTouches`, `isUserInteractionEnabled`, the hit area
/// (enlarged, or the covering view made non-interactive), and the thresholds
/// (`minimumPressDuration`, `allowableMovement`, `numberOfTapsRequired`, `numberOfTouchesRequired`).
public enum ProvenFixes {
    /// Most candidates re-run for one question; TouchScope's choice (each is one replay).
    public static let maximumCandidates = 40

    /// A candidate change.
    struct Candidate {
        var change: String
        var apply: (inout SceneDescription) -> Bool
    }

    /// The fixes for `goal` on `session` (recorded on `scene`), judged between `from` and `until`
    /// (microseconds; the touch's span). `entries` is the original replay's trace.
    /// With `inEveryEra`, each proven fix is also re-run with the scene in every era (`eras`):
    /// three replays more a fix, for answers that show where it holds.
    public static func find(
        goal: FixGoal, session: Session, scene: SceneDescription, entries: TraceEntries, from: Int64, until: Int64, inEveryEra: Bool = false
    ) -> [ProvenFix] {
        guard goal.met(in: entries, from: from, until: until) == nil else { return [] }
        let window = Array(entries.filter { $0.micros >= from && $0.micros <= until })
        let baseline = GoldenExtractor.records(of: entries.filter { $0.micros <= until })
        var fixes: [ProvenFix] = []
        var tried: Set<String> = []
        for candidate in candidates(goal: goal, scene: scene, window: window) where tried.insert(candidate.change).inserted {
            guard tried.count <= maximumCandidates else { break }
            var changed = scene
            guard candidate.apply(&changed), changed != scene else { continue }
            let make: () throws -> LoadedScene = { SceneBuilder.build(changed, source: .embedded(contentHash: "fix")) }
            guard let replayer = try? SessionReplayer(session: session, scene: make) else { continue }
            replayer.run(until: until)
            let rerun = replayer.trace.entries
            guard let when = goal.met(in: rerun, from: from, until: until) else { continue }
            let diff = GoldenDiff(expected: baseline, actual: GoldenExtractor.records(of: rerun))
            var text = goal.isNegative ? "\(goal.text), through the touch" : "\(goal.text) at \(TraceEntry.seconds(when)) s"
            for other in winners(in: window) where FixGoal.recognizes(recognizer: other) != goal {
                let still = FixGoal.recognizes(recognizer: other).met(in: rerun, from: from, until: until) != nil
                text += "; \(other) \(still ? "still recognizes" : "no longer recognizes")"
            }
            var fix = ProvenFix(change: candidate.change, result: text + otherChanges(diff), scene: changed)
            let span = rerun.indices.filter { rerun[$0].micros >= from && rerun[$0].micros <= until }
            if let first = span.first, let last = span.last { fix.rules = RuleCitations.rules(in: rerun, range: first..<(last + 1)) }
            if inEveryEra && goal.isJudgeableInEveryEra {
                fix.eras = SwiftUIEra.allCases.filter { era in
                    let version = changed.inEra(era)
                    guard
                        let replayer = try? SessionReplayer(
                            session: session, scene: { SceneBuilder.build(version, source: .embedded(contentHash: "fix")) })
                    else { return false }
                    replayer.run(until: until)
                    return goal.met(in: replayer.trace.entries, from: from, until: until) != nil
                }
            }
            fixes.append(fix)
        }
        return fixes
    }

    /// The session time a touch spans (its entries `range`), with half a second after its end for
    /// what its lift sets off (held deliveries, a tap's wait for a double tap's failure).
    /// The span stops before the next touch-down after it (that touch is another question: a
    /// recognizer that recognizes on the next swipe did not recognize on this one).
    public static func span(of range: Range<Int>, in entries: TraceEntries, session: Session) -> (from: Int64, until: Int64) {
        guard !range.isEmpty else { return (0, session.duration) }
        var until = min(session.duration, entries[range.upperBound - 1].micros + 500_000)
        var index = range.upperBound
        while index < entries.count, entries[index].micros <= until {
            if case .input(_, .began, _, _) = entries[index].event {
                until = max(entries[range.upperBound - 1].micros, entries[index].micros - 1)
                break
            }
            index += 1
        }
        return (entries[range.lowerBound].micros, until)
    }

    /// The span of the first touch `recognizer` (a trace name) saw: where a fix for "it
    /// recognizes" is judged when no touch is named. The whole session when it saw none.
    public static func firstTouchSpan(of recognizer: String, in entries: TraceEntries, session: Session) -> (from: Int64, until: Int64) {
        var began: [Int: Int] = [:]
        for entry in entries {
            switch entry.event {
            case .input(let finger, .began, _, _):
                began[finger, default: 0] += 1
            case .gestureBound(let name, let finger) where name == recognizer:
                let fate = TouchFate(entries: entries, finger: finger, occurrence: began[finger] ?? 1)
                return fate.found ? span(of: fate.entryRange, in: entries, session: session) : (0, session.duration)
            default:
                continue
            }
        }
        return (0, session.duration)
    }

    /// Each touch `recognizer` saw, in order: its finger, which touch of that finger it was,
    /// its span (`span(of:in:session:)`), and whether `goal` was met in that span.
    /// At most `maximumTouchesSeen` touches (each is a walk over the trace), the first ones.
    public static func touchesSeen(
        by recognizer: String, goal: FixGoal, in entries: TraceEntries, session: Session
    ) -> [(finger: Int, occurrence: Int, span: (from: Int64, until: Int64), met: Bool)] {
        var began: [Int: Int] = [:]
        var seen: [(finger: Int, occurrence: Int, span: (from: Int64, until: Int64), met: Bool)] = []
        for entry in entries {
            switch entry.event {
            case .input(let finger, .began, _, _):
                began[finger, default: 0] += 1
            case .gestureBound(let name, let finger) where name == recognizer:
                guard seen.count < maximumTouchesSeen else { return seen }
                let occurrence = began[finger] ?? 1
                guard !seen.contains(where: { $0.finger == finger && $0.occurrence == occurrence }) else { continue }
                let fate = TouchFate(entries: entries, finger: finger, occurrence: occurrence)
                guard fate.found else { continue }
                let touchSpan = span(of: fate.entryRange, in: entries, session: session)
                seen.append((finger, occurrence, touchSpan, goal.met(in: entries, from: touchSpan.from, until: touchSpan.until) != nil))
            default:
                continue
            }
        }
        return seen
    }

    /// Most touches `touchesSeen` looks at: each costs a walk over the trace, so a session of
    /// thousands of touches stays linear. TouchScope's choice.
    public static let maximumTouchesSeen = 50

    /// How many candidate changes a question has (for the benchmark's report).
    package static func candidateCount(goal: FixGoal, scene: SceneDescription, window: [TraceEntry]) -> Int {
        candidates(goal: goal, scene: scene, window: window).count
    }

    /// The recognizers that began or recognized in `window`, in order.
    static func winners(in window: [TraceEntry]) -> [String] {
        var names: [String] = []
        for entry in window {
            if case .gestureState(let name, _, let to, _) = entry.event, to == .began || to == .ended, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The SwiftUI gestures that became active or ended in `window`, by label, in order.
    static func swiftUIWinners(in window: [TraceEntry]) -> [String] {
        var labels: [String] = []
        for entry in window {
            guard case .layer(let event) = entry.event, event.layer == .swiftUI, event.kind == "active" || event.kind == "ended",
                let label = event.owner?.gesture
            else { continue }
            if !labels.contains(label) { labels.append(label) }
        }
        return labels
    }

    /// How many outcomes the change alters in all, and the first.
    static func otherChanges(_ diff: GoldenDiff) -> String {
        let others = diff.changeSummaries
        guard let first = others.first else { return "" }
        return "; \(others.count) outcome\(others.count == 1 ? "" : "s") change in all (first: \(first))"
    }

    // MARK: Candidates

    /// The scene id of a recognizer's trace name: `#id` for a named one, `carousel.pan` for a
    /// scroll view's own; nil when the scene cannot address it.
    static func sceneID(ofRecognizer traceName: String) -> String? {
        if let hash = traceName.firstIndex(of: "#"), !traceName[..<hash].contains("@") {
            return String(traceName[traceName.index(after: hash)...])
        }
        return BuiltInRecognizerIDs.id(traceName: traceName)
    }

    /// The scene id of a view's trace name (`UIButton#pay` → `pay`).
    static func sceneID(ofView traceName: String) -> String? {
        traceName.firstIndex(of: "#").map { String(traceName[traceName.index(after: $0)...]) }
    }

    /// How UIKit code names a recognizer of the scene: `dismissSwipe`, or `carousel.panGestureRecognizer`.
    static func codeName(_ id: String) -> String {
        if id.hasSuffix(".pan") { return String(id.dropLast(4)) + ".panGestureRecognizer" }
        if id.hasSuffix(".delay") { return String(id.dropLast(6)) + ".delayedTouchesRecognizer" }
        return id
    }

    /// Makes recognizer `id`'s delegate refuse the touches `refused` describes as well
    /// (`gestureRecognizer(_:shouldReceive:)` answers false for them); false when the scene has
    /// no such recognizer.
    static func refusing(_ id: String, touches refused: TouchCondition, in scene: inout SceneDescription) -> Bool {
        func refuse(_ delegate: inout DelegateDescription?) {
            var answers = delegate ?? DelegateDescription()
            let refusal = TouchCondition.not(refused)
            answers.shouldReceiveTouch = answers.shouldReceiveTouch == .always(true) ? refusal : .all([answers.shouldReceiveTouch, refusal])
            delegate = answers
        }
        return editAny(&scene, id, plain: { refuse(&$0.delegate) }, builtIn: { refuse(&$0.delegate) })
    }

    /// `waiter.require(toFail: other)`, as a candidate.
    static func failureRequirement(_ waiter: String, toFail other: String) -> Candidate {
        Candidate(change: "\(codeName(waiter)).require(toFail: \(codeName(other)))") { scene in
            editAny(&scene, waiter, plain: { $0.requireToFail.append(other) }, builtIn: { $0.requireToFail.append(other) })
        }
    }

    /// Edits the recognizer `id`, plain or built-in, through the fields both have.
    static func editAny(
        _ scene: inout SceneDescription, _ id: String, plain: (inout RecognizerDescription) -> Void,
        builtIn: (inout BuiltInRecognizerDescription) -> Void
    ) -> Bool {
        scene.editRecognizer(id, plain) || scene.editBuiltIn(id, builtIn)
    }

    static func candidates(goal: FixGoal, scene: SceneDescription, window: [TraceEntry]) -> [Candidate] {
        // The recognizers that acted on the touch (began or recognized), and the views it hit.
        let winners = winners(in: window)
        let hitViews = hitViews(in: window)
        switch goal {
        case .recognizes(let name):
            guard let id = sceneID(ofRecognizer: name) else { return [] }
            let competitors = winners.filter { $0 != name }.compactMap(sceneID(ofRecognizer:))
            return recognizerCandidates(id: id, scene: scene, competitors: competitors)
                + swiftUICandidates(label: id, scene: scene, competitors: competitors, window: window)
        case .swiftUIGestureFires(let label):
            return swiftUICandidates(label: label, scene: scene, competitors: swiftUIWinners(in: window), window: window)
        case .viewGetsTouch(let view, _):
            guard let viewID = sceneID(ofView: view) else { return [] }
            return outsideBoundsCandidates(viewID: viewID, scene: scene, window: window)
                + viewCandidates(
                    viewID: viewID, scene: scene, winners: winners.compactMap(sceneID(ofRecognizer:)),
                    covering: hitViews.filter { $0 != view }.compactMap(sceneID(ofView:)))
        case .doesNotRecognize, .controlFires, .controlDoesNotFire, .feedbackAtTouchDown, .scrolls, .doesNotScroll, .settlesOnPage:
            return goalCandidates(goal: goal, scene: scene, window: window)
        }
    }

    static func recognizerCandidates(id: String, scene: SceneDescription, competitors: [String]) -> [Candidate] {
        var list: [Candidate] = []
        for other in competitors {
            list.append(failureRequirement(other, toFail: id))
            list.append(
                Candidate(change: "\(codeName(id)) delegate: gestureRecognizer(_:shouldRecognizeSimultaneouslyWith: \(codeName(other))) → true") {
                    scene in
                    func allow(_ delegate: inout DelegateDescription?) {
                        var answers = delegate ?? DelegateDescription()
                        answers.recognizeSimultaneouslyWith = .any([answers.recognizeSimultaneouslyWith, .otherID([other])])
                        delegate = answers
                    }
                    return editAny(&scene, id, plain: { allow(&$0.delegate) }, builtIn: { allow(&$0.delegate) })
                })
        }
        let plain = scene.allViews.flatMap(\.recognizers).first { $0.id == id }
        if let plain {
            for other in plain.requireToFail {
                list.append(
                    Candidate(change: "remove \(codeName(id)).require(toFail: \(codeName(other)))") { scene in
                        scene.editRecognizer(id) { $0.requireToFail.removeAll { $0 == other } }
                    })
            }
            if !plain.isEnabled {
                list.append(Candidate(change: "\(codeName(id)).isEnabled = true") { scene in scene.editRecognizer(id) { $0.isEnabled = true } })
            }
            if let delegate = plain.delegate {
                if delegate.shouldBegin != .always(true) {
                    list.append(
                        Candidate(change: "\(codeName(id)) delegate: gestureRecognizerShouldBegin(_:) → true") { scene in
                            scene.editRecognizer(id) { $0.delegate?.shouldBegin = .always(true) }
                        })
                }
                if delegate.shouldReceiveTouch != .always(true) {
                    list.append(
                        Candidate(change: "\(codeName(id)) delegate: gestureRecognizer(_:shouldReceive:) → true") { scene in
                            scene.editRecognizer(id) { $0.delegate?.shouldReceiveTouch = .always(true) }
                        })
                }
            }
            list += thresholdCandidates(plain, id: id)
            if let holder = scene.view(holdingRecognizer: id)?.id {
                list += interactionCandidates(scene.ancestry(of: holder), scene: scene)
            }
        }
        return list
    }

    /// Thresholds a user may loosen, with UIKit's default or a looser value.
    static func thresholdCandidates(_ recognizer: RecognizerDescription, id: String) -> [Candidate] {
        var list: [Candidate] = []
        if let duration = recognizer.minimumPressDuration ?? (recognizer.kind == .longPress ? 0.5 : nil), duration > 0.1 {
            let shorter = (duration / 2 * 100).rounded() / 100
            list.append(
                Candidate(change: "\(codeName(id)).minimumPressDuration = \(JSONWriter.number(shorter))") { scene in
                    scene.editRecognizer(id) { $0.minimumPressDuration = shorter }
                })
        }
        if recognizer.kind == .longPress {
            let movement = (recognizer.allowableMovement ?? 10) * 3
            list.append(
                Candidate(change: "\(codeName(id)).allowableMovement = \(JSONWriter.number(movement))") { scene in
                    scene.editRecognizer(id) { $0.allowableMovement = movement }
                })
        }
        if let taps = recognizer.numberOfTapsRequired, taps > 1, recognizer.kind == .tap {
            list.append(
                Candidate(change: "\(codeName(id)).numberOfTapsRequired = \(taps - 1)") { scene in
                    scene.editRecognizer(id) { $0.numberOfTapsRequired = taps - 1 }
                })
        }
        if let touches = recognizer.numberOfTouchesRequired, touches > 1 {
            list.append(
                Candidate(change: "\(codeName(id)).numberOfTouchesRequired = 1") { scene in
                    scene.editRecognizer(id) { $0.numberOfTouchesRequired = 1 }
                })
        }
        // A pan's touch counts: one finger may pan.
        if recognizer.kind == .pan || recognizer.kind == .screenEdgePan {
            if let minimum = recognizer.minimumNumberOfTouches, minimum > 1 {
                list.append(
                    Candidate(change: "\(codeName(id)).minimumNumberOfTouches = 1") { scene in
                        scene.editRecognizer(id) { $0.minimumNumberOfTouches = 1 }
                    })
            }
            if let maximum = recognizer.maximumNumberOfTouches, maximum < 10 {
                list.append(
                    Candidate(change: "\(codeName(id)).maximumNumberOfTouches = \(maximum + 1)") { scene in
                        scene.editRecognizer(id) { $0.maximumNumberOfTouches = maximum + 1 }
                    })
            }
        }
        return list
    }

    /// `isUserInteractionEnabled = true` on each of the views that has it off.
    static func interactionCandidates(_ ids: [String], scene: SceneDescription) -> [Candidate] {
        ids.compactMap { viewID in
            guard let view = scene.allViews.first(where: { $0.id == viewID }) else { return nil }
            // Labels and image views have it off unless the scene turns it on (UIKit's default).
            let isDefault = view.isUserInteractionEnabled == nil
            guard !(view.isUserInteractionEnabled ?? !(view.kind == .label || view.kind == .imageView)) else { return nil }
            let note =
                isDefault ? " (off by UIKit's default for a \(view.kind == .label ? "UILabel" : "UIImageView"); the scene does not set it)" : ""
            return Candidate(change: "\(viewID).isUserInteractionEnabled = true\(note)") { scene in
                scene.editView(viewID) { $0.isUserInteractionEnabled = true }
            }
        }
    }

    static func viewCandidates(viewID: String, scene: SceneDescription, winners: [String], covering: [String]) -> [Candidate] {
        var list: [Candidate] = []
        for other in winners {
            list.append(
                Candidate(change: "\(codeName(other)).cancelsTouchesInView = false") { scene in
                    editAny(&scene, other, plain: { $0.cancelsTouchesInView = false }, builtIn: { $0.cancelsTouchesInView = false })
                })
            list.append(
                Candidate(change: "\(codeName(other)) delegate: gestureRecognizer(_:shouldReceive:) → false for touches in \(viewID)") { scene in
                    refusing(other, touches: .touchViewIn([viewID]), in: &scene)
                })
            list.append(
                Candidate(change: "\(codeName(other)).delaysTouchesBegan = false") { scene in
                    editAny(&scene, other, plain: { $0.delaysTouchesBegan = false }, builtIn: { $0.delaysTouchesBegan = false })
                })
        }
        let ancestry = scene.ancestry(of: viewID)
        for scrollID in ancestry.dropFirst() where scene.allViews.first(where: { $0.id == scrollID })?.kind.isScrollView == true {
            list.append(
                Candidate(change: "\(scrollID).delaysContentTouches = false") { scene in
                    scene.editView(scrollID) { $0.delaysContentTouches = false }
                })
            list.append(
                Candidate(change: "\(scrollID).canCancelContentTouches = false") { scene in
                    scene.editView(scrollID) { $0.canCancelContentTouches = false }
                })
            // The narrower fix: only this view's touches are kept from the scroll (a custom
            // control in a scroll view), the rest of the content still scrolls.
            list.append(
                Candidate(change: "\(scrollID): override touchesShouldCancel(in:) to return false for \(viewID)") { scene in
                    scene.editView(scrollID) { $0.behaviours.insert(.touchesShouldCancel(.not(.touchViewIn([viewID]))), at: 0) }
                })
        }
        list += interactionCandidates(ancestry, scene: scene)
        for cover in covering {
            list.append(
                Candidate(change: "\(cover).isUserInteractionEnabled = false (it takes the touch meant for \(viewID))") { scene in
                    scene.editView(cover) { $0.isUserInteractionEnabled = false }
                })
        }
        if !covering.isEmpty {
            list.append(
                Candidate(change: "enlarge \(viewID)'s hit area by 22 pt (point(inside:with:) override)") { scene in
                    scene.editView(viewID) { $0.behaviours.insert(.enlargeHitArea(UIEdgeInsets(top: 22, left: 22, bottom: 22, right: 22)), at: 0) }
                })
        }
        return list
    }
}
