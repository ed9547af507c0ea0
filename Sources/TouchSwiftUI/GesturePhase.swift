/// Why a SwiftUI gesture failed: typed, with a stable `kind` and a sentence.
public struct GestureFailure: Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    public let text: String

    public init(_ kind: String, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public var description: String { text }

    static func excluded(by other: String) -> GestureFailure { GestureFailure("excluded", "excluded by \(other)") }
    static func threshold(_ text: String) -> GestureFailure { GestureFailure("threshold", text) }
    static func cancelled(by other: String) -> GestureFailure { GestureFailure("cancelled", "cancelled by \(other)") }
    /// UIKit reset the gesture's recognizer while it ran: another recognizer took the touch
    /// (made once: every such reset uses it).
    static let cancelledByUIKitReset = cancelled(by: "UIKit (another recognizer took the touch)")
    static let disabled = GestureFailure("disabled", "disabled (.disabled(true) or isEnabled: false)")
    static func masked(by other: String) -> GestureFailure { GestureFailure("masked", "masked by \(other)'s including:") }
    static let lifted = GestureFailure("lifted", "the finger lifted first")
}

/// A SwiftUI gesture's phase (model M2): `possible` until it decides, `active` while a continuous
/// gesture runs, `ended` when it succeeded, `failed` with its reason. Discrete gestures (taps)
/// never show `active`.
public enum GesturePhase: Hashable, Sendable, CustomStringConvertible {
    case possible, active, ended
    case failed(GestureFailure)

    public var isTerminal: Bool {
        switch self {
        case .ended, .failed: true
        case .possible, .active: false
        }
    }

    public var isFailed: Bool { if case .failed = self { true } else { false } }

    public var description: String {
        switch self {
        case .possible: "possible"
        case .active: "active"
        case .ended: "ended"
        case .failed(let reason): "failed (\(reason))"
        }
    }

    /// The phase word alone (`failed`), for traces and lanes.
    public var name: String { kind.rawValue }

    /// The phase without its reason: what a recognizer compares on every touch to see whether
    /// anything is news (no string made, no reason copied).
    public enum Kind: String, Sendable {
        case possible, active, ended, failed
    }

    /// The phase without its reason.
    public var kind: Kind {
        switch self {
        case .possible: .possible
        case .active: .active
        case .ended: .ended
        case .failed: .failed
        }
    }
}

/// What an exclusive gesture tells its second gesture about its first (model M3).
enum InheritedPhase {
    /// Nothing holds it (no first gesture, or the first failed).
    case free
    /// The first is still possible: a gesture with a dependency (a tap, a Button) is held.
    case pending
    /// The first is active or ended: a gesture with a dependency fails.
    case active
}
