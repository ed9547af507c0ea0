import Foundation
import TouchKit

/// The default output of `touchscope check`: a line a session as it completes (in the set's
/// order), the divergences of a failing one grouped by input as `replay --check` prints them,
/// its drifts, and a summary line. Text from files (paths, ids, notes) goes through the terminal
/// sink.
public enum CheckLineReporter {
    /// The lines of one session's result.
    public static func lines(_ result: SessionCheckResult) -> [String] {
        let path = shown(result.path)
        var lines: [String]
        switch result.status {
        case .passed: lines = ["ok     \(path): \(result.message)"]
        case .failed: lines = ["FAIL   \(path): \(TerminalText.escape(result.message))"]
        case .error: lines = ["ERROR  \(path): \(TerminalText.escape(result.message))"]
        case .skipped: lines = ["skip   \(path): \(result.message)"]
        }
        let indent = "       "
        if let scene = result.scene { lines.append(indent + "scene: " + TerminalText.escape(scene)) }
        for warning in result.warnings { lines.append(indent + TerminalText.escape(warning)) }
        if result.status == .failed {
            lines += TerminalText.escape(result.report).split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        }
        for drift in result.drifts {
            lines += TerminalText.escape("drift: " + drift).split(separator: "\n").map { indent + $0 }
        }
        if let recorded = result.recorded { lines.append(indent + TerminalText.escape(recorded)) }
        if let eras = result.eras { lines += eraLines(eras).map { indent + $0 } }
        if let fixes = result.eraFixes {
            lines.append(
                indent
                    + (fixes.first.map {
                        "eras: a fix that holds in every era: " + TerminalText.line($0)
                            + (fixes.count > 1 ? " (and \(fixes.count - 1) more: replay --eras)" : "")
                    }
                        ?? "eras: no change TouchScope knows holds in every era"))
        }
        return lines
    }

    /// One line per pair of neighbouring eras: the same outcomes, or how many differ and where.
    public static func eraLines(_ steps: [EraComparison.Step]) -> [String] {
        steps.map { step in
            guard let input = step.firstInput else { return "eras \(step.from) -> \(step.to): the same outcomes" }
            let place = step.sessionLine.map { ", session line \($0)" } ?? ""
            let rules = step.decidingRules.isEmpty ? "" : "; at the decision: " + step.decidingRules.map(\.id).joined(separator: ", ")
            return
                "eras \(step.from) -> \(step.to): \(step.changeCount) outcome\(step.changeCount == 1 ? " differs" : "s differ") (first at input \(input)\(place)\(rules))"
        }
    }

    /// The lines after the sessions: paths that could not be searched, then the summary.
    public static func footer(_ run: CheckRun) -> [String] {
        run.problems.map { "ERROR  \(shown($0.path)): \(TerminalText.escape($0.message))" } + [run.summary]
    }

    /// A path on one line: control characters made visible, a newline in a file name too.
    public static func shown(_ path: String) -> String {
        TerminalText.escape(path).replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }
}
