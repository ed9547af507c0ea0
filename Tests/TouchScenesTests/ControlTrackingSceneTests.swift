import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// `beginTracking` and `continueTracking` behaviours: a control's own answers, as its subclass
/// would give them.
@Suite("Control tracking answers in scenes")
struct ControlTrackingSceneTests {
    static func scene(_ behaviour: String) -> String {
        #"""
        {"format": "touchscope.scene", "version": 1, "name": "c", "state": {"locked": false}, "window": {"width": 390, "height": 844},
         "views": [{"kind": "button", "id": "pay", "frame": [100, 100, 120, 44], "title": "Pay", "behaviours": [\#(behaviour)],
                    "actions": [{"on": ["touchDown", "touchUpInside", "touchDragExit"], "do": [{"note": "event"}]}]}]}
        """#
    }

    func events(_ behaviour: String, _ gesture: (TouchSimulator) -> Void) throws -> [UIControl.Event] {
        let description = try decodedRoundTrip(Self.scene(behaviour), file: "c.json")
        let sim = SceneBuilder.build(description, source: .file(path: "c.json", contentHash: "0")).makeSimulator()
        gesture(sim)
        return sim.trace.entries.compactMap { entry -> UIControl.Event? in
            guard case .controlEvent(let control, let event) = entry.event, control == "UIButton#pay" else { return nil }
            return event
        }
    }

    @Test("beginTracking false: no touchDown, no touchUpInside; a condition on state decides per touch")
    func begin() throws {
        let tap = { (sim: TouchSimulator) in sim.tap(at: CGPoint(x: 160, y: 122)) }
        #expect(try events(#"{"kind": "beginTracking", "answer": false}"#, tap) == [])
        #expect(try events(#"{"kind": "beginTracking", "answer": {"state": "locked", "equals": false}}"#, tap).contains(.touchUpInside))
    }

    @Test("continueTracking false outside the bounds: a drag out and back, then a lift inside, fires no touchUpInside (UIKit would)")
    func continueOutside() throws {
        let outAndBack = { (sim: TouchSimulator) in
            let finger = sim.touchDown(at: CGPoint(x: 160, y: 122))
            sim.touchMove(finger, to: CGPoint(x: 160, y: 200))
            sim.touchMove(finger, to: CGPoint(x: 160, y: 122))
            sim.touchUp(finger)
        }
        #expect(try events("", outAndBack).contains(.touchUpInside), "UIKit's default: the margin keeps the touch")
        let stops = try events(#"{"kind": "continueTracking", "answer": {"location": {"in": "pay", "rect": [0, 0, 120, 44]}}}"#, outAndBack)
        #expect(stops.first == .touchDown && !stops.contains(.touchUpInside), "\(stops)")
    }
}
