import Foundation
import Testing
import TouchKit

@testable import TouchScenes

/// Behaviours that lead back to themselves: refused by the loader with the path of every step,
/// and, when built anyway (a description made in code), stopped at run time with a trace entry.
@Suite("Behaviours that loop")
struct BehaviourLoopTests {
    /// A scene built from a description in code, bypassing the loader's checks.
    func build(_ views: [ViewDescription]) -> TouchSimulator {
        let description = SceneDescription(name: "loops", windowSize: CGSize(width: 300, height: 300), views: views)
        return SceneBuilder.build(description, source: .file(path: "loops.json", contentHash: "0")).makeSimulator()
    }

    func loopEntries(_ sim: TouchSimulator) -> [String] {
        sim.trace.entries.compactMap { entry in
            if case .loopStopped = entry.event { return entry.event.textParts.body }
            return nil
        }
    }

    @Test("an event handler that routes its own event is stopped at the depth limit, not by the stack")
    func routeLoopStops() {
        var view = ViewDescription(kind: .view, id: "pinger", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.behaviours = [
            .onTouches(methods: [.touchesBegan], effects: [.route("ping")], forward: false),
            .handleEvents(names: ["ping"], effects: [.note("ping"), .route("ping")], forward: false),
        ]
        let sim = build([view])
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(loopEntries(sim) == ["note, route \"ping\" from UIView#pinger stopped at depth 32: it leads back to itself"])
        // Every level below the limit ran once; then the tap went on normally.
        #expect(sim.trace.entries.filter { $0.event == .note("ping") }.count == SceneRuntime.maximumEffectNesting - 1)
        #expect(sim.trace.entries.contains { if case .deliver(.touchesEnded, _, _) = $0.event { true } else { false } })
    }

    @Test("a first responder whose action sends the same action is stopped too")
    func actionLoopStops() {
        var button = ViewDescription(kind: .button, id: "echo", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        button.actions = [ControlActionDescription(events: ["touchUpInside"], effects: [.becomeFirstResponder("self"), .sendAction("echo")])]
        button.behaviours = [.firstResponder(actions: ["echo": [.sendAction("echo")]])]
        let sim = build([button])
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(loopEntries(sim) == ["sendAction \"echo\" from UIButton#echo stopped at depth 32: it leads back to itself"])
    }

    @Test("an action performed by a responder that sends it again is stopped by the application")
    func engineActionLoop() {
        final class Echo: UIView {
            override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { action == "echo" }
            override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
                window?.next.flatMap { $0 as? UIApplication }?.sendAction("echo", to: nil, from: self, for: nil)
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let echo = Echo(frame: window.bounds)
        window.addSubview(echo)
        let sim = TouchSimulator(window: window)
        sim.application.sendAction("echo", to: nil, from: echo, for: nil)
        let stops = sim.trace.entries.filter { if case .loopStopped = $0.event { true } else { false } }
        #expect(stops.map(\.event.textParts.body) == ["sendAction echo from Echo@0 stopped at depth 64: it leads back to itself"])
        #expect(sim.trace.entries.filter { if case .actionSent = $0.event { true } else { false } }.count == 64)
    }

    @Test("the loader reports each loop once, with the path of every step")
    func loaderReportsLoops() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/loops.json")
        let error = try #require(throws: SceneLoadError.self) { try SceneDecoder.load(contentsOf: url) }
        let messages = error.issues.map { "\($0.path): \($0.message)" }
        #expect(messages.count == 3, "\(messages)")
        #expect(messages[0].hasPrefix("views[0].behaviours[1]: behaviours that call each other without end"))
        #expect(messages[0].contains("views[0].behaviours[1].do[0].route sends route \"ping\", back to views[0].behaviours[1]"))
        #expect(messages[1].contains("views[1].subviews[0].behaviours[1].actions.down[0].route sends route \"pong\""))
        #expect(messages[1].contains("views[1].behaviours[0].do[1].sendAction sends sendAction \"down\""))
        #expect(messages[2].contains("views[2].behaviours[0].actions.echo[0].sendAction sends sendAction \"echo\""))
        // A chain of different events that ends is not a loop.
        #expect(!messages.joined().contains("views[3]"))
    }
}
