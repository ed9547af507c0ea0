import Foundation
import TouchKit
import TouchSwiftUI

/// What `why` says about fixes: the proven ones, that none is needed, or why none were tried.
public enum FixReport {
    case found(FixGoal, [ProvenFix])
    case notNeeded(FixGoal)
    case notTried(String)

    /// The report as people read it.
    public var lines: [String] {
        switch self {
        case .notNeeded(let goal): return ["Fixes: none needed (\(goal.text) already)."]
        case .notTried(let reason): return ["Fixes: not tried: \(reason)."]
        case .found(let goal, let fixes):
            guard !fixes.isEmpty else {
                return ["Fixes: no change TouchScope tries makes \(goal.text); each candidate was re-run and none did."]
            }
            return ["Fixes (each applied to a copy of the scene and re-run; \(goal.text)):"]
                + fixes.map { fix in
                    "  \(fix.change)\n    → \(fix.result)" + (fix.eras.map { "\n    " + Self.erasLine($0) } ?? "")
                        + Self.restsLine(fix.rules).map { "\n    " + $0 }.joined()
                }
        }
    }

    /// The rules not documented by Apple that the fix's re-run rests on, with their provenance.
    static func restsLine(_ rules: [TouchRule]) -> [String] {
        let soft = rules.filter { $0.provenance != .documented }
        return soft.isEmpty ? [] : ["rests on: " + soft.map { "\($0.id) (\($0.provenance.rawValue))" }.joined(separator: ", ")]
    }

    /// `holds in every era`, or in which it holds and in which not (each re-run).
    static func erasLine(_ eras: [SwiftUIEra]) -> String {
        let all = EraComparison.eras
        if eras == all { return "eras: holds in every era (re-run in \(all.map(\.rawValue).joined(separator: ", ")))" }
        let missing = all.filter { !eras.contains($0) }
        return
            "eras: holds in \(eras.isEmpty ? "none" : eras.map(\.rawValue).joined(separator: ", ")); not in \(missing.map(\.rawValue).joined(separator: ", ")) (re-run in each)"
    }

    /// The report as `why --json` writes it (docs/why-json.md).
    public var json: JSONValue {
        switch self {
        case .notNeeded(let goal): .object([("goal", .string(goal.text)), ("needed", .bool(false)), ("proven", .array([]))])
        case .notTried(let reason): .object([("tried", .bool(false)), ("reason", .string(reason)), ("proven", .array([]))])
        case .found(let goal, let fixes):
            .object([
                ("goal", .string(goal.text)), ("needed", .bool(true)),
                (
                    "proven",
                    .array(
                        fixes.map { fix in
                            .object(
                                [("change", .string(fix.change)), ("result", .string(fix.result))]
                                    + [("eras", fix.eras.map { .array($0.map { .string($0.rawValue) }) } ?? JSONValue(.null))]
                                    + [
                                        (
                                            "rules",
                                            .array(
                                                fix.rules.map {
                                                    .object([("id", .string($0.id)), ("provenance", .string($0.provenance.rawValue))])
                                                })
                                        )
                                    ])
                        })
                ),
            ])
        }
    }
}
