import Foundation
import Testing
import TouchKit
import TouchReplay

@Suite("Asking a trace questions")
struct TraceQueryTests {
    @Test("which view was hit, which control events fired, which states a recognizer went through")
    func queries() throws {
        let scene = try catalog.load("kitchen-sink")
        let sim = scene.makeSimulator()
        sim.tap(at: CGPoint(x: 70, y: 442))
        sim.drag(from: CGPoint(x: 50, y: 250), to: CGPoint(x: 150, y: 250), steps: 3)
        #expect(sim.trace.hits == [Hit(finger: 1, view: "UIButton#button"), Hit(finger: 2, view: "UIView#panArea")])
        #expect(sim.trace.hits.map { $0.view?.className } == ["UIButton", "UIView"])
        #expect(sim.trace.hits.map { $0.view?.id } == ["button", "panArea"])
        #expect(sim.trace.controlEvents(of: "UIButton#button") == [.touchDown, .touchUpInside, .primaryActionTriggered])
        #expect(sim.trace.states(of: "UIPanGestureRecognizer#pan") == [.possible, .began, .changed, .changed, .ended, .possible])
        #expect(sim.trace.recognitions == [Recognition(recognizer: "UIPanGestureRecognizer#pan", state: .began)])
        #expect(sim.trace.deliveries.first == Delivery(method: .touchesBegan, view: "UIButton#button", fingers: [1]))
        #expect(sim.trace.notes == ["button", "pan", "pan"])
    }
}

@Suite("Gesture scripts")
struct GestureScriptTests {
    @Test("scripts parse as a JSON array or as JSON Lines, to the same steps")
    func forms() throws {
        let array = try GestureScript.parse(#"[{"tap": [1, 2]}, {"wait": 0.5}, {"down": [3, 4], "finger": "a"}, {"up": "a"}]"#)
        let lines = try GestureScript.parse("{\"tap\": [1, 2]}\n{\"wait\": 0.5}\n\n{\"down\": [3, 4], \"finger\": \"a\"}\n{\"up\": \"a\"}\n")
        #expect(array == lines)
        #expect(array.steps == [.tap(CGPoint(x: 1, y: 2), count: 1, hold: 0.05), .wait(0.5), .down(CGPoint(x: 3, y: 4), finger: "a"), .up("a")])
    }

    @Test(
        "bad steps are errors naming the step",
        arguments: [
            (#"[{"tap": [1]}]"#, "step 1: expected \"tap\": a point [x, y] within ±1000000"),
            (
                #"[{"wait": 1}, {"jump": 3}]"#,
                "step 2: unknown step \"jump\" (steps: tap, down, move, up, cancel, wait, drag, swipe, longPress, pinch, rotate, marker)"
            ),
            (#"[{"wait": -1}]"#, "step 1: expected \"wait\": a number from 0 to 3600"),
        ])
    func errors(script: String, message: String) {
        #expect(throws: GestureScript.ScriptError.self) { try GestureScript.parse(script) }
        do {
            _ = try GestureScript.parse(script)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("lifting a finger that is not down is an error naming the step")
    func runtimeError() throws {
        let scene = try catalog.load("kitchen-sink")
        let runner = GestureScriptRunner(simulator: scene.makeSimulator())
        do {
            try runner.run(GestureScript.parse(#"[{"tap": [10, 10]}, {"up": "b"}]"#))
            Issue.record("ran")
        } catch {
            #expect(error.description == "step 2: finger \"b\" is not down")
        }
    }
}
