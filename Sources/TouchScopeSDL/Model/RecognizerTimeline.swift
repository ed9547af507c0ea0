import Foundation
import TouchKit

/// One recognizer's state changes during the current gesture, for its state bar: each change
/// with its time and cause, what it is waiting for, and the touches it was bound to.
public struct RecognizerTimeline: Sendable {
    public struct Change: Equatable, Sendable {
        public var micros: Int64
        public var state: UIGestureRecognizer.State
        public var cause: String
    }

    public var name: String
    public var changes: [Change]
    public var waitingFor: String?
    /// Ids of the touches (`TouchRecord.id`) bound to it.
    public var touchIDs: [Int] = []

    public var state: UIGestureRecognizer.State { changes.last?.state ?? .possible }

    /// The last change that says why (not a reset).
    public var lastCause: Change? { changes.last { $0.cause != "reset" && !$0.cause.isEmpty } }

    /// Whether it recognized (began, or ended from possible) during the gesture.
    public var recognized: Bool { changes.contains { $0.state == .began || $0.state == .ended } }
}
