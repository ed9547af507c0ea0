import Foundation
import TouchKit

/// A check as GitHub Actions workflow commands: an `::error` annotation on each session file that
/// differs or cannot be read (its title the verdict, its message the first divergence), and a
/// `::warning` for each one skipped for want of a golden.
///
/// GitHub's rules for the command format: in a property (`file=`, `title=`) `%`, `\r`, `\n`, `:`
/// and `,` are written `%25`, `%0D`, `%0A`, `%3A`, `%2C`; in the message `%`, `\r` and `\n`.
/// Every other control character is made visible first, so a note cannot end the command.
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
        var properties = ["file=" + property(file)]
        if let line { properties.append("line=\(line)") }
        properties.append("title=" + property(title))
        return "::\(kind) \(properties.joined(separator: ","))::\(data(message))"
    }

    static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where InvisibleScalars.contains(scalar) && scalar != "\t": out += InvisibleScalars.visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
