import Foundation

/// How the window's delivery of one touch to its view stands: one value, so that no
/// contradictory combination (a held `touchesBegan` on a touch whose view has it, a touch taken
/// from its view that is still owed its end) can be written.
///
/// A touch's view sees `touchesBegan` at most once and then exactly one of `touchesEnded` or
/// `touchesCancelled`; recognizers can hold either end back (`delaysTouchesBegan`,
/// `delaysTouchesEnded`) or cut the sequence short (`cancelsTouchesInView`). A holder list may
/// become empty while the hold stands (its recognizer reset): the hold is then released at the
/// next release step.
enum TouchDelivery {
    /// `touchesBegan` has not reached the view. `beganHolders` is non-nil while recognizers with
    /// `delaysTouchesBegan` hold it; `endHolders` is non-nil once the finger lifted meanwhile.
    case notBegun(beganHolders: [UIGestureRecognizer]?, endHolders: [UIGestureRecognizer]?)
    /// `touchesBegan` was sent to the view (queued; `delivered` once it ran); moves and the end
    /// go through. `endHolders` is non-nil while recognizers with `delaysTouchesEnded` hold the end.
    case begun(delivered: Bool, endHolders: [UIGestureRecognizer]?)
    /// The view has seen the end, or never will. `takenFromView`: cut short by a recognizer, a
    /// scroll view or the view leaving its window (no call still queued for it goes out).
    /// `beganDelivered`: the view's `touchesBegan` ran.
    case finished(takenFromView: Bool, beganDelivered: Bool)
    /// Delivery to views is blocked for this touch (exclusive touch, multiple touch disabled).
    case blocked

    /// A new touch's delivery.
    static var initial: TouchDelivery { .notBegun(beganHolders: nil, endHolders: nil) }

    // MARK: Questions

    var isBlocked: Bool {
        if case .blocked = self { true } else { false }
    }

    /// Nothing more will reach the view (finished or blocked).
    var isOver: Bool {
        switch self {
        case .finished, .blocked: true
        case .notBegun, .begun: false
        }
    }

    /// The view has (or is about to have) `touchesBegan` and not yet the end: what a scroll view
    /// asks before taking the touch from its content.
    var viewHasTouch: Bool {
        if case .begun = self { true } else { false }
    }

    /// The touch was taken from its view.
    var wasTakenFromView: Bool {
        if case .finished(true, _) = self { true } else { false }
    }

    /// The view's `touchesBegan` ran: only such a view is owed `touchesCancelled`.
    var beganDelivered: Bool {
        switch self {
        case .begun(let delivered, _): delivered
        case .finished(_, let delivered): delivered
        case .notBegun, .blocked: false
        }
    }

    /// `touchesBegan` is held back.
    var isBeganHeld: Bool {
        if case .notBegun(.some, _) = self { true } else { false }
    }

    /// The end is held back (or owed once `touchesBegan` is released).
    var isEndHeld: Bool {
        switch self {
        case .notBegun(_, .some), .begun(_, .some): true
        default: false
        }
    }

    /// The list holding `touchesBegan` back, nil when it is not held.
    var beganHolderList: [UIGestureRecognizer]? {
        if case .notBegun(let holders, _) = self { holders } else { nil }
    }

    /// Whether a recognizer holding the end back is still holding.
    var anyEndHolderHolding: Bool {
        switch self {
        case .notBegun(_, .some(let holders)), .begun(_, .some(let holders)): Self.anyHolding(holders)
        default: false
        }
    }

    /// Whether a release step would keep the touch held and do nothing else: its `touchesBegan`
    /// is held by a recognizer still holding, or (began sent) its end is. Asked on every event
    /// while the touch is held, in one read of the delivery.
    var staysHeld: Bool {
        switch self {
        case .notBegun(.some(let holders), _), .begun(_, .some(let holders)): Self.anyHolding(holders)
        case .notBegun, .begun, .finished, .blocked: false
        }
    }

    /// Whether `recognizer` holds this touch's `touchesBegan` or its end back.
    func isHeld(by recognizer: UIGestureRecognizer) -> Bool {
        switch self {
        case .notBegun(let began, let end):
            (began?._containsUnretained { $0 === recognizer } ?? false) || (end?._containsUnretained { $0 === recognizer } ?? false)
        case .begun(_, let end):
            end?._containsUnretained { $0 === recognizer } ?? false
        case .finished, .blocked:
            false
        }
    }

    private static func anyHolding(_ holders: [UIGestureRecognizer]) -> Bool {
        holders._containsUnretained { $0._isHolding }
    }

    // MARK: Steps

    /// `touchesBegan` goes to the view now (queued), its hold, if any, over.
    mutating func begin() {
        guard case .notBegun(_, let end) = self else { return }
        self = .begun(delivered: false, endHolders: end)
    }

    /// `touchesBegan` is held by `holders`.
    mutating func holdBegan(by holders: [UIGestureRecognizer]) {
        guard case .notBegun(_, let end) = self else { return }
        self = .notBegun(beganHolders: holders, endHolders: end)
    }

    /// The finger lifted and its end is held by `holders` (possibly none, while `touchesBegan`
    /// is still held).
    mutating func holdEnd(by holders: [UIGestureRecognizer]) {
        switch self {
        case .notBegun(let began, _): self = .notBegun(beganHolders: began, endHolders: holders)
        case .begun(let delivered, _): self = .begun(delivered: delivered, endHolders: holders)
        case .finished, .blocked: break
        }
    }

    /// The view's `touchesBegan` ran.
    mutating func markBeganDelivered() {
        switch self {
        case .begun(_, let end): self = .begun(delivered: true, endHolders: end)
        case .finished(let taken, _): self = .finished(takenFromView: taken, beganDelivered: true)
        case .notBegun, .blocked: break
        }
    }

    /// `recognizer` no longer holds anything of this touch (it reset).
    mutating func removeHolder(_ recognizer: UIGestureRecognizer) {
        switch self {
        case .notBegun(let began, let end):
            self = .notBegun(beganHolders: began.map { $0.filter { $0 !== recognizer } }, endHolders: end.map { $0.filter { $0 !== recognizer } })
        case .begun(let delivered, let end):
            self = .begun(delivered: delivered, endHolders: end.map { $0.filter { $0 !== recognizer } })
        case .finished, .blocked:
            break
        }
    }

    /// Nothing more reaches the view.
    mutating func finish() {
        guard !isBlocked else { return }
        self = .finished(takenFromView: wasTakenFromView, beganDelivered: beganDelivered)
    }

    /// The touch is taken from its view (by a recognizer, a scroll view, or the view leaving its
    /// window): finished, and marked so that no call still queued for it goes out.
    mutating func takeFromView() {
        guard !isBlocked else { return }
        self = .finished(takenFromView: true, beganDelivered: beganDelivered)
    }
}
