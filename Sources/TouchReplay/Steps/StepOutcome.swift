import Foundation
import TouchKit

/// One outcome a generated test asserts on, read from the trace: a hit, a control event, a
/// recognition, a note, an action (by default), or, with `--assert all`, also a delivery, a
/// recognizer's every state change, a cancelled touch, a first-responder change, a routed event.
///
/// Outcomes compare by value; their descriptions are what a failing step prints.
public struct StepOutcome: Hashable, Sendable, CustomStringConvertible {
    /// What kind of outcome this is.
    public enum Kind: String, Sendable, CaseIterable {
        case hit, control, recognized, note, action
        case delivery, state, cancel, firstResponder, routed
    }

    /// Which outcomes a test asserts on.
    public enum Selection: String, Sendable {
        /// What a user asserts on: hits, the control events that fire an action, recognitions
        /// (a recognizer beginning or recognizing), notes, actions sent along the responder chain.
        case `default`
        /// Everything above, every control event, and deliveries, every recognizer state change,
        /// touches cancelled in views, first-responder changes and routed events.
        case all
    }

    public let kind: Kind
    /// The view, control, recognizer, note or action it is about.
    public let subject: String
    /// What happened to it (an event, a state, a method), empty when the subject says it all.
    public let detail: String
    /// The arguments it was made from, in order (enum values by their case names): what a
    /// generated test writes back as source.
    public let arguments: [String?]

    public init(kind: Kind, subject: String, detail: String = "", arguments: [String?] = []) {
        self.kind = kind
        self.subject = subject
        self.detail = detail
        self.arguments = arguments
    }

    /// A touch landed on `view` (nil: on no view).
    public static func hit(_ view: String?) -> StepOutcome { StepOutcome(kind: .hit, subject: view ?? "no view", arguments: [view]) }
    /// `control` sent `event`.
    public static func control(_ control: String, _ event: UIControl.Event) -> StepOutcome {
        StepOutcome(kind: .control, subject: control, detail: event.description, arguments: [control, event.description])
    }
    /// `recognizer` went from possible to `state` (began for a continuous one, ended for a discrete one).
    public static func recognized(_ recognizer: String, _ state: UIGestureRecognizer.State) -> StepOutcome {
        StepOutcome(kind: .recognized, subject: recognizer, detail: "\(state)", arguments: [recognizer, "\(state)"])
    }
    /// A note a scene's effect wrote.
    public static func note(_ text: String) -> StepOutcome { StepOutcome(kind: .note, subject: text, arguments: [text]) }
    /// `action` went along the responder chain to `target` (nil: no responder took it).
    public static func action(_ action: String, target: String?) -> StepOutcome {
        StepOutcome(kind: .action, subject: action, detail: target ?? "no target", arguments: [action, target])
    }
    /// `view` got `method`.
    public static func delivery(_ method: TouchMethod, _ view: String) -> StepOutcome {
        StepOutcome(kind: .delivery, subject: view, detail: method.rawValue, arguments: [method.rawValue, view])
    }
    /// `recognizer` changed state.
    public static func state(_ recognizer: String, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State) -> StepOutcome {
        StepOutcome(kind: .state, subject: recognizer, detail: "\(from) -> \(to)", arguments: [recognizer, "\(from)", "\(to)"])
    }
    /// A touch was cancelled in `view`.
    public static func cancel(_ view: String) -> StepOutcome { StepOutcome(kind: .cancel, subject: view, arguments: [view]) }
    /// The first responder became `responder` (nil: none).
    public static func firstResponder(_ responder: String?) -> StepOutcome {
        StepOutcome(kind: .firstResponder, subject: responder ?? "none", arguments: [responder])
    }
    /// `event` was routed from `from` to `to`.
    public static func routed(_ event: String, from: String, to: String) -> StepOutcome {
        StepOutcome(kind: .routed, subject: event, detail: "\(from) -> \(to)", arguments: [event, from, to])
    }

    public var description: String {
        switch kind {
        case .hit: "hit \(subject)"
        case .control: "\(subject) \(detail)"
        case .recognized: "\(subject) \(detail)"
        case .note: "note \"\(subject)\""
        case .action: "action \(subject) -> \(detail)"
        case .delivery: "\(detail) \(subject)"
        case .state: "\(subject) \(detail)"
        case .cancel: "touch cancelled in \(subject)"
        case .firstResponder: "first responder \(subject)"
        case .routed: "event \(subject) \(detail)"
        }
    }

    /// The outcomes `selection` keeps among `entries`, in trace order.
    public static func outcomes(in entries: some Collection<TraceEntry>, selection: Selection) -> [StepOutcome] {
        let list = Array(entries)
        var result: [StepOutcome] = []
        for (index, entry) in list.enumerated() {
            switch entry.event {
            case .hitResult(_, let view): result.append(.hit(view))
            case .controlEvent(let control, let event):
                if selection == .all || firesAction(list, after: index, control: control, event: event) {
                    result.append(.control(control, event))
                }
            case .gestureState(let recognizer, let from, let to, _):
                if selection == .all {
                    result.append(.state(recognizer, from: from, to: to))
                } else if from == .possible && (to == .began || to == .ended) {
                    result.append(.recognized(recognizer, to))
                }
            case .note(let text): result.append(.note(text))
            case .actionSent(let action, let target, _): result.append(.action(action, target: target))
            case .deliver(let method, let responder, _) where selection == .all: result.append(.delivery(method, responder))
            case .touchCancelledInView(_, let view, _) where selection == .all: result.append(.cancel(view))
            case .firstResponder(let responder) where selection == .all: result.append(.firstResponder(responder))
            case .eventRouted(let event, let from, let to) where selection == .all: result.append(.routed(event, from: from, to: to))
            default: continue
            }
        }
        return result
    }

    /// Whether the control event at `index` fired an action: a target-action call for the same
    /// control and event follows before that control's next event.
    static func firesAction(_ entries: [TraceEntry], after index: Int, control: String, event: UIControl.Event) -> Bool {
        for entry in entries[(index + 1)...] {
            switch entry.event {
            case .controlAction(let sender, let events, _) where sender == control && events.contains(event): return true
            case .controlEvent(let sender, _) where sender == control: return false
            default: continue
            }
        }
        return false
    }
}
