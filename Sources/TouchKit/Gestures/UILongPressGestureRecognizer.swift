import Foundation

/// Recognizes fingers held still for a while (UIKit's `UILongPressGestureRecognizer`); continuous.
///
/// UIKit's documentation: the gesture begins when `numberOfTouchesRequired` fingers have been
/// down for `minimumPressDuration` (0.5 s) without moving more than `allowableMovement` (10 pt);
/// it changes whenever a finger moves (no movement limit once begun) and ends when any finger
/// lifts. With `numberOfTapsRequired` > 0, that many quick taps must come first.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Quick taps before the press. UIKit default: 0.
    open var numberOfTapsRequired: Int = 0
    /// Fingers that must press. UIKit default: 1.
    open var numberOfTouchesRequired: Int = 1
    /// Seconds the fingers must be held. UIKit default: 0.5.
    open var minimumPressDuration: TimeInterval = UIKitDefaults.longPressMinimumDuration
    /// Points the fingers may move before the gesture begins. UIKit default: 10.
    open var allowableMovement: CGFloat = UIKitDefaults.longPressAllowableMovement

    /// Where the gesture is before it begins; like the tap's `Progress`.
    enum Progress {
        /// No finger down: before the first quick tap, or between taps (`tapsDone` so far).
        case waiting(tapsDone: Int)
        /// Fingers down, with where each touched: a quick tap while `tapsDone` is below
        /// `numberOfTapsRequired`, else the press itself.
        case touching(tapsDone: Int, starts: [(UITouch, CGPoint)])

        var tapsDone: Int {
            switch self {
            case .waiting(let tapsDone), .touching(let tapsDone, _): tapsDone
            }
        }

        /// The touches of the current tap or press and where they touched (none while waiting).
        var starts: [(UITouch, CGPoint)] {
            if case .touching(_, let starts) = self { starts } else { [] }
        }
    }

    var _progress: Progress = .waiting(tapsDone: 0)

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a long-press recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UILongPressGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        recognizerContext.cancelTimers()
        let tapsDone = _progress.tapsDone
        let starts = _progress.starts + touches.sortedByFinger.map { ($0, $0.locationInWindow) }
        _progress = .touching(tapsDone: tapsDone, starts: starts)
        let down = starts.filter { $0.0.phase.isDown }.count
        if down > numberOfTouchesRequired {
            return recognizerContext.fail(.tooManyFingers(down: down, required: numberOfTouchesRequired))
        }
        guard down == numberOfTouchesRequired else { return }
        if tapsDone < numberOfTapsRequired {
            let limit = configuration.tapMaximumDuration
            recognizerContext.schedule(after: limit, .maximumTapDuration) { recognizer in
                recognizer.recognizerContext.fail(.pressTapHeldTooLong(limit: limit))
            }
            return
        }
        let duration = minimumPressDuration
        recognizerContext.schedule(after: duration, .minimumPressDuration) { recognizer in
            recognizer.recognizerContext.setState(.began, .heldMinimumDuration(duration: duration))
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            for (touch, start) in _progress.starts where touches.contains(touch) {
                let distance = TouchGeometry.length(touch.locationInWindow.x - start.x, touch.locationInWindow.y - start.y)
                if distance > allowableMovement {
                    return recognizerContext.fail(.movedTooFar(distance: Double(distance), allowance: Double(allowableMovement)))
                }
            }
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            let tapsDone = _progress.tapsDone
            if tapsDone < numberOfTapsRequired, _progress.starts.allSatisfy({ touches.contains($0.0) || $0.0.phase == .ended }) {
                recognizerContext.cancelTimers()
                _progress = .waiting(tapsDone: tapsDone + 1)
                let interval = configuration.tapMaximumInterval
                recognizerContext.schedule(after: interval, .maximumIntervalBetweenSuccessiveTaps) { recognizer in
                    recognizer.recognizerContext.fail(.noTouchAfterTap(interval: interval))
                }
                return
            }
            recognizerContext.fail(.liftedBeforeMinimumDuration(duration: minimumPressDuration))
        case .began, .changed:
            recognizerContext.setState(.ended, .fingerLifted)
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.cancelOrFail()
    }

    open override var describedSettings: RecognizerSettings {
        RecognizerSettings(
            summary: [
                "minimumPressDuration \(SettingText.number(minimumPressDuration)) s",
                "allowableMovement \(SettingText.number(allowableMovement)) pt",
                "taps \(numberOfTapsRequired)", "touches \(numberOfTouchesRequired)",
            ],
            values: [
                "numberOfTapsRequired": Self.checkpointCount(numberOfTapsRequired),
                "numberOfTouchesRequired": Self.checkpointCount(numberOfTouchesRequired), "minimumPressDuration": minimumPressDuration,
                "allowableMovement": Double(allowableMovement),
            ])
    }

    open override func restoreSettings(_ values: [String: Double]) {
        if let taps = values["numberOfTapsRequired"] { numberOfTapsRequired = Self.checkpointCount(taps) }
        if let touches = values["numberOfTouchesRequired"] { numberOfTouchesRequired = Self.checkpointCount(touches) }
        if let duration = values["minimumPressDuration"] { minimumPressDuration = duration }
        if let movement = values["allowableMovement"] { allowableMovement = CGFloat(movement) }
    }

    open override func reset() {
        super.reset()
        _progress = .waiting(tapsDone: 0)
    }
}
