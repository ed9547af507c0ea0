import Foundation

/// What pinch and rotation share, as one piece both hold (composition: UIKit's two classes stay
/// direct subclasses of `UIGestureRecognizer`, as in UIKit): a measure of the first two fingers
/// still down (the distance between them, or the angle of the line from the first to the second),
/// the value derived from it (a scale relative to the starting distance, or the rotation since
/// the starting angle), re-basing when the value is set, the value kept once the pair is broken,
/// and the recent values for `velocity`. A SwiftUI magnify or rotate gesture is the same piece.
struct TwoFingerTracking {
    /// What is measured between the two fingers.
    enum Measure {
        /// The distance between them; the value is a scale (1 at the start).
        case distance
        /// The angle of the line from the first to the second, in radians; the value is a
        /// rotation (0 at the start), clockwise positive on screen.
        case angle
    }

    let measure: Measure
    /// The value at the start: 1 for a scale, 0 for a rotation.
    let identity: CGFloat
    /// The value set by the user (`scale = 1`), the base the change is applied to.
    var base: CGFloat
    /// The measure when tracking started (or the value was last set).
    var reference: CGFloat?
    /// The value when a finger last moved, kept once the pair is broken.
    var last: CGFloat?
    /// Recent values, for the velocity.
    var motion = VelocityTracker<CGFloat>()

    init(_ measure: Measure) {
        self.measure = measure
        identity = measure == .distance ? 1 : 0
        base = identity
    }

    /// The measure of the first two fingers still down among `touches`; nil with fewer than two.
    func current(_ touches: [UITouch]) -> CGFloat? {
        let pair = Array(touches.filter { $0.phase.isDown }.prefix(2))
        guard pair.count == 2 else { return nil }
        let a = pair[0].locationInWindow
        let b = pair[1].locationInWindow
        switch measure {
        case .distance: return hypot(a.x - b.x, a.y - b.y)
        case .angle: return atan2(b.y - a.y, b.x - a.x)
        }
    }

    /// The value for the measure `now` (nil: the pair is broken, the last value stands).
    func value(_ now: CGFloat?) -> CGFloat {
        guard let reference, let now else { return last ?? base }
        switch measure {
        case .distance: return reference > 0 ? base * now / reference : last ?? base
        case .angle: return base + Self.normalizedAngle(now - reference)
        }
    }

    /// How far the measure moved from where tracking started (points, or radians either way).
    func change(_ now: CGFloat) -> CGFloat {
        guard let reference else { return 0 }
        switch measure {
        case .distance: return abs(now - reference)
        case .angle: return abs(Self.normalizedAngle(now - reference))
        }
    }

    /// The value was set: it becomes the base, measured from `now`.
    mutating func set(_ value: CGFloat, now: CGFloat?) {
        base = value
        last = nil
        reference = now
        motion.reset()
    }

    /// Starts tracking at `now`, when two fingers are down for the first time.
    mutating func start(_ now: CGFloat, at time: TimeInterval, window: TimeInterval) {
        reference = now
        motion.reset()
        sample(identity, at: time, window: window)
    }

    mutating func sample(_ value: CGFloat, at time: TimeInterval, window: TimeInterval) {
        motion.window = window
        motion.add(value, at: time)
    }

    mutating func reset() {
        base = identity
        last = nil
        reference = nil
        motion.reset()
    }

    /// An angle brought into (-π, π].
    static func normalizedAngle(_ angle: CGFloat) -> CGFloat {
        var a = angle
        while a > .pi { a -= 2 * .pi }
        while a < -.pi { a += 2 * .pi }
        return a
    }
}
