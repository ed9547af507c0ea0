import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

/// Scripts say time as people do: a move takes time, a swipe has a speed.
@Suite("Script time")
struct ScriptTimeTests {
    /// The times and phases of the input the script produced, from the trace.
    func inputs(_ script: String) throws -> [(Double, String)] {
        let simulator = TouchSimulator(window: makeWindow())
        try GestureScriptRunner(simulator: simulator).run(GestureScript.parse(script))
        return simulator.trace.entries.compactMap { entry in
            guard case .input(_, let phase, let x, let y) = entry.event else { return nil }
            return (Double(entry.micros) / 1_000_000, "\(phase) \(Int(x)),\(Int(y))")
        }
    }

    @Test("a move with a duration and steps advances the clock in equal moves; a move without takes one frame")
    func moveTakesTime() throws {
        let moves = try inputs(
            #"[{"down": [0, 0], "finger": "a"}, {"move": [40, 0], "finger": "a", "duration": 0.2, "steps": 4}, {"move": [40, 10], "finger": "a"}, {"up": "a"}]"#
        )
        #expect(moves.map(\.1) == ["began 0,0", "moved 10,0", "moved 20,0", "moved 30,0", "moved 40,0", "moved 40,10", "ended 40,10"])
        let times = moves.map { ($0.0 * 1_000).rounded() / 1_000 }
        #expect(times == [0, 0.05, 0.1, 0.15, 0.2, 0.217, 0.217])
    }

    @Test(
        "a swipe moves its distance in its direction at its speed, one move a frame", arguments: [("left", "ended 100,300"), ("up", "ended 200,200")])
    func swipe(direction: String, end: String) throws {
        let moves = try inputs(#"[{"swipe": {"from": [200, 300], "direction": "\#(direction)", "distance": 100, "speed": 500}}]"#)
        #expect(moves.first?.1 == "began 200,300")
        #expect(moves.last?.1 == end)
        #expect(abs((moves.last?.0 ?? 0) - 0.2) < 0.001)
        #expect(moves.count == 14)  // down, 12 frames of moves, up
    }

    @Test("a slow, long swipe makes at most 10,000 moves, as a drag, over its whole duration")
    func slowSwipeIsBounded() throws {
        let moves = try inputs(#"[{"swipe": {"from": [0, 300], "direction": "right", "distance": 100000, "speed": 1}}]"#)
        #expect(moves.count == GestureScript.maximumSwipeMoves + 2)  // down, the moves, up
        #expect(moves.last?.0 == 100_000)
    }

    @Test("a swipe with an unknown direction is a step error")
    func badSwipe() {
        #expect(throws: GestureScript.ScriptError.self) { try GestureScript.parse(#"[{"swipe": {"from": [0, 0], "direction": "sideways"}}]"#) }
    }
}
