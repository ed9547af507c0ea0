import Foundation

/// The system's gesture gate (UIKit's private `_UISystemGestureGateGestureRecognizer`, on the
/// window): a touch that begins near the bottom edge (where the home indicator's swipes start) or
/// near a side edge is held from the app's views while the system decides whether it is a system
/// gesture, so a button there highlights late: its `touchesBegan` arrives when the gate fails,
/// after a delay, or at the lift for a quick tap. The app's recognizers see the touch at once:
/// only views are held (`delaysTouchesBegan`), and the gate never recognizes, so it never
/// prevents a recognizer.
///
/// An edge the root view controller lists in `preferredScreenEdgesDeferringSystemGestures` (asked
/// through `childForScreenEdgesDeferringSystemGestures`) is not held: the system defers its own
/// gesture there, and the app's touches are delivered at once.
///
/// Approximations (UIKit's values are private): the bottom band is 34 pt (the home indicator's
/// safe area on Face ID iPhones), the side bands 20 pt, the delay 0.25 s; the system gesture
/// itself (going home, switching apps) is not modelled: the gate only fails, after the delay, at
/// the lift, or when the finger moves more than the pan hysteresis. Off unless the window turns it
/// on (`isSystemGestureGateEnabled`), so scenes without it behave as before.
final class _UISystemGestureGateGestureRecognizer: UIGestureRecognizer {
    /// Height of the band along the bottom edge where touches are held, in points.
    static let bottomBand: CGFloat = 34
    /// Width of the bands along the left and right edges where touches are held, in points.
    static let sideBand: CGFloat = 20
    /// How long a touch is held before the app's views get it, in seconds.
    static let delay: TimeInterval = 0.25

    override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let window = view as? UIWindow else { return recognizerContext.fail(.custom(kind: "notOnWindow", text: "not on a window")) }
        guard state == .possible, recognizerContext.touches.count == touches.count else { return }
        let edges = touches.reduce(into: UIRectEdge()) { $0.formUnion(Self.edges(near: $1.location(in: window), in: window.bounds)) }
        let deferred = Self.deferredEdges(of: window)
        let held = edges.subtracting(deferred)
        guard !held.isEmpty else {
            return recognizerContext.fail(
                .custom(
                    kind: edges.isEmpty ? "awayFromSystemEdges" : "systemGestureDeferred",
                    text: edges.isEmpty
                        ? "began away from the bottom and side edges" : "the root controller defers the system gesture on this edge"))
        }
        recognizerContext.schedule(after: Self.delay, RecognizerTimer("systemGestureGate")) { recognizer in
            recognizer.recognizerContext.fail(.custom(kind: "systemGestureNotStarted", text: "no system gesture within \(Self.delay) s"))
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let window = view as? UIWindow else { return }
        for touch in touches {
            let now = touch.location(in: window)
            let before = touch.previousLocation(in: window)
            _moved += hypot(now.x - before.x, now.y - before.y)
        }
        if _moved > configuration.panHysteresis {
            recognizerContext.fail(.custom(kind: "movedBeforeSystemGesture", text: "moved before the system took it"))
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.custom(kind: "liftedWithinSystemGate", text: "lifted within the system gesture gate's delay"))
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.touchesCancelled)
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func reset() {
        super.reset()
        _moved = 0
    }

    var _moved: CGFloat = 0

    /// The edges the window's controllers defer the system gesture on: the root controller's
    /// `preferredScreenEdgesDeferringSystemGestures`, asked through
    /// `childForScreenEdgesDeferringSystemGestures` as UIKit does.
    static func deferredEdges(of window: UIWindow) -> UIRectEdge {
        var controller = window.rootViewController
        var depth = 0
        while let child = controller?.childForScreenEdgesDeferringSystemGestures, depth < 64 {
            controller = child
            depth += 1
        }
        return controller?.preferredScreenEdgesDeferringSystemGestures ?? []
    }

    /// The gated edges `point` is near, in a window of `bounds`.
    static func edges(near point: CGPoint, in bounds: CGRect) -> UIRectEdge {
        var near: UIRectEdge = []
        if bounds.maxY - point.y <= bottomBand { near.insert(.bottom) }
        if point.x - bounds.minX <= sideBand { near.insert(.left) }
        if bounds.maxX - point.x <= sideBand { near.insert(.right) }
        return near
    }
}

extension UIWindow {
    /// Whether the system's gesture gate holds touches that begin near the bottom and side edges
    /// (a TouchScope setting: off by default, so that scenes without it are unchanged; a real
    /// device always has it).
    public var isSystemGestureGateEnabled: Bool {
        get { gestureRecognizers?.contains { $0 is _UISystemGestureGateGestureRecognizer } ?? false }
        set {
            guard newValue != isSystemGestureGateEnabled else { return }
            if newValue {
                addGestureRecognizer(_UISystemGestureGateGestureRecognizer(target: nil, action: nil))
            } else {
                for gate in gestureRecognizers ?? [] where gate is _UISystemGestureGateGestureRecognizer { removeGestureRecognizer(gate) }
            }
        }
    }
}
