import Foundation
import TouchKit
import TouchScenes

/// Writes a session as a readable Swift test: it loads the scene, drives `TouchSimulator` with
/// the session's gestures and asserts the outcome with the typed trace queries (which views were
/// hit, which control events fired, which recognizers recognized, which notes appeared).
///
/// Input is merged into `tap`, `longPress` and `drag` calls where the simulator would produce
/// exactly the same touches (same times to the microsecond, same points to 1/1000 pt); anything
/// else is sent as raw samples. The expectations come from running those very steps, and the
/// exporter checks that they give the session's own outcomes (hit views, control events,
/// recognitions, notes); when merging would change them, every gesture is sent raw.
public struct SwiftTestExporter {
    /// Swift Testing (`@Test`, `#expect`) or XCTest.
    public enum Style: Sendable { case swiftTesting, xctest }

    /// How the generated test finds the scene.
    public enum SceneReference: Sendable {
        /// A bundled scene, by name.
        case bundled(String)
        /// A scene file, by its path relative to the generated test file.
        case relativeFile(String)
        /// The scene itself, as JSON in the test (the scene a session carries, when no file of it
        /// is at hand): the test needs no file.
        case inline(json: String, name: String, hash: String)
    }

    /// One step of the generated test.
    enum Step {
        case advance(micros: Int64)
        case tap(CGPoint, hold: Int64)
        case longPress(CGPoint, duration: Int64)
        case drag(from: CGPoint, to: CGPoint, duration: Int64, steps: Int)
        case send([TouchSample])
        case marker(String)
    }

    /// A problem that keeps a test from being written.
    public struct Problem: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The test's source for `session`; `makeScene` builds the scene (to compute the expectations).
    public static func source(
        session: Session, sessionName: String, scene reference: SceneReference, makeScene: @escaping () throws -> LoadedScene,
        style: Style
    ) throws -> String {
        let replayed = try SessionReplayer(session: session, scene: makeScene)
        replayed.runToEnd()
        let wanted = Outcome(replayed.trace)
        var steps = merged(session)
        var outcome = try run(steps, on: makeScene, until: session.duration)
        if !outcome.sameAsReplay(wanted) {
            steps = raw(session)
            outcome = try run(steps, on: makeScene, until: session.duration)
        }
        guard outcome.sameAsReplay(wanted) else {
            throw Problem(message: "the simulator does not reproduce this session's outcomes; replay it with assertReplay instead")
        }
        return render(steps, outcome: outcome, sessionName: sessionName, scene: reference, style: style, duration: session.duration)
    }

    // MARK: Steps

    /// The session's inputs as simulator steps, gestures merged where exact.
    static func merged(_ session: Session) -> [Step] {
        var steps: [Step] = []
        var now: Int64 = 0
        var gesture: [(micros: Int64, samples: [TouchSample])] = []
        var down: Set<Int> = []
        func flush() {
            guard let first = gesture.first else { return }
            if first.micros > now { steps.append(.advance(micros: first.micros - now)) }
            steps.append(contentsOf: mergeGesture(gesture))
            now = gesture[gesture.count - 1].micros
            gesture.removeAll()
        }
        for record in session.records {
            switch record {
            case .input(let t, let samples):
                gesture.append((t, samples))
                for sample in samples {
                    switch sample.phase {
                    case .began: down.insert(sample.finger)
                    case .ended, .cancelled: down.remove(sample.finger)
                    case .moved, .stationary: break
                    }
                }
                if down.isEmpty { flush() }
            case .marker(let t, let label):
                if gesture.isEmpty {
                    if t > now { steps.append(.advance(micros: t - now)) }
                    now = max(now, t)
                    steps.append(.marker(label))
                }
            case .note, .trace, .end, .hit:
                break
            }
        }
        flush()
        return steps
    }

    /// Every input as a raw send, with the time between.
    static func raw(_ session: Session) -> [Step] {
        var steps: [Step] = []
        var now: Int64 = 0
        for record in session.records {
            switch record {
            case .input(let t, let samples):
                if t > now { steps.append(.advance(micros: t - now)) }
                now = max(now, t)
                steps.append(.send(samples))
            case .marker(let t, let label):
                if t > now { steps.append(.advance(micros: t - now)) }
                now = max(now, t)
                steps.append(.marker(label))
            case .note, .trace, .end, .hit:
                break
            }
        }
        return steps
    }

    /// One gesture (from the first finger down to the last finger up) as one helper call when the
    /// helper makes exactly these touches, else as raw sends.
    static func mergeGesture(_ events: [(micros: Int64, samples: [TouchSample])]) -> [Step] {
        let start = events[0].micros
        let single = events.allSatisfy { $0.samples.count == 1 } && Set(events.map { $0.samples[0].finger }).count == 1
        if single, let first = events.first?.samples.first, first.phase == .began, let last = events.last?.samples.first,
            last.phase == .ended, events.count >= 2
        {
            let duration = events[events.count - 1].micros - start
            if events.count == 2, last.location == first.location, duration > 0 {
                return duration >= 500_000 ? [.longPress(first.location, duration: duration)] : [.tap(first.location, hold: duration)]
            }
            let moves = events.dropFirst().dropLast()
            if !moves.isEmpty, moves.allSatisfy({ $0.samples[0].phase == .moved }), let end = moves.last?.samples[0].location,
                last.location == end, events[events.count - 1].micros == moves.last!.micros
            {
                let candidate = Step.drag(from: first.location, to: end, duration: events[events.count - 2].micros - start, steps: moves.count)
                if emulateDrag(candidate, start: start) == events.map({ ($0.micros, $0.samples.map { ($0.phase, $0.location) }) }).flatMap(flatten) {
                    return [candidate]
                }
            }
        }
        var steps: [Step] = []
        var now = start
        for event in events {
            if event.micros > now { steps.append(.advance(micros: event.micros - now)) }
            now = event.micros
            steps.append(.send(event.samples))
        }
        return steps
    }

    static func flatten(_ event: (Int64, [(UITouch.Phase, CGPoint)])) -> [String] {
        event.1.map { "\(event.0) \($0.0) \(TouchSample.quantized($0.1.x)) \(TouchSample.quantized($0.1.y))" }
    }

    /// The touches `TouchSimulator.drag` makes, as `flatten` writes them.
    static func emulateDrag(_ step: Step, start: Int64) -> [String] {
        guard case .drag(let from, let to, let duration, let count) = step else { return [] }
        var result = flatten((start, [(.began, from)]))
        var now = Double(start) / 1_000_000
        let interval = Double(duration) / 1_000_000 / Double(count)
        var last = from
        for index in 1...count {
            now = VirtualClock.quantized(now + interval)
            let t = CGFloat(index) / CGFloat(count)
            last = CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            result += flatten((Int64(saturating: (now * 1_000_000).rounded()), [(.moved, last)]))
        }
        result += flatten((Int64(saturating: (now * 1_000_000).rounded()), [(.ended, last)]))
        return result
    }

    // MARK: Running

    /// What a test asserts, read from a trace.
    struct Outcome {
        let hits: [Hit]
        let controlEvents: [ControlEventRecord]
        let recognitions: [Recognition]
        let notes: [String]

        init(_ trace: Trace) {
            hits = trace.hits
            controlEvents = trace.controlEvents
            recognitions = trace.recognitions
            notes = trace.notes
        }

        /// The same outcomes as the replay (finger ids may differ: the simulator numbers its own).
        func sameAsReplay(_ other: Outcome) -> Bool {
            hits.map(\.view) == other.hits.map(\.view) && controlEvents == other.controlEvents && recognitions == other.recognitions
                && notes == other.notes
        }
    }

    static func run(_ steps: [Step], on makeScene: () throws -> LoadedScene, until end: Int64) throws -> Outcome {
        let sim = try makeScene().makeSimulator()
        for step in steps {
            switch step {
            case .advance(let micros): sim.advance(by: Double(micros) / 1_000_000)
            case .tap(let point, let hold): sim.tap(at: point, holdDuration: Double(hold) / 1_000_000)
            case .longPress(let point, let duration): sim.longPress(at: point, duration: Double(duration) / 1_000_000)
            case .drag(let from, let to, let duration, let count):
                sim.drag(from: from, to: to, duration: Double(duration) / 1_000_000, steps: count)
            case .send(let samples): sim.send(samples)
            case .marker(let label): sim.trace.record(.marker(label))
            }
        }
        sim.clock.advance(to: Double(end) / 1_000_000)
        return Outcome(sim.trace)
    }

    // MARK: Source

    static func render(
        _ steps: [Step], outcome: Outcome, sessionName: String, scene: SceneReference, style: Style, duration: Int64
    ) -> String {
        let typeName = identifier(sessionName, capitalized: true) + (style == .xctest ? "ReplayTests" : "Tests")
        let functionName = identifier(sessionName, capitalized: false)
        func number(_ value: CGFloat) -> String { format(Double(value)) }
        func point(_ p: CGPoint) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }
        func seconds(_ micros: Int64) -> String { format(Double(micros) / 1_000_000) }
        func quoted(_ text: String) -> String { SwiftSource.stringLiteral(text) }
        var body: [String] = []
        var elapsed: Int64 = 0
        for step in steps {
            switch step {
            case .advance(let micros):
                elapsed += micros
                body.append("sim.advance(by: \(seconds(micros)))")
            case .tap(let p, let hold):
                body.append("sim.tap(at: \(point(p)), holdDuration: \(seconds(hold)))  // at \(seconds(elapsed)) s")
                elapsed += hold
            case .longPress(let p, let duration):
                body.append("sim.longPress(at: \(point(p)), duration: \(seconds(duration)))  // at \(seconds(elapsed)) s")
                elapsed += duration
            case .drag(let from, let to, let duration, let count):
                body.append(
                    "sim.drag(from: \(point(from)), to: \(point(to)), duration: \(seconds(duration)), steps: \(count))  // at \(seconds(elapsed)) s")
                elapsed += duration
            case .send(let samples):
                let items = samples.map { sample in
                    "TouchSample(finger: \(sample.finger), phase: .\(sample.phase), location: \(point(sample.location))"
                        + (sample.majorRadius.map { ", majorRadius: \(number($0))" } ?? "") + ")"
                }
                body.append("sim.send([\(items.joined(separator: ", "))])")
            case .marker(let label):
                body.append("sim.trace.record(.marker(\(quoted(label))))")
            }
        }
        body.append("sim.clock.advance(to: \(seconds(duration)))  // the session's end: trailing timers fire")
        let load: String
        switch scene {
        case .bundled(let name): load = "try SceneCatalog.bundled().load(\(quoted(name)))"
        case .relativeFile(let path):
            load = "try SceneCatalog.loadFile(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(\(quoted(path))))"
        case .inline(let json, let name, let hash):
            load =
                "try SceneCatalog.loadEmbedded(text: \(quoted(json)), file: #filePath, name: \(quoted(name)), contentHash: \(quoted(hash)))"
        }
        func list(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { "            \($0)," }.joined(separator: "\n") + "\n        ]"
        }
        let hits = list(outcome.hits.map { "Hit(finger: \($0.finger), view: \($0.view.map { quoted($0.traceName) } ?? "nil"))" })
        let controls = list(
            outcome.controlEvents.map { "ControlEventRecord(control: \(quoted($0.control.traceName)), event: .\($0.event.description))" })
        let recognitions = list(outcome.recognitions.map { "Recognition(recognizer: \(quoted($0.recognizer)), state: .\($0.state))" })
        let notes = list(outcome.notes.map(quoted))
        var lines = [
            "// Generated by `touchscope export \(SwiftSource.comment(sessionName)) --swift-test\(style == .xctest ? " --xctest" : "")` from \(SwiftSource.comment(sessionName)).",
            "// It replays the session's gestures with TouchSimulator and checks what they did; regenerate it when",
            "// the session is recorded again.",
            "import Foundation",
            style == .xctest ? "import XCTest" : "import Testing",
            "import TouchKit",
            "import TouchReplay",
            "import TouchScenes",
            "",
        ]
        if style == .xctest {
            lines += [
                "final class \(typeName): XCTestCase {",
                "    func test\(identifier(sessionName, capitalized: true))() throws {",
                "        let sim = \(load).makeSimulator()",
            ]
            lines += body.map { "        " + $0 }
            lines += [
                "        XCTAssertEqual(sim.trace.hits, \(hits))",
                "        XCTAssertEqual(sim.trace.controlEvents, \(controls))",
                "        XCTAssertEqual(sim.trace.recognitions, \(recognitions))",
                "        XCTAssertEqual(sim.trace.notes, \(notes))",
                "    }",
                "}",
            ]
        } else {
            lines += [
                "@Suite(\(quoted(sessionName)))",
                "struct \(typeName) {",
                "    @Test(\(quoted("replays \(sessionName): the same hits, control events, recognitions and notes")))",
                "    func \(functionName)() throws {",
                "        let sim = \(load).makeSimulator()",
            ]
            lines += body.map { "        " + $0 }
            lines += [
                "        #expect(sim.trace.hits == \(hits))",
                "        #expect(sim.trace.controlEvents == \(controls))",
                "        #expect(sim.trace.recognitions == \(recognitions))",
                "        #expect(sim.trace.notes == \(notes))",
                "    }",
                "}",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Swift identifier from a file name: `floating-menu.session` → `FloatingMenuSession`.
    static func identifier(_ name: String, capitalized: Bool) -> String {
        SwiftSource.identifier(name, capitalized: capitalized)
    }

    /// A number as Swift source: `130`, `0.05`, `12.345`.
    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(saturating: value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
