import Foundation
import TouchKit

/// Questions tests ask of a trace, answered from its entries.
extension Trace {
    /// The view each finger was hit-tested to, in order: `[(finger, view)]`.
    public var hitViews: [(finger: Int, view: String?)] {
        entries.compactMap { if case .hitResult(let finger, let view) = $0.event { (finger, view) } else { nil } }
    }

    /// The control events `control` (a trace name) fired, in order.
    public func controlEvents(of control: String) -> [String] {
        entries.compactMap { entry in
            guard case .controlEvent(let name, let event) = entry.event, name == control else { return nil }
            return event
        }
    }

    /// Every control event, as `control event`.
    public var controlEvents: [String] {
        entries.compactMap { if case .controlEvent(let control, let event) = $0.event { "\(control) \(event)" } else { nil } }
    }

    /// The states recognizer `recognizer` (a trace name) went through, starting with `.possible`
    /// and including each reset back to it.
    public func states(of recognizer: String) -> [UIGestureRecognizer.State] {
        var states: [UIGestureRecognizer.State] = [.possible]
        for entry in entries {
            switch entry.event {
            case .gestureState(let name, _, let to, _) where name == recognizer: states.append(to)
            case .gestureReset(let name) where name == recognizer: states.append(.possible)
            default: break
            }
        }
        return states
    }

    /// The touches methods each responder received, as `method responder`.
    public var deliveries: [String] {
        entries.compactMap { if case .deliver(let method, let responder, _) = $0.event { "\(method.rawValue) \(responder)" } else { nil } }
    }

    /// The trace's notes.
    public var notes: [String] {
        entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
    }
}
