import Foundation
import Testing

@testable import TouchKit

/// A control event is typed in the trace and in explanations (`UIControl.Event`), and written
/// as its names: `touchUpInside`, `touchDown|touchUpInside`.
@Suite("Control event names")
struct ControlEventNameTests {
    @Test("every named event, a set of them and an unnamed bit round-trip through their description and JSON")
    func roundTrip() throws {
        let sets: [UIControl.Event] =
            UIControl.Event.named.map(\.0) + [
                [.touchDown, .touchUpInside], [.touchUpInside, .primaryActionTriggered], UIControl.Event(rawValue: 1 << 24),
            ]
        for events in sets {
            #expect(UIControl.Event(description: events.description) == events, "\(events)")
            let data = try JSONEncoder().encode([events])
            #expect(try JSONDecoder().decode([UIControl.Event].self, from: data) == [events], "\(String(decoding: data, as: UTF8.self))")
        }
        #expect(UIControl.Event(description: "touchDown|touchUpInside") == [.touchDown, .touchUpInside])
        #expect(UIControl.Event(description: "touchUpInside|nonsense") == nil)
        #expect(UIControl.Event(description: "") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([UIControl.Event].self, from: Data(#"["tapped"]"#.utf8)) }
    }

    @Test("a button's tap traces typed events, and the action's entry carries the events it answered")
    func traced() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        button.accessibilityIdentifier = "b"
        button.addAction(UIAction { _ in }, for: [.touchUpInside, .primaryActionTriggered])
        window.addSubview(button)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 50, y: 50))
        let events = sim.trace.entries.compactMap { entry -> UIControl.Event? in
            if case .controlEvent("UIButton#b", let event) = entry.event { return event }
            return nil
        }
        #expect(events == [.touchDown, .touchUpInside, .primaryActionTriggered])
        let actions = sim.trace.entries.compactMap { entry -> UIControl.Event? in
            if case .controlAction("UIButton#b", let events, _) = entry.event { return events }
            return nil
        }
        #expect(actions.allSatisfy { !$0.intersection([.touchUpInside, .primaryActionTriggered]).isEmpty } && !actions.isEmpty, "\(actions)")
    }
}
