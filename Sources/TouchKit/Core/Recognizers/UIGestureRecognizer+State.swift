import Foundation

extension UIGestureRecognizer {
    /// The states of a gesture recognizer, as UIKit names them (`GestureRecognizerState`, declared
    /// with the trace's vocabulary, which records them).
    public typealias State = GestureRecognizerState

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
        legalMasks.main[from.rawValue] & (1 << to.rawValue) != 0
    }

    /// Whether a recognizer whose change to `held` is waiting may ask for `to`.
    public static func isLegalTransition(waitingFor held: State, to: State) -> Bool {
        legalMasks.waiting[held.rawValue] & (1 << to.rawValue) != 0
    }

    /// The two tables as one bit mask per state (bit `n`: the state whose raw value is `n`),
    /// made from the tables once: every change a recognizer asks for is checked, and a set
    /// lookup hashes twice.
    private static let legalMasks: (main: [UInt8], waiting: [UInt8]) = {
        func masks(_ table: [State: Set<State>]) -> [UInt8] {
            State.allCases.map { from in
                (table[from] ?? []).reduce(UInt8(0)) { $0 | UInt8(1) << $1.rawValue }
            }
        }
        return (masks(transitionTable), masks(waitingTransitionTable))
    }()
}

extension UIGestureRecognizer {
    /// Whether the recognizer still holds deliveries back: it is possible (waiting or not) and attached.
    var _isHolding: Bool {
        state == .possible && isEnabled && _viewLink != nil
    }
}
