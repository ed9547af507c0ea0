import Foundation
import TouchKit

/// One recognizer's state changes during the current gesture, for its state bar: each change
/// with its time and cause, what it is waiting for, and the touches it was bound to.
package struct RecognizerTimeline: Sendable {
    package struct Change: Equatable, Sendable {
        package var micros: Int64
        package var state: UIGestureRecognizer.State
        package var cause: String
    }

    package var name: String
    package var changes: [Change]
    package var waitingFor: String?
    /// Ids of the touches (`TouchRecord.id`) bound to it.
    package var touchIDs: [Int] = []

    package var state: UIGestureRecognizer.State { changes.last?.state ?? .possible }

    /// The last change that says why (not a reset).
    package var lastCause: Change? { changes.last { $0.cause != "reset" && !$0.cause.isEmpty } }

    /// What became of it, never contradicting the lines below: its last state, and `→ reset`
    /// when it went back to possible after a final state (`ended → reset`).
    package var outcome: String {
        guard let last = changes.last else { return "possible" }
        if last.cause == "reset", changes.count > 1 { return "\(changes[changes.count - 2].state) → reset" }
        return "\(last.state)"
    }

    /// Whether it recognized (began, or ended from possible) during the gesture.
    package var recognized: Bool { changes.contains { $0.state == .began || $0.state == .ended } }
}
