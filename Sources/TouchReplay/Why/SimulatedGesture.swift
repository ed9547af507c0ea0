import Foundation
import TouchKit
import TouchScenes

/// A gesture `why --gesture` performs on a scene (or a session's state) to explain it as a
/// recorded touch is explained: `tap`, `doubleTap`, `longPress`, `drag:DX,DY`,
/// `swipe:left|right|up|down`, `pinch:SCALE`, `rotate:DEGREES`.
package enum SimulatedGesture: Equatable, Sendable {
    case tap
    case doubleTap
    case longPress
    case drag(dx: Double, dy: Double)
    case swipe(dx: Double, dy: Double)
    case pinch(scale: Double)
    case rotate(degrees: Double)

    /// The accepted forms, for messages.
    package static let forms = "tap, doubleTap, longPress, drag:DX,DY, swipe:left|right|up|down, pinch:SCALE, rotate:DEGREES"

    /// Parses a form; nil when it is none of them or a number is not finite and in range.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        func number(_ value: String, _ range: ClosedRange<Double>) -> Double? {
            guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite, range.contains(number) else { return nil }
            return number
        }
        switch (parts.first ?? "", parts.count == 2 ? parts[1] : nil) {
        case ("tap", nil): self = .tap
        case ("doubleTap", nil): self = .doubleTap
        case ("longPress", nil): self = .longPress
        case ("drag", let value?):
            let numbers = value.split(separator: ",").compactMap { number(String($0), -10_000...10_000) }
            guard numbers.count == 2, value.split(separator: ",").count == 2 else { return nil }
            self = .drag(dx: numbers[0], dy: numbers[1])
        case ("swipe", "left"?): self = .swipe(dx: -150, dy: 0)
        case ("swipe", "right"?): self = .swipe(dx: 150, dy: 0)
        case ("swipe", "up"?): self = .swipe(dx: 0, dy: -150)
        case ("swipe", "down"?): self = .swipe(dx: 0, dy: 150)
        case ("pinch", let value?):
            guard let scale = number(value, 0.05...20) else { return nil }
            self = .pinch(scale: scale)
        case ("rotate", let value?):
            guard let degrees = number(value, -720...720) else { return nil }
            self = .rotate(degrees: degrees)
        default: return nil
        }
    }

    /// Performs the gesture at `point` with `simulator`, then lets a second pass so that timers
    /// (long press, the double-tap window, delays) run out.
    package func perform(at point: CGPoint, with simulator: TouchSimulator) {
        switch self {
        case .tap: simulator.tap(at: point)
        case .doubleTap: simulator.tap(at: point, count: 2)
        case .longPress: simulator.longPress(at: point, duration: 0.8)
        case .drag(let dx, let dy):
            simulator.drag(from: point, to: CGPoint(x: point.x + dx, y: point.y + dy), duration: 0.3, steps: 10)
        case .swipe(let dx, let dy):
            simulator.drag(from: point, to: CGPoint(x: point.x + dx, y: point.y + dy), duration: 0.15, steps: 6)
        case .pinch(let scale):
            simulator.pinch(center: point, fromDistance: 100, toDistance: 100 * scale, duration: 0.3, steps: 10)
        case .rotate(let degrees):
            simulator.rotate(center: point, radius: 60, fromAngle: 0, toAngle: degrees * .pi / 180, duration: 0.3, steps: 10)
        }
        simulator.advance(by: 1)
    }

    /// The state a simulated gesture starts from: the scene as loaded, or `session` replayed to
    /// `micros` (its end when nil); with the object that must live while the simulator is used.
    static func startingState(
        _ makeScene: @escaping () throws -> LoadedScene, session: Session?, at micros: Int64?
    ) throws -> (TouchSimulator, AnyObject) {
        if let session {
            let replayer = try SessionReplayer(session: session, scene: makeScene)
            replayer.run(until: micros ?? session.duration)
            return (replayer.simulator, replayer)
        }
        let scene = try makeScene()
        return (scene.makeSimulator(), scene)
    }

    /// Performs the gesture on the scene (after `session` to `micros`, when given) and explains
    /// each of its touches from the trace, as a recorded touch is explained.
    package static func explain(
        _ gesture: SimulatedGesture, scene makeScene: @escaping () throws -> LoadedScene, session: Session?, at micros: Int64?,
        point: CGPoint
    ) throws -> [TouchFate] {
        let (simulator, keepAlive) = try startingState(makeScene, session: session, at: micros)
        defer { withExtendedLifetime(keepAlive) {} }
        let start = simulator.trace.count
        gesture.perform(at: point, with: simulator)
        let entries = Array(simulator.trace.entries.dropFirst(start))
        var fingers: [Int] = []
        for entry in entries {
            if case .input(let finger, .began, _, _) = entry.event { fingers.append(finger) }
        }
        var counts: [Int: Int] = [:]
        return fingers.map { finger in
            counts[finger, default: 0] += 1
            var fate = TouchFate(entries: entries, finger: finger, occurrence: counts[finger] ?? 1)
            fate.noteUnseen(in: simulator.window, entries: simulator.trace.entries)
            return fate
        }
    }

    /// The gesture as a session: `session`'s records up to `micros` (when given), then the
    /// gesture's input as `perform` makes it, then its end; with the span of the gesture and its
    /// first finger. What `why`'s proven fixes re-run for a simulated gesture.
    package static func session(
        of gesture: SimulatedGesture, scene makeScene: @escaping () throws -> LoadedScene, after session: Session?, at micros: Int64?,
        point: CGPoint
    ) throws -> (session: Session, from: Int64, until: Int64, finger: Int?) {
        var records: [SessionRecord] = []
        if let session {
            let limit = micros ?? session.duration
            records = session.records.filter { record in
                if case .end = record { return false }
                return (record.micros ?? 0) <= limit
            }
        }
        let (simulator, keepAlive) = try startingState(makeScene, session: session, at: micros)
        defer { withExtendedLifetime(keepAlive) {} }
        let from = TraceEntry.micros(from: simulator.clock.now)
        var finger: Int?
        simulator.application.addInputObserver { samples, time in
            if finger == nil { finger = samples.first { $0.phase == .began }?.finger }
            records.append(.input(micros: TraceEntry.micros(from: time), samples: samples))
        }
        gesture.perform(at: point, with: simulator)
        let until = TraceEntry.micros(from: simulator.clock.now)
        records.append(.end(micros: until))
        let header =
            session?.header
            ?? SessionHeader(sceneName: "simulated", sceneHash: "simulated", windowSize: simulator.window.bounds.size, started: "")
        return (Session(header: header, records: records), from, until, finger)
    }
}
