import Foundation

/// Recognizes a quick stroke in a direction (UIKit's `UISwipeGestureRecognizer`); discrete.
///
/// UIKit's values (`UIKitDefaults`): the stroke must cover `swipeMinimumPrimaryMovement` (50 pt)
/// along `direction` and may stray at most `swipeMaximumSecondaryMovement` (200 pt) across it;
/// both limits shrink the longer the stroke takes (`_check(delta:elapsed:)`). It fails on moving
/// against the direction, on straying, on lifting early, and (TouchScope's choice, listed in the
/// README) when `swipeMaximumDuration` (0.5 s) passes without recognizing.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Directions, with UIKit's raw values.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// Directions that count. UIKit default: `.right`.
    open var direction: Direction = .right
    /// Fingers that must swipe together. UIKit default: 1.
    open var numberOfTouchesRequired: Int = 1

    var _starts: [(UITouch, CGPoint, TimeInterval)] = []
    var _startLocation: CGPoint?

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a swipe recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UISwipeGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let now = recognizerContext.now
        for touch in touches.sortedByFinger {
            _starts.append((touch, touch.locationInWindow, now))
        }
        if _startLocation == nil {
            _startLocation = UIGestureRecognizer.centroid(_starts.map(\.0))
            let limit = configuration.swipeMaximumDuration
            recognizerContext.schedule(after: limit, .maximumDuration) { recognizer in
                recognizer.recognizerContext.fail(.noSwipeWithinDuration(limit: limit))
            }
        }
        if _starts.count > numberOfTouchesRequired {
            recognizerContext.fail(.swipeFingerCount(fingers: _starts.count, required: numberOfTouchesRequired))
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard _starts.count >= numberOfTouchesRequired else {
            return recognizerContext.fail(.swipeMovedWithFingerCount(fingers: _starts.count, required: numberOfTouchesRequired))
        }
        let now = recognizerContext.now
        var recognizedBy: RecognizerRule?
        for (touch, start, time) in _starts {
            let delta = CGPoint(x: touch.locationInWindow.x - start.x, y: touch.locationInWindow.y - start.y)
            guard hypot(delta.x, delta.y) > UIKitDefaults.swipeJudgingMovement else { continue }
            switch _check(delta: delta, elapsed: now - time) {
            case .fail(let why): return recognizerContext.fail(why)
            case .recognized(let why): recognizedBy = why
            case .undecided: break
            }
        }
        if let recognizedBy { recognizerContext.setState(.ended, recognizedBy) }
    }

    enum Verdict {
        case undecided
        case recognized(RecognizerRule)
        case fail(RecognizerRule)
    }

    /// UIKit's swipe test for one finger that moved `d` (window points) in `elapsed` seconds:
    /// the thresholds shrink linearly with time, by `1 - t·(1 - rate)` with `t` capped at
    /// `maximumDuration` (UIKit's `_checkForSwipeWithDelta:time:`).
    func _check(delta d: CGPoint, elapsed: TimeInterval) -> Verdict {
        let config = configuration
        let t = CGFloat(min(max(elapsed, 0), config.swipeMaximumDuration))
        let minimumPrimary = config.swipeMinimumPrimaryMovement * (1 - t * (1 - UIKitDefaults.swipeMinimumMovementDecay))
        let maximumSecondary =
            config.swipeMaximumSecondaryMovement * (1 - t * (1 - UIKitDefaults.swipeMaximumMovementDecay))
        let horizontal = direction.intersection([.right, .left])
        let vertical = direction.intersection([.up, .down])
        if (horizontal == .right && d.x < 0) || (horizontal == .left && d.x > 0)
            || (vertical == .down && d.y < 0) || (vertical == .up && d.y > 0)
        {
            return .fail(.movedAgainstDirection)
        }
        var verdict = Verdict.undecided
        if !horizontal.isEmpty {
            if abs(d.y) > maximumSecondary {
                return .fail(.strayedAcross(distance: Double(abs(d.y)), limit: Double(maximumSecondary)))
            }
            if abs(d.x) >= minimumPrimary {
                verdict = .recognized(.swiped(distance: Double(abs(d.x)), vertical: false, threshold: Double(minimumPrimary)))
            }
        }
        if !vertical.isEmpty {
            if abs(d.x) > maximumSecondary {
                return .fail(.strayedAcross(distance: Double(abs(d.x)), limit: Double(maximumSecondary)))
            }
            if abs(d.y) >= minimumPrimary {
                verdict = .recognized(.swiped(distance: Double(abs(d.y)), vertical: true, threshold: Double(minimumPrimary)))
            }
        }
        return verdict
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.liftedBeforeSwiping(distance: Double(configuration.swipeMinimumPrimaryMovement)))
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.touchesCancelled)
    }

    open override var describedSettings: RecognizerSettings {
        RecognizerSettings(
            summary: [
                "direction " + SettingText.names(direction.rawValue, ["right", "left", "up", "down"]), "touches \(numberOfTouchesRequired)",
            ],
            values: ["direction": Double(direction.rawValue), "numberOfTouchesRequired": Self.checkpointCount(numberOfTouchesRequired)])
    }

    open override func restoreSettings(_ values: [String: Double]) {
        if let direction = values["direction"] { self.direction = Direction(rawValue: UInt(saturating: direction)) }
        if let touches = values["numberOfTouchesRequired"] { numberOfTouchesRequired = Self.checkpointCount(touches) }
    }

    open override func reset() {
        super.reset()
        _starts.removeAll()
        _startLocation = nil
    }

    /// Where the swipe started.
    open override func location(in view: UIView?) -> CGPoint {
        if let start = _startLocation { return UITouch.convert(start, from: view?.window, to: view) }
        return super.location(in: view)
    }
}
