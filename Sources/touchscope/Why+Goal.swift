import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchSwiftUI

/// `why SESSION --goal G`: whether the session's touches meet a goal stated as people state it,
/// and the fixes that make the one that misses it meet it, each re-run.
extension Why {
    func explainGoal(_ text: String) throws {
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        guard let recorded = loaded.session?.session else { throw Exit.usage }
        let replayer = try SessionReplayer(session: recorded, scene: loaded.makeScene)
        replayer.run(until: recorded.duration)
        let entries = replayer.trace.entries
        let window = replayer.simulator.window
        let touches = TouchSequence.all(in: recorded)
        guard !touches.isEmpty else {
            printError("the session has no touch to ask about")
            throw Exit.inputError
        }
        // The touches' spans: from each touch-down to the next (the last to the session's end).
        let spans = touches.indices.map { index in
            (touches[index].micros, index + 1 < touches.count ? touches[index + 1].micros - 1 : recorded.duration)
        }
        var chosen: Int?
        if let touch {
            guard touches.indices.contains(touch - 1) else {
                printError("the session has \(touches.count) touch\(touches.count == 1 ? "" : "es"); there is no touch \(touch)")
                throw Exit.inputError
            }
            chosen = touch - 1
        } else if let finger {
            chosen = touches.firstIndex { $0.fingers.contains(finger) }
            guard chosen != nil else {
                printError("finger \(finger) never touched down in this session (fingers: \(Self.fingers(in: entries)))")
                throw Exit.inputError
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
        case .failure(let error):
            printError("--goal: \(error)")
            throw Exit.usage
        }
        // Each touch that concerns the goal's subject, met or not; the one asked about, else the
        // first of them that misses it.
        let concerned = spans.map { goal.concerns(entries, from: $0.0, until: $0.1) }
        let verdicts = spans.map { goal.met(in: entries, from: $0.0, until: $0.1) != nil }
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
            report = Self.fixes(goal, loaded: loaded, session: recorded, entries: entries, span: spans[index])
        } else {
            if concerned.contains(true) { lines.append("Every touch that concerns it meets it.") }
            report = .notNeeded(goal)
        }
        if json {
            var members: [(String, JSONValue)] = [("goal", .string(goal.spelling)), ("text", .string(goal.text))]
            members.append(
                (
                    "touches",
                    .array(
                        touches.indices.map {
                            .object([("touch", .number(Double($0 + 1))), ("concerns", .bool(concerned[$0])), ("met", .bool(verdicts[$0]))])
                        })
                ))
            members.append(("touch", index.map { .number(Double($0 + 1)) } ?? JSONValue(.null)))
            members.append(("fixes", report.json))
            print(JSONWriter.compact(.object(members)))
        } else {
            // Names in the lines are already one line each (trace names); fix lines hold their own breaks.
            say((lines.map(TerminalText.line) + [""] + report.lines).joined(separator: "\n"), window: window)
        }
    }

    /// `--touch N --eras`: the touch in every era.
    func explainEras(_ touch: Int) throws {
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        guard let recorded = loaded.session?.session else { throw Exit.usage }
        let outcomes: [(era: SwiftUIEra, outcome: TouchOutcome, window: UIWindow)]
        do { outcomes = try EraComparison.touchOutcomes(session: recorded, scene: loaded.scene, touch: touch) } catch let problem
            as EraComparison.Problem
        {
            printError(problem.description)
            throw Exit.inputError
        }
        // A fix that holds in every era, when the eras differ: judged on the whole session.
        var fixes: [EraFixes.Fix]?
        if let description = loaded.scene.sceneDescription {
            let steps = try EraComparison.compare(session: recorded, scene: loaded.scene)
            fixes = try EraFixes.find(session: recorded, scene: description, steps: steps)
        }
        if json {
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
            print(
                JSONWriter.compact(
                    .object([
                        ("touch", .number(Double(touch))), ("eras", .object(members)),
                        ("fixesForEveryEra", fixes.map { .array($0.map { .string($0.change) }) } ?? JSONValue(.null)),
                    ])))
        } else {
            // Words from the scene in every era: before the iOS 18 SDK SwiftUI has other recognizers.
            let reference = loaded.scene.sceneDescription?.swiftUIEra ?? .ios18
            let text =
                (["Touch \(touch) in each era:"] + EraComparison.touchLines(outcomes)
                + (fixes.map { EraComparison.fixLines($0, reference: reference) } ?? [])).joined(separator: "\n")
            if internals {
                print(text)
            } else {
                let words = outcomes.reduce(into: [String: String]()) { $0.merge(SwiftUIWords.dictionary(in: $1.window)) { first, _ in first } }
                print(SwiftUIWords.apply(words, to: text))
            }
        }
    }
}
