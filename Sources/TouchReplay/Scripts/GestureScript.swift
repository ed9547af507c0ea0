import Foundation
import TouchKit
import TouchScenes

/// A scripted sequence of gestures, for recording sessions without a window.
///
/// A script is JSON: an array of steps, or one step per line (JSON Lines, which is how
/// `touchscope record --stdin` reads them as they come). Steps:
///
///     {"tap": [x, y], "count": 2, "hold": 0.05}        taps (count and hold optional)
///     {"down": [x, y], "finger": "a"}                   puts a named finger down
///     {"move": [x, y], "finger": "a"}                   moves it
///     {"up": "a"} / {"cancel": "a"}                     lifts or cancels it
///     {"wait": 0.5}                                     lets time pass (timers fire)
///     {"drag": {"from": [x, y], "to": [x, y], "duration": 0.3, "steps": 10}}
///     {"longPress": [x, y], "duration": 0.6}
///     {"pinch": {"center": [x, y], "from": 100, "to": 200, "duration": 0.3}}
///     {"rotate": {"center": [x, y], "radius": 60, "from": 0, "to": 90, "duration": 0.3}}   degrees
///     {"marker": "opened the menu"}
public struct GestureScript: Equatable, Sendable {
    /// One step of a script, as the comment above lists them.
    public enum Step: Equatable, Sendable {
        case tap(CGPoint, count: Int, hold: TimeInterval)
        case down(CGPoint, finger: String)
        case move(CGPoint, finger: String)
        case up(String)
        case cancel(String)
        case wait(TimeInterval)
        case drag(from: CGPoint, to: CGPoint, duration: TimeInterval, steps: Int)
        case longPress(CGPoint, duration: TimeInterval)
        case pinch(center: CGPoint, from: CGFloat, to: CGFloat, duration: TimeInterval)
        case rotate(center: CGPoint, radius: CGFloat, from: CGFloat, to: CGFloat, duration: TimeInterval)
        case marker(String)
    }

    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// A script problem, with the step (1-based) it is in.
    public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
        public var step: Int
        public var message: String
        public var description: String { "step \(step): \(message)" }
    }

    /// Parses a whole script: a JSON array of steps, or JSON Lines.
    public static func parse(_ text: String) throws(ScriptError) -> GestureScript {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") {
            let value: JSONValue
            do { value = try JSONParser.parse(trimmed) } catch { throw ScriptError(step: 0, message: "not JSON: \(error)") }
            guard case .array(let elements) = value.kind else { throw ScriptError(step: 0, message: "expected an array of steps") }
            var steps: [Step] = []
            for (index, element) in elements.enumerated() { steps.append(try step(element, number: index + 1)) }
            return GestureScript(steps: steps)
        }
        var steps: [Step] = []
        for line in trimmed.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            steps.append(try step(line: String(line), number: steps.count + 1))
        }
        return GestureScript(steps: steps)
    }

    /// Parses one JSON Lines step.
    public static func step(line: String, number: Int) throws(ScriptError) -> Step {
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch { throw ScriptError(step: number, message: "not JSON: \(error)") }
        return try step(value, number: number)
    }

    static func step(_ value: JSONValue, number: Int) throws(ScriptError) -> Step {
        func fail(_ message: String) -> ScriptError { ScriptError(step: number, message: message) }
        func point(_ v: JSONValue?) throws(ScriptError) -> CGPoint {
            guard case .array(let xy)? = v?.kind, xy.count == 2, case .number(let x) = xy[0].kind, case .number(let y) = xy[1].kind,
                abs(x) <= 1e6, abs(y) <= 1e6
            else { throw fail("expected a point [x, y]") }
            return CGPoint(x: x, y: y)
        }
        func numeric(_ v: JSONValue?, _ name: String, default fallback: Double? = nil, range: ClosedRange<Double> = 0...3600) throws(ScriptError) -> Double {
            guard let v else {
                if let fallback { return fallback }
                throw fail("expected \"\(name)\"")
            }
            guard case .number(let n) = v.kind, range.contains(n) else { throw fail("expected \"\(name)\": a number from \(range.lowerBound) to \(range.upperBound)") }
            return n
        }
        func text(_ v: JSONValue?) throws(ScriptError) -> String {
            guard case .string(let s)? = v?.kind, !s.isEmpty else { throw fail("expected a name") }
            return s
        }
        guard case .object(let members) = value.kind, let first = members.first else { throw fail("expected a step object") }
        let finger: String = if case .string(let name)? = value["finger"]?.kind { name } else { "1" }
        switch first.key {
        case "tap":
            return .tap(try point(first.value), count: Int(try numeric(value["count"], "count", default: 1, range: 1...10)),
                        hold: try numeric(value["hold"], "hold", default: 0.05))
        case "down": return .down(try point(first.value), finger: finger)
        case "move": return .move(try point(first.value), finger: finger)
        case "up": return .up(try text(first.value))
        case "cancel": return .cancel(try text(first.value))
        case "wait": return .wait(try numeric(first.value, "wait"))
        case "drag":
            return .drag(
                from: try point(first.value["from"]), to: try point(first.value["to"]),
                duration: try numeric(first.value["duration"], "duration", default: 0.3),
                steps: Int(try numeric(first.value["steps"], "steps", default: 10, range: 1...10_000)))
        case "longPress":
            return .longPress(try point(first.value), duration: try numeric(value["duration"], "duration", default: 0.6))
        case "pinch":
            return .pinch(
                center: try point(first.value["center"]), from: CGFloat(try numeric(first.value["from"], "from", range: 1...10_000)),
                to: CGFloat(try numeric(first.value["to"], "to", range: 1...10_000)),
                duration: try numeric(first.value["duration"], "duration", default: 0.3))
        case "rotate":
            return .rotate(
                center: try point(first.value["center"]), radius: CGFloat(try numeric(first.value["radius"], "radius", range: 1...10_000)),
                from: CGFloat(try numeric(first.value["from"], "from", range: -3600...3600)) * .pi / 180,
                to: CGFloat(try numeric(first.value["to"], "to", range: -3600...3600)) * .pi / 180,
                duration: try numeric(first.value["duration"], "duration", default: 0.3))
        case "marker": return .marker(try text(first.value))
        default:
            throw fail("unknown step \"\(first.key)\" (steps: tap, down, move, up, cancel, wait, drag, longPress, pinch, rotate, marker)")
        }
    }
}

/// Runs script steps on a simulator, remembering named fingers between steps.
public final class GestureScriptRunner {
    public let simulator: TouchSimulator
    /// Receives markers (a recorder's `mark`); notes them in the trace when nil.
    public var onMarker: ((String) -> Void)?
    private var fingers: [String: Finger] = [:]

    public init(simulator: TouchSimulator) {
        self.simulator = simulator
    }

    public func run(_ script: GestureScript) throws(GestureScript.ScriptError) {
        for (index, step) in script.steps.enumerated() { try run(step, number: index + 1) }
    }

    public func run(_ step: GestureScript.Step, number: Int) throws(GestureScript.ScriptError) {
        let sim = simulator
        switch step {
        case .tap(let point, let count, let hold): sim.tap(at: point, count: count, holdDuration: hold)
        case .down(let point, let name):
            guard fingers[name] == nil else { throw .init(step: number, message: "finger \"\(name)\" is already down") }
            fingers[name] = sim.touchDown(at: point)
        case .move(let point, let name):
            guard let finger = fingers[name] else { throw .init(step: number, message: "finger \"\(name)\" is not down") }
            sim.touchMove(finger, to: point)
        case .up(let name):
            guard let finger = fingers.removeValue(forKey: name) else { throw .init(step: number, message: "finger \"\(name)\" is not down") }
            sim.touchUp(finger)
        case .cancel(let name):
            guard let finger = fingers.removeValue(forKey: name) else { throw .init(step: number, message: "finger \"\(name)\" is not down") }
            sim.touchCancel([finger])
        case .wait(let seconds): sim.advance(by: seconds)
        case .drag(let from, let to, let duration, let steps): sim.drag(from: from, to: to, duration: duration, steps: steps)
        case .longPress(let point, let duration): sim.longPress(at: point, duration: duration)
        case .pinch(let center, let from, let to, let duration):
            sim.pinch(center: center, fromDistance: from, toDistance: to, duration: duration)
        case .rotate(let center, let radius, let from, let to, let duration):
            sim.rotate(center: center, radius: radius, fromAngle: from, toAngle: to, duration: duration)
        case .marker(let label):
            if let onMarker { onMarker(label) } else { sim.trace.note("marker: \(label)") }
        }
    }
}
