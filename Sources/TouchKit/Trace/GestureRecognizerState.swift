import Foundation

/// The states of a gesture recognizer: UIKit's `UIGestureRecognizer.State` (a type alias of this one).
///
/// Lifecycle: every recognizer starts in `.possible`. A discrete recognizer (tap, swipe) goes
/// to `.ended` (UIKit's `.recognized`, same value) or `.failed`, once. A continuous recognizer
/// (pan, pinch, long press) goes to `.began`, then `.changed` any number of times, then `.ended`
/// or `.cancelled`; or to `.failed` without beginning. After its touches are gone, a recognizer
/// in a final state is reset to `.possible` (`reset()` runs then, never earlier). The legal moves
/// are `transitionTable`; anything else is refused, traced and asserted in debug builds.
public enum GestureRecognizerState: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible, Codable {
    case possible, began, changed, ended, cancelled, failed

    /// A discrete gesture was recognized (the same value as `.ended`).
    public static var recognized: GestureRecognizerState { .ended }

    public var description: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// Whether the recognizer is done with this touch sequence (waits for reset).
    public var isFinal: Bool {
        self == .ended || self == .cancelled || self == .failed
    }

    /// Whether the recognizer is recognizing right now (a continuous gesture in progress).
    public var isActive: Bool { self == .began || self == .changed }

    /// Whether a recognizer in this state takes touches (possible or recognizing).
    public var receivesTouches: Bool { self == .possible || self == .began || self == .changed }

    public init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        guard let state = GestureRecognizerState.allCases.first(where: { $0.description == name }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown state \"\(name)\""))
        }
        self = state
    }

    public func encode(to encoder: any Encoder) throws {
        try description.encode(to: encoder)
    }
}
