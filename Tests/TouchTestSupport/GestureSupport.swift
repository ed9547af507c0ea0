import Foundation
import TouchKit

extension UIGestureRecognizer {
    /// Logs every action as `name state` into `log` (the log is the weakly held target).
    @discardableResult
    public func logActions(as name: String, into log: EventLog) -> Self {
        addTarget(log) { recognizer in log.append("\(name) \(recognizer.state)") }
        return self
    }
}

/// The transitions a recognizer went through, from the trace: `possible -> began`, ...
public func transitions(of recognizer: UIGestureRecognizer, in trace: Trace) -> [String] {
    trace.entries.compactMap { entry in
        guard case .gestureState(let name, let from, let to, _) = entry.event, name == recognizer.traceName else { return nil }
        return "\(from) -> \(to)"
    }
}

/// The causes of a recognizer's transitions, from the trace.
public func causes(of recognizer: UIGestureRecognizer, in trace: Trace) -> [String] {
    trace.entries.compactMap { entry in
        guard case .gestureState(let name, _, let to, let cause) = entry.event, name == recognizer.traceName else { return nil }
        return "\(to): \(cause)"
    }
}

/// A window of 390x844 with one full-size logging view `view`, driven by a simulator.
public func singleViewScene(_ log: EventLog) -> (TouchSimulator, LoggingView) {
    let window = makeWindow()
    let view = LoggingView("view", frame: window.bounds, log: log)
    window.addSubview(view)
    return (TouchSimulator(window: window), view)
}

/// A window of `width` x `height` with one full-size plain view, driven by a simulator.
public func plainViewScene(width: CGFloat = 100, height: CGFloat = 100) -> (TouchSimulator, UIView) {
    let window = makeWindow(width: width, height: height)
    let view = UIView(frame: window.bounds)
    window.addSubview(view)
    return (TouchSimulator(window: window), view)
}
