/// One routing decision, as the engine records it at the point where it is made.
///
/// Subjects are named by `TraceNames` (class, identifier or path), never by memory address, so the
/// same session on the same scene gives the same events in every run. Coordinates are points:
/// input in window coordinates, hit-test visits in the visited view's own coordinates.
public enum TraceEvent: Hashable, Codable, Sendable {
    // MARK: Input and dispatch

    /// A touch sample arrived from the driver.
    case input(finger: Int, phase: TouchPhase, x: Double, y: Double)
    /// `sendEvent(_:)` reached a window with this many changed touches.
    case sendEvent(window: String, touches: Int)

    // MARK: Hit testing

    /// Hit testing for a new touch starts at a window.
    case hitTestBegan(finger: Int, window: String, x: Double, y: Double)
    /// UIKit's `hitTest(_:with:)` ran on a view, with the point in that view's coordinates.
    case hitVisit(view: String, x: Double, y: Double)
    /// A view was passed over, and why.
    case hitPassed(view: String, reason: HitTestSkipReason)
    /// This many subviews were passed over because their frames do not contain the point (the
    /// spatial index does not visit them; each would have answered nil); `names` are the first
    /// few of them, front first (at most `TraceEvent.skippedNamesShown`).
    case hitSkippedSubviews(view: String, count: Int, names: [String])
    /// An overridden `hitTest(_:with:)` answered without running UIKit's implementation.
    case hitOverride(view: String, result: String?)
    /// An overridden `point(inside:with:)` answered true for a point outside the bounds.
    case hitPointInsideOverride(view: String)
    /// The view a touch was bound to (nil: no view; the touch is dropped).
    case hitResult(finger: Int, view: String?)
    /// The responder chain from the hit view up, as `next` answered at delivery time.
    case responderChain(finger: Int, chain: [String])
    /// A touch is not delivered to any view, and why (exclusive touch, multiple touch off).
    case touchBlocked(finger: Int, reason: TouchBlockReason)
    /// An input sample was not taken, and why (written as a note, as it always was).
    case inputDropped(finger: Int, phase: TouchPhase, reason: InputDropReason)

    // MARK: Delivery

    /// A touches method was called on a responder by the window.
    case deliver(method: TouchMethod, responder: String, fingers: FingerIDs)
    /// A responder's default implementation forwarded the call to `next`.
    case forward(method: TouchMethod, from: String, to: String)
    /// Delivery of a touch to its view was held back by a recognizer.
    case touchDelayed(finger: Int, method: TouchMethod, by: String)
    /// A held delivery is made now (original location and time).
    case touchReleased(finger: Int, method: TouchMethod)
    /// A touch's view gets `touchesCancelled` (or loses a held touch) because of a recognizer.
    case touchCancelledInView(finger: Int, view: String, by: TouchCancelSource)

    // MARK: Gesture recognizers

    /// A recognizer was bound to a new touch and will see it before the view does.
    case gestureBound(recognizer: String, finger: Int)
    /// A delegate or `ignore(_:for:)` kept a touch from a recognizer.
    case gestureIgnored(recognizer: String, finger: Int, reason: TouchIgnoreReason)
    /// A recognizer changed state, and why.
    case gestureState(
        recognizer: String, from: GestureRecognizerState, to: GestureRecognizerState,
        cause: TransitionCause)
    /// A recognizer recognized but must wait for another to fail; its action is held.
    case gestureWaiting(recognizer: String, for: String)
    /// A state change that UIKit's transition table forbids; it was refused.
    case gestureIllegalTransition(
        recognizer: String, from: GestureRecognizerState, to: GestureRecognizerState)
    /// A recognizer's actions ran for a state.
    case gestureAction(recognizer: String, state: GestureRecognizerState, targets: Int)
    /// A recognizer returned to `.possible` after its touch sequence ended.
    case gestureReset(recognizer: String)

    // MARK: Controls

    /// A control's tracking method ran; `inside` is the touch-inside answer after it.
    case controlTracking(control: String, phase: TrackingPhase, inside: Bool)
    /// A control event fired.
    case controlEvent(control: String, event: ControlEvent)
    /// A control event reached one action (a closure, a target, or a nil-target selector).
    case controlAction(control: String, event: ControlEvent, action: String)

    // MARK: Scroll views

    /// A scroll view's content offset changed.
    case scrollOffset(view: String, x: Double, y: Double)
    /// A scroll view decided about its content's touches (`touchesShouldBegin`, `touchesShouldCancel`).
    case scrollDecision(view: String, content: String, decision: ScrollDecision)

    // MARK: Responder chain

    /// A named action was sent; `target` is the responder that performed it (nil: nobody could).
    case actionSent(action: String, target: String?, sender: String?)
    /// A typed event passed from one responder to the next.
    case eventRouted(event: String, from: String, to: String)
    /// The first responder changed.
    case firstResponder(String?)

    /// Code that keeps calling itself was stopped at `depth` nested calls (a scene whose
    /// behaviours route an event or send an action that leads back to them): the loop is cut
    /// where it would have overflowed the stack. `what` names the step that would have recursed.
    case loopStopped(responder: String, what: String, depth: Int)

    // MARK: Annotations

    /// A note written by the driver, a scene behaviour or a test.
    case note(String)
    /// A marker set while recording (a key in the window, a script step), replayed at its time.
    case marker(String)

    // MARK: Layers

    /// A decision of a layer built on the engine (`LayerEvent`): the trace's one open case.
    case layer(LayerEvent)
}

extension TraceEvent {
    /// The text of a note or a marker (what a timeline shows) and whether it is a marker; nil for
    /// every other event.
    public var noteOrMarker: (text: String, isMarker: Bool)? {
        if case .note(let text) = self { return (text, false) }
        if case .marker(let text) = self { return (text, true) }
        return nil
    }
}

extension TraceEvent {
    /// How many skipped subviews a `hitSkippedSubviews` names (the rest are counted).
    public static let skippedNamesShown = 3
}
