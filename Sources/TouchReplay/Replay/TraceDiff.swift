import Foundation
import TouchKit

/// Where a replayed trace first departs from the expected one, with context on each side and
/// the input that led to it.
public struct TraceDiff: Equatable, Sendable {
    public let expected: [String]
    public let actual: [String]
    /// Index of the first entry that differs (or where one trace ends early); nil when equal.
    public let firstDivergence: Int?

    public init(expected: [String], actual: [String]) {
        self.expected = expected
        self.actual = actual
        let common = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        if let common {
            firstDivergence = common
        } else if expected.count != actual.count {
            firstDivergence = min(expected.count, actual.count)
        } else {
            firstDivergence = nil
        }
    }

    public var isEqual: Bool { firstDivergence == nil }

    /// The report printed on a mismatch: the first divergence with `context` entries before and
    /// after in each trace, and, when a session is given, the input record that led to it.
    public func report(context: Int = 3, session: Session? = nil) -> String {
        guard let index = firstDivergence else { return "traces are identical (\(actual.count) entries)" }
        var lines = ["trace differs at entry \(index + 1) (expected \(expected.count) entries, got \(actual.count)):"]
        func excerpt(_ title: String, _ entries: [String]) {
            lines.append("  \(title):")
            let low = max(0, index - context)
            let high = min(entries.count, index + context + 1)
            if low >= high {
                lines.append("    (no entries here)")
            }
            for i in low..<high {
                lines.append((i == index ? "  > " : "    ") + entries[i])
            }
            if index >= entries.count { lines.append("  > (the trace ends here)") }
        }
        excerpt("expected", expected)
        excerpt("actual", actual)
        if let session, let record = Self.inputRecord(leadingTo: index, in: actual.isEmpty ? expected : actual, session: session) {
            lines.append("  input that led to it (session line \(record.line)): \(record.text)")
        }
        return lines.joined(separator: "\n")
    }

    /// The last input record at or before the time of entry `index` (line numbers count the header as 1).
    static func inputRecord(leadingTo index: Int, in trace: [String], session: Session) -> (line: Int, text: String)? {
        let entry = trace[min(index, max(0, trace.count - 1))]
        guard let seconds = entry.split(separator: " ").first.flatMap({ Double($0) }) else { return nil }
        let micros = Int64(saturating: (seconds * 1_000_000).rounded())
        var found: (Int, String)?
        for (offset, record) in session.records.enumerated() {
            guard case .input(let t, _) = record else { continue }
            if t > micros { break }
            found = (session.fileLine(ofRecord: offset), SessionFormat.line(for: record))
        }
        return found
    }
}
