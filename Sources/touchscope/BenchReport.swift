import Foundation
import TouchBench
import TouchKit
import TouchScenes
import TouchScopeSDL

/// Formats benchmark results as text lines or as JSON lines with the reference script's keys.
enum BenchReport {
    static func rate(_ value: Double) -> String {
        value >= 1e6 ? String(format: "%.2fM", value / 1e6) : String(format: "%.0fk", value / 1e3)
    }

    static func textLine(_ r: DispatchBenchmark.Result) -> String {
        let runs = r.eventsPerSecondRuns.map(rate).joined(separator: " ")
        let check = r.checksumProblem == nil ? "ok" : "MISMATCH"
        return "dispatch.\(r.shape.rawValue)\(r.views) trace \(r.traced ? "on " : "off") \(rate(r.eventsPerSecondMedian)) events/s "
            + "(runs \(runs))  latency p50 \(Int(saturating: r.latencyP50Nanoseconds)) ns p99 \(Int(saturating: r.latencyP99Nanoseconds)) ns  "
            + "checksum \(r.checksum) \(check)"
    }

    /// One dispatch line: every shape's line has these keys, in this order, with null where a
    /// shape has no such figure (the SwiftUI shape has no reference checksum and measures no
    /// per-event latency; only it counts rows and ended gestures).
    private struct DispatchLine {
        var shape: String
        var views: Int
        var rows: Int?
        var events: Int
        var sequences: Int
        var delivered: Int64?
        var runs: [Double]
        var median: Double
        var traced: Bool
        var checksum: Int64?
        var downChecksum: Int64?
        var checksumOK: Bool?
        var latencyP50: Double?
        var latencyP99: Double?
        var gridRate: Double?
        var ended: Int?

        var json: String {
            func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? JSONValue(.null) }
            func count<T: BinaryInteger>(_ value: T?) -> JSONValue { value.map { .number(Double($0)) } ?? JSONValue(.null) }
            return JSONWriter.compact(
                .object([
                    ("shape", .string(shape)), ("views", .number(Double(views))), ("rows", count(rows)), ("events", .number(Double(events))),
                    ("events_per_sec_median", .number((median * 10).rounded() / 10)), ("checksum", count(checksum)),
                    ("down_checksum", count(downChecksum)), ("delivered", count(delivered)), ("sequences", .number(Double(sequences))),
                    ("runs", .number(Double(runs.count))), ("events_per_sec_runs", .array(runs.map { .number(($0 * 10).rounded() / 10) })),
                    ("mode", .string("dispatch")), ("peer", .string("touchscope")), ("trace", .string(traced ? "on" : "off")),
                    ("latency_p50_ns", number(latencyP50)), ("latency_p99_ns", number(latencyP99)),
                    ("checksum_ok", checksumOK.map { .bool($0) } ?? JSONValue(.null)),
                    // Measured with the trace off only against grid's rate with the trace off.
                    ("ratio_to_grid", gridRate.map { .number(rounded(median / max($0, 1), 3)) } ?? JSONValue(.null)),
                    ("ended", count(ended)),
                ]))
        }
    }

    static func jsonLine(_ r: DispatchBenchmark.Result, gridRate: Double?) -> String {
        DispatchLine(
            shape: r.shape.rawValue, views: r.views, rows: nil, events: r.events, sequences: r.sequences, delivered: r.delivered,
            runs: r.eventsPerSecondRuns, median: r.eventsPerSecondMedian, traced: r.traced, checksum: r.checksum,
            downChecksum: r.downChecksum, checksumOK: r.checksumProblem == nil, latencyP50: r.latencyP50Nanoseconds,
            latencyP99: r.latencyP99Nanoseconds, gridRate: r.traced ? nil : gridRate, ended: nil
        ).json
    }

    static func textLine(_ r: ReplayBenchmark.Result) -> String {
        String(
            format: "replay.hour120hz %d records (%.1f MB): load %.2f s + replay %.2f s = %.2f s, %d trace entries, peak %.0f MB",
            r.records, Double(r.fileBytes) / 1e6, r.loadSeconds, r.replaySeconds, r.totalSeconds, r.traceEntries,
            Double(r.peakResidentBytes) / 1e6) + peakNote(r.peakSinceStart)
    }

    /// Said after a peak that counts from the process's start (its reset failed).
    static func peakNote(_ reason: String?) -> String {
        reason.map { " (since the process started: \($0))" } ?? ""
    }

    static func jsonLine(_ r: ReplayBenchmark.Result) -> String {
        JSONWriter.compact(
            .object([
                ("measure", .string("replay")), ("records", .number(Double(r.records))), ("seconds", .number(rounded(r.totalSeconds, 3))),
                ("peak_mb", .number(rounded(Double(r.peakResidentBytes) / 1e6, 1))), ("load_seconds", .number(rounded(r.loadSeconds, 3))),
                ("replay_seconds", .number(rounded(r.replaySeconds, 3))), ("file_bytes", .number(Double(r.fileBytes))),
                ("trace_entries", .number(Double(r.traceEntries))),
            ]))
    }

    static func textLine(_ r: WhyBenchmark.Result) -> String {
        String(
            format: "%@ %d questions: max %.3f s, mean %.3f s (%d fix candidates re-run, %d proven)", r.name, r.questions, r.maximumSeconds,
            r.questions == 0 ? 0 : r.totalSeconds / Double(r.questions), r.fixesTried, r.fixesProven)
    }

    static func jsonLine(_ r: WhyBenchmark.Result) -> String {
        JSONWriter.compact(
            .object([
                ("measure", .string(r.name)), ("questions", .number(Double(r.questions))), ("max_seconds", .number(rounded(r.maximumSeconds, 4))),
                ("mean_seconds", .number(r.questions == 0 ? 0 : rounded(r.totalSeconds / Double(r.questions), 4))),
                ("candidates", .number(Double(r.fixesTried))), ("proven", .number(Double(r.fixesProven))),
            ]))
    }

    static func textLine(_ r: SwiftUIDispatchBenchmark.Result, gridRate: Double?) -> String {
        let ratio = gridRate.map { String(format: " (%.2f of grid's)", r.eventsPerSecond / max($0, 1)) } ?? ""
        return String(
            format: "dispatch.swiftui%d trace off %@ events/s%@, %d taps and drags ended", r.rows, rate(r.eventsPerSecond), ratio, r.ended)
    }

    static func jsonLine(_ r: SwiftUIDispatchBenchmark.Result, gridRate: Double?) -> String {
        DispatchLine(
            shape: "swiftui", views: r.views, rows: r.rows, events: r.events, sequences: r.sequences, delivered: nil, runs: r.eventsPerSecondRuns,
            median: r.eventsPerSecond, traced: false, checksum: nil, downChecksum: nil, checksumOK: nil, latencyP50: nil, latencyP99: nil,
            gridRate: gridRate, ended: r.ended
        ).json
    }

    static func textLine(_ r: CheckBenchmark.Result) -> String {
        String(
            format: "%@ -j %d: %d sessions in %.2f s, %.0f sessions/s%@", r.name, r.jobs, r.sessions, r.seconds, r.sessionsPerSecond,
            r.jobs > 1 ? String(format: " (speed-up %.2fx over -j 1)", r.speedUp) : "")
    }

    static func jsonLine(_ r: CheckBenchmark.Result) -> String {
        JSONWriter.compact(
            .object([
                ("measure", .string(r.name)), ("jobs", .number(Double(r.jobs))), ("sessions", .number(Double(r.sessions))),
                ("seconds", .number(rounded(r.seconds, 4))), ("sessions_per_second", .number(rounded(r.sessionsPerSecond, 1))),
                ("speed_up", .number(rounded(r.speedUp, 3))), ("not_passed", .number(Double(r.notPassed))),
            ]))
    }

    static func textLine(_ r: SeekBenchmark.Result) -> String {
        String(
            format: "seek.hour120hz %d seeks: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d checkpoints kept in %.2f s), peak %.0f MB",
            r.seeks, r.p50Milliseconds, r.p99Milliseconds, r.maximumMilliseconds, r.checkpoints, r.prepareSeconds,
            Double(r.peakResidentBytes) / 1e6) + peakNote(r.peakSinceStart)
            + (r.fallbackReason.map { "; seeks replayed from the start: \($0)" } ?? "")
    }

    static func jsonLine(_ r: SeekBenchmark.Result) -> String {
        JSONWriter.compact(
            .object([
                ("measure", .string("seek")), ("seeks", .number(Double(r.seeks))), ("p50_ms", .number(rounded(r.p50Milliseconds, 3))),
                ("p99_ms", .number(rounded(r.p99Milliseconds, 3))), ("peak_mb", .number(rounded(Double(r.peakResidentBytes) / 1e6, 1))),
                ("max_ms", .number(rounded(r.maximumMilliseconds, 3))), ("checkpoints", .number(Double(r.checkpoints))),
                ("prepare_seconds", .number(rounded(r.prepareSeconds, 3))),
                ("fallback", r.fallbackReason.map(JSONValue.string) ?? JSONValue(.null)),
            ]))
    }

    /// `value` to `places` decimals, for JSON a person reads too.
    static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    static func textLine(_ r: FrameBenchmark.Result) -> String {
        String(
            format: "frame.overlays%d %d frames: median %.2f ms, p99 %.2f ms (software renderer), peak %.0f MB",
            r.views, r.frames, r.medianMilliseconds, r.p99Milliseconds, Double(r.peakResidentBytes) / 1e6)
    }

    static func jsonLine(_ r: FrameBenchmark.Result) -> String {
        JSONWriter.compact(
            .object([
                ("shape", .string("frame.overlays")), ("views", .number(Double(r.views))), ("frames", .number(Double(r.frames))),
                ("median_ms", .number(r.medianMilliseconds)), ("p99_ms", .number(r.p99Milliseconds)),
                ("peak_resident_bytes", .number(Double(r.peakResidentBytes))),
            ]))
    }

    static func textLine(_ r: ParseBenchmark.Result) -> String {
        let memory = r.memoryRatio.map { String(format: ", memory %.1fx", $0) } ?? ""
        return String(
            format: "scale.%@ %d -> %d %@: %.4f s -> %.4f s (10x the input took %.1fx as long%@); limit: %@", r.reader, r.smallBytes,
            r.largeBytes, r.unit, r.smallSeconds, r.largeSeconds, r.ratio, memory, r.limit)
    }

    static func jsonLine(_ r: ParseBenchmark.Result) -> String {
        func number(_ value: Double) -> JSONValue { .number(value) }
        func hundredths(_ value: Double) -> JSONValue { .number((value * 100).rounded() / 100) }
        let memoryRatio: JSONValue = r.memoryRatio.map(hundredths) ?? JSONValue(.null)
        let fields: [(String, JSONValue)] = [
            ("measure", .string("scale")), ("stage", .string(r.reader)), ("unit", .string(r.unit)),
            ("small", number(Double(r.smallBytes))), ("large", number(Double(r.largeBytes))),
            ("small_seconds", number(r.smallSeconds)), ("large_seconds", number(r.largeSeconds)), ("ratio", hundredths(r.ratio)),
            ("small_memory_bytes", number(Double(r.smallMemory))), ("large_memory_bytes", number(Double(r.largeMemory))),
            ("memory_ratio", memoryRatio), ("limit", .string(r.limit)),
        ]
        return JSONWriter.compact(.object(fields))
    }
}
