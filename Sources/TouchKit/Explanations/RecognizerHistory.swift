import Foundation

/// Everything the trace holds about one recognizer, in order: the touches it got and ignored,
/// its state changes with their causes, whom it waited for, its actions, its resets, and what it
/// did to the views' touches. `why SESSION --recognizer ID` prints it.
public struct RecognizerHistory {
    public let name: String
    /// Each event's time (µs) and its sentence.
    public private(set) var events: [(micros: Int64, text: String)] = []

    public init(entries: some Sequence<TraceEntry>, recognizer name: String) {
        self.name = name
        var events: [(micros: Int64, text: String)] = []
        for entry in entries {
            let text: String?
            switch entry.event {
            case .gestureBound(let r, let finger) where r == name: text = "got finger \(finger)'s touch"
            case .gestureIgnored(let r, let finger, let reason) where r == name: text = "stopped receiving finger \(finger): \(reason)"
            case .gestureState(let r, let from, let to, let cause) where r == name: text = "\(from) -> \(to): \(cause)"
            case .gestureWaiting(let r, let other) where r == name: text = "waits for \(other) to fail (require(toFail:))"
            case .gestureIllegalTransition(let r, let from, let to) where r == name: text = "illegal transition \(from) -> \(to) refused"
            case .gestureAction(let r, let state, let targets) where r == name:
                text = "actions ran for \(state) (\(targets) target\(targets == 1 ? "" : "s"))"
            case .gestureReset(let r) where r == name: text = "reset to possible"
            case .touchDelayed(let finger, let method, let by) where by == name: text = "held back finger \(finger)'s \(method)"
            case .touchCancelledInView(let finger, let view, .recognizer(let by)) where by == name:
                text = "took finger \(finger)'s touch from \(view) (cancelsTouchesInView)"
            default: text = nil
            }
            if let text { events.append((entry.micros, text)) }
        }
        self.events = events
    }

    /// The answer as text, a line each.
    public var lines: [String] {
        guard !events.isEmpty else { return ["\(name): the session's trace never mentions it (it saw no touch)"] }
        return ["\(name):"] + events.map { "  \(TraceEntry.seconds($0.micros)) s  \($0.text)" }
    }
}
