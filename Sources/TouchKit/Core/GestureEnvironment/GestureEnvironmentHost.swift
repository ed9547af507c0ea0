import Foundation

/// Everything the gesture environment (and the recognizers it runs) needs from its application,
/// and nothing more: the clock and the trace, the thresholds, the switch for asserting on
/// illegal transitions, and the event in progress with its touches, for held deliveries.
/// `UIApplication` is the only conformer; the environment never reaches the rest of it.
protocol GestureEnvironmentHost: AnyObject {
    var clock: VirtualClock { get }
    var trace: Trace { get }
    var configuration: TouchKitConfiguration { get }
    /// `TouchKitDebugOptions.assertsOnIllegalTransition`.
    var assertsOnIllegalTransition: Bool { get }
    /// `TouchKitDebugOptions.tracesArbitration`.
    var tracesArbitration: Bool { get }
    /// The one touches event, carrying the touches being dispatched.
    var _touchesEvent: UIEvent { get }
    /// The touches down now, in the order they began.
    var _activeTouches: [UITouch] { get }
}

extension UIApplication: GestureEnvironmentHost {
    var assertsOnIllegalTransition: Bool { debugOptions.assertsOnIllegalTransition }
    var tracesArbitration: Bool { debugOptions.tracesArbitration }
}
