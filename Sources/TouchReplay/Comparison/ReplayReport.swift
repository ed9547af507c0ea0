import Foundation
import TouchKit
import TouchScenes

/// What a replay of one session found, as a value: the drifts (each touch that went elsewhere,
/// with why), the check against its golden, and what was written. `touchscope replay` prints it
/// as text or JSON; a runner of many sessions collects it.
package struct ReplayReport {
    /// A touch that went to another view than when recorded, and why, asked of the scene.
    package struct DriftFinding {
        package var drift: SessionReplayer.Drift
        /// Why the recorded view did not get it now (`why`'s verdict on it), or that it is gone.
        package var explanation: String?
        package var text: String {
            drift.description + (explanation.map { "\n    " + $0 } ?? "")
        }
    }

    /// The comparison with the golden, when one was asked for.
    package enum Check {
        case matches(records: Int, golden: String)
        case differs(GoldenDiff, report: String)
        case matchesText(lines: Int)
        case differsFromText(report: String, firstDivergence: Int)
    }

    package var sessionPath: String
    package var sceneName: String
    package var inputCount: Int
    package var outcomeCount: Int
    package var durationMicros: Int64
    package var drifts: [DriftFinding]
    package var check: Check?
    /// Lines about what was written (`wrote ...`, `migrated ...`).
    package var written: [String] = []
    /// The model held to the device, for a session a capture recorded.
    package var device: DeviceComparison?
    /// Whether a disagreement with the device fails the replay (`replay --check`).
    package var holdsToDevice = false

    /// The report of `result`, the replay of `session` at `sessionPath`; drifts are explained
    /// by asking `why` of the scene just before each drifted touch.
    package init(sessionPath: String, session: Session, scene makeScene: @escaping () throws -> LoadedScene, sceneName: String, result: GoldenCheck) {
        self.sessionPath = sessionPath
        self.sceneName = sceneName
        inputCount = session.inputCount
        outcomeCount = result.recordCount
        durationMicros = session.duration
        drifts = result.replayer.drifts.map { drift in
            let explanation: String?
            if let answer = try? WhyAnswer.ask(
                scene: makeScene, session: session, at: max(0, drift.micros - 1), point: drift.location, view: drift.meant)
            {
                explanation = answer.target.map { "\(drift.meant) \($0.verdict.description)" }
            } else {
                explanation = "\(drift.meant) is no longer in the scene"
            }
            return DriftFinding(drift: drift, explanation: explanation)
        }
    }

    /// Records the comparison's outcome (nil: there was no golden).
    package mutating func record(_ outcome: GoldenCheck.Outcome, golden: URL, maximumGroups: Int, session: Session) -> Bool {
        switch outcome {
        case .matches(let records): check = .matches(records: records, golden: golden.lastPathComponent)
        case .differs(let diff): check = .differs(diff, report: diff.report(session: session, maximumGroups: maximumGroups))
        case .matchesText(let lines): check = .matchesText(lines: lines)
        case .differsFromText(let diff):
            check = .differsFromText(report: diff.report(session: session), firstDivergence: (diff.firstDivergence ?? 0) + 1)
        case .noGolden: return false
        }
        return true
    }

    /// Whether the check found a difference.
    package var failed: Bool {
        if holdsToDevice, device?.disagreements.isEmpty == false { return true }
        switch check {
        case .differs, .differsFromText: return true
        case .matches, .matchesText, nil: return false
        }
    }

    /// The text `replay` prints: a summary line, the drifts, the check and what was written.
    package var lines: [String] {
        var summary =
            "replayed \(TerminalText.line(sessionPath)) on \(sceneName): \(inputCount) input records, \(outcomeCount) outcomes over \(TraceEntry.seconds(durationMicros)) s"
        if !drifts.isEmpty { summary += "; \(drifts.count) touch\(drifts.count == 1 ? "" : "es") drifted" }
        var lines = [summary] + drifts.map { "drift: " + $0.text } + (device?.lines ?? [])
        switch check {
        case .matches(let records, let golden): lines.append("ok: \(records) outcomes match \(TerminalText.line(golden))")
        case .differs(_, let report): lines.append(report)
        case .matchesText(let count):
            lines.append(
                "ok: \(count) trace lines match the old text golden (migrate it: touchscope replay \(TerminalText.line(sessionPath)) --migrate)")
        case .differsFromText(let report, _): lines.append(report)
        case nil: break
        }
        return lines + written
    }

    /// The JSON `replay --json` prints (docs/replay-json.md).
    package var json: JSONValue {
        func number(_ value: Double) -> JSONValue { .number(value) }
        let drifts: [JSONValue] = self.drifts.map { finding in
            let drift = finding.drift
            return .object([
                ("t", number(Double(drift.micros) / 1_000_000)), ("finger", number(Double(drift.finger))),
                ("x", number(Double(drift.location.x))), ("y", number(Double(drift.location.y))),
                ("meant", .string(drift.meant)), ("now", drift.now.map(JSONValue.string) ?? JSONValue(.null)),
            ])
        }
        return .object([
            ("session", .string(sessionPath)), ("scene", .string(sceneName)), ("inputs", number(Double(inputCount))),
            ("outcomes", number(Double(outcomeCount))), ("duration", number(Double(durationMicros) / 1_000_000)),
            ("drifts", .array(drifts)), ("check", checkJSON), ("device", device?.json ?? JSONValue(.null)),
        ])
    }

    private var checkJSON: JSONValue {
        switch check {
        case .matches(let records, _): return .object([("ok", .bool(true)), ("records", .number(Double(records)))])
        case .differs(let diff, _):
            let groups: [JSONValue] = diff.groups.map { group in
                .object([("input", .number(Double(group.input))), ("changes", .array(group.changes.map(Self.changeJSON)))])
            }
            return .object([
                ("ok", .bool(false)), ("inputs", .number(Double(diff.groups.count))), ("records", .number(Double(diff.changeCount))),
                ("divergences", .array(groups)),
            ])
        case .matchesText(let lines): return .object([("ok", .bool(true)), ("textLines", .number(Double(lines)))])
        case .differsFromText(_, let line): return .object([("ok", .bool(false)), ("textDivergence", .number(Double(line)))])
        case nil: return JSONValue(.null)
        }
    }

    static func changeJSON(_ change: GoldenDiff.Change) -> JSONValue {
        switch change {
        case .missing(let record): .object([("change", .string("missing")), ("expected", record.json)])
        case .unexpected(let record): .object([("change", .string("unexpected")), ("actual", record.json)])
        case .changed(let expected, let actual): .object([("change", .string("changed")), ("expected", expected.json), ("actual", actual.json)])
        case .moved(let record): .object([("change", .string("moved")), ("expected", record.json), ("actual", record.json)])
        }
    }
}
