import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

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
        /// A scene file, by its path relative to the package the test is in (the folder above the
        /// test file that holds `Package.swift`): the test can move anywhere in the package.
        case packageFile(String)
        /// The scene itself, as JSON in the test (the scene a session carries, when no file of it
        /// is at hand): the test needs no file.
        case inline(json: String, name: String, hash: String)
    }

    /// One step of the generated test.
    enum Step {
        /// Time passes (relative, as `merged` and `raw` make them).
        case advance(micros: Int64)
        /// The clock moves on to a time since the start (what `group` makes of `advance`).
        case clock(micros: Int64)
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

    /// The test's source for `session`; `makeScene` builds the scene (to compute the expectations);
    /// `selection` says which outcomes it asserts on.
    public static func source(
        session: Session, sessionName: String, scene reference: SceneReference, makeScene: @escaping () throws -> LoadedScene,
        style: Style, asserting selection: StepOutcome.Selection = .default
    ) throws -> String {
        let plan = try plan(session: session, makeScene: makeScene, asserting: selection)
        return render(plan, sessionName: sessionName, scene: reference, style: style, selection: selection)
    }

    /// The test as steps with their expectations, checked to give the session's own outcomes.
    static func plan(session: Session, makeScene: @escaping () throws -> LoadedScene, asserting selection: StepOutcome.Selection) throws -> Plan {
        let replayed = try SessionReplayer(session: session, scene: makeScene)
        replayed.runToEnd()
        let wanted = Outcome(replayed.trace)
        var groups = group(merged(session), duration: session.duration)
        var result = try run(groups, on: makeScene, selection: selection)
        if !result.outcome.sameAsReplay(wanted) {
            groups = group(raw(session), duration: session.duration)
            result = try run(groups, on: makeScene, selection: selection)
        }
        guard result.outcome.sameAsReplay(wanted) else {
            throw Problem(message: "the simulator does not reproduce this session's outcomes; replay it with assertReplay instead")
        }
        return Plan(groups: groups, expectations: result.expectations, words: SwiftUIWords.dictionary(in: replayed.scene.window))
    }

    /// The steps of a test and what each expects.
    struct Plan {
        let groups: [Group]
        let expectations: [[StepOutcome]]
        /// SwiftUI's words for the internal names the expectations assert (a comment beside each).
        var words: [String: String] = [:]
    }

    /// `// Button#like` beside an expectation whose names SwiftUI writes otherwise (the test
    /// asserts UIKit's side's names, which are what the trace holds).
    static func wordsComment(_ outcome: StepOutcome, _ words: [String: String]) -> String {
        let said = outcome.arguments.compactMap { $0.flatMap { words[$0] } }
        return said.isEmpty ? "" : "  // " + SwiftSource.comment(said.joined(separator: ", "))
    }

    /// One checked step of the test: the gestures of a marker's step (or one gesture when the
    /// session has no markers), then the clock advanced to where the next step begins (so the
    /// timers due before it count for this one), then the check.
    struct Group {
        var name: String
        var steps: [Step]
        /// When its first step happens, in microseconds.
        var startAt: Int64?
        /// When the check happens, in microseconds.
        var checkAt: Int64 = 0
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

    static func run(
        _ groups: [Group], on makeScene: () throws -> LoadedScene, selection: StepOutcome.Selection
    ) throws -> (outcome: Outcome, expectations: [[StepOutcome]]) {
        let sim = try makeScene().makeSimulator()
        var expectations: [[StepOutcome]] = []
        var mark = sim.trace.entries.count
        for group in groups {
            for step in group.steps {
                switch step {
                case .advance(let micros): sim.advance(by: seconds(micros))
                case .clock(let micros): sim.advance(to: seconds(micros))
                case .tap(let point, let hold): sim.tap(at: point, holdDuration: seconds(hold))
                case .longPress(let point, let duration): sim.longPress(at: point, duration: seconds(duration))
                case .drag(let from, let to, let duration, let count):
                    sim.drag(from: from, to: to, duration: seconds(duration), steps: count)
                case .send(let samples): sim.send(samples)
                case .marker(let label): sim.trace.record(.marker(label))
                }
            }
            sim.advance(to: seconds(group.checkAt))
            let entries = sim.trace.entries
            expectations.append(StepOutcome.outcomes(in: entries[mark...], selection: selection))
            mark = entries.count
        }
        return (Outcome(sim.trace), expectations)
    }

    static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }

    /// Cuts the steps into checked groups: at each marker when the session has markers, else
    /// after each gesture (a helper call, or raw touches until no finger is down). Each
    /// `.advance` becomes an absolute time and goes with the step it leads to.
    static func group(_ steps: [Step], duration: Int64) -> [Group] {
        let hasMarkers = steps.contains { if case .marker = $0 { true } else { false } }
        var groups: [Group] = []
        var current = Group(name: "", steps: [])
        var pendingAdvance: Int64?
        var now: Int64 = 0
        var down: Set<Int> = []
        var gestureCount = 0
        var firstMarker: String?
        func close() {
            guard !current.steps.isEmpty else { return }
            groups.append(current)
            current = Group(name: "", steps: [])
        }
        func add(_ step: Step) {
            if let time = pendingAdvance {
                current.steps.append(.clock(micros: time))
                pendingAdvance = nil
            }
            if current.startAt == nil { current.startAt = now }
            current.steps.append(step)
        }
        for step in steps {
            switch step {
            case .advance(let micros):
                now += micros
                pendingAdvance = now
            case .clock(let micros):
                now = max(now, micros)
                pendingAdvance = now
            case .marker(let label):
                close()
                if firstMarker == nil {
                    firstMarker = label
                    for index in groups.indices where groups[index].name.isEmpty { groups[index].name = "before '\(label)'" }
                }
                current.name = label
                add(step)
            case .tap, .longPress, .drag:
                if !hasMarkers { close() }
                add(step)
                if case .tap(let point, let hold) = step {
                    now += hold
                    gestureCount += 1
                    if !hasMarkers { current.name = "\(gestureCount): tap at \(pointText(point))" }
                } else if case .longPress(let point, let length) = step {
                    now += length
                    gestureCount += 1
                    if !hasMarkers { current.name = "\(gestureCount): long press at \(pointText(point))" }
                } else if case .drag(let from, let to, let length, _) = step {
                    now += length
                    gestureCount += 1
                    if !hasMarkers { current.name = "\(gestureCount): drag from \(pointText(from)) to \(pointText(to))" }
                }
                if !hasMarkers { close() }
            case .send(let samples):
                if !hasMarkers && down.isEmpty {
                    close()
                    gestureCount += 1
                    let start = samples.first { $0.phase == .began }?.location
                    current.name = "\(gestureCount): touches" + (start.map { " at \(pointText($0))" } ?? "")
                }
                add(step)
                for sample in samples {
                    switch sample.phase {
                    case .began: down.insert(sample.finger)
                    case .ended, .cancelled: down.remove(sample.finger)
                    case .moved, .stationary: break
                    }
                }
                if !hasMarkers && down.isEmpty { close() }
            }
        }
        close()
        if groups.isEmpty { groups = [Group(name: "the session", steps: [])] }
        for index in groups.indices {
            if groups[index].name.isEmpty { groups[index].name = "the session" }
            // Checked where the next group begins, the last at the session's end.
            groups[index].checkAt = index + 1 < groups.count ? (groups[index + 1].startAt ?? duration) : duration
        }
        return groups
    }

    static func pointText(_ point: CGPoint) -> String {
        "(\(format(Double(point.x))), \(format(Double(point.y))))"
    }

    // MARK: Source

    static func render(
        _ plan: Plan, sessionName: String, scene: SceneReference, style: Style, selection: StepOutcome.Selection
    ) -> String {
        let typeName = identifier(sessionName, capitalized: true) + (style == .xctest ? "ReplayTests" : "Tests")
        let functionName = identifier(sessionName, capitalized: false)
        func number(_ value: CGFloat) -> String { format(Double(value)) }
        func point(_ p: CGPoint) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }
        func time(_ micros: Int64) -> String { format(seconds(micros)) }
        func quoted(_ text: String) -> String { SwiftSource.stringLiteral(text) }
        var body: [String] = []
        var clock: Int64 = 0
        for (group, expected) in zip(plan.groups, plan.expectations) {
            body.append("")
            body.append("// \(SwiftSource.comment(group.name))")
            for step in group.steps {
                switch step {
                case .advance(let micros):
                    clock += micros
                    body.append("sim.advance(to: \(time(clock)))")
                case .clock(let micros):
                    if micros > clock { body.append("sim.advance(to: \(time(micros)))") }
                    clock = max(clock, micros)
                case .tap(let p, let hold):
                    body.append("sim.tap(at: \(point(p)), holdDuration: \(time(hold)))")
                    clock += hold
                case .longPress(let p, let duration):
                    body.append("sim.longPress(at: \(point(p)), duration: \(time(duration)))")
                    clock += duration
                case .drag(let from, let to, let duration, let count):
                    body.append("sim.drag(from: \(point(from)), to: \(point(to)), duration: \(time(duration)), steps: \(count))")
                    clock += duration
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
            if group.checkAt > clock {
                body.append("sim.advance(to: \(time(group.checkAt)))")
                clock = group.checkAt
            }
            let list =
                expected.isEmpty
                ? "[]" : "[\n" + expected.map { "    \(outcomeLiteral($0)),\(wordsComment($0, plan.words))" }.joined(separator: "\n") + "\n]"
            let report = style == .xctest ? "XCTFail(failure)" : "Issue.record(Comment(rawValue: failure))"
            body.append("if let failure = steps.check(\(quoted(group.name)), \(list)) { \(report) }")
        }
        let load: String
        switch scene {
        case .bundled(let name): load = "try SceneCatalog.bundled().load(\(quoted(name)))"
        case .packageFile(let path): load = "try SceneCatalog.loadFile(packagePath: \(quoted(path)), from: #filePath)"
        case .inline(let json, let name, let hash):
            load =
                "try SceneCatalog.loadEmbedded(text: \(quoted(json)), file: #filePath, name: \(quoted(name)), contentHash: \(quoted(hash)))"
        }
        let checker = selection == .all ? "StepChecker(sim.trace, asserting: .all)" : "StepChecker(sim.trace)"
        let asserted =
            selection == .all
            ? "every outcome (hits, control events, recognizer states, deliveries, cancellations, notes, actions, routing)"
            : "its hits, the control events that fire actions, recognitions, notes and actions"
        var lines = [
            "// Generated by `touchscope export \(SwiftSource.comment(sessionName)) --swift-test\(style == .xctest ? " --xctest" : "")\(selection == .all ? " --assert all" : "")` from \(SwiftSource.comment(sessionName)).",
            "// It replays the session's gestures with TouchSimulator and, after each step, checks what the step did:",
            "// \(asserted).",
            "// A failure names the step. Regenerate the test when the session is recorded again.",
            "import Foundation",
            style == .xctest ? "import XCTest" : "import Testing",
            "import TouchKit",
            "import TouchReplay",
            "import TouchScenes",
            "",
        ]
        let indented = body.dropFirst().map { $0.isEmpty ? "" : "        " + $0.replacingOccurrences(of: "\n", with: "\n        ") }
        if style == .xctest {
            lines += [
                "final class \(typeName): XCTestCase {",
                "    func test\(identifier(sessionName, capitalized: true))() throws {",
                "        let sim = \(load).makeSimulator()",
                "        let steps = \(checker)",
                "",
            ]
        } else {
            lines += [
                "@Suite(\(quoted(sessionName)))",
                "struct \(typeName) {",
                "    @Test(\(quoted("replays \(sessionName) step by step")))",
                "    func \(functionName)() throws {",
                "        let sim = \(load).makeSimulator()",
                "        let steps = \(checker)",
                "",
            ]
        }
        lines += indented
        lines += ["    }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An outcome as Swift source: `.hit("UIButton#pay")`, `.control("UISwitch#wifi", .valueChanged)`.
    static func outcomeLiteral(_ outcome: StepOutcome) -> String {
        func text(_ value: String?) -> String { value.map { SwiftSource.stringLiteral($0) } ?? "nil" }
        let a = outcome.arguments
        func at(_ index: Int) -> String? { index < a.count ? a[index] : nil }
        switch outcome.kind {
        case .hit: return ".hit(\(text(at(0))))"
        case .control: return ".control(\(text(at(0))), .\(at(1) ?? ""))"
        case .recognized: return ".recognized(\(text(at(0))), .\(at(1) ?? ""))"
        case .note: return ".note(\(text(at(0))))"
        case .action: return ".action(\(text(at(0))), target: \(text(at(1))))"
        case .delivery: return ".delivery(.\(at(0) ?? ""), \(text(at(1))))"
        case .state: return ".state(\(text(at(0))), from: .\(at(1) ?? ""), to: .\(at(2) ?? ""))"
        case .cancel: return ".cancel(\(text(at(0))))"
        case .firstResponder: return ".firstResponder(\(text(at(0))))"
        case .routed: return ".routed(\(text(at(0))), from: \(text(at(1))), to: \(text(at(2))))"
        }
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
