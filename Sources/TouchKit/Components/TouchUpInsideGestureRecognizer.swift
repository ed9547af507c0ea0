import Foundation

/// The recognizer behind `onTouchUpInside` (seed 000's `__Z_TouchUpInsideGR`), one per view,
/// serving every action added to that view.
///
/// It begins as soon as a finger touches (so the highlight shows at once), is cancelled when the
/// canceller says the finger moved too far, and ends when the finger lifts; it recognizes together
/// with every other recognizer and never takes touches from the view (`cancelsTouchesInView` is
/// false), so it coexists with scroll views and buttons.
public final class TouchUpInsideGestureRecognizer: UIGestureRecognizer, UIGestureRecognizerDelegate {
    /// Decides when a moving finger cancels the action; the last `onTouchUpInside` call sets it.
    public var canceller: any MovingCancellable
    /// The highlight effect; the last `onTouchUpInside` call sets it.
    public var highlighting: any TouchHighlighting
    var _handlers: [(id: Int, body: () -> Void)] = []
    var _nextHandlerID = 0
    var _start: CGPoint = .zero
    var _isHighlighted = false
    /// Whether adding the first action turned the view's user interaction on (restored at the end).
    var _madeViewInteractive = false

    init(canceller: any MovingCancellable, highlighting: any TouchHighlighting) {
        self.canceller = canceller
        self.highlighting = highlighting
        super.init(target: nil, action: nil)
        delegate = self
        cancelsTouchesInView = false
        addTarget(self) { [unowned self] _ in self._stateChanged() }
    }

    /// How many actions the recognizer serves.
    public var actionCount: Int { _handlers.count }

    func _append(_ body: @escaping () -> Void) -> Int {
        _nextHandlerID += 1
        _handlers.append((_nextHandlerID, body))
        return _nextHandlerID
    }

    func _remove(_ id: Int) {
        _handlers.removeAll { $0.id == id }
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        // One finger makes the gesture (the seed's component is a tap); fingers that join later
        // are ignored rather than beginning it again (began -> began is illegal).
        guard state == .possible else {
            for touch in touches.sortedByFinger { ignore(touch, for: event) }
            return
        }
        _start = touches.lowestFinger?.location(in: view) ?? .zero
        state = .began
    }

    /// The gesture's start point belongs to the gesture: a recognizer at rest holds none (so that
    /// one at rest is the same as a fresh one, which seeking relies on).
    public override func reset() {
        super.reset()
        _start = .zero
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let view, let point = touches.lowestFinger?.location(in: view), state.isActive else { return }
        if canceller.shouldCancel(in: view, began: _start, moved: point) {
            recognizerContext.setState(
                .cancelled, .cancellerCancelled(canceller: String(describing: type(of: canceller)), x: Double(point.x), y: Double(point.y)))
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state.isActive { state = .cancelled }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state.isActive { state = .ended }
    }

    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { true }

    /// The article's dispatch on state: highlight on began, restore on cancel or failure, run the
    /// actions (after restoring) on ended.
    func _stateChanged() {
        guard let view else { return }
        switch state {
        case .began:
            if !_isHighlighted {
                _isHighlighted = true
                highlighting.highlight(view)
            }
        case .cancelled, .failed:
            _unhighlight(view)
        case .ended:
            _unhighlight(view)
            for handler in _handlers { handler.body() }
        case .possible, .changed:
            break
        }
    }

    private func _unhighlight(_ view: UIView) {
        guard _isHighlighted else { return }
        _isHighlighted = false
        highlighting.unhighlight(view)
    }
}

extension RecognizerRule {
    /// Seed 000's component: its canceller called the action off at this point (view
    /// coordinates). A layer's rule, not the engine's: a custom rule with a stable kind.
    static func cancellerCancelled(canceller: String, x: Double, y: Double) -> RecognizerRule {
        .custom(kind: "cancellerCancelled", text: "\(canceller) cancelled at \(TraceFormat.point(x, y))")
    }
}
