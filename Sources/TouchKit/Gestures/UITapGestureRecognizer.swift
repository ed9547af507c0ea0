import Foundation

/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`);
/// discrete.
///
/// UIKit's rules and values (`UIKitDefaults`): every finger must lift within
/// `tapMaximumDuration` (0.75 s) of its tap's first touch and stay within `tapAllowableMovement`
/// (45 pt) of where it touched; each tap must use exactly `numberOfTouchesRequired` fingers; the
/// next tap must start within `tapMaximumInterval` (0.35 s) of the previous lift, near the first
/// tap. The gesture is recognized when the last required tap lifts; its location is the first tap's.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed. UIKit default: 1.
    open var numberOfTapsRequired: Int = 1
    /// Fingers per tap. UIKit default: 1.
    open var numberOfTouchesRequired: Int = 1

    enum Progress {
        /// No tap in progress.
        case idle
        /// Tap `tap` (0-based) is down: the starts of its touches and the most fingers seen at once.
        case tapping(tap: Int, starts: [(UITouch, CGPoint)], mostTouches: Int)
        /// `taps` taps done; waiting for the next one.
        case betweenTaps(taps: Int)
    }

    var _progress: Progress = .idle
    var _firstTapLocation: CGPoint?

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a tap recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UITapGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let config = configuration
        let new = touches.sortedByFinger
        switch _progress {
        case .idle, .betweenTaps:
            let tap: Int
            if case .betweenTaps(let taps) = _progress {
                recognizerContext.cancelTimers()
                tap = taps
                if let first = _firstTapLocation, let touch = new.first {
                    let distance = TouchGeometry.length(touch.locationInWindow.x - first.x, touch.locationInWindow.y - first.y)
                    if distance > config.tapAllowableMovement {
                        return recognizerContext.fail(
                            .tapTooFarFromFirst(tap: tap + 1, distance: Double(distance), allowance: Double(config.tapAllowableMovement)))
                    }
                }
            } else {
                tap = 0
            }
            _progress = .tapping(tap: tap, starts: new.map { ($0, $0.locationInWindow) }, mostTouches: new.count)
            recognizerContext.schedule(after: config.tapMaximumDuration, .maximumTapDuration) { recognizer in
                recognizer.recognizerContext.fail(.heldLongerThanTapDuration(limit: config.tapMaximumDuration))
            }
        case .tapping(let tap, var starts, let most):
            starts.append(contentsOf: new.map { ($0, $0.locationInWindow) })
            let down = starts.filter { $0.0.phase != .ended }.count
            _progress = .tapping(tap: tap, starts: starts, mostTouches: max(most, down))
        }
        if case .tapping(_, _, let most) = _progress, most > numberOfTouchesRequired {
            recognizerContext.fail(.tooManyFingers(down: most, required: numberOfTouchesRequired))
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard case .tapping(_, let starts, _) = _progress else { return }
        let allowance = configuration.tapAllowableMovement
        for (touch, start) in starts where touches.contains(touch) {
            let distance = TouchGeometry.length(touch.locationInWindow.x - start.x, touch.locationInWindow.y - start.y)
            if distance > allowance {
                return recognizerContext.fail(.movedTooFar(distance: Double(distance), allowance: Double(allowance)))
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard case .tapping(let tap, let starts, let most) = _progress else { return }
        let stillDown = starts.filter { !touches.contains($0.0) && $0.0.phase.isDown }
        guard stillDown.isEmpty else { return }
        guard most == numberOfTouchesRequired else {
            return recognizerContext.fail(.tapFingerCount(used: most, required: numberOfTouchesRequired))
        }
        recognizerContext.cancelTimers()
        if tap == 0 { _firstTapLocation = UIGestureRecognizer.centroid(starts.map(\.0)) }
        let taps = tap + 1
        if taps >= numberOfTapsRequired {
            _progress = .idle
            recognizerContext.setState(.ended, .tapsRecognized(taps: taps, fingers: most))
            return
        }
        _progress = .betweenTaps(taps: taps)
        let interval = configuration.tapMaximumInterval
        recognizerContext.schedule(after: interval, .maximumIntervalBetweenSuccessiveTaps) { recognizer in
            recognizer.recognizerContext.fail(.noNextTap(tap: taps + 1, interval: interval))
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.touchesCancelled)
    }

    /// UIKit rule: a tap recognizer never prevents a tap recognizer that needs more taps, so with
    /// a single and a double tap on one view and no failure requirement, a double tap fires the
    /// single tap at the first lift and the double tap at the second. (UIKit default for other
    /// pairs: a recognizer that recognizes prevents its rivals.)
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventedGestureRecognizer.tapRequirement, tap.taps > numberOfTapsRequired {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    /// The same rule from the other side: a tap that needs more taps cannot be prevented by one
    /// that needs fewer.
    open override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventingGestureRecognizer.tapRequirement, tap.taps < numberOfTapsRequired {
            return false
        }
        return super.canBePrevented(by: preventingGestureRecognizer)
    }

    /// A tap declares its requirement: UIKit's tap rules read it (`TapRequirement`).
    open override var tapRequirement: TapRequirement? {
        TapRequirement(taps: numberOfTapsRequired, touches: numberOfTouchesRequired)
    }

    open override var describedSettings: RecognizerSettings {
        RecognizerSettings(
            summary: ["taps \(numberOfTapsRequired)", "touches \(numberOfTouchesRequired)"],
            values: [
                "numberOfTapsRequired": Self.checkpointCount(numberOfTapsRequired),
                "numberOfTouchesRequired": Self.checkpointCount(numberOfTouchesRequired),
            ])
    }

    open override func restoreSettings(_ values: [String: Double]) {
        if let taps = values["numberOfTapsRequired"] { numberOfTapsRequired = Self.checkpointCount(taps) }
        if let touches = values["numberOfTouchesRequired"] { numberOfTouchesRequired = Self.checkpointCount(touches) }
    }

    open override func reset() {
        super.reset()
        _progress = .idle
        _firstTapLocation = nil
    }

    /// The first tap's location (UIKit: "if there are multiple taps, this location is the first tap").
    open override func location(in view: UIView?) -> CGPoint {
        if let first = _firstTapLocation { return UITouch.convert(first, from: view?.window, to: view) }
        return super.location(in: view)
    }
}
