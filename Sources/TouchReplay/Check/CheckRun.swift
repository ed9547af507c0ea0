import Foundation
import TouchKit

/// A whole check as a value: what was asked, each session's result, and the totals every
/// reporter agrees on.
public struct CheckRun: Sendable {
    public var results: [SessionCheckResult]
    /// Paths given that could not be searched (each counts as an error).
    public var problems: [CheckSet.Problem]
    /// Sessions the failure limit kept from starting.
    public var notRun: Int
    public var shard: CheckShard?
    public var jobs: Int
    public var record: RecordMode
    /// Wall-clock seconds of the whole check.
    public var seconds: Double
    /// When the check began, ISO 8601 (`2026-11-24T20:15:03`, as JUnit's `timestamp`).
    public var timestamp: String
    public var hostname: String

    public init(
        results: [SessionCheckResult], problems: [CheckSet.Problem] = [], notRun: Int = 0, shard: CheckShard? = nil, jobs: Int = 1,
        record: RecordMode = .never, seconds: Double = 0, timestamp: String = CheckRun.timestamp(Date()),
        hostname: String = ProcessInfo.processInfo.hostName
    ) {
        self.results = results
        self.problems = problems
        self.notRun = notRun
        self.shard = shard
        self.jobs = jobs
        self.record = record
        self.seconds = seconds
        self.timestamp = timestamp
        self.hostname = hostname
    }

    public func count(_ status: SessionCheckResult.Status) -> Int { results.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }
    public var passed: Int { count(.passed) }
    public var failed: Int { count(.failed) }
    /// Sessions that could not be read, and paths that could not be searched.
    public var errors: Int { count(.error) + problems.count }
    public var skipped: Int { count(.skipped) }
    /// Goldens written.
    public var recorded: Int { results.reduce(0) { $0 + ($1.recorded == nil ? 0 : 1) } }

    /// Sessions compared with a golden, or whose golden was written.
    public var checked: Int { results.reduce(0) { $0 + ($1.status == .passed || $1.status == .failed || $1.recorded != nil ? 1 : 0) } }

    /// Whether the run compared nothing at all (no session, or none with a golden): an error,
    /// never a pass.
    public var checkedNothing: Bool { checked == 0 && notRun == 0 }

    /// The exit status: 2 when an input cannot be read or nothing was checked, else 1 when a
    /// session differs or (under `failed` and `all`) a golden was written, else 0.
    public var exitStatus: Int32 {
        if errors > 0 || checkedNothing { return 2 }
        if failed > 0 || (record.recordingFails && recorded > 0) { return 1 }
        return 0
    }

    /// The summary line: `12 sessions: 10 passed, 1 failed, 1 error, 2 skipped (shard 1/3, 2 jobs, 0.41 s)`.
    public var summary: String {
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        let noGolden = results.reduce(0) { $0 + ($1.status == .skipped && $1.message.hasPrefix("no golden") ? 1 : 0) }
        let stopped = results.reduce(0) { $0 + ($1.status == .skipped && $1.message.hasPrefix("not run: ") ? 1 : 0) }
        if skipped > 0 {
            var kinds: [String] = []
            if noGolden > 0 { kinds.append("\(noGolden) no golden") }
            if skipped - noGolden - stopped > 0 { kinds.append("\(skipped - noGolden - stopped) not a regular file") }
            if stopped > 0 { kinds.append("\(stopped) not run: stopped by a signal") }
            parts.append(
                kinds == ["\(skipped) no golden"] ? "\(skipped) skipped (no golden)" : "\(skipped) skipped (\(kinds.joined(separator: ", ")))")
        }
        if notRun > 0 { parts.append("\(notRun) not run (stopped after \(failed + errors) failures)") }
        if recorded > 0 {
            parts.append("\(recorded) golden\(recorded == 1 ? "" : "s") recorded (--record \(record))")
        }
        var context: [String] = []
        if let shard { context.append("shard \(shard)") }
        context.append("\(jobs) job\(jobs == 1 ? "" : "s")")
        context.append(String(format: "%.2f s", seconds))
        let total = results.count + notRun
        let nothing = checkedNothing ? "; nothing was checked, which is an error (no session with a golden under the paths given)" : ""
        return "\(total) session\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ") + " (" + context.joined(separator: ", ") + ")"
            + nothing
    }

    /// `2026-11-24T20:15:03` in UTC.
    public static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }
}
