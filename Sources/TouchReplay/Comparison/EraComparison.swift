import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// A session replayed under every era side by side, UIKit's and SwiftUI's (`replay SESSION --eras`): the
/// question asked at each SDK release ("my gestures broke on 18 / 26"), which no device can
/// answer, since a device runs one OS at a time.
///
/// The scene is rebuilt with each era in turn (its `era` and `swiftUI.era` set, the SDK and OS
/// it may name left out), the session replayed on each, and each pair of neighbouring eras compared outcome
/// by outcome, as goldens are: the first touch whose outcome differs, what differs, and the
/// rules that hold in one era and not the other, with their provenance.
public enum EraComparison {
    /// Two neighbouring eras compared.
    public struct Step: Sendable {
        public let from: SwiftUIEra
        public let to: SwiftUIEra
        /// Outcomes in each.
        public let fromCount: Int
        public let toCount: Int
        /// The first input whose outcomes differ (1-based), its session line and text, and its
        /// changes (`was …, now …`); nil when the outcomes are the same.
        public let firstInput: Int?
        public let sessionLine: Int?
        public let inputText: String?
        public let changes: [String]
        /// Every change, all inputs.
        public let changeCount: Int
        /// The rules that hold in one of the two eras and not in the other.
        public let rules: [TouchRule]
        /// The rules the first differing touch's decisions name (a pass-through window's answer
        /// in each era, say), in either era: the rules that changed it, first in `lines`.
        public var decidingRules: [TouchRule] = []
        /// The SwiftUI gestures (ids) the first differing touch names, in either era.
        public var labels: [String] = []
    }

    /// Why a session cannot be compared across eras.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The eras compared, oldest first.
    public static let eras: [SwiftUIEra] = SwiftUIEra.allCases

    /// Replays `session` on `scene` rebuilt in each of `eras` and compares neighbours (two eras:
    /// one step).
    public static func compare(session: Session, scene: LoadedScene, eras: [SwiftUIEra] = Self.eras) throws -> [Step] {
        guard let description = scene.sceneDescription else {
            throw Problem(description: "the scene \(scene.name) is a Swift scene (code): its era is written in code, not in the scene")
        }
        var outcomes: [SwiftUIEra: [GoldenRecord]] = [:]
        var full: [SwiftUIEra: [GoldenRecord]] = [:]
        // Each era's SwiftUI layer entries, by time: the gestures a differing input names.
        var gestures: [SwiftUIEra: [Int64: [TraceEntry]]] = [:]
        for era in eras {
            let version = description.inEra(era)
            let replayer = try SessionReplayer(session: session, scene: { SceneBuilder.build(version, source: scene.source) })
            replayer.runToEnd()
            full[era] = GoldenExtractor.records(of: replayer.trace.entries)
            outcomes[era] = full[era]?.compactMap(userVisible)
            for entry in replayer.trace.entries {
                if case .layer(let event) = entry.event, event.owner != nil { gestures[era, default: [:]][entry.micros, default: []].append(entry) }
            }
        }
        let inputs = GoldenDiff.inputLines(session)
        return zip(eras, eras.dropFirst()).map { from, to in
            let diff = GoldenDiff(expected: outcomes[from] ?? [], actual: outcomes[to] ?? [])
            let first = diff.groups.first
            let rules = (UIKitRules.all + SwiftUIRules.all).filter { holds($0, in: from) != holds($0, in: to) }
            var step = Step(
                from: from, to: to, fromCount: diff.expectedCount, toCount: diff.actualCount, firstInput: first?.input,
                sessionLine: first.flatMap { inputs[$0.input]?.line }, inputText: first.flatMap { inputs[$0.input]?.text },
                changes: first?.changes.map(\.summary) ?? [], changeCount: diff.changeCount, rules: rules)
            var deciding: [String] = []
            if let input = first?.input {
                let records = (full[from] ?? []) + (full[to] ?? [])
                let times = Set(records.filter { $0.input == input }.map { TraceEntry.micros(from: $0.t) })
                step.labels = EraFixes.labels(in: [from, to].flatMap { era in times.sorted().flatMap { gestures[era]?[$0] ?? [] } })
                for record in records where record.input == input {
                    for id in ruleIDs(record) where !deciding.contains(id) { deciding.append(id) }
                }
            }
            step.decidingRules = deciding.compactMap { id in RuleCitations.all.first { $0.id == id } }
            return step
        }
    }

    /// What the user of the app sees, the same in every era when the behaviour is: gesture
    /// phases and callbacks (layer entries, without the era and the rule they name), control events,
    /// actions, scrolls and notes. Hits, deliveries and recognizer states name the views and
    /// recognizers UIKit sees, which are not the same views in ios17 (one hosting view) and in
    /// ios18 (a container per modifier), so they are left out.
    static func userVisible(_ record: GoldenRecord) -> GoldenRecord? {
        switch record.topic {
        case .controls, .actions, .scroll, .notes: return record
        case .layers:
            var copy = record
            copy.fields = record.fields.map { key, value in
                guard key == "fields", case .object(let members) = value.kind else { return (key, value) }
                return (key, .object(members.filter { $0.key != "era" && $0.key != "rule" }.map { ($0.key, $0.value) }))
            }
            return copy
        case .hits, .deliveries, .recognizers: return nil
        }
    }

    /// The rule ids a record names (a layer entry's `rule` field).
    static func ruleIDs(_ record: GoldenRecord) -> [String] {
        record.fields.compactMap { key, value -> String? in
            guard key == "fields", case .object(let members) = value.kind,
                case .string(let id)? = members.first(where: { $0.key == "rule" })?.value.kind
            else { return nil }
            return id
        }
    }

    static func holds(_ rule: TouchRule, in era: SwiftUIEra) -> Bool {
        rule.eras.isEmpty || rule.eras.contains(era.rawValue)
    }

    /// The lines that tell the fixes that hold in every era (`EraFixes`), judged against the
    /// outcomes of `reference`.
    public static func fixLines(_ fixes: [EraFixes.Fix], reference: SwiftUIEra, limit: Int = 3) -> [String] {
        guard !fixes.isEmpty else {
            return [
                "no change TouchScope knows gives every era the outcomes of \(reference) (the scene's era); each candidate was re-run in every era"
            ]
        }
        var lines = [
            "a fix that holds in every era (re-run in \(eras.map(\.rawValue).joined(separator: ", ")); each gives the outcomes of \(reference), the scene's era):"
        ]
        lines += fixes.prefix(limit).map { "  " + TerminalText.line($0.change) }
        if fixes.count > limit { lines.append("  … and \(fixes.count - limit) more") }
        return lines
    }

    /// The lines `replay --eras` prints for `steps`.
    public static func lines(_ steps: [Step], sceneEra: SwiftUIEra?, limit: Int = 6) -> [String] {
        let compared = steps.first.map { [$0.from] + steps.map(\.to) } ?? eras
        var lines = ["eras: " + compared.map(\.rawValue).joined(separator: ", ") + (sceneEra.map { " (the scene says \($0))" } ?? "")]
        for step in steps {
            guard let input = step.firstInput else {
                lines.append("\(step.from) -> \(step.to): the same outcomes (\(step.toCount))")
                continue
            }
            let place = step.sessionLine.map { " (session line \($0)" + (step.inputText.map { ": " + TerminalText.line($0) } ?? "") + ")" } ?? ""
            lines.append(
                "\(step.from) -> \(step.to): \(step.changeCount) outcome\(step.changeCount == 1 ? " differs" : "s differ"); the first touch that differs is input \(input)\(place):"
            )
            lines += step.changes.prefix(limit).map { "  " + TerminalText.line($0) }
            if step.changes.count > limit { lines.append("  … and \(step.changes.count - limit) more in that input") }
            for rule in step.decidingRules {
                lines.append("  the rule at the decision: \(rule.id) (\(rule.provenanceLine)): \(rule.summary)")
            }
            let others = step.rules.filter { rule in !step.decidingRules.contains { $0.id == rule.id } }
            if !others.isEmpty {
                lines.append("  \(step.decidingRules.isEmpty ? "rules" : "other rules") that differ between \(step.from) and \(step.to):")
                for rule in others {
                    lines.append(
                        "    \(rule.id) (\(rule.provenanceLine); holds in \(holds(rule, in: step.from) ? step.from : step.to)): \(rule.summary)")
                }
            }
        }
        return lines
    }
}

extension EraComparison {
    /// `scene` rebuilt with `era` as the app's era (UIKit's and SwiftUI's); nil for a Swift scene,
    /// whose era is in its code.
    public static func rebuilt(_ scene: LoadedScene, era: SwiftUIEra) -> LoadedScene? {
        guard let description = scene.sceneDescription else { return nil }
        return SceneBuilder.build(description.inEra(era), source: scene.source)
    }
}
