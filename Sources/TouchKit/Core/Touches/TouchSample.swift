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

    /// Largest coordinate taken, in points, either way: far beyond any screen, and what a session
    /// file can hold. TouchScope's choice.
    public static let maximumCoordinate: CGFloat = 1_000_000
    /// Finger ids taken (drivers number fingers from 0; sessions hold these).
    public static let fingerIDs: ClosedRange<Int> = 0...1_000_000
    /// Largest contact radius taken, in points; a larger or non-finite one is ignored (the
    /// default radius is used).
    public static let maximumRadius: CGFloat = 1_000

    /// Why the engine does not take this sample, or nil when it does (before the finger checks,
    /// which depend on what is down).
    public var rejection: InputDropReason? {
        guard location.x.isFinite, location.y.isFinite else { return .locationNotFinite }
        guard abs(location.x) <= Self.maximumCoordinate, abs(location.y) <= Self.maximumCoordinate else {
            return .locationOutOfRange
        }
        guard Self.fingerIDs.contains(finger) else { return .fingerOutOfRange }
        return nil
    }

    /// The radius the engine uses: `majorRadius` when it is a finite number from 0 to
    /// `maximumRadius`, else nil (the default).
    public var usableRadius: CGFloat? {
        guard let majorRadius, majorRadius.isFinite, majorRadius >= 0, majorRadius <= Self.maximumRadius else { return nil }
        return majorRadius
    }

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
