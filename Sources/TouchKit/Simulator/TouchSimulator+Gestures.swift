import Foundation

/// Whole gestures, built from fingers and time.
extension TouchSimulator {
    /// Taps `count` times at `point`: each tap holds for `holdDuration` seconds, taps are
    /// `interval` seconds apart (lift to next touch). Defaults are well inside UIKit's tap limits.
    public func tap(
        at point: CGPoint, count: Int = 1, holdDuration: TimeInterval = UIKitDefaults.simulatedTapHold,
        interval: TimeInterval = UIKitDefaults.simulatedTapInterval
    ) {
        for index in 0..<max(1, count) {
            if index > 0 { advance(by: interval) }
            let finger = touchDown(at: point)
            advance(by: holdDuration)
            touchUp(finger)
        }
    }

    /// Taps with several fingers at once (a two-finger tap, say).
    public func tap(at points: [CGPoint], holdDuration: TimeInterval = UIKitDefaults.simulatedTapHold) {
        let fingers = touchDown(at: points)
        advance(by: holdDuration)
        touchUp(fingers)
    }

    /// Presses at `point` for `duration` seconds without moving, then lifts.
    public func longPress(at point: CGPoint, duration: TimeInterval = UIKitDefaults.simulatedLongPressDuration) {
        let finger = touchDown(at: point)
        advance(by: duration)
        touchUp(finger)
    }

    /// Drags one finger from `start` to `end` in `steps` equal moves over `duration` seconds,
    /// then lifts it (unless `lift` is false; the finger is returned either way).
    @discardableResult
    public func drag(
        from start: CGPoint, to end: CGPoint, duration: TimeInterval = UIKitDefaults.simulatedMotionDuration,
        steps: Int = UIKitDefaults.simulatedMotionSteps, lift: Bool = true
    ) -> Finger {
        drag(from: [start], to: [end], duration: duration, steps: steps, lift: lift)[0]
    }

    /// Drags several fingers together, each from `starts[i]` to `ends[i]` (a two-finger pan).
    @discardableResult
    public func drag(
        from starts: [CGPoint], to ends: [CGPoint], duration: TimeInterval = UIKitDefaults.simulatedMotionDuration,
        steps: Int = UIKitDefaults.simulatedMotionSteps, lift: Bool = true
    ) -> [Finger] {
        precondition(starts.count == ends.count && !starts.isEmpty, "drag needs one end per start")
        let fingers = touchDown(at: starts)
        let count = max(1, steps)
        for step in 1...count {
            advance(by: duration / Double(count))
            let t = CGFloat(step) / CGFloat(count)
            let points = zip(starts, ends).map { a, b in CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
            touchMove(fingers, to: points)
        }
        if lift { touchUp(fingers) }
        return fingers
    }

    /// Two fingers on a line through `center` at `angle` (radians), moving from `fromDistance`
    /// apart to `toDistance` apart over `duration` seconds, then lifting.
    public func pinch(
        center: CGPoint, fromDistance: CGFloat, toDistance: CGFloat, duration: TimeInterval = UIKitDefaults.simulatedMotionDuration,
        steps: Int = UIKitDefaults.simulatedMotionSteps, angle: CGFloat = 0
    ) {
        twoFingerGesture(
            center: center, duration: duration, steps: steps,
            from: (fromDistance / 2, angle), to: (toDistance / 2, angle))
    }

    /// Two fingers `radius` from `center`, turning from `fromAngle` to `toAngle` (radians).
    public func rotate(
        center: CGPoint, radius: CGFloat, fromAngle: CGFloat, toAngle: CGFloat, duration: TimeInterval = UIKitDefaults.simulatedMotionDuration,
        steps: Int = UIKitDefaults.simulatedMotionSteps
    ) {
        twoFingerGesture(center: center, duration: duration, steps: steps, from: (radius, fromAngle), to: (radius, toAngle))
    }

    private func twoFingerGesture(
        center: CGPoint, duration: TimeInterval, steps: Int, from: (CGFloat, CGFloat), to: (CGFloat, CGFloat)
    ) {
        func points(_ radius: CGFloat, _ angle: CGFloat) -> [CGPoint] {
            let dx = cos(angle) * radius
            let dy = sin(angle) * radius
            return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
        }
        let fingers = touchDown(at: points(from.0, from.1))
        let count = max(1, steps)
        for step in 1...count {
            advance(by: duration / Double(count))
            let t = CGFloat(step) / CGFloat(count)
            touchMove(fingers, to: points(from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t))
        }
        touchUp(fingers)
    }
}
