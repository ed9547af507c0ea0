import Foundation
import Testing
import TouchKit

@testable import TouchSwiftUI

/// A recognizer keeps its gesture's instance from one touch sequence to the next and restarts
/// it: a restarted instance must run every sequence exactly as a fresh one does, whatever the
/// sequence before it left behind (ended, failed, cancelled, held, half-way).
@Suite("SwiftUI gestures: a restarted instance is a fresh one")
struct GestureRestartTests {
    final class Log { var lines: [String] = [] }

    /// One finger event: when, which finger, its phase and where.
    typealias Event = (time: TimeInterval, finger: Int, phase: UITouch.Phase, point: CGPoint)

    /// Touch sequences, each from time 0: a tap, a double tap, a drag, a long hold, a pinch and
    /// turn with two fingers, a touch left down, and one cancelled.
    static let scripts: [(name: String, events: [Event])] = [
        ("tap", [(0, 1, .began, CGPoint(x: 10, y: 10)), (0.05, 1, .ended, CGPoint(x: 11, y: 10))]),
        (
            "double tap",
            [
                (0, 1, .began, CGPoint(x: 10, y: 10)), (0.05, 1, .ended, CGPoint(x: 10, y: 10)),
                (0.2, 2, .began, CGPoint(x: 12, y: 10)), (0.25, 2, .ended, CGPoint(x: 12, y: 10)),
            ]
        ),
        (
            "drag",
            [
                (0, 1, .began, CGPoint(x: 0, y: 0)), (0.05, 1, .moved, CGPoint(x: 30, y: 0)),
                (0.1, 1, .moved, CGPoint(x: 80, y: 5)), (0.15, 1, .ended, CGPoint(x: 90, y: 5)),
            ]
        ),
        ("hold", [(0, 1, .began, CGPoint(x: 5, y: 5)), (0.6, 1, .stationary, CGPoint(x: 5, y: 5)), (0.9, 1, .ended, CGPoint(x: 6, y: 5))]),
        (
            "pinch and turn",
            [
                (0, 1, .began, CGPoint(x: 0, y: 0)), (0, 2, .began, CGPoint(x: 100, y: 0)),
                (0.05, 2, .moved, CGPoint(x: 150, y: 40)), (0.1, 1, .ended, CGPoint(x: 0, y: 0)),
            ]
        ),
        ("left down", [(0, 1, .began, CGPoint(x: 0, y: 0)), (0.05, 1, .moved, CGPoint(x: 3, y: 0))]),
        ("cancelled", [(0, 1, .began, CGPoint(x: 0, y: 0)), (0.05, 1, .cancelled, CGPoint(x: 20, y: 0))]),
    ]

    /// Every kind of gesture and combinator, each part logging its callbacks.
    static func descriptions(_ log: Log) -> [(name: String, description: GestureDescription)] {
        func logged(_ kind: GestureDescription.Kind, _ name: String) -> GestureDescription {
            let callbacks = GestureDescription.Callbacks(
                onChanged: { log.lines.append("\(name) changed \($0)") }, onEnded: { log.lines.append("\(name) ended \($0)") },
                updating: { log.lines.append("\(name) updating \($0)") }, onReset: { log.lines.append("\(name) reset") })
            return GestureDescription(kind, id: name, callbacks: callbacks)
        }
        let tap = logged(.tap(count: 1), "tap")
        let doubleTap = logged(.tap(count: 2), "doubleTap")
        let drag = logged(.drag(minimumDistance: 10, global: false), "drag")
        let press = logged(.longPress(minimumDuration: 0.5, maximumDistance: 10), "press")
        return [
            ("tap", tap), ("double tap", doubleTap), ("spatial tap", logged(.spatialTap(count: 2, global: false), "spatial")),
            ("long press", press), ("drag", drag), ("drag from zero", logged(.drag(minimumDistance: 0, global: true), "drag0")),
            ("magnify", logged(.magnify(minimumScaleDelta: 0.01), "magnify")),
            ("rotate", logged(.rotate(minimumAngleDelta: 1), "rotate")),
            ("simultaneously", logged(.simultaneously(tap, drag), "both")),
            ("sequenced", logged(.sequenced(press, drag), "then")),
            ("exclusively", logged(.exclusively(doubleTap, tap), "either")),
            ("exclusively, a drag first", logged(.exclusively(drag, tap), "dragOrTap")),
        ]
    }

    /// Runs `events` on `instance` and says what every instance of its tree did after each one:
    /// phases, values and deadlines, then the callbacks.
    static func run(_ events: [Event], on instance: GestureInstance, log: Log) -> [String] {
        log.lines = []
        var touches: [GestureTouch] = []
        var seen: [String] = []
        for event in events {
            for index in touches.indices where touches[index].phase == .began || touches[index].phase == .moved {
                touches[index].phase = .stationary
            }
            if let index = touches.firstIndex(where: { $0.finger == event.finger }) {
                touches[index].location = event.point
                touches[index].phase = event.phase
            } else {
                touches.append(GestureTouch(finger: event.finger, start: event.point, location: event.point, startTime: event.time, phase: event.phase))
            }
            if event.phase == .cancelled {
                instance.cancel(.cancelled(by: "the test"))
                instance.runCallbacks(resetsOnly: true)
            } else {
                instance.update(GestureInput(time: event.time, touches: touches, origin: CGPoint(x: 2, y: 3)), inherited: .free)
                instance.runCallbacks()
            }
            var parts: [String] = []
            instance.visit { parts.append("\($0.phase) \($0.valueText) \($0.deadline.map { String($0) } ?? "-") held=\($0.heldEnd)") }
            seen.append(parts.joined(separator: " | "))
        }
        return seen + log.lines
    }

    @Test("every gesture, after every sequence, runs every next sequence as a fresh instance does")
    func restartedRunsAsFresh() {
        let log = Log()
        for (name, description) in Self.descriptions(log) {
            for (before, first) in Self.scripts {
                for (after, second) in Self.scripts {
                    let kept = GestureInstance.make(description)
                    _ = Self.run(first, on: kept, log: log)
                    kept.restart()
                    let restarted = Self.run(second, on: kept, log: log)
                    let fresh = Self.run(second, on: GestureInstance.make(description), log: log)
                    #expect(restarted == fresh, "\(name): \(after) after \(before)")
                }
            }
        }
    }

    @Test("the scripts reach every phase, so the comparison covers them")
    func scriptsReachEveryPhase() {
        let log = Log()
        var phases: Set<GesturePhase.Kind> = []
        for (_, description) in Self.descriptions(log) {
            for (_, events) in Self.scripts {
                let instance = GestureInstance.make(description)
                _ = Self.run(events, on: instance, log: log)
                instance.visit { phases.insert($0.phase.kind) }
            }
        }
        #expect(phases == [.possible, .active, .ended, .failed])
    }

    @Test("a modifier's recognizer restarts its kept instance at each touch-down, traces each sequence, and a stand-in does not replace it")
    func recognizerKeepsItsInstance() throws {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        card.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "open", callbacks: log.callbacks("tap")))]
        root.add(card)
        let scene = SwiftUIScene(root, era: .ios18)
        let recognizer = try #require(scene.host.recognizers.first as? SwiftUIRecognizerBase)
        scene.sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(recognizer.labelled.isEmpty, "no lanes between touch sequences")
        scene.sim.tap(at: CGPoint(x: 60, y: 60))
        card.disabled = true
        scene.sim.tap(at: CGPoint(x: 60, y: 60))
        card.disabled = false
        scene.sim.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 200, y: 10), duration: 0.2, steps: 4)
        scene.sim.tap(at: CGPoint(x: 70, y: 70))
        #expect(log.lines == ["tap ended", "tap ended", "tap ended"], "the disabled touch ran its stand-in, the drag failed the tap")
        let lane = "#open (.onTapGesture) on Rectangle#card"
        #expect(scene.phases == ["\(lane) ended", "\(lane) ended", "\(lane) failed", "\(lane) failed", "\(lane) ended"], "\(scene.phases)")
        #expect(recognizer.instance == nil, "no instance between touch sequences")
    }
}
