import Foundation

/// Everything the trace holds about one recognizer, in order: the touches it got and ignored,
/// its state changes with their causes, whom it waited for, its actions, its resets, and what it
/// did to the views' touches. `why SESSION --recognizer ID` prints it.
public struct RecognizerHistory {
    public let name: String
    /// Each event's time (µs) and its sentence.
    public private(set) var events: [(micros: Int64, text: String)] = []
    /// Which events are a move's `changed` state change or the actions that ran for it: a run of
    /// them is one line of `lines` (as `TouchFate` tells a run of `changed`).
    private var isChange: [Bool] = []
    private var isChangeAction: [Bool] = []

    public init(entries: some Sequence<TraceEntry>, recognizer name: String) {
        self.name = name
        var events: [(micros: Int64, text: String)] = []
        var isChange: [Bool] = []
        var isChangeAction: [Bool] = []
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
            guard let text else { continue }
            events.append((entry.micros, text))
            switch entry.event {
            case .gestureState(_, _, let to, _):
                isChange.append(to == .changed)
                isChangeAction.append(false)
            case .gestureAction(_, let state, _):
                isChange.append(false)
                isChangeAction.append(state == .changed)
            default:
                isChange.append(false)
                isChangeAction.append(false)
            }
        }
        self.events = events
        self.isChange = isChange
        self.isChangeAction = isChangeAction
    }

    /// The answer as text, a line each; a run of three or more `changed` (with the actions that
    /// ran for them) is one line: `1.740000 s to 1.900000 s  changed 9 times as the fingers moved`.
    public var lines: [String] {
        guard !events.isEmpty else { return ["\(name): the session's trace never mentions it (it saw no touch)"] }
        var lines = ["\(name):"]
        var index = 0
        while index < events.count {
            guard isChange[index] else {
                lines.append("  \(TraceEntry.seconds(events[index].micros)) s  \(events[index].text)")
                index += 1
                continue
            }
            var end = index
            var changes = 0
            var last = index
            while end < events.count, isChange[end] || isChangeAction[end] {
                if isChange[end] {
                    changes += 1
                    last = end
                }
                end += 1
            }
            if changes < 3 {
                lines += events[index..<end].map { "  \(TraceEntry.seconds($0.micros)) s  \($0.text)" }
            } else {
                lines.append(
                    "  \(TraceEntry.seconds(events[index].micros)) s to \(TraceEntry.seconds(events[last].micros)) s  changed \(changes) times as the fingers moved (actions ran each time)"
                )
            }
            index = end
        }
        return lines
    }
}
