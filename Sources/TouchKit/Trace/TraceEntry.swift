import Foundation

/// A trace event with the virtual time at which it happened.
///
/// Time is kept in whole microseconds so that text, JSON and comparisons are exact.
public struct TraceEntry: Hashable, Codable, Sendable {
    /// Virtual time in microseconds since the clock started.
    public var micros: Int64
    /// What happened.
    public var event: TraceEvent

    public init(micros: Int64, event: TraceEvent) {
        self.micros = micros
        self.event = event
    }

    /// Virtual time in seconds.
    public var time: TimeInterval { TimeInterval(micros) / 1_000_000 }

    /// Microseconds as seconds with six decimals, the way the trace's text form writes time.
    public static func seconds(_ micros: Int64) -> String {
        TraceFormat.seconds(micros)
    }

    /// Converts clock seconds to whole microseconds, rounding to nearest.
    public static func micros(from seconds: TimeInterval) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return Int64(saturating: (seconds * 1_000_000).rounded())
    }
}
