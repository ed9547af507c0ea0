import Foundation
import TouchSupport

// Every reason the engine gives, in one file: why hit testing passed a view over, why a
// recognizer changed state (and which of its rules fired), why a touch was blocked, dropped,
// ignored or cancelled, and what a scroll view decided. Each is a value with associated data;
// its `description` is the text the trace prints (the goldens pin it), and code decides on the
// cases, never on the words. The DocC article "Reasons" lists them.

/// Why hit testing passed over a view (UIKit's rules from `hitTest(_:with:)`'s documentation).
public enum HitTestSkipReason: String, Hashable, Codable, Sendable, CaseIterable {
    /// `isHidden` is true.
    case hidden
    /// `alpha` is below `UIKitDefaults.hitTestMinimumAlpha`.
    case transparent
    /// `isUserInteractionEnabled` is false.
    case interactionDisabled
    /// A `UIControl` whose `isEnabled` is false.
    case disabledControl
    /// The point is outside the view's bounds (default `point(inside:with:)`).
    case outside
    /// An overridden `point(inside:with:)` answered false.
    case pointInsideOverride
    /// An overridden `hitTest(_:with:)` answered nil without reaching UIKit's implementation.
    case hitTestOverride
    /// The view's `transform` has no inverse (a scale of 0 on an axis), so a point cannot be
    /// converted into its coordinates: the view and its subviews are unreachable, whatever its
    /// `point(inside:)` or `hitTest` would answer. On a device such a view has a zero-area frame.
    case nonInvertibleTransform
    /// A layer's view that UIKit's hit testing never picks by itself (`UIView.isPassedByHitTesting`:
    /// SwiftUI's gesture containers); its layer's own hit testing hands it touches.
    case layerView
}

/// Why a gesture recognizer changed state: the rule that fired, for the trace and the overlays.
public enum TransitionCause: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The recognizer's own code, while handling these touches.
    case touches(TouchMethod, FingerIDs)
    /// One of the recognizer's timers (`minimumPressDuration`, ...).
    case timer(RecognizerTimer)
    /// One of the built-in recognizers' rules, with its numbers.
    case rule(RecognizerRule)
    /// A rival recognized first and prevented this one.
    case preventedBy(String)
    /// A recognizer this one requires to fail has recognized instead.
    case requiredRecognizerRecognized(String)
    /// Every recognizer this one was waiting for has failed; its held transition goes through.
    case requiredRecognizersFailed(String)
    /// The delegate's `gestureRecognizerShouldBegin(_:)` answered false.
    case delegateRefused
    /// A view's `gestureRecognizerShouldBegin(_:)` answered false (a button keeping its tap).
    case viewRefused(String)
    /// Another recognizer is already in progress and the two may not run together.
    case blockedBy(String)
    /// `isEnabled` was set to false.
    case disabled
    /// The recognizer or its view left the hierarchy.
    case removed
    /// The touch was cancelled by the system or the driver.
    case touchesCancelledBySystem(FingerIDs)
    /// Code outside any touch delivery set `state` (an action, a test).
    case external

    public var description: String {
        switch self {
        case .touches(let method, let fingers): "\(method.rawValue) \(fingers)"
        case .timer(let name): "timer \(name)"
        case .rule(let rule): rule.description
        case .preventedBy(let rival): "prevented by \(rival)"
        case .requiredRecognizerRecognized(let other): "required \(other) to fail, but it recognized"
        case .requiredRecognizersFailed(let other): "\(other) failed as required"
        case .delegateRefused: "delegate refused to begin"
        case .viewRefused(let view): "\(view) refused to let it begin"
        case .blockedBy(let other): "\(other) is already in progress"
        case .disabled: "disabled"
        case .removed: "removed"
        case .touchesCancelledBySystem(let fingers): "touches \(fingers) cancelled"
        case .external: "set outside touch delivery"
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .touches: "touches"
        case .timer: "timer"
        case .rule: "rule"
        case .preventedBy: "preventedBy"
        case .requiredRecognizerRecognized: "requiredRecognizerRecognized"
        case .requiredRecognizersFailed: "requiredRecognizersFailed"
        case .delegateRefused: "delegateRefused"
        case .viewRefused: "viewRefused"
        case .blockedBy: "blockedBy"
        case .disabled: "disabled"
        case .removed: "removed"
        case .touchesCancelledBySystem: "touchesCancelledBySystem"
        case .external: "external"
        }
    }
}

extension TransitionCause {
    /// The rule's kind when the cause is a built-in rule (`movedTooFar`, ...), else nil.
    public var ruleKind: String? {
        if case .rule(let rule) = self { return rule.kind }
        return nil
    }
}

/// A rule of a built-in recognizer that made it recognize, fail or end, with the numbers it
/// compared (points, seconds, radians, counts).
public enum RecognizerRule: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The system cancelled the touches (discrete recognizers fail).
    case touchesCancelled
    /// More fingers than `numberOfTouchesRequired` are down (tap, long press).
    case tooManyFingers(down: Int, required: Int)
    /// A finger moved further than `allowableMovement` (tap, long press before it began).
    case movedTooFar(distance: Double, allowance: Double)
    /// TouchScope's rule for a custom recognizer left possible with no touches, timer or
    /// pending change: it is failed so that recognizers waiting for it resolve.
    case strandedWhilePossible

    // Tap.
    /// A later tap landed further from the first than `allowableMovement`.
    case tapTooFarFromFirst(tap: Int, distance: Double, allowance: Double)
    /// A finger stayed down longer than `maximumTapDuration`.
    case heldLongerThanTapDuration(limit: Double)
    /// A tap used another number of fingers than `numberOfTouchesRequired`.
    case tapFingerCount(used: Int, required: Int)
    /// The last required tap lifted.
    case tapsRecognized(taps: Int, fingers: Int)
    /// The next tap did not come within `maximumIntervalBetweenSuccessiveTaps`.
    case noNextTap(tap: Int, interval: Double)

    // Long press.
    /// A tap before the press was held longer than `maximumTapDuration`.
    case pressTapHeldTooLong(limit: Double)
    /// The fingers were held `minimumPressDuration`.
    case heldMinimumDuration(duration: Double)
    /// No touch came within the interval after a required tap.
    case noTouchAfterTap(interval: Double)
    /// A finger lifted before `minimumPressDuration`.
    case liftedBeforeMinimumDuration(duration: Double)
    /// A finger lifted after the press began.
    case fingerLifted

    // Pan and screen-edge pan.
    /// More fingers than `maximumNumberOfTouches` went down before it began.
    case moreThanMaximumTouches(down: Int, maximum: Int)
    /// The touches' centroid moved the hysteresis.
    case movedPastHysteresis(distance: Double, hysteresis: Double)
    /// Every finger lifted (a pan, pinch or rotation that began ends).
    case allFingersLifted
    /// Every finger lifted before the centroid moved the hysteresis.
    case liftedBeforeHysteresis(hysteresis: Double)
    /// A screen-edge pan's first finger touched away from the edges it watches.
    case beganAwayFromEdges(region: Double)

    // Swipe.
    /// The swipe took longer than `maximumDuration`.
    case noSwipeWithinDuration(limit: Double)
    /// Another number of fingers than `numberOfTouchesRequired` touched.
    case swipeFingerCount(fingers: Int, required: Int)
    /// A finger moved while the wrong number of fingers was down.
    case swipeMovedWithFingerCount(fingers: Int, required: Int)
    /// A finger moved against the swipe's direction.
    case movedAgainstDirection
    /// A finger strayed across the direction further than allowed at that time.
    case strayedAcross(distance: Double, limit: Double)
    /// A finger moved far enough along the direction.
    case swiped(distance: Double, vertical: Bool, threshold: Double)
    /// The fingers lifted before moving far enough.
    case liftedBeforeSwiping(distance: Double)

    // Pinch and rotation.
    /// The distance between the fingers changed by the hysteresis.
    case pinchedPastHysteresis(change: Double, hysteresis: Double)
    /// Both fingers lifted after the gesture began.
    case bothFingersLifted
    /// The fingers lifted before the pinch began.
    case liftedBeforePinching
    /// The line between the fingers turned by the hysteresis, in radians.
    case turnedPastHysteresis(turned: Double, hysteresis: Double)
    /// The fingers lifted before the rotation began.
    case liftedBeforeRotating

    // The scroll view's delay recognizer.
    /// The delay recognizer is not on a scroll view.
    case notOnScrollView
    /// The touch is on the scroll view itself, not its content: nothing to delay.
    case touchOnScrollViewItself
    /// The scroll did not begin within `delaysContentTouches`' delay: the content gets the touch.
    case noScrollWithinDelay(delay: Double)
    /// The finger lifted within the delay: the content gets began and ended together.
    case liftedWithinDelay

    // Any recognizer's own rules.
    /// A rule of a recognizer outside TouchKit: `kind` is stable (JSON and goldens compare it),
    /// `text` is what the trace shows. A subclass names its rules with static functions:
    /// `extension RecognizerRule { static func wobbled(_ d: Double) -> Self { .custom(kind: "wobbled", text: "...") } }`.
    case custom(kind: String, text: String)

    public var description: String {
        func points(_ value: Double) -> String { TraceFormat.number(value) + " pt" }
        func seconds(_ value: Double) -> String { TraceFormat.milliseconds(value) + " s" }
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        switch self {
        case .touchesCancelled: return "touches cancelled"
        case .tooManyFingers(let down, let required): return "\(down) fingers down, numberOfTouchesRequired is \(required)"
        case .movedTooFar(let distance, let allowance): return "moved \(points(distance)) > allowableMovement \(points(allowance))"
        case .strandedWhilePossible: return "all touches ended while still possible; TouchScope fails it"
        case .tapTooFarFromFirst(let tap, let distance, let allowance):
            return "tap \(tap) is \(points(distance)) from the first, more than allowableMovement \(points(allowance))"
        case .heldLongerThanTapDuration(let limit): return "finger held longer than maximumTapDuration \(seconds(limit))"
        case .tapFingerCount(let used, let required): return "tap used \(plural(used, "finger")), numberOfTouchesRequired is \(required)"
        case .tapsRecognized(let taps, let fingers): return "\(plural(taps, "tap")) of \(plural(fingers, "finger"))"
        case .noNextTap(let tap, let interval): return "no tap \(tap) within \(seconds(interval)) of the last lift"
        case .pressTapHeldTooLong(let limit): return "tap held longer than maximumTapDuration \(seconds(limit))"
        case .heldMinimumDuration(let duration): return "held \(seconds(duration)) (minimumPressDuration)"
        case .noTouchAfterTap(let interval): return "no touch within \(seconds(interval)) of the last tap"
        case .liftedBeforeMinimumDuration(let duration): return "lifted before minimumPressDuration \(seconds(duration))"
        case .fingerLifted: return "a finger lifted"
        case .moreThanMaximumTouches(let down, let maximum): return "\(down) fingers down, maximumNumberOfTouches is \(maximum)"
        case .movedPastHysteresis(let distance, let hysteresis): return "moved \(points(distance)) >= hysteresis \(points(hysteresis))"
        case .allFingersLifted: return "all fingers lifted"
        case .liftedBeforeHysteresis(let hysteresis): return "lifted before moving \(points(hysteresis))"
        case .beganAwayFromEdges(let region): return "touch began more than \(points(region)) from the edges it watches"
        case .noSwipeWithinDuration(let limit): return "no swipe within maximumDuration \(seconds(limit))"
        case .swipeFingerCount(let fingers, let required): return "\(fingers) fingers, numberOfTouchesRequired is \(required)"
        case .swipeMovedWithFingerCount(let fingers, let required):
            return "moved with \(plural(fingers, "finger")), numberOfTouchesRequired is \(required)"
        case .movedAgainstDirection: return "moved against the swipe direction"
        case .strayedAcross(let distance, let limit): return "strayed \(points(distance)) across, more than \(points(limit))"
        case .swiped(let distance, let vertical, let threshold):
            return "swiped \(points(distance)) \(vertical ? "vertically" : "horizontally") >= \(points(threshold))"
        case .liftedBeforeSwiping(let distance): return "lifted before swiping \(points(distance))"
        case .pinchedPastHysteresis(let change, let hysteresis): return "finger distance changed \(points(change)) >= \(points(hysteresis))"
        case .bothFingersLifted: return "both fingers lifted"
        case .liftedBeforePinching: return "lifted before pinching"
        case .turnedPastHysteresis(let turned, let hysteresis):
            return "turned \(TraceFormat.number(turned)) rad >= \(TraceFormat.number(hysteresis)) rad"
        case .liftedBeforeRotating: return "lifted before rotating"
        case .notOnScrollView: return "not on a scroll view"
        case .touchOnScrollViewItself: return "the touch is on the scroll view itself, not its content"
        case .noScrollWithinDelay(let delay): return "no scroll within \(seconds(delay)): content gets the touch"
        case .liftedWithinDelay: return "lifted within the delay: content gets began and ended together"
        case .custom(_, let text): return text
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .touchesCancelled: "touchesCancelled"
        case .tooManyFingers: "tooManyFingers"
        case .movedTooFar: "movedTooFar"
        case .strandedWhilePossible: "strandedWhilePossible"
        case .tapTooFarFromFirst: "tapTooFarFromFirst"
        case .heldLongerThanTapDuration: "heldLongerThanTapDuration"
        case .tapFingerCount: "tapFingerCount"
        case .tapsRecognized: "tapsRecognized"
        case .noNextTap: "noNextTap"
        case .pressTapHeldTooLong: "pressTapHeldTooLong"
        case .heldMinimumDuration: "heldMinimumDuration"
        case .noTouchAfterTap: "noTouchAfterTap"
        case .liftedBeforeMinimumDuration: "liftedBeforeMinimumDuration"
        case .fingerLifted: "fingerLifted"
        case .moreThanMaximumTouches: "moreThanMaximumTouches"
        case .movedPastHysteresis: "movedPastHysteresis"
        case .allFingersLifted: "allFingersLifted"
        case .liftedBeforeHysteresis: "liftedBeforeHysteresis"
        case .beganAwayFromEdges: "beganAwayFromEdges"
        case .noSwipeWithinDuration: "noSwipeWithinDuration"
        case .swipeFingerCount: "swipeFingerCount"
        case .swipeMovedWithFingerCount: "swipeMovedWithFingerCount"
        case .movedAgainstDirection: "movedAgainstDirection"
        case .strayedAcross: "strayedAcross"
        case .swiped: "swiped"
        case .liftedBeforeSwiping: "liftedBeforeSwiping"
        case .pinchedPastHysteresis: "pinchedPastHysteresis"
        case .bothFingersLifted: "bothFingersLifted"
        case .liftedBeforePinching: "liftedBeforePinching"
        case .turnedPastHysteresis: "turnedPastHysteresis"
        case .liftedBeforeRotating: "liftedBeforeRotating"
        case .notOnScrollView: "notOnScrollView"
        case .touchOnScrollViewItself: "touchOnScrollViewItself"
        case .noScrollWithinDelay: "noScrollWithinDelay"
        case .liftedWithinDelay: "liftedWithinDelay"
        case .custom(let kind, _): kind
        }
    }
}

/// The name of a recognizer's timer, open like `Notification.Name`: the built-in recognizers and
/// the scroll view name theirs for the UIKit property whose time they wait out, and a subclass
/// adds its own (`extension RecognizerTimer { static let settle = RecognizerTimer("settle") }`).
public struct RecognizerTimer: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ name: String) {
        self.rawValue = name
    }

    /// A tap's or a long press's finger held too long for a tap (`maximumTapDuration`).
    public static let maximumTapDuration = RecognizerTimer("maximumTapDuration")
    /// A long press held long enough to begin (`minimumPressDuration`).
    public static let minimumPressDuration = RecognizerTimer("minimumPressDuration")
    /// No next tap of a multi-tap gesture came in time (`maximumIntervalBetweenSuccessiveTaps`).
    public static let maximumIntervalBetweenSuccessiveTaps = RecognizerTimer("maximumIntervalBetweenSuccessiveTaps")
    /// A swipe took too long (`maximumDuration`).
    public static let maximumDuration = RecognizerTimer("maximumDuration")
    /// A scroll view's delay before its content gets the touch (`delaysContentTouches`).
    public static let delaysContentTouches = RecognizerTimer("delaysContentTouches")

    public var description: String { rawValue }
}

/// Why a new touch reaches no view (UIKit's `isExclusiveTouch` and `isMultipleTouchEnabled`).
public enum TouchBlockReason: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A view with `isExclusiveTouch` has a touch down, and this touch is for another view.
    case exclusiveTouchDown(view: String)
    /// This view has `isExclusiveTouch` and another view has a touch down.
    case exclusiveView(view: String)
    /// The view has `isMultipleTouchEnabled == false` and already has a touch.
    case multipleTouchDisabled(view: String)

    /// Whether the touch is kept from recognizers too (exclusive touch), not only from the view.
    public var blocksRecognizers: Bool {
        switch self {
        case .exclusiveTouchDown, .exclusiveView: true
        case .multipleTouchDisabled: false
        }
    }

    public var description: String {
        switch self {
        case .exclusiveTouchDown(let view): "exclusive touch of \(view) is down"
        case .exclusiveView(let view): "exclusive touch: \(view) takes touches only when no other view has one"
        case .multipleTouchDisabled(let view): "\(view) has isMultipleTouchEnabled = false and already has a touch"
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .exclusiveTouchDown: "exclusiveTouchDown"
        case .exclusiveView: "exclusiveView"
        case .multipleTouchDisabled: "multipleTouchDisabled"
        }
    }
}

/// Why an input sample was not taken.
public enum InputDropReason: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The location is NaN or infinite.
    case locationNotFinite
    /// The location is beyond `TouchSample.maximumCoordinate`.
    case locationOutOfRange
    /// The finger id is outside `TouchSample.fingerIDs`.
    case fingerOutOfRange
    /// A `began` for a finger that is down.
    case alreadyDown
    /// A move or lift for a finger that is not down, or that already changed in this event.
    case notDownOrAlreadyChanged
    /// A `began` while `UIApplication.maximumSimultaneousTouches` fingers are down.
    case tooManyTouches

    public var description: String {
        switch self {
        case .locationNotFinite: "location is not finite"
        case .locationOutOfRange: "location is beyond ±1000000 points"
        case .fingerOutOfRange: "finger ids go from 0 to 1000000"
        case .alreadyDown: "that finger is already down"
        case .notDownOrAlreadyChanged: "that finger is not down or already changed in this event"
        case .tooManyTouches: "\(UIApplication.maximumSimultaneousTouches) fingers are already down"
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .locationNotFinite: "locationNotFinite"
        case .locationOutOfRange: "locationOutOfRange"
        case .fingerOutOfRange: "fingerOutOfRange"
        case .alreadyDown: "alreadyDown"
        case .notDownOrAlreadyChanged: "notDownOrAlreadyChanged"
        case .tooManyTouches: "tooManyTouches"
        }
    }
}

/// Why a recognizer does not get a touch.
public enum TouchIgnoreReason: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The delegate's `gestureRecognizer(_:shouldReceive:)` answered false.
    case delegateRefused
    /// The recognizer called `ignore(_:for:)`.
    case ignoreCalled

    public var description: String {
        switch self {
        case .delegateRefused: "delegate's gestureRecognizer(_:shouldReceive:) answered false"
        case .ignoreCalled: "ignore(_:for:)"
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .delegateRefused: "delegateRefused"
        case .ignoreCalled: "ignoreCalled"
        }
    }
}

/// Who took a touch away from its view (the view gets `touchesCancelled`).
public enum TouchCancelSource: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A recognizer that recognized with `cancelsTouchesInView`.
    case recognizer(String)
    /// The view left its window while the touch was down.
    case removalFromWindow

    public var description: String {
        switch self {
        case .recognizer(let name): name
        case .removalFromWindow: "removal from its window"
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .recognizer: "recognizer"
        case .removalFromWindow: "removalFromWindow"
        }
    }
}

/// What a scroll view decided about a touch of its content.
public enum ScrollDecision: Hashable, Codable, Sendable, CustomStringConvertible {
    /// `touchesShouldBegin(_:with:in:)` answered false: the content does not get the touch.
    case touchesShouldBeginRefused
    /// `canCancelContentTouches` is false: a drag on content that has the touch does not scroll.
    case cannotCancelContentTouches
    /// `touchesShouldCancel(in:)` answered false (a control by default): no scroll.
    case touchesShouldCancelRefused
    /// `touchesShouldCancel(in:)` answered true: scrolling takes the touch from the content.
    case scrollingCancelsContent

    public var description: String {
        switch self {
        case .touchesShouldBeginRefused: "touchesShouldBegin answered false: content does not get the touch"
        case .cannotCancelContentTouches: "canCancelContentTouches is false: no scroll"
        case .touchesShouldCancelRefused: "touchesShouldCancel(in:) answered false: no scroll"
        case .scrollingCancelsContent: "touchesShouldCancel(in:) answered true: scrolling cancels it"
        }
    }
    /// The case's name: stable across rewordings (JSON and semantic goldens compare it).
    public var kind: String {
        switch self {
        case .touchesShouldBeginRefused: "touchesShouldBeginRefused"
        case .cannotCancelContentTouches: "cannotCancelContentTouches"
        case .touchesShouldCancelRefused: "touchesShouldCancelRefused"
        case .scrollingCancelsContent: "scrollingCancelsContent"
        }
    }
}

/// What hit testing did with one view under a touch, and, when it did not pick it, the first
/// reason along the path from the window (`HitExplanation`).
public enum HitVerdict: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The view is the hit view: it gets the touch.
    case hit
    /// The view is on the path and passes the touch down to a subview (`hitTest` returns it).
    case passesToSubview(view: String)
    /// The view itself is skipped: hidden, alpha below 0.01, user interaction off, disabled.
    case skipped(reason: HitTestSkipReason)
    /// A superview is skipped, so its whole branch is.
    case superviewSkipped(superview: String, reason: HitTestSkipReason)
    /// The point is outside a superview's bounds: UIKit never asks that superview's subviews
    /// (whatever `clipsToBounds` says).
    case outsideSuperview(superview: String)
    /// A superview's overridden `point(inside:)` answered false here.
    case superviewPointInsideRefused(superview: String)
    /// The view's own overridden `point(inside:)` answered false.
    case pointInsideRefused
    /// A view in front of it (a later sibling of one of its ancestors, or of itself) takes the touch.
    case covered(by: String, frontView: String)
    /// An overridden `hitTest(_:with:)` on the path answered another view (or nil).
    case hitTestOverride(view: String, answered: String?)

    /// Whether the view gets the touch or lies on its path.
    public var isOnPath: Bool {
        switch self {
        case .hit, .passesToSubview: true
        case .skipped, .superviewSkipped, .outsideSuperview, .superviewPointInsideRefused, .pointInsideRefused, .covered,
            .hitTestOverride:
            false
        }
    }

    public var description: String {
        switch self {
        case .hit: "takes the touch (the hit view)"
        case .passesToSubview(let view): "passes it to its subview \(view)"
        case .skipped(let reason): "is skipped: \(HitVerdict.explain(reason))"
        case .superviewSkipped(let superview, let reason):
            "is never asked: its superview \(superview) is skipped (\(HitVerdict.explain(reason)))"
        case .outsideSuperview(let superview):
            "is never asked: the point is outside its superview \(superview)'s bounds, and hit testing asks a view's subviews only for points inside it (clipsToBounds does not change this)"
        case .superviewPointInsideRefused(let superview):
            "is never asked: its superview \(superview)'s point(inside:) override answered false here"
        case .pointInsideRefused: "answers no: its point(inside:) override returned false here"
        case .covered(let by, let frontView):
            by == frontView
                ? "is covered: \(by) is in front of it and takes the touch"
                : "is covered: \(by), inside \(frontView) which is in front of it, takes the touch"
        case .hitTestOverride(let view, let answered):
            "is passed over: \(view)'s hitTest(_:with:) override answered \(answered ?? "nil")"
        }
    }

    /// The UIKit rule behind a skip, in words.
    public static func explain(_ reason: HitTestSkipReason) -> String {
        switch reason {
        case .hidden: "isHidden is true"
        case .transparent: "alpha is below 0.01"
        case .interactionDisabled: "isUserInteractionEnabled is false"
        case .disabledControl: "it is a disabled control"
        case .outside: "the point is outside its bounds"
        case .pointInsideOverride: "its point(inside:) override answered false"
        case .hitTestOverride: "its hitTest(_:with:) override answered nil"
        case .nonInvertibleTransform: "its transform has no inverse (a scale of 0), so no point maps into it"
        case .layerView: "a gesture container (SwiftUI's hit testing picks it)"
        }
    }

    /// The case's name (JSON compares it).
    public var kind: String {
        switch self {
        case .hit: "hit"
        case .passesToSubview: "passesToSubview"
        case .skipped: "skipped"
        case .superviewSkipped: "superviewSkipped"
        case .outsideSuperview: "outsideSuperview"
        case .superviewPointInsideRefused: "superviewPointInsideRefused"
        case .pointInsideRefused: "pointInsideRefused"
        case .covered: "covered"
        case .hitTestOverride: "hitTestOverride"
        }
    }
}

/// What happened to a touch after hit testing, for one view (`DeliveryExplanation`): the
/// reasons a view that was hit, or is on the responder chain, still did not act on the touch.
public enum DeliveryFinding: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The view got these touches methods, in order.
    case received(methods: [TouchMethod])
    /// The view's `touchesBegan` was held by a recognizer (`delaysTouchesBegan`).
    case delayed(method: TouchMethod, by: String)
    /// A recognizer recognized with `cancelsTouchesInView` and took the touch from the view.
    case cancelledBy(recognizer: String)
    /// The view left its window while the touch was down.
    case removedFromWindow
    /// The view got the touch and passed it on to `next` without handling it (no override of
    /// the touches methods, no recognizer, not a control).
    case forwardedWithoutHandling(to: String)
    /// The touch was handled below this view on the responder chain and never passed up to it.
    case handledBelow(by: String)
    /// A recognizer of the view (or of a superview) recognized: the gesture went to it.
    case recognizerRecognized(recognizer: String)
    /// A recognizer of the view failed, with the rule that made it fail.
    case recognizerFailed(recognizer: String, cause: TransitionCause)
    /// A control fired these events.
    case controlEvents(control: String, events: [ControlEvent])
    /// The touch was blocked before any view (exclusive touch, multiple touch off).
    case blocked(reason: TouchBlockReason)
    /// A scroll view above the view decided about its touch.
    case scrollDecision(scrollView: String, decision: ScrollDecision)

    public var description: String {
        switch self {
        case .received(let methods): "received " + methods.map(\.rawValue).joined(separator: ", ")
        case .delayed(let method, let by): "its \(method.rawValue) was held by \(by) (delaysTouchesBegan) while that recognizer was possible"
        case .cancelledBy(let recognizer): "\(recognizer) recognized and took the touch away (cancelsTouchesInView): it got touchesCancelled"
        case .removedFromWindow: "it left its window while the touch was down: it got touchesCancelled"
        case .forwardedWithoutHandling(let next):
            "it got the touch but has no handler: its touches methods pass it on to \(next) (override them, add a recognizer, or use a control)"
        case .handledBelow(let view): "\(view) handled the touch and did not pass it up the responder chain to it"
        case .recognizerRecognized(let recognizer): "\(recognizer) recognized the gesture"
        case .recognizerFailed(let recognizer, let cause): "\(recognizer) failed: \(cause)"
        case .controlEvents(let control, let events): "\(control) fired " + events.map(\.description).joined(separator: ", ")
        case .blocked(let reason): "the touch was blocked before any view: \(reason)"
        case .scrollDecision(let scrollView, let decision): "\(scrollView) \(decision)"
        }
    }

    /// What the user sees because of it, for a view (`control`: a `UIControl`), or nil when the
    /// finding explains itself.
    public func symptom(control: Bool) -> String? {
        switch self {
        case .delayed(.touchesBegan, _):
            control
                ? "touchDown arrives late (at the lift, for a quick tap), so the highlight is never seen"
                : "touchesBegan arrives late (at the lift, for a quick tap): feedback on touch-down is never seen"
        case .delayed(.touchesEnded, _):
            "touchesEnded waits until the recognizer fails: the end of the touch is answered late"
        case .cancelledBy, .removedFromWindow:
            control
                ? "the control gets touchCancel instead of touchUpInside: its action does not run"
                : "touchesEnded never comes: whatever the view does at the end of a touch does not happen"
        case .forwardedWithoutHandling:
            "nothing on screen reacts to the touch"
        case .handledBelow:
            "the view never hears of the touch"
        case .blocked:
            "no view reacts: the touch is dropped"
        case .controlEvents(_, let events) where events.contains(.touchUpOutside):
            "the finger lifted outside the control's margin: touchUpOutside, not touchUpInside, so the action does not run (approximation: UIKit's margin is private; about \(Int(saturating: Double(UIKitDefaults.controlTouchMargin))) pt, observed)"
        case .received, .delayed, .recognizerRecognized, .recognizerFailed, .controlEvents, .scrollDecision:
            nil
        }
    }

    /// The case's name (JSON compares it).
    public var kind: String {
        switch self {
        case .received: "received"
        case .delayed: "delayed"
        case .cancelledBy: "cancelledBy"
        case .removedFromWindow: "removedFromWindow"
        case .forwardedWithoutHandling: "forwardedWithoutHandling"
        case .handledBelow: "handledBelow"
        case .recognizerRecognized: "recognizerRecognized"
        case .recognizerFailed: "recognizerFailed"
        case .controlEvents: "controlEvents"
        case .blocked: "blocked"
        case .scrollDecision: "scrollDecision"
        }
    }
}
