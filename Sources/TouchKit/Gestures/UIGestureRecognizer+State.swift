import Foundation

extension UIGestureRecognizer {
    /// The states of a gesture recognizer, as UIKit names them.
    ///
    /// Lifecycle: every recognizer starts in `.possible`. A discrete recognizer (tap, swipe) goes
    /// to `.ended` (UIKit's `.recognized`, same value) or `.failed`, once. A continuous recognizer
    /// (pan, pinch, long press) goes to `.began`, then `.changed` any number of times, then `.ended`
    /// or `.cancelled`; or to `.failed` without beginning. After its touches are gone, a recognizer
    /// in a final state is reset to `.possible` (`reset()` runs then, never earlier). The legal moves
    /// are `transitionTable`; anything else is refused, traced and asserted in debug builds.
    public enum State: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible, Codable {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete gesture was recognized (the same value as `.ended`).
        public static var recognized: State { .ended }

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

        public init(from decoder: any Decoder) throws {
            let name = try String(from: decoder)
            guard let state = State.allCases.first(where: { $0.description == name }) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "unknown state \"\(name)\""))
            }
            self = state
        }

        public func encode(to encoder: any Encoder) throws {
            try description.encode(to: encoder)
        }
    }

    /// UIKit's legal state changes, as data: `transitionTable[from]` holds every allowed `to`.
    ///
    /// From UIKit's documentation of `UIGestureRecognizer.State` and the subclassing notes:
    /// possible → began | ended (recognized) | failed; began → changed | ended | cancelled;
    /// changed → changed | ended | cancelled. Final states leave only through `reset`, which the
    /// environment performs (it is not a transition a recognizer may request). Setting `.possible`
    /// while possible is accepted as a no-op.
    public static let transitionTable: [State: Set<State>] = [
        .possible: [.possible, .began, .ended, .failed],
        .began: [.changed, .ended, .cancelled],
        .changed: [.changed, .ended, .cancelled],
        .ended: [],
        .cancelled: [],
        .failed: [],
    ]

    /// The moves a recognizer may request while its change to a held state (the key: `.began`
    /// or `.ended`) waits for the recognizers it requires to fail; its `state` reads `.possible`
    /// meanwhile. UIKit's `require(toFail:)` documentation: the recognizer stays possible until
    /// the others fail, and may still fail itself. Setting `.possible` is a no-op, as in the main
    /// table; anything else is refused. The held change itself is made by the environment when the
    /// last requirement fails (or turned into `.failed` when one recognizes), as `reset` is.
    public static let waitingTransitionTable: [State: Set<State>] = [
        .began: [.possible, .failed],
        .ended: [.possible, .failed],
    ]

    /// Whether `from -> to` is a legal change a recognizer may make.
    public static func isLegalTransition(from: State, to: State) -> Bool {
        transitionTable[from]?.contains(to) ?? false
    }

    /// Whether a recognizer whose change to `held` is waiting may ask for `to`.
    public static func isLegalTransition(waitingFor held: State, to: State) -> Bool {
        waitingTransitionTable[held]?.contains(to) ?? false
    }
}
