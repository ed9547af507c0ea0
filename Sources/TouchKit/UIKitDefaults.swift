import Foundation

/// Every number TouchKit takes from UIKit, in one place.
///
/// Each constant says what it measures, its unit, UIKit's value and where that value comes from:
/// Apple's documentation, the SDK headers, UIKit's own initializers as seen in decompiled UIKit
/// ("UIKit init"), or behaviour observed on devices ("observed"). Values UIKit keeps private and
/// TouchScope could not confirm are marked "TouchScope's choice" and listed in the README.
/// Code never retypes these literals: it reads them from here or from a `TouchKitConfiguration`.
public enum UIKitDefaults {
    // MARK: Hit testing

    /// Views whose alpha is below this are skipped by hit testing, in 0...1. UIKit: 0.01;
    /// `hitTest(_:with:)` documentation ("alpha level less than 0.01").
    public static let hitTestMinimumAlpha: CGFloat = 0.01

    // MARK: Touches

    /// Longest gap between one touch's end and the next touch's start that still counts as a
    /// repeated tap for `UITouch.tapCount`, in seconds. UIKit: 0.35 s, assumed equal to the tap
    /// recognizer's `maximumIntervalBetweenSuccessiveTaps` (UIKit init); TouchScope's choice.
    public static let touchTapCountInterval: TimeInterval = 0.35
    /// Largest distance between successive taps that still increments `tapCount`, in points.
    /// Assumed equal to the tap recognizer's allowable movement (45 pt); TouchScope's choice.
    public static let touchTapCountDistance: CGFloat = 45
    /// `UITouch.majorRadius` of a simulated fingertip, in points. A typical iPhone reading (observed
    /// 20.8 pt on an adult finger); TouchScope's choice.
    public static let touchMajorRadius: CGFloat = 20

    // MARK: Tap

    /// How far a finger may move before a tap fails, in points. UIKit: 45 pt; `allowableMovement`
    /// set by `-[UITapGestureRecognizer initWithTarget:action:]` (UIKit init).
    public static let tapAllowableMovement: CGFloat = 45
    /// How long a finger may stay down and still make a tap, in seconds. UIKit: 0.75 s;
    /// `maximumTapDuration` (UIKit init).
    public static let tapMaximumDuration: TimeInterval = 0.75
    /// Longest wait for the next tap of a multi-tap gesture, from the previous lift, in seconds.
    /// UIKit: 0.35 s; `maximumIntervalBetweenSuccessiveTaps` (UIKit init).
    public static let tapMaximumInterval: TimeInterval = 0.35

    // MARK: Long press

    /// How long fingers must be held before a long press begins, in seconds. UIKit: 0.5 s;
    /// `minimumPressDuration` documentation.
    public static let longPressMinimumDuration: TimeInterval = 0.5
    /// How far fingers may move before a long press that has not begun fails, in points.
    /// UIKit: 10 pt; `allowableMovement` documentation.
    public static let longPressAllowableMovement: CGFloat = 10

    // MARK: Pan

    /// How far the touches' centroid must move before a pan begins, in points. UIKit: 10 pt;
    /// `+[UIPanGestureRecognizer _defaultHysteresis]` returns 10 (UIKit init).
    public static let panHysteresis: CGFloat = 10
    /// Window of recent samples used for `velocity(in:)`, in seconds. UIKit keeps a short history
    /// of samples; TouchScope's choice.
    public static let velocitySampleWindow: TimeInterval = 0.1

    // MARK: Screen-edge pan

    /// Width of the band along an edge where a screen-edge pan may start, in points. UIKit keeps
    /// this private; about 20 pt on iPhone (observed); TouchScope's choice.
    public static let screenEdgeRegion: CGFloat = 20

    // MARK: Swipe

    /// Movement along the swipe direction needed to recognize, at the start of the gesture, in
    /// points. UIKit: 50 pt; `minimumPrimaryMovement` (UIKit init).
    public static let swipeMinimumPrimaryMovement: CGFloat = 50
    /// Largest movement across the swipe direction, in points. UIKit: 200 pt;
    /// `maximumSecondaryMovement` (UIKit init).
    public static let swipeMaximumSecondaryMovement: CGFloat = 200
    /// How long a swipe may take, in seconds. UIKit: 0.5 s; `maximumDuration` (UIKit init).
    public static let swipeMaximumDuration: TimeInterval = 0.5
    /// Fraction of the minimum primary movement still required at `swipeMaximumDuration`: the
    /// requirement decays linearly with time toward it, a dimensionless factor. UIKit: 0.06;
    /// `rateOfMinimumMovementDecay` (UIKit init).
    public static let swipeMinimumMovementDecay: CGFloat = 0.06
    /// Same decay for the maximum secondary movement, a dimensionless factor. UIKit: 0.02;
    /// `rateOfMaximumMovementDecay` (UIKit init).
    public static let swipeMaximumMovementDecay: CGFloat = 0.02
    /// How far a finger must move before a swipe judges its direction, in points: smaller moves
    /// are jitter. UIKit keeps this private; TouchScope's choice, the same 10 pt as the pan's
    /// hysteresis.
    public static let swipeJudgingMovement: CGFloat = 10

    // MARK: Pinch and rotation

    /// Change in distance between two fingers before a pinch begins, in points. UIKit keeps its
    /// threshold private; TouchScope's choice.
    public static let pinchHysteresis: CGFloat = 8
    /// Angle the line between two fingers must turn before a rotation begins, in radians.
    /// UIKit keeps its threshold private (about 4°, observed); TouchScope's choice.
    public static let rotationHysteresis: CGFloat = 0.07

    // MARK: Controls

    /// Margin around a control's bounds that still counts as inside while tracking (drag events,
    /// `touchUpInside`), in points. UIKit: about 70 pt on every side (observed; not documented).
    public static let controlTouchMargin: CGFloat = 70
    /// How far outside a slider's thumb a touch still starts tracking, in points on every side.
    /// UIKit's thumb takes touches a little beyond its drawn size (observed); TouchScope's choice.
    public static let sliderThumbTouchMargin: CGFloat = 8
    /// Alpha a highlighted button's title and image are drawn at, in 0...1. UIKit's system button
    /// dims its title to about 20% (observed); TouchScope's choice for the renderer.
    public static let buttonHighlightedAlpha: CGFloat = 0.2

    // MARK: Scroll view

    /// How long a scroll view holds `touchesBegan` from its content before delivering it, in
    /// seconds. UIKit: 0.15 s (observed; `delaysContentTouches` documentation says "a short delay").
    public static let scrollViewContentTouchDelay: TimeInterval = 0.15
    /// Fraction of velocity kept per millisecond while decelerating. UIKit:
    /// `UIScrollView.DecelerationRate.normal` = 0.998 (SDK header).
    public static let scrollViewDecelerationRateNormal: CGFloat = 0.998
    /// `UIScrollView.DecelerationRate.fast` = 0.99 (SDK header).
    public static let scrollViewDecelerationRateFast: CGFloat = 0.99
    /// Speed below which deceleration stops, in points per second. TouchScope's choice.
    public static let scrollViewMinimumDecelerationSpeed: CGFloat = 10
    /// Step of the deceleration timer, in seconds (one frame at 60 Hz). TouchScope's choice.
    public static let scrollViewDecelerationStep: TimeInterval = 1.0 / 60.0
    /// With `isPagingEnabled`, the speed at lift (points per second) past which the content goes
    /// on to the next page in the direction of the flick, from the page the drag began on;
    /// slower, it settles on the nearest page. UIKit's value is private: TouchScope's choice.
    public static let scrollViewPagingFlickSpeed: CGFloat = 250
    /// Share of the way to the page that settling covers each step (an ease-out of about
    /// 0.3 s at 60 Hz). UIKit's animation is private: TouchScope's choice.
    public static let scrollViewPagingSettleFraction: CGFloat = 0.25

    // MARK: Explanations (TouchScope's own)

    /// How long the simulated tap of a "why" question holds the finger down, in seconds: a
    /// quick tap, well inside every tap limit. TouchScope's choice.
    public static let whyTapHold: TimeInterval = 0.05

    // MARK: Simulated gestures (TouchSimulator's defaults, TouchScope's own)

    /// How long a simulated tap holds the finger down, in seconds: a quick tap, far inside
    /// `tapMaximumDuration` (0.75 s).
    public static let simulatedTapHold: TimeInterval = 0.05
    /// Time from one simulated tap's lift to the next touch, in seconds: inside
    /// `tapMaximumInterval` (0.35 s), so repeated taps count as one multi-tap.
    public static let simulatedTapInterval: TimeInterval = 0.1
    /// How long a simulated long press holds, in seconds: past `longPressMinimumDuration` (0.5 s)
    /// by a tenth of a second.
    public static let simulatedLongPressDuration: TimeInterval = longPressMinimumDuration + 0.1
    /// How long a simulated drag, pinch or rotation takes, in seconds: a deliberate movement,
    /// shorter than `swipeMaximumDuration` (0.5 s) so a quick straight drag may swipe.
    public static let simulatedMotionDuration: TimeInterval = 0.3
    /// How many moves a simulated drag, pinch or rotation is made of.
    public static let simulatedMotionSteps = 10

    // MARK: Safety limits (TouchScope's own, no UIKit counterpart)

    /// Deepest nesting of actions sent along the responder chain (an action whose performer sends
    /// it again) before TouchKit stops the loop with a `loopStopped` trace entry. UIKit would
    /// overflow the stack; TouchScope's choice, far above any real chain of actions.
    public static let maximumActionNesting = 64
}

/// The thresholds TouchKit's recognizers, controls and scroll views read, injected per application.
///
/// Every value defaults to its `UIKitDefaults` constant. Tests may shrink or grow them (and should
/// say why); the SDL front end may scale them for mouse input. Nothing reads the constants directly
/// at run time, so one application's configuration never leaks into another's.
public struct TouchKitConfiguration: Hashable, Sendable {
    public var touchTapCountInterval = UIKitDefaults.touchTapCountInterval
    public var touchTapCountDistance = UIKitDefaults.touchTapCountDistance
    public var tapAllowableMovement = UIKitDefaults.tapAllowableMovement
    public var tapMaximumDuration = UIKitDefaults.tapMaximumDuration
    public var tapMaximumInterval = UIKitDefaults.tapMaximumInterval
    public var longPressMinimumDuration = UIKitDefaults.longPressMinimumDuration
    public var longPressAllowableMovement = UIKitDefaults.longPressAllowableMovement
    public var panHysteresis = UIKitDefaults.panHysteresis
    public var velocitySampleWindow = UIKitDefaults.velocitySampleWindow
    public var screenEdgeRegion = UIKitDefaults.screenEdgeRegion
    public var swipeMinimumPrimaryMovement = UIKitDefaults.swipeMinimumPrimaryMovement
    public var swipeMaximumSecondaryMovement = UIKitDefaults.swipeMaximumSecondaryMovement
    public var swipeMaximumDuration = UIKitDefaults.swipeMaximumDuration
    public var pinchHysteresis = UIKitDefaults.pinchHysteresis
    public var rotationHysteresis = UIKitDefaults.rotationHysteresis
    public var controlTouchMargin = UIKitDefaults.controlTouchMargin
    public var scrollViewContentTouchDelay = UIKitDefaults.scrollViewContentTouchDelay
    /// The major version of the iOS SDK the app is linked against and runs on (the older of the
    /// two): UIKit behaviour that changed with an SDK follows it, as an app's does. Default 18.
    /// With 26, a navigation controller's `interactiveContentPopGestureRecognizer` exists.
    public var linkedSDK = 18

    /// UIKit's values.
    public init() {}

    /// UIKit's values, shared by objects that are not attached to an application yet.
    public static let uikit = TouchKitConfiguration()
}
