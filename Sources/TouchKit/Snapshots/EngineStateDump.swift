import Foundation

/// The whole state of an application's engine as text, one line per object: the clock and its
/// pending timers, the application's own fields, the gesture environment, and every window's
/// views (in tree order) with their recognizers, each with every stored property, read by
/// reflection so that a property added later is dumped without anyone remembering to.
///
/// Two engines in the same state give the same text, byte for byte: objects are named by their
/// trace names and tree positions, never by address. Seeking checks a restored checkpoint with
/// it, and tests compare a seek with a full run by it.
public enum EngineStateDump {
    /// Stored properties left out (and any whose name ends in `Cache`): caches derived from others, identities of the moment
    /// (observer tokens, pass counters), links the tree walk covers, and what a capture observes
    /// without routing reading it (`_delegateAnswers`).
    static let skipped: Set<String> = [
        "_traceNameCache", "_traceNameID", "_hitIndex", "_hitTestPass", "_inverseTransform", "_hitBox", "_transformIsIdentity",
        "_superview", "_window", "_subviews", "_gestureRecognizers", "_application", "clock", "trace", "_inputObservers",
        "_hitObservers", "_nextObserverID", "_hitTestPassCounter", "$__lazy_storage_$__gestureEnvironment", "_touchesEvent",
        "_keepsDefaultHitTesting", "_scrollViewCount", "_eventReachedWindow", "_delegateAnswers", "_slot", "_detachedState",
    ]

    /// The dump of `application`, with `extra` lines (a scene's own state) at the end.
    public static func text(of application: UIApplication, extra: [String] = []) -> String {
        var lines: [String] = []
        let clock = application.clock
        lines.append("clock now=\(clock.now) pending=\(clock.pendingTimerCount)")
        lines.append("application " + fields(of: application))
        let environment = application._environmentForInspection
        lines.append(
            "environment active=\(environment.active.map(\.traceName)) held=\(environment.held.map(\.fingerID)) queue=\(environment.queue.count)")
        for (index, window) in application.windows.enumerated() {
            dump(window, path: "window[\(index)]", into: &lines)
        }
        return (lines + extra).joined(separator: "\n")
    }

    private static func dump(_ view: UIView, path: String, into lines: inout [String]) {
        lines.append("\(path) \(view.traceName): " + fields(of: view))
        for (index, recognizer) in view._gestureRecognizers.enumerated() {
            lines.append("\(path) recognizer[\(index)] \(recognizer.traceName): " + fields(of: recognizer) + " " + recordFields(of: recognizer))
        }
        if let controller = view._viewController {
            lines.append("\(path) controller \(controller.traceName): " + fields(of: controller))
        }
        for (index, subview) in view._subviews.enumerated() {
            dump(subview, path: "\(path)/\(index)", into: &lines)
        }
    }

    /// `name=value` for every field of the record the environment keeps for `recognizer` (the
    /// record of a recognizer outside any environment when none holds it): its state, a waiting
    /// recognition, its touches, timers and last location. Not its handle, which depends on the
    /// order records were made in, not on the state.
    static func recordFields(of recognizer: UIGestureRecognizer) -> String {
        let record = recognizer._readRecord { $0[live: $1] } ?? RecognizerRecord(recognizer: recognizer, state: recognizer._detachedState)
        return Mirror(reflecting: record).children.compactMap { child in
            guard let label = child.label, label != "recognizer" else { return nil }
            return "\(label)=" + format(child.value, depth: 0)
        }.joined(separator: " ")
    }

    /// `name=value` for every stored property of `object`, subclass first (a Swift scene's own
    /// objects are dumped with it too).
    public static func fields(of object: AnyObject) -> String {
        var parts: [String] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        let owner = object as? RecordCellOwner
        while let current = mirror {
            for child in current.children {
                guard let label = child.label else { continue }
                // A record cell's fields, where the mirror found the cell (it shows nothing of them).
                if let record = owner?._recordFields(label: label) {
                    for field in Mirror(reflecting: record).children {
                        guard let name = field.label, shows(name) else { continue }
                        parts.append("\(name)=\(format(field.value, depth: 0))")
                    }
                } else if shows(label) {
                    parts.append("\(label)=\(format(child.value, depth: 0))")
                }
            }
            mirror = current.superclassMirror
        }
        return parts.joined(separator: " ")
    }

    /// Whether a stored property is dumped: not one the dump skips, and not a `…Cache` (it holds
    /// what others determine; a layer's caches too).
    private static func shows(_ label: String) -> Bool {
        !skipped.contains(label) && !label.hasSuffix("Cache")
    }

    /// A value as text: engine objects by name, other objects by class, values in full.
    static func format(_ value: Any, depth: Int) -> String {
        guard depth < 6 else { return "…" }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return format(wrapped, depth: depth)
        }
        if let responder = value as? UIResponder { return responder.traceName }
        if let recognizer = value as? UIGestureRecognizer { return recognizer.traceName }
        if let touch = value as? UITouch { return "touch(\(touch.fingerID) \(touch.phase) \(touch.locationInWindow))" }
        if let timer = value as? ClockTimer { return "timer(\(timer.label) at \(timer.deadline))" }
        if let timer = value as? ScheduledTimer { return "timer(\(timer.which.rawValue) at \(timer.deadline))" }
        switch mirror.displayStyle {
        case .class:
            return "<\(type(of: value))>"
        case .collection:
            return "[" + mirror.children.map { format($0.value, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .set:
            return "{" + mirror.children.map { format($0.value, depth: depth + 1) }.sorted().joined(separator: ", ") + "}"
        case .dictionary:
            let entries = mirror.children.map { pair -> String in
                let parts = Mirror(reflecting: pair.value).children.map { format($0.value, depth: depth + 1) }
                return parts.joined(separator: ": ")
            }
            return "[" + entries.sorted().joined(separator: ", ") + "]"
        case .struct, .tuple:
            if mirror.children.isEmpty { return String(describing: value) }
            return "("
                + mirror.children.map { child in
                    (child.label.map { "\($0): " } ?? "") + format(child.value, depth: depth + 1)
                }.joined(separator: ", ") + ")"
        case .enum:
            guard let payload = mirror.children.first else { return String(describing: value) }
            return "\(payload.label ?? "case")(\(format(payload.value, depth: depth + 1)))"
        default:
            return String(describing: value)
        }
    }
}
