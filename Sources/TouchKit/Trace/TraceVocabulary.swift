/// The four touch-handling methods, as the trace names them.
public enum TouchMethod: String, Hashable, Codable, Sendable, CaseIterable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

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
}

/// A set of finger ids, stored inline for the common single-finger case.
///
/// Encodes as a JSON array of integers in ascending order.
public struct FingerIDs: Hashable, Codable, Sendable, CustomStringConvertible {
    private var first: Int
    private var rest: [Int]

    /// One finger.
    public init(_ id: Int) {
        first = id
        rest = []
    }

    /// Several fingers; sorted and de-duplicated. An empty list is stored as `[]`.
    public init(_ ids: [Int]) {
        let sorted = Array(Set(ids)).sorted()
        first = sorted.first ?? -1
        rest = Array(sorted.dropFirst())
    }

    /// The ids in ascending order.
    public var ids: [Int] { first < 0 && rest.isEmpty ? [] : [first] + rest }

    public init(from decoder: any Decoder) throws {
        self.init(try [Int](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try ids.encode(to: encoder)
    }

    /// `[1]`, `[1,2]`.
    public var description: String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}

/// Phases of a control's tracking, as `UIControl`'s tracking methods name them.
public enum TrackingPhase: String, Hashable, Codable, Sendable {
    case begin, `continue`, end, cancel
}

/// Why a gesture recognizer changed state: the rule that fired, for the trace and the overlays.
public enum TransitionCause: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The recognizer's own code, while handling these touches.
    case touches(TouchMethod, FingerIDs)
    /// One of the recognizer's timers (its name says which: `minimumPressDuration`, ...).
    case timer(String)
    /// One of the recognizer's own rules, in words (`moved 12.00 pt >= hysteresis 10.00 pt`).
    case rule(String)
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
        case .rule(let text): text
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
}
