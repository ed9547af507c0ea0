import Foundation
import TouchKit
import TouchReplay

/// What `why` says about fixes: the proven ones, that none is needed, or why none were tried.
enum FixReport {
    case found(FixGoal, [ProvenFix])
    case notNeeded(FixGoal)
    case notTried(String)

    var lines: [String] {
        switch self {
        case .notNeeded(let goal): return ["Fixes: none needed (\(goal.text) already)."]
        case .notTried(let reason): return ["Fixes: not tried: \(reason)."]
        case .found(let goal, let fixes):
            guard !fixes.isEmpty else {
                return ["Fixes: no change TouchScope tries makes \(goal.text); each candidate was re-run and none did."]
            }
            return ["Fixes (each applied to a copy of the scene and re-run; \(goal.text)):"]
                + fixes.map { "  \($0.change)\n    → \($0.result)" }
        }
    }

    var json: JSONValue {
        switch self {
        case .notNeeded(let goal): .object([("goal", .string(goal.text)), ("needed", .bool(false)), ("proven", .array([]))])
        case .notTried(let reason): .object([("tried", .bool(false)), ("reason", .string(reason)), ("proven", .array([]))])
        case .found(let goal, let fixes):
            .object([
                ("goal", .string(goal.text)), ("needed", .bool(true)),
                ("proven", .array(fixes.map { .object([("change", .string($0.change)), ("result", .string($0.result))]) })),
            ])
        }
    }
}
