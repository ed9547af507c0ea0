import Foundation
import TouchKit

/// Everything the overlays know about one touch, from its trace entries: where it went down,
/// moved and lifted, the hit-test path and responder chain of its own hit test, the recognizers
/// it was bound to, and where its entries lie in the trace. Finger numbers are reused by later
/// touches; `id` is not.
package struct TouchRecord: Sendable {
    /// One step of a hit-test path, in visit order.
    package enum HitStep: Equatable, Sendable {
        case visit(String)
        case passed(String, HitTestSkipReason)
        case skipped(String, Int)
        case override(String, result: String?)
        case hit(String?)
    }

    /// Unique within a model, in the order touches began.
    package let id: Int
    package let finger: Int
    package let began: Int64
    /// When it lifted or was cancelled (nil while down).
    package var lifted: Int64?
    package var cancelled = false
    /// Where it went down, in window points.
    package let down: CGPoint
    /// Its positions, oldest first (the last `Theme.trailLength`).
    package private(set) var trail: [(micros: Int64, point: CGPoint)]
    /// Its recent positions, for `velocity`.
    private var motion = VelocityTracker<CGPoint>()
    package var hitPath: [HitStep] = []
    /// The view hit testing chose (nil: none, or not tested yet).
    package var hitView: String?
    /// Whether its hit test has finished.
    package var hitTested = false
    package var chain: [String] = []
    /// Recognizers the touch was bound to, in order.
    package var recognizers: [String] = []
    /// What hit testing made of every view under the point when the touch went down (filled in
    /// by the window and `render`, which can ask the views; nil when nobody asked).
    package var verdicts: [(view: String, verdict: HitVerdict)]?
    /// Index of its first trace entry.
    package let firstEntry: Int
    /// Index after its last possible entry: where the next touch with the same finger began.
    package var endEntry: Int?

    init(id: Int, finger: Int, began: Int64, down: CGPoint, firstEntry: Int) {
        self.id = id
        self.finger = finger
        self.began = began
        self.down = down
        self.trail = [(began, down)]
        motion.add(down, at: TimeInterval(began) / 1_000_000)
        self.firstEntry = firstEntry
    }

    package var isDown: Bool { lifted == nil }

    /// Where the touch is now, or where it lifted.
    package var last: CGPoint { trail.last?.point ?? down }

    /// The skips of its hit-test path, by view.
    package var passedViews: [(view: String, reason: HitTestSkipReason)] {
        hitPath.compactMap { if case .passed(let view, let reason) = $0 { (view, reason) } else { nil } }
    }

    /// Views under the touch that hit testing did not take and did not pass through (covered,
    /// outside a superview, refused by an override), with the reason.
    package var unreached: [(view: String, verdict: HitVerdict)] {
        let passed = Set(passedViews.map(\.view))
        return (verdicts ?? []).filter { !$0.verdict.isOnPath && !passed.contains($0.view) }
    }

    /// Its speed and direction, in points per second, measured as the engine measures a pan's
    /// (`VelocityTracker`).
    package var velocity: CGPoint { motion.velocity }

    /// Records a new position (`micros` after the session's start).
    mutating func move(to point: CGPoint, at micros: Int64) {
        trail.append((micros, point))
        if trail.count > Theme.trailLength { trail.removeFirst(trail.count - Theme.trailLength) }
        motion.add(point, at: TimeInterval(micros) / 1_000_000)
    }

    /// How strongly its marks are drawn at `now`: full while down, then fading over
    /// `Theme.markFadeSeconds` to `Theme.markFloorAlpha`, kept there until the next gesture.
    package func markAlpha(now: Int64) -> CGFloat {
        guard let lifted else { return 1 }
        let elapsed = CGFloat(max(0, now - lifted)) / 1_000_000
        let fade = min(1, elapsed / CGFloat(Theme.markFadeSeconds))
        return 1 - (1 - Theme.markFloorAlpha) * fade
    }

    /// Whether its marks are still fading at `now` (the window keeps redrawing until they settle).
    package func isFading(now: Int64) -> Bool {
        guard let lifted else { return false }
        return Double(now - lifted) / 1_000_000 < Theme.markFadeSeconds
    }
}
