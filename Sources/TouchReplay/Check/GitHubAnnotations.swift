import Foundation
import TouchKit

/// A check as GitHub Actions workflow commands: an `::error` annotation on each session file that
/// differs or cannot be read (its title the verdict, its message the first divergence), and a
/// `::warning` for each one skipped for want of a golden.
///
/// Text from files goes through `WorkflowCommandText`, so a note cannot end a command.
public enum GitHubAnnotations {
    /// One line per annotation.
    public static func lines(_ run: CheckRun) -> [String] {
        var lines: [String] = []
        for result in run.results {
            switch result.status {
            case .passed: continue
            case .failed:
                let line = result.divergences.first?.sessionLine
                lines.append(
                    command(
                        "error", file: result.path, line: line, title: "touchscope check: the replay differs from the golden",
                        message: result.message + (result.drifts.isEmpty ? "" : "\n" + result.drifts.map { "drift: " + $0 }.joined(separator: "\n"))))
            case .error:
                lines.append(
                    command("error", file: result.path, line: nil, title: "touchscope check: cannot check this session", message: result.message))
            case .skipped:
                lines.append(command("warning", file: result.path, line: nil, title: "touchscope check: no golden", message: result.message))
            }
        }
        for problem in run.problems {
            lines.append(
                command("error", file: problem.path, line: nil, title: "touchscope check: cannot search this path", message: problem.message))
        }
        return lines
    }

    static func command(_ kind: String, file: String, line: Int?, title: String, message: String) -> String {
        var properties = ["file=" + WorkflowCommandText.path(file)]
        if let line { properties.append("line=\(line)") }
        properties.append("title=" + property(title))
        return "::\(kind) \(properties.joined(separator: ","))::\(data(message))"
    }

    static func data(_ text: String) -> String { WorkflowCommandText.message(text) }

    static func property(_ text: String) -> String { WorkflowCommandText.property(text) }
}
