import Foundation
import TouchKit

/// A check as a JUnit XML report: what Jenkins' JUnit schema (`junit-10.xsd`) requires and what
/// Playwright writes.
///
/// `testsuites` carries `tests failures errors skipped time`; a `testsuite` per folder carries
/// `name tests failures errors skipped time timestamp hostname`; a `testcase` per session carries
/// `name` (the session's path), `classname` (its folder) and `time`. A session that differs has a
/// `failure` whose `message` is the first divergence and whose body is the whole divergence
/// report; one that cannot be read has an `error`; one with no golden is `skipped`; drifts,
/// warnings and what was recorded go to the test case's `system-out`. Every text from a file is
/// XML-escaped (`MarkupText.xml`: entities, and every control character made visible), so the
/// report is valid UTF-8 XML 1.0 whatever ids and notes hold.
public enum JUnitReport {
    /// The report's XML.
    public static func xml(_ run: CheckRun) -> String {
        var suites: [(folder: String, results: [SessionCheckResult])] = []
        var index: [String: Int] = [:]
        for result in run.results {
            if let at = index[result.folder] {
                suites[at].results.append(result)
            } else {
                index[result.folder] = suites.count
                suites.append((result.folder, [result]))
            }
        }
        // A path that could not be searched is an error too: a suite of its own.
        let problemCases = run.problems.map { problem in
            var result = SessionCheckResult(path: problem.path, status: .error, message: problem.message)
            result.seconds = 0
            return result
        }
        if !problemCases.isEmpty { suites.append(("(inputs)", problemCases)) }
        let all = suites.flatMap(\.results)
        func count(_ results: [SessionCheckResult], _ status: SessionCheckResult.Status) -> Int {
            results.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append(
            "<testsuites name=\"touchscope check\" tests=\"\(all.count)\" failures=\"\(count(all, .failed))\" errors=\"\(count(all, .error))\" skipped=\"\(count(all, .skipped))\" time=\"\(time(run.seconds))\">"
        )
        for suite in suites {
            let results = suite.results
            let seconds = results.reduce(0) { $0 + $1.seconds }
            lines.append(
                "  <testsuite name=\"\(escape(suite.folder))\" tests=\"\(results.count)\" failures=\"\(count(results, .failed))\" errors=\"\(count(results, .error))\" skipped=\"\(count(results, .skipped))\" time=\"\(time(seconds))\" timestamp=\"\(escape(run.timestamp))\" hostname=\"\(escape(run.hostname))\">"
            )
            for result in results { lines.append(contentsOf: testcase(result)) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func testcase(_ result: SessionCheckResult) -> [String] {
        var lines = [
            "    <testcase name=\"\(escape(result.path))\" classname=\"\(escape(result.folder))\" time=\"\(time(result.seconds))\">"
        ]
        switch result.status {
        case .passed: break
        case .failed:
            lines.append(
                "      <failure message=\"\(escape(oneLine(result.message)))\" type=\"\(result.device?.disagreements.isEmpty == false ? "DeviceDisagreement" : "GoldenMismatch")\">\(escape(result.report))</failure>"
            )
        case .error:
            lines.append("      <error message=\"\(escape(oneLine(result.message)))\" type=\"UnreadableInput\">\(escape(result.message))</error>")
        case .skipped:
            lines.append("      <skipped message=\"\(escape(oneLine(result.message)))\"/>")
        }
        let out =
            (result.scene.map { ["scene: " + $0] } ?? []) + result.warnings + result.drifts.map { "drift: " + $0 }
            + (result.recorded.map { [$0] } ?? []) + (result.eras.map(CheckLineReporter.eraLines) ?? [])
        if !out.isEmpty { lines.append("      <system-out>\(escape(out.joined(separator: "\n")))</system-out>") }
        lines.append("    </testcase>")
        return lines
    }

    /// Seconds as the schema's `SUREFIRE_TIME` pattern takes them: `0.125`.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "0" }
        return String(format: "%.3f", seconds)
    }

    static func escape(_ text: String) -> String { MarkupText.xml(text) }

    /// A message attribute holds one line: newlines become spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? " " : $0 }.prefix(1_000))
    }
}
