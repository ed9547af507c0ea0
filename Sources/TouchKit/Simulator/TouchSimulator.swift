import Foundation

/// A finger placed by `TouchSimulator`; pass it back to move or lift it.
public struct Finger: Hashable, Sendable, CustomStringConvertible {
    /// The finger's stable id (the `finger` of its samples and trace entries).
    public let id: Int

    public init(id: Int) {
        self.id = id
    }

    public var description: String { "finger \(id)" }
}

/// The headless driver: puts fingers on a window and owns the clock, for tests and replay.
///
/// Every call delivers at once, at the clock's current time; only `advance(by:)` and the
/// gesture helpers (`tap`, `drag`, `pinch`, ...) move time, and timers fire as it moves. Fingers
/// given to one call share one `UIEvent`, as simultaneous fingers do on a device.
///
///     let sim = TouchSimulator(window: window)
///     let f = sim.touchDown(at: CGPoint(x: 40, y: 40))
///     sim.advance(by: 0.6)   // a long press begins at 0.5 s
///     sim.touchUp(f)
public final class TouchSimulator {
    /// The application the window is attached to.
    public let application: UIApplication
    /// The window fingers are put on.
    public let window: UIWindow
    private var nextFingerID = 1
    private var positions: [Int: CGPoint] = [:]

    /// Drives `window` with a new application (and a new clock). The window is made key and visible.
    public convenience init(window: UIWindow) {
        self.init(window: window, application: window._application ?? UIApplication())
    }

    /// Drives `window` attached to `application` (a subclass that overrides `sendEvent`, say).
    public init(window: UIWindow, application: UIApplication) {
        self.application = application
        self.window = window
        application.attach(window)
        if window.isHidden || application.keyWindow !== window { window.makeKeyAndVisible() }
    }

    /// The clock the simulator advances.
    public var clock: VirtualClock { application.clock }

    /// What the engine decided, in order.
    public var trace: Trace { application.trace }

    /// The current virtual time, in seconds.
    public var now: TimeInterval { clock.now }

    // MARK: Fingers

    /// Puts one finger down at `point` (window coordinates).
    @discardableResult
    public func touchDown(at point: CGPoint) -> Finger {
        touchDown(at: [point])[0]
    }

    /// Puts several fingers down at once, in one event.
    @discardableResult
    public func touchDown(at points: [CGPoint]) -> [Finger] {
        let fingers = points.map { _ in newFinger() }
        send(zip(fingers, points).map { TouchSample(finger: $0.id, phase: .began, location: $1) })
        return fingers
    }

    /// Moves one finger.
    public func touchMove(_ finger: Finger, to point: CGPoint) {
        touchMove([finger], to: [point])
    }

    /// Moves several fingers in one event (`points[i]` for `fingers[i]`).
    public func touchMove(_ fingers: [Finger], to points: [CGPoint]) {
        precondition(fingers.count == points.count, "touchMove needs one point per finger")
        send(zip(fingers, points).map { TouchSample(finger: $0.id, phase: .moved, location: $1) })
    }

    /// Lifts one finger where it is.
    public func touchUp(_ finger: Finger) {
        touchUp([finger])
    }

    /// Lifts several fingers in one event.
    public func touchUp(_ fingers: [Finger]) {
        send(fingers.map { TouchSample(finger: $0.id, phase: .ended, location: positions[$0.id] ?? .zero) })
    }

    /// Cancels fingers (as the system does when an alert appears).
    public func touchCancel(_ fingers: [Finger]) {
        send(fingers.map { TouchSample(finger: $0.id, phase: .cancelled, location: positions[$0.id] ?? .zero) })
    }

    /// Advances the clock, firing due timers (long press, tap windows, scroll-view delays).
    public func advance(by interval: TimeInterval) {
        clock.advance(by: interval)
    }

    /// Advances the clock to `time` seconds since the simulation began (no earlier than now),
    /// firing due timers: what a generated test uses between steps.
    public func advance(to time: TimeInterval) {
        clock.advance(to: max(time, clock.now))
    }

    /// Delivers raw samples as one event (for custom drivers and replay).
    public func send(_ samples: [TouchSample]) {
        for sample in samples {
            switch sample.phase {
            case .ended, .cancelled: positions[sample.finger] = nil
            case .began, .moved, .stationary: positions[sample.finger] = sample.location
            }
            nextFingerID = max(nextFingerID, sample.finger + 1)
        }
        application.dispatch(samples)
    }

    private func newFinger() -> Finger {
        defer { nextFingerID += 1 }
        return Finger(id: nextFingerID)
    }
}
