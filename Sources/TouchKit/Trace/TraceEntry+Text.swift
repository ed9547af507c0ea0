import Foundation

extension TraceEntry: CustomStringConvertible {
    /// The entry's stable one-line form: time in seconds with six decimals, a category padded to
    /// eight columns, then the details. Tests pin this text; change it only with the goldens.
    ///
    ///     0.150000 gesture  UITapGestureRecognizer@UIView#card: possible -> ended (touchesEnded [1])
    public var description: String {
        let (category, body) = event.textParts
        return TraceFormat.seconds(micros) + " " + category.padding(toLength: 8, withPad: " ", startingAt: 0)
            + " " + TraceFormat.oneLine(body)
    }
}

extension TraceEvent {
    /// The category column and the details of the one-line form.
    public var textParts: (category: String, body: String) {
        switch self {
        case .input(let finger, let phase, let x, let y):
            return ("input", "finger \(finger) \(phase) at \(TraceFormat.point(x, y))")
        case .sendEvent(let window, let touches):
            return ("event", "sendEvent to \(window) with \(touches) changed touch\(touches == 1 ? "" : "es")")
        case .hitTestBegan(let finger, let window, let x, let y):
            return ("hittest", "finger \(finger) starts at \(window) \(TraceFormat.point(x, y))")
        case .hitVisit(let view, let x, let y):
            return ("hittest", "visit \(view) at \(TraceFormat.point(x, y))")
        case .hitPassed(let view, let reason):
            return ("hittest", "pass \(view): \(HitVerdict.explain(reason))")
        case .hitSkippedSubviews(let view, let count, let names):
            let which = names.isEmpty ? "" : ": " + names.joined(separator: ", ") + (count > names.count ? " and \(count - names.count) more" : "")
            return (
                "hittest",
                "skip \(count) subview\(count == 1 ? "" : "s") of \(view) whose frame\(count == 1 ? " does" : "s do") not hold the point\(which)"
            )
        case .hitOverride(let view, let result):
            return ("hittest", "override \(view) answered \(result ?? "nil")")
        case .hitPointInsideOverride(let view):
            return ("hittest", "override \(view) point(inside:) answered true outside its bounds")
        case .hitResult(let finger, let view):
            return ("hittest", "finger \(finger) -> \(view ?? "no view")")
        case .responderChain(let finger, let chain):
            return ("chain", "finger \(finger): " + chain.joined(separator: " > "))
        case .touchBlocked(let finger, let reason):
            return ("touch", "finger \(finger) blocked: \(reason)")
        case .inputDropped(let finger, let phase, let reason):
            return ("note", "dropped finger \(finger) \(phase): \(reason)")
        case .deliver(let method, let responder, let fingers):
            return ("deliver", "\(method.rawValue) -> \(responder) \(fingers)")
        case .forward(let method, let from, let to):
            return ("deliver", "\(method.rawValue) forwarded \(from) -> \(to)")
        case .touchDelayed(let finger, let method, let by):
            return ("delay", "finger \(finger) \(method.rawValue) held by \(by)")
        case .touchReleased(let finger, let method):
            return ("delay", "finger \(finger) \(method.rawValue) released")
        case .touchCancelledInView(let finger, let view, let by):
            return ("cancel", "finger \(finger) in \(view) cancelled by \(by)")
        case .gestureBound(let recognizer, let finger):
            return ("gesture", "\(recognizer) bound to finger \(finger)")
        case .gestureIgnored(let recognizer, let finger, let reason):
            return ("gesture", "\(recognizer) ignores finger \(finger): \(reason)")
        case .gestureState(let recognizer, let from, let to, let cause):
            return ("gesture", "\(recognizer): \(from) -> \(to) (\(cause))")
        case .gestureWaiting(let recognizer, let other):
            return ("gesture", "\(recognizer): recognized, waiting for \(other) to fail")
        case .gestureIllegalTransition(let recognizer, let from, let to):
            return ("gesture", "\(recognizer): ILLEGAL \(from) -> \(to) refused")
        case .gestureAction(let recognizer, let state, let targets):
            return ("action", "\(recognizer) \(state) -> \(targets) target\(targets == 1 ? "" : "s")")
        case .gestureReset(let recognizer):
            return ("gesture", "\(recognizer): reset")
        case .controlTracking(let control, let phase, let inside):
            return ("control", "\(control) \(phase.rawValue)Tracking, \(inside ? "inside" : "outside")")
        case .controlEvent(let control, let event):
            return ("control", "\(control) \(event)")
        case .controlAction(let control, let event, let action):
            return ("action", "\(control) \(event) -> \(action)")
        case .scrollOffset(let view, let x, let y):
            return ("scroll", "\(view) contentOffset \(TraceFormat.point(x, y))")
        case .scrollDecision(let view, let content, let decision):
            return ("scroll", "\(view) \(decision) for \(content)")
        case .actionSent(let action, let target, let sender):
            return ("action", "\(action) from \(sender ?? "nil") -> \(target ?? "nobody")")
        case .eventRouted(let event, let from, let to):
            return ("route", "\(event) \(from) -> \(to)")
        case .firstResponder(let responder):
            return ("responder", "first responder is \(responder ?? "nobody")")
        case .loopStopped(let responder, let what, let depth):
            return ("loop", "\(what) from \(responder) stopped at depth \(depth): it leads back to itself")
        case .note(let text):
            return ("note", text)
        case .marker(let label):
            // Written as the note it was before markers had their own case, so goldens hold.
            return ("note", "marker: " + label)
        case .layer(let event):
            return (event.layer.rawValue, event.description)
        }
    }
}

/// Fixed-precision number formatting for the trace's text form.
package enum TraceFormat {
    /// `text` with every invisible scalar (`InvisibleScalars`) escaped (`\n`, `\r`, `\t`,
    /// `\u{1B}`, `\u{202E}`), so that an entry is always one visible line whatever a note or an
    /// id holds. Text without them is returned as is.
    package static func oneLine(_ text: String) -> String {
        TerminalText.line(text)
    }

    /// `12.345678` from microseconds.
    package static func seconds(_ micros: Int64) -> String {
        let negative = micros < 0
        let magnitude = micros.magnitude
        let whole = magnitude / 1_000_000
        let fraction = String(magnitude % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        return (negative ? "-" : "") + "\(whole).\(padded)"
    }

    /// `0.350`: seconds with three decimals (milliseconds), for rule texts.
    package static func milliseconds(_ value: Double) -> String {
        let millis = Int(saturating: (value * 1000).rounded())
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - String(millis % 1000).count))\(millis % 1000)"
    }

    /// `(12.50, 3.00)`: two decimals, never `-0.00`.
    package static func point(_ x: Double, _ y: Double) -> String {
        "(\(number(x)), \(number(y)))"
    }

    /// Two decimals, never `-0.00`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let hundredths = (value * 100).rounded()
        if hundredths == 0 { return "0.00" }
        let negative = hundredths < 0
        let magnitude = UInt64(saturating: min(abs(hundredths), 9.0e15))
        let cents = magnitude % 100
        return (negative ? "-" : "") + "\(magnitude / 100)." + (cents < 10 ? "0" : "") + "\(cents)"
    }
}
