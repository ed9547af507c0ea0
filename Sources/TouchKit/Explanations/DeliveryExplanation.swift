import Foundation

/// What happened to one touch after hit testing, as it concerns one view, read from the trace:
/// the touches methods it got, whether a recognizer held or took the touch, whether it passed
/// the touch on without handling it (or never got it, because a view below it on the responder
/// chain handled it), what its recognizers and controls did.
public struct DeliveryExplanation {
    public let finger: Int
    /// The view asked about (trace name).
    public let view: String
    /// The view the touch was hit-tested to, when the trace says.
    public let hitView: String?
    public let findings: [DeliveryFinding]

    /// Reads the entries of `finger`'s touch (from its hit test on) for `view`, whose own
    /// recognizers have the trace names `recognizers` (their failures are findings about the
    /// view; a named recognizer's trace name does not say its view, so the caller does).
    public init(entries: some Sequence<TraceEntry>, finger: Int, view: String, recognizers: [String]) {
        self.finger = finger
        self.view = view
        var started = false
        var hitView: String?
        var chain: [String] = []
        var received: [TouchMethod] = []
        var inDelivery = false
        var forwardedTo: String?
        var reached: Set<String> = []
        var bound: [String] = []
        var outcomes: [DeliveryFinding] = []
        var controlEvents: [ControlEvent] = []
        var blocked: TouchBlockReason?
        var ended = false
        for entry in entries {
            switch entry.event {
            case .hitResult(let f, let result) where f == finger:
                if started && ended { break }
                started = true
                hitView = result
            case _ where !started:
                continue
            case .touchBlocked(let f, let reason) where f == finger:
                blocked = reason
            case .responderChain(let f, let names) where f == finger:
                chain = names
            case .deliver(let method, let responder, let fingers):
                inDelivery = fingers.ids.contains(finger)
                guard inDelivery else { continue }
                reached.insert(responder)
                if responder == view { received.append(method) }
                if method == .touchesEnded || method == .touchesCancelled { ended = true }
            case .forward(_, let from, let to):
                guard inDelivery else { continue }
                reached.insert(to)
                if from == view && forwardedTo == nil { forwardedTo = to }
            case .touchDelayed(let f, let method, let by) where f == finger:
                if hitView == view { outcomes.append(.delayed(method: method, by: by)) }
            case .touchCancelledInView(let f, let cancelled, let by) where f == finger && cancelled == view:
                switch by {
                case .recognizer(let recognizer): outcomes.append(.cancelledBy(recognizer: recognizer))
                case .removalFromWindow: outcomes.append(.removedFromWindow)
                }
            case .gestureBound(let recognizer, let f) where f == finger:
                if !bound.contains(recognizer) { bound.append(recognizer) }
            case .gestureState(let recognizer, let from, let to, let cause) where bound.contains(recognizer):
                if from == .possible && (to == .began || to == .ended) {
                    outcomes.append(.recognizerRecognized(recognizer: recognizer))
                } else if to == .failed, recognizers.contains(recognizer) {
                    outcomes.append(.recognizerFailed(recognizer: recognizer, cause: cause))
                }
            case .controlEvent(let control, let event) where control == view:
                controlEvents.append(event)
            case .scrollDecision(let scrollView, let content, let decision) where content == view:
                outcomes.append(.scrollDecision(scrollView: scrollView, decision: decision))
            case .hitResult, .touchBlocked, .responderChain, .touchDelayed, .touchCancelledInView, .gestureBound, .gestureState,
                .controlEvent, .scrollDecision:
                continue  // about another finger, view or recognizer
            case .input, .sendEvent, .hitTestBegan, .hitVisit, .hitPassed, .hitSkippedSubviews, .hitOverride,
                .hitPointInsideOverride, .inputDropped, .touchReleased, .gestureIgnored, .gestureWaiting,
                .gestureIllegalTransition, .gestureAction, .gestureReset, .controlTracking, .controlAction, .scrollOffset,
                .actionSent, .eventRouted, .firstResponder, .loopStopped, .note, .marker, .layer:
                continue  // says nothing about where this touch went
            }
        }
        var findings: [DeliveryFinding] = []
        if let blocked { findings.append(.blocked(reason: blocked)) }
        if !received.isEmpty { findings.append(.received(methods: received)) }
        findings += outcomes
        if let forwardedTo, received.contains(.touchesBegan) { findings.append(.forwardedWithoutHandling(to: forwardedTo)) }
        if !controlEvents.isEmpty { findings.append(.controlEvents(control: view, events: controlEvents)) }
        if received.isEmpty, hitView != view, let position = chain.firstIndex(of: view), position > 0, !reached.contains(view) {
            // The last responder below it on the chain that got the touch kept it.
            if let handler = chain[..<position].last(where: { reached.contains($0) }) {
                findings.append(.handledBelow(by: handler))
            }
        }
        self.hitView = hitView
        self.findings = findings
    }
}
