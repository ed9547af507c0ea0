import Foundation
import TouchKit

/// What a session's trace says of one SwiftUI gesture (`why --gesture G` on a session): its
/// phases, and the touch a fix for it is judged on.
enum SwiftUIGestureHistory {
    /// Each phase the gesture went through, at its time, with its value, the reason of a failure
    /// and the era whose rules decided; empty when it never took part.
    static func lines(_ gesture: String, in entries: TraceEntries) -> [String] {
        var lines: [String] = []
        for entry in entries {
            guard case .layer(let event) = entry.event, event.layer == .swiftUI, event.owner?.gesture == gesture else { continue }
            let field = { (name: String) in event.fields.first { $0.name == name }?.value }
            if lines.isEmpty { lines.append("SwiftUI gesture \(event.subject) (era \(field("era") ?? "ios18")):") }
            var line = "  \(TraceEntry.seconds(entry.micros)) s  \(event.kind)"
            if let value = field("value") { line += "  \(value)" }
            if let because = field("because") { line += ": \(because)" }
            lines.append(line)
        }
        return lines
    }

    /// What the trace says of a Button of the automatic style in a List row, which has no
    /// gesture of its own: each time its row was selected (running it with the row's other such
    /// Buttons), or that it never was.
    static func listRowButtonLines(_ button: String, in entries: TraceEntries) -> [String] {
        var lines = [
            "SwiftUI Button #\(button) (automatic style, in a List row): no gesture of its own; the row's selection runs it, with every automatic Button of the row:"
        ]
        for entry in entries {
            guard case .layer(let event) = entry.event, let buttons = ListRowSelection.buttons(in: event, running: button) else { continue }
            lines.append("  \(TraceEntry.seconds(entry.micros)) s  \(event.subject) selected: ran \(buttons)")
        }
        if lines.count == 1 {
            lines.append("  its row was never selected in this session (a gesture on the row that recognizes first cancels the selection)")
        }
        return lines
    }

    /// The span a fix for the gesture is judged on: the named finger's touch, else the touch
    /// that was down when the gesture was first traced (the whole session when none).
    static func span(_ gesture: String, finger: Int?, in entries: TraceEntries, session: Session) -> (Int64, Int64) {
        if let finger {
            let fate = TouchFate(entries: entries, finger: finger)
            if fate.found { return ProvenFixes.span(of: fate.entryRange, in: entries, session: session) }
        }
        var lastDown: (finger: Int, occurrence: Int)?
        var began: [Int: Int] = [:]
        for entry in entries {
            switch entry.event {
            case .input(let down, .began, _, _):
                began[down, default: 0] += 1
                lastDown = (down, began[down] ?? 1)
            case .layer(let event) where event.layer == .swiftUI && event.owner?.gesture == gesture:
                guard let lastDown else { return (0, session.duration) }
                let fate = TouchFate(entries: entries, finger: lastDown.finger, occurrence: lastDown.occurrence)
                return fate.found ? ProvenFixes.span(of: fate.entryRange, in: entries, session: session) : (0, session.duration)
            default:
                continue
            }
        }
        return (0, session.duration)
    }
}
