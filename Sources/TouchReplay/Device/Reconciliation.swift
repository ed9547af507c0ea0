import Foundation
import TouchKit
import TouchScenes

/// Scene changes that make the model agree with the device (`touchscope reconcile`): for each
/// touch where they disagree, candidate changes drawn from the differing fact (a view that lets
/// touches through or hands them on, a grown hit area, a delegate answer where the touch
/// decides, a failure requirement, `cancelsTouchesInView`, a scroll view's
/// `touchesShouldCancel(in:)`), each applied to a copy of the scene and the whole session
/// re-run against the device. Only a change that makes its touch agree and breaks no touch that
/// agreed is kept, with what else it changes.
public struct Reconciliation: Sendable {
    /// One change that was re-run and holds.
    public struct Change: Sendable {
        /// The change as UIKit code says it.
        public var change: String
        /// The touch it was found for.
        public var touch: TouchSequence
        /// The touches that agree after it and did not before (its own first).
        public var nowAgreeing: [Int]
        /// The scene with the change applied.
        public var scene: SceneDescription
        /// The comparison after it.
        public var after: DeviceComparison

        /// `touch 1 agrees (and touch 4); device and model agree on 4 of 4 touches`.
        public var result: String {
            let others = nowAgreeing.dropFirst()
            return "touch \(touch.number) agrees"
                + (others.isEmpty ? "" : " (and touch\(others.count == 1 ? "" : "es") " + others.map(String.init).joined(separator: ", ") + ")")
                + "; " + after.summary + "; no touch that agreed disagrees"
        }
    }

    /// The comparison before any change.
    public var before: DeviceComparison
    /// The changes that hold, by disagreement in touch order, best (most touches fixed) first.
    public var changes: [Change]
    /// Disagreements no candidate fixes, with why.
    public var unresolved: [(touch: TouchSequence, reason: String)]

    /// Most candidates re-run per disagreement; TouchScope's choice (each is one replay).
    public static let maximumCandidates = 24
    /// Most disagreements reconciled in one run; TouchScope's choice.
    public static let maximumDisagreements = 20

    /// Reconciles `session` (with device records), recorded on `scene`.
    public static func run(session: Session, scene: SceneDescription) throws -> Reconciliation {
        func compare(_ description: SceneDescription) throws -> (DeviceComparison, UIApplication) {
            let make: () throws -> LoadedScene = { SceneBuilder.build(description, source: .embedded(contentHash: "reconcile")) }
            let replayer = try SessionReplayer(session: session, scene: make)
            return (DeviceComparison.compare(session: session, replayer: replayer), replayer.application)
        }
        let (before, application) = try compare(scene)
        let disagreeing = Set(before.disagreements.map(\.touch.number))
        var changes: [Change] = []
        var unresolved: [(TouchSequence, String)] = []
        for disagreement in before.disagreements.prefix(maximumDisagreements) {
            let index = disagreement.touch.number - 1
            // A custom recognizer class is beyond what a scene holds: no candidate can be right.
            if case .code(let facts, _) = disagreement.cause, facts.customRecognizer {
                unresolved.append((disagreement.touch, Self.noCandidate(disagreement)))
                continue
            }
            let candidates = ReconcileCandidates(
                scene: scene, application: application, disagreement: disagreement, device: before.device[index],
                model: before.model[index]
            ).all()
            if candidates.isEmpty {
                unresolved.append((disagreement.touch, Self.noCandidate(disagreement)))
                continue
            }
            var found: [Change] = []
            var tried: Set<String> = []
            for candidate in candidates where tried.insert(candidate.change).inserted && tried.count <= maximumCandidates {
                var changed = scene
                guard candidate.apply(&changed), changed != scene, let (after, _) = try? compare(changed) else { continue }
                let still = Set(after.disagreements.map(\.touch.number))
                guard !still.contains(disagreement.touch.number), still.isSubset(of: disagreeing) else { continue }
                let fixed = [disagreement.touch.number] + disagreeing.subtracting(still).subtracting([disagreement.touch.number]).sorted()
                found.append(Change(change: candidate.change, touch: disagreement.touch, nowAgreeing: fixed, scene: changed, after: after))
            }
            if found.isEmpty {
                unresolved.append(
                    (
                        disagreement.touch,
                        "none of \(tried.count) candidate change\(tried.count == 1 ? "" : "s") made it agree without breaking another touch"
                    ))
            }
            // First the changes that say what the captured code does (the same method), then those
            // that fix the most touches, then in the order tried.
            let preferred = Self.preferredWords(disagreement.cause)
            func rank(_ change: Change) -> Int { preferred.contains { change.change.contains($0) } ? 0 : 1 }
            changes += found.enumerated().sorted {
                (rank($0.element), -$0.element.nowAgreeing.count, $0.offset) < (rank($1.element), -$1.element.nowAgreeing.count, $1.offset)
            }.map(\.element)
        }
        return Reconciliation(before: before, changes: changes, unresolved: unresolved)
    }

    /// Words of the changes that do what the captured code of the cause does.
    static func preferredWords(_ cause: DeviceDisagreement.Cause) -> [String] {
        guard case .code(let facts, _) = cause else { return [] }
        return (facts.overrides + facts.implements).flatMap { method -> [String] in
            switch method {
            case "hitTest(_:with:)", "point(inside:with:)": ["hitTest(_:with:)", "point(inside:with:)"]
            case "touchesShouldCancel(in:)": ["touchesShouldCancel"]
            case "gestureRecognizer(_:shouldReceive:)": ["shouldReceive"]
            case "gestureRecognizerShouldBegin(_:)": ["ShouldBegin"]
            case "gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)": ["Simultaneously"]
            case "gestureRecognizer(_:shouldRequireFailureOf:)", "gestureRecognizer(_:shouldBeRequiredToFailBy:)", "shouldRequireFailure(of:)",
                "shouldBeRequiredToFail(by:)":
                ["require(toFail"]
            default: [String(method.prefix { $0 != "(" })]
            }
        }
    }

    static func noCandidate(_ disagreement: DeviceDisagreement) -> String {
        if case .code(let facts, _) = disagreement.cause, facts.customRecognizer {
            return
                "\(facts.className) is a custom recognizer class; a scene cannot hold it (describe what it does with a built-in kind, or leave this touch to the device)"
        }
        return "no change a scene can say addresses \(disagreement.fact.label)"
    }

    /// The report as lines.
    public var lines: [String] {
        var out = [before.summary]
        if before.disagreements.isEmpty { return out + ["nothing to reconcile"] }
        for (number, change) in changes.enumerated() {
            out.append("\(number + 1). \(change.touch.description): \(change.change)")
            out.append("   re-run: \(change.result)")
        }
        for item in unresolved { out.append("not reconciled: \(item.touch.description): \(item.reason)") }
        return out.map(TerminalText.line)
    }

    public var json: JSONValue {
        .object([
            ("before", before.json),
            (
                "changes",
                .array(
                    changes.enumerated().map { number, change in
                        .object([
                            ("number", .number(Double(number + 1))), ("touch", .number(Double(change.touch.number))),
                            ("change", .string(change.change)), ("nowAgreeing", .array(change.nowAgreeing.map { .number(Double($0)) })),
                            ("after", .string(change.after.summary)),
                        ])
                    })
            ),
            (
                "unresolved",
                .array(unresolved.map { .object([("touch", .number(Double($0.touch.number))), ("reason", .string($0.reason))]) })
            ),
        ])
    }
}
