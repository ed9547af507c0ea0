import Foundation
import TouchKit
import TouchScenes

/// The JSON form of trace entries: one flat object per entry with named fields, the time `t` in
/// seconds (as a session's times are written in seconds on the command line), and `kind`. The
/// schema is documented in `docs/trace-json.md`; fields are never positional (`_0`).
///
///     {"t":0.05,"kind":"hitResult","finger":1,"view":"UIButton#pay"}
extension TraceEntry {
    /// The entry as a JSON object.
    public var jsonObject: JSONValue {
        var members: [(String, JSONValue)] = [("t", .number(Double(micros) / 1_000_000)), ("kind", .string(event.kindName))]
        members += event.jsonFields
        // The rules the decision rests on, with their provenance (`touchscope rules`).
        let rules = RuleCitations.rules(for: event)
        if !rules.isEmpty {
            members.append(("rules", .array(rules.map { .object([("id", .string($0.id)), ("provenance", .string($0.provenance.rawValue))]) })))
        }
        return .object(members)
    }
}

extension TraceEvent {
    /// The event's case name, as JSON and filters spell it (`hitResult`, `gestureState`, ...).
    public var kindName: String {
        switch self {
        case .input: "input"
        case .sendEvent: "sendEvent"
        case .hitTestBegan: "hitTestBegan"
        case .hitVisit: "hitVisit"
        case .hitPassed: "hitPassed"
        case .hitSkippedSubviews: "hitSkippedSubviews"
        case .hitOverride: "hitOverride"
        case .hitPointInsideOverride: "hitPointInsideOverride"
        case .hitResult: "hitResult"
        case .responderChain: "responderChain"
        case .touchBlocked: "touchBlocked"
        case .inputDropped: "inputDropped"
        case .deliver: "deliver"
        case .forward: "forward"
        case .touchDelayed: "touchDelayed"
        case .touchReleased: "touchReleased"
        case .touchCancelledInView: "touchCancelledInView"
        case .gestureBound: "gestureBound"
        case .gestureIgnored: "gestureIgnored"
        case .gestureState: "gestureState"
        case .gestureWaiting: "gestureWaiting"
        case .gestureIllegalTransition: "gestureIllegalTransition"
        case .gestureAction: "gestureAction"
        case .gestureReset: "gestureReset"
        case .controlTracking: "controlTracking"
        case .controlEvent: "controlEvent"
        case .controlAction: "controlAction"
        case .scrollOffset: "scrollOffset"
        case .scrollDecision: "scrollDecision"
        case .actionSent: "actionSent"
        case .eventRouted: "eventRouted"
        case .firstResponder: "firstResponder"
        case .loopStopped: "loopStopped"
        case .note: "note"
        case .marker: "marker"
        case .layer: "layer"
        }
    }

    /// The event's fields, named.
    public var jsonFields: [(String, JSONValue)] {
        func name(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? JSONValue(.null) }
        func int(_ value: Int) -> JSONValue { .number(Double(value)) }
        switch self {
        case .input(let finger, let phase, let x, let y):
            return [("finger", int(finger)), ("phase", .string(phase.description)), ("x", .number(x)), ("y", .number(y))]
        case .sendEvent(let window, let touches):
            return [("window", .string(window)), ("touches", int(touches))]
        case .hitTestBegan(let finger, let window, let x, let y):
            return [("finger", int(finger)), ("window", .string(window)), ("x", .number(x)), ("y", .number(y))]
        case .hitVisit(let view, let x, let y):
            return [("view", .string(view)), ("x", .number(x)), ("y", .number(y))]
        case .hitPassed(let view, let reason):
            return [("view", .string(view)), ("reason", .string(reason.rawValue))]
        case .hitSkippedSubviews(let view, let count, let names):
            return [("view", .string(view)), ("count", int(count)), ("names", .array(names.map { .string($0) }))]
        case .hitOverride(let view, let result):
            return [("view", .string(view)), ("result", name(result))]
        case .hitPointInsideOverride(let view):
            return [("view", .string(view))]
        case .hitResult(let finger, let view):
            return [("finger", int(finger)), ("view", name(view))]
        case .responderChain(let finger, let chain):
            return [("finger", int(finger)), ("chain", .array(chain.map(JSONValue.string)))]
        case .touchBlocked(let finger, let reason):
            return [("finger", int(finger)), ("reason", .string(reason.description)), ("reasonKind", .string(reason.kind))]
        case .inputDropped(let finger, let phase, let reason):
            return [
                ("finger", int(finger)), ("phase", .string(phase.description)), ("reason", .string(reason.description)),
                ("reasonKind", .string(reason.kind)),
            ]
        case .deliver(let method, let responder, let fingers):
            return [("method", .string(method.rawValue)), ("responder", .string(responder)), ("fingers", .array(fingers.ids.map(int)))]
        case .forward(let method, let from, let to):
            return [("method", .string(method.rawValue)), ("from", .string(from)), ("to", .string(to))]
        case .touchDelayed(let finger, let method, let by):
            return [("finger", int(finger)), ("method", .string(method.rawValue)), ("by", .string(by))]
        case .touchReleased(let finger, let method):
            return [("finger", int(finger)), ("method", .string(method.rawValue))]
        case .touchCancelledInView(let finger, let view, let by):
            return [("finger", int(finger)), ("view", .string(view)), ("by", .string(by.description)), ("byKind", .string(by.kind))]
        case .gestureBound(let recognizer, let finger):
            return [("recognizer", .string(recognizer)), ("finger", int(finger))]
        case .gestureIgnored(let recognizer, let finger, let reason):
            return [
                ("recognizer", .string(recognizer)), ("finger", int(finger)), ("reason", .string(reason.description)),
                ("reasonKind", .string(reason.kind)),
            ]
        case .gestureState(let recognizer, let from, let to, let cause):
            return [
                ("recognizer", .string(recognizer)), ("from", .string(from.description)), ("to", .string(to.description)),
                ("cause", .string(cause.description)), ("causeKind", .string(cause.kind)),
            ] + (cause.ruleKind.map { [("rule", .string($0))] } ?? []) + []
        case .gestureWaiting(let recognizer, let other):
            return [("recognizer", .string(recognizer)), ("waitingFor", .string(other))]
        case .gestureIllegalTransition(let recognizer, let from, let to):
            return [("recognizer", .string(recognizer)), ("from", .string(from.description)), ("to", .string(to.description))]
        case .gestureAction(let recognizer, let state, let targets):
            return [("recognizer", .string(recognizer)), ("state", .string(state.description)), ("targets", int(targets))]
        case .gestureReset(let recognizer):
            return [("recognizer", .string(recognizer))]
        case .controlTracking(let control, let phase, let inside):
            return [("control", .string(control)), ("phase", .string(phase.rawValue)), ("inside", .bool(inside))]
        case .controlEvent(let control, let event):
            return [("control", .string(control)), ("event", .string(event.description))]
        case .controlAction(let control, let event, let action):
            return [("control", .string(control)), ("event", .string(event.description)), ("action", .string(action))]
        case .scrollOffset(let view, let x, let y):
            return [("view", .string(view)), ("x", .number(x)), ("y", .number(y))]
        case .scrollDecision(let view, let content, let decision):
            return [
                ("view", .string(view)), ("content", .string(content)), ("decision", .string(decision.description)),
                ("decisionKind", .string(decision.kind)),
            ]
        case .actionSent(let action, let target, let sender):
            return [("action", .string(action)), ("target", name(target)), ("sender", name(sender))]
        case .eventRouted(let event, let from, let to):
            return [("event", .string(event)), ("from", .string(from)), ("to", .string(to))]
        case .firstResponder(let responder):
            return [("responder", name(responder))]
        case .loopStopped(let responder, let what, let depth):
            return [("responder", .string(responder)), ("what", .string(what)), ("depth", int(depth))]
        case .note(let text):
            return [("text", .string(text))]
        case .marker(let label):
            return [("label", .string(label))]
        case .layer(let event):
            return event.jsonFields
        }
    }
}

extension LayerEvent {
    /// Its named fields, the same in the trace's JSON and in goldens: `layer`, `event` (its kind),
    /// `subject`, and `fields` as an object of strings.
    var jsonFields: [(String, JSONValue)] {
        [
            ("layer", .string(layer.rawValue)), ("event", .string(kind)), ("subject", .string(subject)),
            ("fields", .object(fields.map { ($0.name, .string($0.value)) })),
        ]
    }
}

/// What `trace --only` and `replay --only` can select, by family of trace entry.
public enum TraceTopic: String, CaseIterable, Sendable {
    case input, hits, chain, deliveries, recognizers, controls, scroll, actions, notes, layers

    /// The family an event belongs to.
    public init(_ event: TraceEvent) {
        switch event {
        case .input, .sendEvent: self = .input
        case .hitTestBegan, .hitVisit, .hitPassed, .hitSkippedSubviews, .hitOverride, .hitPointInsideOverride, .hitResult,
            .touchBlocked:
            self = .hits
        case .inputDropped: self = .input
        case .responderChain, .forward: self = .chain
        case .deliver, .touchDelayed, .touchReleased, .touchCancelledInView: self = .deliveries
        case .gestureBound, .gestureIgnored, .gestureState, .gestureWaiting, .gestureIllegalTransition, .gestureAction,
            .gestureReset:
            self = .recognizers
        case .controlTracking, .controlEvent, .controlAction: self = .controls
        case .scrollOffset, .scrollDecision: self = .scroll
        case .actionSent, .eventRouted, .firstResponder, .loopStopped: self = .actions
        case .note, .marker: self = .notes
        case .layer: self = .layers
        }
    }

    /// Parses `hits,controls,...`; the error names the unknown topic and lists the known ones.
    public static func parseList(_ text: String) -> Result<Set<TraceTopic>, TraceTopicError> {
        var topics: Set<TraceTopic> = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let topic = TraceTopic(rawValue: name) else {
                return .failure(TraceTopicError(name: name))
            }
            topics.insert(topic)
        }
        // An empty list would select nothing: a usage error.
        if topics.isEmpty { return .failure(TraceTopicError(name: text)) }
        return .success(topics)
    }
}

/// An unknown name given to `--only`.
public struct TraceTopicError: Error, CustomStringConvertible {
    public let name: String
    public var known: [String] = TraceTopic.allCases.map(\.rawValue)
    public var description: String {
        "unknown topic \"\(name)\" (topics: \(known.joined(separator: ", ")))"
    }
}
