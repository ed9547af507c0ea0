import Foundation

/// A timer a recognizer is waiting on: what it is (`minimumPressDuration`, …) and when it fires.
public struct PendingRecognizerTimer: Equatable, Sendable {
    /// The timer's name (a `RecognizerTimer`'s raw value).
    public var label: String
    /// When it fires, in the application clock's seconds.
    public var fireTime: TimeInterval
}

extension UIGestureRecognizer {
    /// The recognizer's timers still to fire, earliest first: what it waits for on the clock (a
    /// long press's `minimumPressDuration`, a tap's window for the next tap). TouchScope's, for
    /// the panel's countdowns.
    public var pendingTimers: [PendingRecognizerTimer] {
        (_readRecord { $0[live: $1].timers } ?? []).map { PendingRecognizerTimer(label: $0.which.rawValue, fireTime: $0.deadline) }.sorted {
            $0.fireTime < $1.fireTime
        }
    }
}
