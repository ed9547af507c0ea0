import Foundation
import TouchKit
import TouchScenes

/// A scripted sequence of gestures, for recording sessions without a window.
///
/// How the clock advances: `wait` by its seconds; `tap` by its hold per tap (and 0.1 s between
/// taps of a multiple tap); `down`, `up`, `cancel` and `marker` not at all; `move` by its
/// `duration` (default one frame at 60 Hz, 1/60 s), in `steps` equal moves each after its share
/// of the time, so consecutive moves never land at one instant; `drag` by its duration, in its
/// steps; `swipe` by distance / speed, one move a frame (at most 10,000 moves); `longPress`, `pinch` and `rotate` by
/// their durations.
///
/// A script is JSON: an array of steps, or one step per line (JSON Lines, which is how
/// `touchscope record --stdin` reads them as they come). Steps:
///
///     {"tap": [x, y], "count": 2, "hold": 0.05}        taps (count and hold optional)
///     {"down": [x, y], "finger": "a"}                   puts a named finger down
///     {"move": [x, y], "finger": "a", "duration": 0.1, "steps": 6}   moves it (duration and steps optional)
///     {"up": "a"} / {"cancel": "a"}                     lifts or cancels it
///     {"wait": 0.5}                                     lets time pass (timers fire)
///     {"drag": {"from": [x, y], "to": [x, y], "duration": 0.3, "steps": 10}}
///     {"swipe": {"from": [x, y], "direction": "left", "distance": 200, "speed": 1000}}   speed in pt/s
///     {"longPress": [x, y], "duration": 0.6}
///     {"pinch": {"center": [x, y], "from": 100, "to": 200, "duration": 0.3}}
///     {"rotate": {"center": [x, y], "radius": 60, "from": 0, "to": 90, "duration": 0.3}}   degrees
///     {"marker": "opened the menu"}
public struct GestureScript: Equatable, Sendable {
    /// One step of a script, as the comment above lists them.
    public enum Step: Equatable, Sendable {
        case tap(CGPoint, count: Int, hold: TimeInterval)
        case down(CGPoint, finger: String)
        case move(CGPoint, finger: String, duration: TimeInterval, steps: Int)
        case up(String)
        case cancel(String)
        case wait(TimeInterval)
        case drag(from: CGPoint, to: CGPoint, duration: TimeInterval, steps: Int)
        case swipe(from: CGPoint, direction: UISwipeGestureRecognizer.Direction, distance: CGFloat, speed: CGFloat)
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
        /// Step 0 is the script as a whole.
        public var description: String { step == 0 ? message : "step \(step): \(message)" }
    }

    /// Parses a whole script: a JSON array of steps, or JSON Lines. A byte order mark and CRLF
    /// line ends read as on standard input (`InputText`).
    public static func parse(_ text: String) throws(ScriptError) -> GestureScript {
        let trimmed = InputText.normalized(text).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") {
            let value: JSONValue
            do { value = try JSONParser.parse(trimmed) } catch { throw ScriptError(step: 0, message: "not JSON: \(error)") }
            guard case .array(let elements) = value.kind else { throw ScriptError(step: 0, message: "expected an array of steps") }
            var steps: [Step] = []
            for (index, element) in elements.enumerated() { steps.append(try step(element, number: index + 1)) }
            return GestureScript(steps: steps)
        }
        if let kind = FileKind(of: trimmed) {
            throw ScriptError(step: 0, message: "this is a \(kind.rawValue), not a gesture script (a JSON array of steps, or one step per line)")
        }
        var steps: [Step] = []
        for line in InputText.lines(trimmed) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
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

    /// The fields each step may have besides its own key, and the fields of its object value.
    static let stepFields: [String: (extra: [String], inner: [String])] = [
        "tap": (["count", "hold"], []), "down": (["finger"], []), "move": (["finger", "duration", "steps"], []), "up": ([], []),
        "cancel": ([], []), "wait": ([], []), "drag": ([], ["from", "to", "duration", "steps"]),
        "swipe": ([], ["from", "direction", "distance", "speed"]), "longPress": (["duration"], []),
        "pinch": ([], ["center", "from", "to", "duration"]),
        "rotate": ([], ["center", "radius", "from", "to", "duration"]), "marker": ([], []),
    ]

    /// The step names, in the order the documentation lists them.
    static let stepNames = ["tap", "down", "move", "up", "cancel", "wait", "drag", "swipe", "longPress", "pinch", "rotate", "marker"]

    /// Most moves a swipe makes (a slow, long swipe then moves less often than once a frame): a
    /// drag's limit on its steps.
    public static let maximumSwipeMoves = 10_000

    /// A move's duration when the script gives none: one frame at 60 Hz (a finger moving on a
    /// screen is sampled at the display rate; TouchScope's choice for scripts).
    public static let defaultMoveDuration: TimeInterval = 1.0 / 60

    /// Longest marker label, in characters (as the recorder keeps them).
    public static let maximumMarkerLength = 1_000

    static func step(_ value: JSONValue, number: Int) throws(ScriptError) -> Step {
        func fail(_ message: String) -> ScriptError { ScriptError(step: number, message: message) }
        func point(_ v: JSONValue?, _ name: String) throws(ScriptError) -> CGPoint {
            guard case .array(let xy)? = v?.kind, xy.count == 2, case .number(let x) = xy[0].kind, case .number(let y) = xy[1].kind,
                abs(x) <= 1e6, abs(y) <= 1e6
            else { throw fail("expected \"\(name)\": a point [x, y] within ±1000000") }
            return CGPoint(x: x, y: y)
        }
        func numeric(_ v: JSONValue?, _ name: String, default fallback: Double? = nil, range: ClosedRange<Double> = 0...3600) throws(ScriptError)
            -> Double
        {
            guard let v else {
                if let fallback { return fallback }
                throw fail("expected \"\(name)\"")
            }
            guard case .number(let n) = v.kind, range.contains(n) else {
                throw fail("expected \"\(name)\": a number from \(JSONWriter.number(range.lowerBound)) to \(JSONWriter.number(range.upperBound))")
            }
            return n
        }
        func text(_ v: JSONValue?, _ name: String) throws(ScriptError) -> String {
            guard case .string(let s)? = v?.kind, !s.isEmpty else { throw fail("expected \"\(name)\": a non-empty name") }
            return s
        }
        guard case .object(let members) = value.kind else { throw fail("expected a step object, found \(value.typeName)") }
        let kinds = members.filter { stepFields[$0.key] != nil }
        guard kinds.count == 1, let first = kinds.first, let fields = stepFields[first.key] else {
            if kinds.count > 1 { throw fail("a step does one thing; found \(kinds.map { "\"\($0.key)\"" }.joined(separator: " and "))") }
            let found = members.first.map { "unknown step \"\($0.key)\"" } ?? "an empty step"
            throw fail("\(found) (steps: \(stepNames.joined(separator: ", ")))")
        }
        for member in members where member.key != first.key && !fields.extra.contains(member.key) {
            if fields.inner.contains(member.key) {
                throw fail(
                    "\"\(member.key)\" belongs inside \"\(first.key)\": {\"\(first.key)\": {\(fields.inner.map { "\"\($0)\": …" }.joined(separator: ", "))}}"
                )
            }
            let allowed = ([first.key] + fields.extra).joined(separator: ", ")
            throw fail("unknown field \"\(member.key)\" in a \(first.key) step (allowed: \(allowed))")
        }
        if !fields.inner.isEmpty {
            guard case .object(let inner) = first.value.kind else {
                throw fail("expected \"\(first.key)\": an object with \(fields.inner.joined(separator: ", "))")
            }
            if let unknown = inner.first(where: { !fields.inner.contains($0.key) }) {
                throw fail("unknown field \"\(unknown.key)\" in \"\(first.key)\" (allowed: \(fields.inner.joined(separator: ", ")))")
            }
        }
        let finger: String
        if let name = value["finger"] { finger = try text(name, "finger") } else { finger = "1" }
        switch first.key {
        case "tap":
            return .tap(
                try point(first.value, "tap"), count: Int(saturating: try numeric(value["count"], "count", default: 1, range: 1...10)),
                hold: try numeric(value["hold"], "hold", default: 0.05))
        case "down": return .down(try point(first.value, "down"), finger: finger)
        case "move":
            return .move(
                try point(first.value, "move"), finger: finger,
                duration: try numeric(value["duration"], "duration", default: defaultMoveDuration),
                steps: Int(saturating: try numeric(value["steps"], "steps", default: 1, range: 1...10_000)))
        case "swipe":
            guard case .string(let name)? = first.value["direction"]?.kind,
                let direction = RecognizerNames.directions.first(where: { $0.name == name })?.direction
            else { throw fail("expected \"direction\": left, right, up or down") }
            return .swipe(
                from: try point(first.value["from"], "from"), direction: direction,
                distance: CGFloat(try numeric(first.value["distance"], "distance", default: 200, range: 1...100_000)),
                speed: CGFloat(try numeric(first.value["speed"], "speed", default: 1_000, range: 1...100_000)))
        case "up": return .up(try text(first.value, "up"))
        case "cancel": return .cancel(try text(first.value, "cancel"))
        case "wait": return .wait(try numeric(first.value, "wait"))
        case "drag":
            return .drag(
                from: try point(first.value["from"], "from"), to: try point(first.value["to"], "to"),
                duration: try numeric(first.value["duration"], "duration", default: 0.3),
                steps: Int(saturating: try numeric(first.value["steps"], "steps", default: 10, range: 1...10_000)))
        case "longPress":
            return .longPress(try point(first.value, "longPress"), duration: try numeric(value["duration"], "duration", default: 0.6))
        case "pinch":
            return .pinch(
                center: try point(first.value["center"], "center"), from: CGFloat(try numeric(first.value["from"], "from", range: 1...10_000)),
                to: CGFloat(try numeric(first.value["to"], "to", range: 1...10_000)),
                duration: try numeric(first.value["duration"], "duration", default: 0.3))
        case "rotate":
            return .rotate(
                center: try point(first.value["center"], "center"),
                radius: CGFloat(try numeric(first.value["radius"], "radius", range: 1...10_000)),
                from: CGFloat(try numeric(first.value["from"], "from", range: -3600...3600)) * .pi / 180,
                to: CGFloat(try numeric(first.value["to"], "to", range: -3600...3600)) * .pi / 180,
                duration: try numeric(first.value["duration"], "duration", default: 0.3))
        default:
            let label = try text(first.value, "marker")
            guard label.count <= maximumMarkerLength else {
                throw fail("a marker may be at most \(maximumMarkerLength) characters, found \(label.count)")
            }
            return .marker(label)
        }
    }

    /// Checks the whole script before anything runs: named fingers go down before they move or
    /// lift, and never twice. Returns the names of fingers still down at the end.
    public func check() throws(ScriptError) -> [String] {
        var down: Set<String> = []
        for (index, step) in steps.enumerated() {
            let number = index + 1
            switch step {
            case .down(_, let name):
                guard down.insert(name).inserted else { throw ScriptError(step: number, message: "finger \"\(name)\" is already down") }
            case .move(_, let name, _, _):
                guard down.contains(name) else { throw ScriptError(step: number, message: "finger \"\(name)\" is not down") }
            case .up(let name), .cancel(let name):
                guard down.remove(name) != nil else { throw ScriptError(step: number, message: "finger \"\(name)\" is not down") }
            case .tap, .wait, .drag, .swipe, .longPress, .pinch, .rotate, .marker:
                break  // whole gestures with fingers of their own, or no finger at all
            }
        }
        return down.sorted()
    }
}

/// Runs script steps on a simulator, remembering named fingers between steps.
public final class GestureScriptRunner {
    public let simulator: TouchSimulator
    /// Receives markers (a recorder's `mark`); notes them in the trace when nil.
    public var onMarker: ((String) -> Void)?
    private var fingers: [String: Finger] = [:]
    /// Where each named finger is now (a move starts from here).
    private var locations: [String: CGPoint] = [:]

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
            locations[name] = point
        case .move(let point, let name, let duration, let steps):
            guard let finger = fingers[name] else { throw .init(step: number, message: "finger \"\(name)\" is not down") }
            let start = locations[name] ?? point
            locations[name] = point
            for step in 1...max(1, steps) {
                sim.advance(by: duration / Double(max(1, steps)))
                let fraction = CGFloat(step) / CGFloat(max(1, steps))
                sim.touchMove(finger, to: CGPoint(x: start.x + (point.x - start.x) * fraction, y: start.y + (point.y - start.y) * fraction))
            }
        case .up(let name):
            guard let finger = fingers.removeValue(forKey: name) else { throw .init(step: number, message: "finger \"\(name)\" is not down") }
            sim.touchUp(finger)
        case .cancel(let name):
            guard let finger = fingers.removeValue(forKey: name) else { throw .init(step: number, message: "finger \"\(name)\" is not down") }
            sim.touchCancel([finger])
        case .wait(let seconds): sim.advance(by: seconds)
        case .drag(let from, let to, let duration, let steps): sim.drag(from: from, to: to, duration: duration, steps: steps)
        case .swipe(let from, let direction, let distance, let speed):
            let (dx, dy): (CGFloat, CGFloat) =
                direction.contains(.left)
                ? (-distance, 0) : direction.contains(.up) ? (0, -distance) : direction.contains(.down) ? (0, distance) : (distance, 0)
            let duration = Double(distance / speed)
            sim.drag(
                from: from, to: CGPoint(x: from.x + dx, y: from.y + dy), duration: duration,
                steps: min(GestureScript.maximumSwipeMoves, max(2, Int(saturating: (duration * 60).rounded(.up)))))
        case .longPress(let point, let duration): sim.longPress(at: point, duration: duration)
        case .pinch(let center, let from, let to, let duration):
            sim.pinch(center: center, fromDistance: from, toDistance: to, duration: duration)
        case .rotate(let center, let radius, let from, let to, let duration):
            sim.rotate(center: center, radius: radius, fromAngle: from, toAngle: to, duration: duration)
        case .marker(let label):
            if let onMarker { onMarker(label) } else { sim.trace.record(.marker(label)) }
        }
    }
}
