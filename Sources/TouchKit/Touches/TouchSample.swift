import Foundation

/// One raw input sample: a finger, a phase and a location in window (screen) points.
///
/// This is the engine's input format: the window front end, the session replayer and
/// `TouchSimulator` all feed samples to `UIApplication.dispatch(_:)`. Samples dispatched together
/// form one `UIEvent`. Time is the application clock's `now`: drivers advance the clock first.
public struct TouchSample: Hashable, Sendable {
    /// The driver's stable id for the finger (a mouse is finger 0 in the front end).
    public var finger: Int
    /// `.began`, `.moved`, `.ended` or `.cancelled` (`.stationary` samples are ignored).
    public var phase: UITouch.Phase
    /// Location in screen points, the windows' common coordinate space.
    public var location: CGPoint
    /// Contact radius in points; nil uses the configured default.
    public var majorRadius: CGFloat?

    public init(finger: Int, phase: UITouch.Phase, location: CGPoint, majorRadius: CGFloat? = nil) {
        self.finger = finger
        self.phase = phase
        self.location = location
        self.majorRadius = majorRadius
    }
}
