import Foundation
import TouchKit

/// A check as one JSON document (`--reporter json`, documented in docs/check-json.md).
public enum CheckJSON {
    /// The document; its `format` and `version` let a reader refuse what it does not know.
    public static func document(_ run: CheckRun) -> JSONValue {
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
        let sessions: [JSONValue] = run.results.map { result in
            var members: [(String, JSONValue)] = [
                ("path", .string(result.path)), ("folder", .string(result.folder)), ("status", .string(result.status.rawValue)),
                ("message", .string(result.message)), ("time", .number((result.seconds * 1000).rounded() / 1000)),
                ("inputs", number(result.inputs)), ("outcomes", number(result.outcomes)),
            ]
            let divergences: [JSONValue] = result.divergences.map { divergence in
                .object([
                    ("input", number(divergence.input)), ("sessionLine", divergence.sessionLine.map(number) ?? JSONValue(.null)),
                    ("t", .number(Double(divergence.micros) / 1_000_000)), ("changes", strings(divergence.changes)),
                    ("expected", strings(divergence.expected)), ("actual", strings(divergence.actual)),
                ])
            }
            members.append(("divergences", .array(divergences)))
            members.append(("report", result.report.isEmpty ? JSONValue(.null) : .string(result.report)))
            members.append(("drifts", strings(result.drifts)))
            members.append(("warnings", strings(result.warnings)))
            members.append(
                (
                    "scene",
                    result.scene.map {
                        .object([
                            ("note", .string($0)), ("changed", .bool(result.sceneChanged)),
                            ("outcomesDiffer", number(result.sceneOutcomesDiffer)),
                        ])
                    } ?? JSONValue(.null)
                ))
            members.append(("recorded", result.recorded.map(JSONValue.string) ?? JSONValue(.null)))
            members.append(("device", result.device?.json ?? JSONValue(.null)))
            let eras: [JSONValue]? = result.eras?.map { step in
                .object([
                    ("from", .string(step.from.rawValue)), ("to", .string(step.to.rawValue)), ("differ", number(step.changeCount)),
                    ("firstInput", step.firstInput.map(number) ?? JSONValue(.null)),
                    ("sessionLine", step.sessionLine.map(number) ?? JSONValue(.null)),
                    ("rules", .array(step.decidingRules.map { .string($0.id) })),
                ])
            }
            members.append(("eras", eras.map(JSONValue.array) ?? JSONValue(.null)))
            members.append(("eraFixes", result.eraFixes.map { .array($0.map(JSONValue.string)) } ?? JSONValue(.null)))
            return .object(members)
        }
        let problems: [JSONValue] = run.problems.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) }
        return .object([
            ("format", .string("touchscope.check")), ("version", number(1)),
            (
                "summary",
                .object([
                    ("sessions", number(run.results.count + run.notRun)), ("passed", number(run.passed)), ("failed", number(run.failed)),
                    ("errors", number(run.errors)), ("skipped", number(run.skipped)), ("notRun", number(run.notRun)),
                    ("recorded", number(run.recorded)), ("exitStatus", number(Int(run.exitStatus))),
                    ("time", .number((run.seconds * 1000).rounded() / 1000)),
                ])
            ),
            ("shard", run.shard.map { .string($0.description) } ?? JSONValue(.null)), ("jobs", number(run.jobs)),
            ("record", .string(run.record.rawValue)), ("timestamp", .string(run.timestamp)), ("sessions", .array(sessions)),
            ("problems", .array(problems)), ("checkedNothing", .bool(run.checkedNothing)),
        ])
    }
}
