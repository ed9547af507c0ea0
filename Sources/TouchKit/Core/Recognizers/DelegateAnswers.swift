/// The `UIGestureRecognizerDelegate` methods whose answer differed from UIKit's default for a
/// recognizer (a delegate that said no to `shouldReceive`, yes to simultaneous recognition…).
///
/// On iOS a capture asks the delegate `responds(to:)`; Swift has no such question, so TouchKit
/// notes each method the first time its delegate answers otherwise than the default, and the
/// capture reads that (`TouchScopeCapture`'s code facts). A method that only ever returns the
/// default is not seen, and changes nothing either. Not UIKit API.
package struct DelegateAnswers: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let shouldBegin = DelegateAnswers(rawValue: 1 << 0)
    package static let shouldReceive = DelegateAnswers(rawValue: 1 << 1)
    package static let shouldRecognizeSimultaneously = DelegateAnswers(rawValue: 1 << 2)
    package static let shouldRequireFailure = DelegateAnswers(rawValue: 1 << 3)
    package static let shouldBeRequiredToFail = DelegateAnswers(rawValue: 1 << 4)

    /// The methods' names as UIKit spells them, in a fixed order.
    package var methodNames: [String] {
        [
            (Self.shouldBegin, "gestureRecognizerShouldBegin(_:)"), (Self.shouldReceive, "gestureRecognizer(_:shouldReceive:)"),
            (Self.shouldRecognizeSimultaneously, "gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)"),
            (Self.shouldRequireFailure, "gestureRecognizer(_:shouldRequireFailureOf:)"),
            (Self.shouldBeRequiredToFail, "gestureRecognizer(_:shouldBeRequiredToFailBy:)"),
        ].filter { contains($0.0) }.map(\.1)
    }
}

extension UIGestureRecognizer {
    func _noteDelegateAnswer(_ method: DelegateAnswers) {
        if !_delegateAnswers.contains(method) { _delegateAnswers.insert(method) }
    }

    /// The delegate methods seen answering otherwise than UIKit's default (`DelegateAnswers`).
    package var delegateAnswersSeen: DelegateAnswers { _delegateAnswers }
}
