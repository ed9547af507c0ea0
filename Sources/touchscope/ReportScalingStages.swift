import Foundation
import TouchBench
import TouchKit
import TouchReplay
import TouchScopeSDL

/// `bench --parse`'s stage of the HTML report: the marker summary of a marker followed by `n`
/// notes.
enum ReportScalingStages {
    static var all: [ParseBenchmark.Stage] { [markerSummary] }

    /// The report's "what each marker's gesture came to": one marker, then `n` distinct notes.
    static var markerSummary: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "report.markerSummary", unit: "notes", base: 20_000,
            limit: "\(SessionFormat.maximumRecordCount) records a session"
        ) { n in
            var entries = [TraceEntry(micros: 0, event: .marker("m"))]
            for i in 0..<n { entries.append(TraceEntry(micros: Int64(i), event: .note("note \(i)"))) }
            return (n, { _ = HTMLReport.markerSummaries(entries) })
        }
    }
}
