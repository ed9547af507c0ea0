import Foundation
import TouchKit

/// The recognizers UIKit makes for a view of its own, which a scene addresses as
/// `<view id>.<role>` (`carousel.pan`) wherever a recognizer id goes: `requireToFail` in both
/// directions, delegate relations, `why --recognizer`, the inspector.
public enum BuiltInRecognizerRole: String, CaseIterable, Sendable {
    /// A scroll view's `panGestureRecognizer`.
    case pan
    /// A scroll view's delayed-touches recognizer (UIKit's private
    /// `UIScrollViewDelayedTouchesBeganGestureRecognizer`, which `delaysContentTouches` turns on and off).
    case delay
    /// A navigation controller's `interactivePopGestureRecognizer` (`nav.pop`).
    case pop

    /// The id of this recognizer of the view with id `viewID`.
    public func id(of viewID: String) -> String { viewID + "." + rawValue }

    /// The roles a view of `kind` has.
    public static func roles(of kind: ViewKind) -> [BuiltInRecognizerRole] {
        kind.isScrollView ? [.pan, .delay] : []
    }

    /// The roles a navigation controller has.
    public static let navigationRoles: [BuiltInRecognizerRole] = [.pop]
}

/// Settings a scene gives one of a view's built-in recognizers; what it leaves out keeps UIKit's
/// value (the pan: cancels touches, delays nothing at begin, delays the end; the delay
/// recognizer: delays touchesBegan, cancels nothing).
///
/// `delegate` stands for the scroll view's own delegate methods: UIKit makes the scroll view its
/// pan's delegate and refuses any other, so the fix people ship is a scroll view subclass that
/// overrides `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` and the rest; a scene
/// says what those overrides answer.
public struct BuiltInRecognizerDescription: Equatable, Sendable {
    public var role: BuiltInRecognizerRole
    public var isEnabled: Bool?
    public var cancelsTouchesInView: Bool?
    public var delaysTouchesBegan: Bool?
    public var delaysTouchesEnded: Bool?
    public var minimumNumberOfTouches: Int?
    public var maximumNumberOfTouches: Int?
    /// Ids of recognizers this one requires to fail.
    public var requireToFail: [String] = []
    public var delegate: DelegateDescription?
    public var onStates: [UIGestureRecognizer.State] = []
    public var effects: [Effect] = []

    public init(role: BuiltInRecognizerRole) {
        self.role = role
    }
}
