import Foundation

/// A quantity whose rate of change a `VelocityTracker` can measure: a point (pan, trails) or a
/// number (pinch scale, rotation angle).
package protocol VelocityTrackable: Sendable {
    static var zero: Self { get }
    /// `(later - earlier) / seconds`.
    static func rate(from earlier: Self, to later: Self, over seconds: CGFloat) -> Self
}

extension CGPoint: VelocityTrackable {
    package static func rate(from earlier: CGPoint, to later: CGPoint, over seconds: CGFloat) -> CGPoint {
        CGPoint(x: (later.x - earlier.x) / seconds, y: (later.y - earlier.y) / seconds)
    }
}

extension CGFloat: VelocityTrackable {
    package static func rate(from earlier: CGFloat, to later: CGFloat, over seconds: CGFloat) -> CGFloat {
        (later - earlier) / seconds
    }
}

/// The one velocity estimate of TouchKit and its front end: pan's `velocity(in:)`, pinch's and
/// rotation's `velocity`, and the speed the window draws beside a moving finger.
///
/// The velocity is the change from the oldest kept sample to the newest, divided by the time
/// between them. Samples older than `window` before the newest are dropped, but two are always
/// kept, so a slow finger still has a velocity. UIKit keeps a similar short history of samples
/// (its exact filter is private); the window defaults to `UIKitDefaults.velocitySampleWindow`
/// (100 ms, TouchScope's choice).
package struct VelocityTracker<Value: VelocityTrackable>: Sendable {
    /// How much history counts, in seconds.
    package var window: TimeInterval
    private var samples: [(time: TimeInterval, value: Value)] = []

    package init(window: TimeInterval = UIKitDefaults.velocitySampleWindow) {
        self.window = window
    }

    /// Records `value` as it was at `time` (seconds, not earlier than the last sample's).
    package mutating func add(_ value: Value, at time: TimeInterval) {
        samples.append((time, value))
        var drop = 0
        while samples.count - drop > 2, time - samples[drop].time > window { drop += 1 }
        if drop > 0 { samples.removeFirst(drop) }
    }

    /// Forgets every sample (the quantity was re-based, or the gesture ended).
    package mutating func reset() {
        // Kept for the next gesture: a pan resets on every touch sequence.
        samples.removeAllKeepingCapacity()
    }

    /// Whether no sample has been recorded since the last reset.
    package var isEmpty: Bool { samples.isEmpty }

    /// Change per second over the kept samples; zero with fewer than two samples or no time
    /// between them.
    package var velocity: Value {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        return Value.rate(from: first.value, to: last.value, over: CGFloat(last.time - first.time))
    }
}
