import Foundation
import TouchKit

/// Reads a replay's trace into one `TouchOutcome` per touch, in the facts a capture sees, and
/// keeps what explaining a disagreement needs: the views each touch's hit test visited, and the
/// range of trace entries each touch spans.
struct ModelExtraction {
    let touches: [TouchSequence]
    var outcomes: [TouchOutcome]
    var visited: [[String]]
    var entryRanges: [Range<Int>]
    /// Every view and recognizer name the trace mentions.
    var names: Set<String> = []

    init(touches: [TouchSequence]) {
        self.touches = touches
        outcomes = Array(repeating: TouchOutcome(), count: touches.count)
        visited = Array(repeating: [], count: touches.count)
        entryRanges = Array(repeating: 0..<0, count: touches.count)
    }

    /// Whether a recognizer is the capture's own observer (never part of the app's outcome).
    static func isCaptureObserver(_ name: String) -> Bool { name.contains("TouchScopeCapture") }

    mutating func read(_ entries: TraceEntries) {
        var current: Int?
        for position in entries.indices {
            let entry = entries[position]
            guard let index = TouchSequence.index(of: entry.micros, in: touches) else { continue }
            if current != index {
                if let current { entryRanges[current] = entryRanges[current].lowerBound..<position }
                entryRanges[index] = position..<position
                current = index
            }
            switch entry.event {
            case .hitResult(let finger, let view):
                if outcomes[index].hits[finger] == nil { outcomes[index].hits[finger] = .some(view) }
                if let view { names.insert(view) }
            case .touchBlocked(let finger, _):
                if outcomes[index].hits[finger] == nil { outcomes[index].hits[finger] = .some(nil) }
            case .hitVisit(let view, _, _), .hitOverride(let view, _), .hitPointInsideOverride(let view):
                if !visited[index].contains(view) { visited[index].append(view) }
            case .gestureState(let recognizer, _, let to, _):
                guard !Self.isCaptureObserver(recognizer) else { continue }
                outcomes[index].addState(recognizer, to.description)
                names.insert(recognizer)
            case .gestureBound(let recognizer, _):
                names.insert(recognizer)
            case .controlEvent(let control, let event):
                outcomes[index].addControl(control, event.description)
            default:
                continue
            }
        }
        if let current { entryRanges[current] = entryRanges[current].lowerBound..<entries.count }
    }
}
