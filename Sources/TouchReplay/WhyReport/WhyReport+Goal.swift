import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// `why SESSION --goal G`: whether the session's touches meet a goal stated as people state it,
/// and the fixes that make the one that misses it meet it, each re-run. `--touch N --eras`: the
/// touch in every era.
extension WhyReport {
    static func goalReport(_ text: String, finger: Int?, touch: Int?, input: WhyInput) throws -> WhyReport {
        let recorded = try input.recorded()
        let replayer = try SessionReplayer(session: recorded, scene: input.makeScene)
        replayer.run(until: recorded.duration)
        let entries = replayer.trace.entries
        let window = replayer.simulator.window
        let touches = TouchSequence.all(in: recorded)
        guard !touches.isEmpty else { throw WhyAnswer.Problem(message: "the session has no touch to ask about") }
        // The touches' spans: from each touch-down to the next (the last to the session's end),
        // and their entries: from the first finger's touch-down in the trace to the next touch's.
        // A lift at the very microsecond the next finger lands belongs to the touch it ends: the
        // entries, in the order they happened, tell the two apart where times cannot.
        let spans = touches.indices.map { index in
            (touches[index].micros, index + 1 < touches.count ? touches[index + 1].micros : recorded.duration)
        }
        let ranges = TouchSequence.entryRanges(of: touches, in: entries)
        var chosen: Int?
        if let touch {
            chosen = try TouchSequence.nth(touch, of: touches).touch.number - 1
        } else if let finger {
            chosen = touches.firstIndex { $0.fingers.contains(finger) }
            guard chosen != nil else {
                throw WhyAnswer.Problem(
                    message: "finger \(finger) never touched down in this session (fingers: \(TraceParticipants.fingers(in: entries)))")
            }
        }
        let goalFinger = chosen.map { touches[$0].fingers[0] } ?? touches[0].fingers[0]
        let parsed = FixGoal.parse(
            text, finger: goalFinger,
            view: { name in window.subtree.first { $0.accessibilityIdentifier == name || $0.traceName == name }?.traceName },
            recognizer: { name in
                window.subtree.flatMap { $0.gestureRecognizers ?? [] }.first { $0.addressableID == name || $0.traceName == name }?.traceName
            },
            size: { traceName in window.subtree.first { $0.traceName == traceName }?.bounds.size })
        let goal: FixGoal
        switch parsed {
        case .success(let value): goal = value
        case .failure(let error): throw WhyAnswer.Problem(message: "--goal: \(error)", isUsage: true)
        }
        // Each touch that concerns the goal's subject, met or not; the one asked about, else the
        // first of them that misses it.
        let concerned = touches.indices.map { goal.concerns(entries[ranges[$0]], from: spans[$0].0, until: spans[$0].1) }
        let verdicts = touches.indices.map { goal.met(in: entries[ranges[$0]], from: spans[$0].0, until: spans[$0].1) != nil }
        // When no touch concerns a goal that something happens (the tap went beside the view
        // with the gesture), the first touch that misses it is the question.
        let unconcerned = chosen == nil && !concerned.contains(true) && !goal.isNegative
        let index =
            chosen ?? touches.indices.first { concerned[$0] && !verdicts[$0] } ?? (unconcerned ? touches.indices.first { !verdicts[$0] } : nil)
        var lines = ["Goal: \(goal.text) (--goal \(goal.spelling))."]
        if touches.count > 1 && chosen == nil {
            lines += touches.indices.prefix(50).map {
                "  \(touches[$0].description): \(concerned[$0] ? (verdicts[$0] ? "met" : "missed") : "does not concern it")"
            }
            if touches.count > 50 { lines.append("  and \(touches.count - 50) more") }
        }
        if chosen == nil && !concerned.contains(true) {
            lines.append(
                "No touch of the session concerns it (none went to it, or was heard by it)"
                    + (unconcerned && index != nil ? "; the first that misses it is asked about (--touch N asks of another)." : "."))
        }
        let report: FixReport
        if let index {
            let touch = touches[index]
            lines.append(verdicts[index] ? "\(touch.description) meets it." : "\(touch.description) misses it; the fixes are for this touch.")
            report = fixes(goal, input: input, session: recorded, entries: entries, span: spans[index])
        } else {
            if concerned.contains(true) { lines.append("Every touch that concerns it meets it.") }
            report = .notNeeded(goal)
        }
        let json: JSONValue = .object([
            ("goal", .string(goal.spelling)), ("text", .string(goal.text)),
            (
                "touches",
                .array(
                    touches.indices.map {
                        .object([("touch", .number(Double($0 + 1))), ("concerns", .bool(concerned[$0])), ("met", .bool(verdicts[$0]))])
                    })
            ),
            ("touch", index.map { .number(Double($0 + 1)) } ?? JSONValue(.null)),
            ("fixes", report.json),
        ])
        // Names in the lines are already one line each (trace names); fix lines hold their own breaks.
        return WhyReport(parts: [Part(lines: lines.map(TerminalText.line) + [""] + report.lines, json: json)], words: words(in: window))
    }

    static func erasReport(_ touch: Int, input: WhyInput) throws -> WhyReport {
        let recorded = try input.recorded()
        let outcomes: [(era: SwiftUIEra, outcome: TouchOutcome, window: UIWindow)]
        do { outcomes = try EraComparison.touchOutcomes(session: recorded, scene: input.scene, touch: touch) } catch let problem
            as EraComparison.Problem
        {
            throw WhyAnswer.Problem(message: problem.description)
        }
        // A fix that holds in every era, when the eras differ: judged on the whole session.
        var fixes: [EraFixes.Fix]?
        if let description = input.scene.sceneDescription {
            let steps = try EraComparison.compare(session: recorded, scene: input.scene)
            fixes = try EraFixes.find(session: recorded, scene: description, steps: steps)
        }
        let members: [(String, JSONValue)] = outcomes.map { item in
            let outcome = item.outcome
            return (
                item.era.rawValue,
                .object([
                    (
                        "hits",
                        .object(
                            outcome.hits.keys.sorted().map {
                                (String($0), outcome.hits[$0].flatMap { $0 }.map(JSONValue.string) ?? JSONValue(.null))
                            })
                    ),
                    ("recognizers", .object(outcome.recognizerOrder.map { ($0, .string(TouchOutcome.describe(outcome.recognizers[$0]))) })),
                    ("controls", .array(outcome.controls.map(JSONValue.string))),
                ])
            )
        }
        let json: JSONValue = .object([
            ("touch", .number(Double(touch))), ("eras", .object(members)),
            ("fixesForEveryEra", fixes.map { .array($0.map { .string($0.change) }) } ?? JSONValue(.null)),
        ])
        // Words from the scene in every era: before the iOS 18 SDK SwiftUI has other recognizers.
        let reference = input.scene.sceneDescription?.swiftUIEra ?? .ios18
        let lines =
            ["Touch \(touch) in each era:"] + EraComparison.touchLines(outcomes)
            + (fixes.map { EraComparison.fixLines($0, reference: reference) } ?? [])
        let words = outcomes.reduce(into: [String: String]()) { $0.merge(SwiftUIWords.dictionary(in: $1.window)) { first, _ in first } }
        return WhyReport(parts: [Part(lines: lines, json: json)], words: words)
    }
}
