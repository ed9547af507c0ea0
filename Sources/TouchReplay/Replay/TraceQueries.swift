import Foundation
import TouchKit

/// A view as a trace names it, split into what tests compare: its class, and its identifier or
/// its path from the nearest identified ancestor.
///
///     ViewName("UIButton#pay")        // class UIButton, id "pay"
///     ViewName("UIView@list.0")       // class UIView, path "list.0"
public struct ViewName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The whole name, as the trace writes it.
    public let traceName: String

    public init(_ traceName: String) {
        self.traceName = traceName
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The class (the scene's `class` or the Swift class).
    public var className: String {
        String(traceName.prefix { $0 != "#" && $0 != "@" })
    }

    /// The identifier (`accessibilityIdentifier`, or `tag12`), when the view has one.
    public var id: String? {
        guard let hash = traceName.firstIndex(of: "#") else { return nil }
        return String(traceName[traceName.index(after: hash)...])
    }

    public var description: String { traceName }
}

/// Which view a finger was hit-tested to.
public struct Hit: Hashable, Sendable, CustomStringConvertible {
    public let finger: Int
    /// The view it went to; nil when no view took it.
    public let view: ViewName?

    public init(finger: Int, view: ViewName?) {
        self.finger = finger
        self.view = view
    }

    public var description: String { "finger \(finger) -> \(view?.traceName ?? "no view")" }
}

/// One control event that fired.
public struct ControlEventRecord: Hashable, Sendable, CustomStringConvertible {
    public let control: ViewName
    public let event: UIControl.Event

    public init(control: ViewName, event: UIControl.Event) {
        self.control = control
        self.event = event
    }

    public var description: String { "\(control) \(event)" }
}

/// One touches-method call a view got from the window.
public struct Delivery: Hashable, Sendable, CustomStringConvertible {
    public let method: TouchMethod
    public let view: ViewName
    public let fingers: [Int]

    public init(method: TouchMethod, view: ViewName, fingers: [Int]) {
        self.method = method
        self.view = view
        self.fingers = fingers
    }

    public var description: String { "\(method.rawValue) \(view)" }
}

/// A recognizer that recognized: began (continuous) or ended from possible (discrete).
public struct Recognition: Hashable, Sendable, CustomStringConvertible {
    public let recognizer: String
    public let state: UIGestureRecognizer.State

    public init(recognizer: String, state: UIGestureRecognizer.State) {
        self.recognizer = recognizer
        self.state = state
    }

    public var description: String { "\(recognizer) \(state)" }
}

/// Questions tests ask of a trace, answered from its entries with typed values.
extension Trace {
    /// The view each finger was hit-tested to, in order.
    public var hits: [Hit] {
        entries.compactMap {
            if case .hitResult(let finger, let view) = $0.event { Hit(finger: finger, view: view.map { ViewName($0) }) } else { nil }
        }
    }

    /// The control events `control` fired, in order.
    public func controlEvents(of control: ViewName) -> [UIControl.Event] {
        controlEvents.filter { $0.control == control }.map(\.event)
    }

    /// Every control event, in order.
    public var controlEvents: [ControlEventRecord] {
        entries.compactMap { entry in
            guard case .controlEvent(let control, let event) = entry.event else { return nil }
            return ControlEventRecord(control: ViewName(control), event: event)
        }
    }

    /// The states recognizer `recognizer` (a trace name) went through, starting with `.possible`
    /// and including each reset back to it.
    public func states(of recognizer: String) -> [UIGestureRecognizer.State] {
        var states: [UIGestureRecognizer.State] = [.possible]
        for entry in entries {
            if case .gestureState(let name, _, let to, _) = entry.event, name == recognizer {
                states.append(to)
            } else if case .gestureReset(let name) = entry.event, name == recognizer {
                states.append(.possible)
            }
        }
        return states
    }

    /// Recognizers that recognized, in order.
    public var recognitions: [Recognition] {
        entries.compactMap { entry in
            guard case .gestureState(let name, .possible, let to, _) = entry.event, to == .began || to == .ended else { return nil }
            return Recognition(recognizer: name, state: to)
        }
    }

    /// The touches methods views got from the window, in order.
    public var deliveries: [Delivery] {
        entries.compactMap { entry in
            guard case .deliver(let method, let responder, let fingers) = entry.event else { return nil }
            return Delivery(method: method, view: ViewName(responder), fingers: fingers.ids)
        }
    }

    /// The trace's notes.
    public var notes: [String] {
        entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
    }
}
