import Foundation
import TouchKit
import TouchScenes

/// `why --at X,Y`: hit testing at the point explained, then a tap (or a gesture) there on the
/// same state, with the fixes that let it reach `--view`, each re-run.
extension WhyReport {
    static func pointReport(_ point: CGPoint, gesture: String?, time: Double?, view: String?, input: WhyInput) throws -> WhyReport {
        var warnings: [String] = []
        var micros = time.map { TraceEntry.micros(from: $0) }
        if let requested = micros, let duration = input.session?.duration, requested > duration {
            warnings.append("warning: --time is past the session's end (\(TraceEntry.seconds(duration)) s); asking at the end")
            micros = duration
        }
        var report: WhyReport
        if let gesture {
            guard let simulated = SimulatedGesture(gesture) else {
                throw WhyAnswer.Problem(message: "--gesture takes one of \(SimulatedGesture.forms), not \(gesture)", isUsage: true)
            }
            let run = try SimulatedGesture.run(simulated, scene: input.makeScene, after: input.session, at: micros, point: point)
            let fates = run.fates
            let fixes = try view.map { try simulatedFixes(run, view: $0, input: input) }
            let array = JSONValue.array(fates.map(\.json))
            let lines =
                [fates.map { $0.lines.joined(separator: "\n") }.joined(separator: "\n\n")] + (fixes.map { [""] + $0.lines } ?? [])
            report = WhyReport(
                parts: [Part(lines: lines, json: fixes.map { .object([("touches", array), ("fixes", $0.json)]) } ?? array)],
                words: words(in: run.window))
        } else {
            let answer = try WhyAnswer.ask(scene: input.makeScene, session: input.session, at: micros, point: point, view: view)
            // With --view: the fixes that let a tap there reach the view, each re-run.
            let fixes = try view.map { view in
                try simulatedFixes(
                    try SimulatedGesture.run(.tap, scene: input.makeScene, after: input.session, at: micros, point: point), view: view,
                    input: input)
            }
            var json = answer.json
            if let fixes { json = json.adding([("fixes", fixes.json)]) }
            report = WhyReport(
                parts: [Part(lines: [answer.text] + (fixes.map { [""] + $0.lines } ?? []), json: json)],
                // A scene of its own, built only if the text is asked for (JSON needs no words).
                words: { words(in: try? input.makeScene().window)() })
        }
        report.warnings = warnings
        return report
    }

    /// Fixes for a simulated gesture with `--view V`: the goal is that V gets the gesture's first
    /// touch whole; the gesture's session is re-run like a recorded one.
    static func simulatedFixes(_ run: SimulatedGesture.Run, view: String, input: WhyInput) throws -> FixReport {
        let found = try WhyAnswer.findView(view, in: run.window)
        guard let finger = run.finger else { return .notTried("the gesture put no finger down") }
        // A SwiftUI view gets no touches of its own: the goal is that its gesture fires (a
        // Button's own, or the first it attaches).
        if let id = found.accessibilityIdentifier, let label = input.scene.sceneDescription?.swiftUIGestureLabel(ofView: id) {
            return fixes(.swiftUIGestureFires(label: label), input: input, session: run.session, entries: run.entries, span: (run.from, run.until))
        }
        return fixes(
            .viewGetsTouch(view: found.traceName, finger: finger), input: input, session: run.session, entries: run.entries,
            span: (run.from, run.until))
    }

    /// The proven fixes for `goal`, or why none were tried.
    static func fixes(_ goal: FixGoal, input: WhyInput, session: Session, entries: TraceEntries, span: (Int64, Int64)) -> FixReport {
        if goal.met(in: entries, from: span.0, until: span.1) != nil { return .notNeeded(goal) }
        guard let description = input.scene.sceneDescription else {
            return .notTried("the scene is a Swift scene (code): fixes are re-run on JSON scenes")
        }
        if !input.scene.reloads.isEmpty { return .notTried("the session carries hot reloads; fixes are re-run on one version of a scene") }
        return .found(
            goal, ProvenFixes.find(goal: goal, session: session, scene: description, entries: entries, from: span.0, until: span.1, inEveryEra: true))
    }
}

extension JSONValue {
    /// This object with `members` after its own; any other value unchanged.
    func adding(_ members: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let own) = kind else { return self }
        return .object(own.map { ($0.key, $0.value) } + members)
    }
}
