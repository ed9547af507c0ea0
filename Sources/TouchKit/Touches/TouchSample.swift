import Foundation

/// One raw input sample: a finger, a phase and a location in window (screen) points.
///
/// This is the engine's input format: the window front end, the session replayer and
/// `TouchSimulator` all feed samples to `UIApplication.dispatch(_:)`. Samples dispatched together
/// form one `UIEvent`. Time is the application clock's `now`: drivers advance the clock first.
///
/// Locations are quantized to `locationQuantum` when dispatched, so that a session file, which
/// writes them with three decimals, replays to exactly the same numbers. (Devices report far
/// coarser positions: a third or a half of a point.)
public struct TouchSample: Hashable, Sendable {
    /// The driver's stable id for the finger (a mouse is finger 0 in the front end).
    public var finger: Int
    /// `.began`, `.moved`, `.ended` or `.cancelled` (`.stationary` samples are ignored).
    public var phase: UITouch.Phase
    /// Location in screen points, the windows' common coordinate space.
    public var location: CGPoint
    /// Contact radius in points; nil uses the configured default.
    public var majorRadius: CGFloat?

    /// Input resolution, in points: 1/1000 pt. TouchScope's choice.
    public static let locationQuantum: CGFloat = 0.001

    /// `value` rounded to the input resolution (non-finite values pass through, to be refused later).
    public static func quantized(_ value: CGFloat) -> CGFloat {
        guard value.isFinite, abs(value) < 1e12 else { return value }
        return (value * 1000).rounded() / 1000
    }

    public init(finger: Int, phase: UITouch.Phase, location: CGPoint, majorRadius: CGFloat? = nil) {
        self.finger = finger
        self.phase = phase
        self.location = location
        self.majorRadius = majorRadius
    }
}
