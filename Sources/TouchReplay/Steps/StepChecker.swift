import Foundation
import TouchKit

/// Checks a simulated session step by step, as a generated test does: after each step it reads
/// the outcomes the trace gained since the step before and compares them with the expected
/// ones, and says what differs naming the step:
///
///     after 'tap the custom checkbox': expected UIButton#checkbox touchUpInside, got touchCancel
///
/// `check` returns that message (nil when the step holds), so the test reports it with its own
/// framework (`Issue.record` or `XCTFail`) and goes on to the next step.
public final class StepChecker {
    public let trace: Trace
    public let selection: StepOutcome.Selection
    private var position = 0

    /// Checks the steps of `trace` on the outcomes `selection` keeps.
    public init(_ trace: Trace, asserting selection: StepOutcome.Selection = .default) {
        self.trace = trace
        self.selection = selection
        position = trace.entries.count
    }

    /// The outcomes since the last step.
    public func outcomesSinceLastStep() -> [StepOutcome] {
        let entries = trace.entries
        let start = min(position, entries.count)
        position = entries.count
        return StepOutcome.outcomes(in: entries[start...], selection: selection)
    }

    /// Compares the outcomes since the last step with `expected`; nil when they are the same,
    /// else what differs, naming `step`.
    public func check(_ step: String, _ expected: [StepOutcome]) -> String? {
        let actual = outcomesSinceLastStep()
        guard actual != expected else { return nil }
        return "after '\(step)': " + Self.differences(expected: expected, actual: actual).joined(separator: "; ")
    }

    /// What differs, in order: `expected X, got Y` for a changed outcome (same kind; the subject
    /// once when it is the same), `expected X, got nothing` and `got X, not expected`.
    public static func differences(expected: [StepOutcome], actual: [StepOutcome]) -> [String] {
        let n = expected.count
        let m = actual.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = expected[i] == actual[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var missing: [StepOutcome] = []
        var extra: [StepOutcome] = []
        var lines: [String] = []
        func flush() {
            var unmatched = extra
            for outcome in missing {
                if let index = unmatched.firstIndex(where: { $0.kind == outcome.kind && $0.subject == outcome.subject })
                    ?? unmatched.firstIndex(where: { $0.kind == outcome.kind })
                {
                    let other = unmatched.remove(at: index)
                    let got = other.subject == outcome.subject && !other.detail.isEmpty ? other.detail : other.description
                    lines.append("expected \(outcome), got \(got)")
                } else {
                    lines.append("expected \(outcome), got nothing")
                }
            }
            for outcome in unmatched { lines.append("got \(outcome), not expected") }
            missing.removeAll()
            extra.removeAll()
        }
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n && j < m && expected[i] == actual[j] {
                flush()
                i += 1
                j += 1
            } else if j < m && (i == n || lengths[i][j + 1] >= lengths[i + 1][j]) {
                extra.append(actual[j])
                j += 1
            } else {
                missing.append(expected[i])
                i += 1
            }
        }
        flush()
        return lines
    }
}
