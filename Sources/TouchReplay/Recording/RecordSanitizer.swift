import Foundation
import TouchKit

/// Turns whatever a driver hands the recorder into records the session loader accepts, so that
/// every file TouchScope writes, it can read (the loader's rules, applied before writing).
///
/// Input samples the loader would refuse are left out (a finger that moves or lifts without
/// being down, one that begins twice, non-finite or absurd coordinates, a second sample of one
/// finger in one event); an event with more touches than a record may hold is split into
/// several records at the same time; labels and notes are cut to `maximumLabelLength`. Each
/// change is listed in `adjustments`, so the user hears of it.
package struct RecordSanitizer {
    /// Longest marker label or note kept, in characters; TouchScope's choice (a line of a
    /// session file stays far below the loader's line limit).
    static let maximumLabelLength = 1_000
    /// Longest trace line kept in a session, in characters.
    static let maximumTraceLineLength = 16_000

    /// Fingers down, as the loader will track them.
    private var down: Set<Int> = []
    private(set) var adjustments: [String] = []

    /// The records to write for `record` (none, one, or an event split in several).
    mutating func lines(for record: SessionRecord) -> [SessionRecord] {
        switch record {
        case .input(let t, let samples):
            let accepted = acceptedSamples(samples, at: t)
            guard !accepted.isEmpty else { return [] }
            let limit = SessionParser.maximumTouches
            if accepted.count > limit {
                note(
                    "an event at \(TraceEntry.seconds(t)) s had \(accepted.count) touches; written as \((accepted.count + limit - 1) / limit) records of at most \(limit)"
                )
            }
            return stride(from: 0, to: accepted.count, by: limit).map { start in
                .input(micros: t, samples: Array(accepted[start..<min(start + limit, accepted.count)]))
            }
        case .marker(let t, let label):
            return [.marker(micros: t, label: Self.label(label))]
        case .note(let t, let text):
            return [.note(micros: t, text: Self.label(text))]
        case .trace(let line):
            return [.trace(line: line.count > Self.maximumTraceLineLength ? String(line.prefix(Self.maximumTraceLineLength)) + "…" : line)]
        case .hit(let t, let finger, let view):
            guard TouchSample.fingerIDs.contains(finger), !view.isEmpty else { return [] }
            return [.hit(micros: t, finger: finger, view: String(view.prefix(1_000)))]
        case .end:
            return [record]
        }
    }

    private mutating func acceptedSamples(_ samples: [TouchSample], at t: Int64) -> [TouchSample] {
        var accepted: [TouchSample] = []
        var inEvent: Set<Int> = []
        for var sample in samples {
            if let rejection = sample.rejection {
                note("left out finger \(sample.finger) \(sample.phase) at \(TraceEntry.seconds(t)) s: \(rejection)")
                continue
            }
            guard inEvent.insert(sample.finger).inserted else {
                note("left out a second sample of finger \(sample.finger) in one event at \(TraceEntry.seconds(t)) s")
                continue
            }
            if sample.majorRadius != nil && sample.usableRadius == nil {
                note("dropped the radius of finger \(sample.finger) at \(TraceEntry.seconds(t)) s: not from 0 to 1000 points")
            }
            sample.majorRadius = sample.usableRadius
            switch sample.phase {
            case .began:
                guard down.insert(sample.finger).inserted else {
                    note("left out finger \(sample.finger) began at \(TraceEntry.seconds(t)) s: it was already down")
                    continue
                }
            case .moved:
                guard down.contains(sample.finger) else {
                    note("left out finger \(sample.finger) moved at \(TraceEntry.seconds(t)) s: it was not down")
                    continue
                }
            case .ended, .cancelled:
                guard down.remove(sample.finger) != nil else {
                    note("left out finger \(sample.finger) \(sample.phase) at \(TraceEntry.seconds(t)) s: it was not down")
                    continue
                }
            case .stationary:
                continue
            }
            accepted.append(sample)
        }
        return accepted
    }

    private mutating func note(_ text: String) {
        if adjustments.count < 100 { adjustments.append(text) }
    }

    /// `text` cut to `maximumLabelLength` characters (with "…").
    package static func label(_ text: String) -> String {
        text.count > maximumLabelLength ? String(text.prefix(maximumLabelLength)) + "…" : text
    }
}
