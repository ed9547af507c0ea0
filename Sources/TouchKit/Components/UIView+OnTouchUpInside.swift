import Foundation

extension UIView {
    /// Runs `action` when a finger touches this view and lifts without the canceller calling it
    /// off, with a highlight while touched: `touchUpInside` for any view (seed 000).
    ///
    /// One `TouchUpInsideGestureRecognizer` per view serves every action; each call may replace its
    /// canceller and highlight. If the view did not take touches, it does now; removing the last
    /// action restores `isUserInteractionEnabled` and removes the recognizer.
    @discardableResult
    public func onTouchUpInside(
        canceller: some MovingCancellable = OutOfBoundsCanceller(),
        highlighting: some TouchHighlighting = AlphaHalvingHighlight(),
        _ action: (() -> Void)?
    ) -> some Removable {
        let wasInteractive = isUserInteractionEnabled
        isUserInteractionEnabled = true
        let recognizer =
            _gestureRecognizers.lazy.compactMap { $0 as? TouchUpInsideGestureRecognizer }.first
            ?? {
                let created = TouchUpInsideGestureRecognizer(canceller: canceller, highlighting: highlighting)
                created._madeViewInteractive = !wasInteractive
                addGestureRecognizer(created)
                return created
            }()
        recognizer.canceller = canceller
        recognizer.highlighting = highlighting
        let id = recognizer._append { action?() }
        return TouchUpInsideRemover { [weak self, weak recognizer] in
            guard let recognizer else { return }
            recognizer._remove(id)
            if recognizer.actionCount == 0 {
                if recognizer._madeViewInteractive { self?.isUserInteractionEnabled = false }
                self?.removeGestureRecognizer(recognizer)
            }
        }
    }
}

/// The `Removable` `onTouchUpInside` returns.
public final class TouchUpInsideRemover: Removable {
    private let handler: () -> Void
    public private(set) var isRemoved = false

    init(handler: @escaping () -> Void) {
        self.handler = handler
    }

    public func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        handler()
    }
}
