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

    /// One performance of a gesture: the session it makes (`session`'s records up to `micros`,
    /// the gesture's input, its end), the trace of it all, the window, the gesture's span and first
    /// finger, and each of its touches explained. What `why` explains a simulated gesture with and
    /// what its proven fixes re-run.
    package struct Run {
        package var session: Session
        package var entries: TraceEntries
        package var window: UIWindow
        package var from: Int64
        package var until: Int64
        package var finger: Int?
        /// Each touch of the gesture explained from the trace, as a recorded touch is.
        package var fates: [TouchFate]
        /// What the simulator needs alive (the replayer or the scene).
        let keepAlive: AnyObject
    }

    /// Performs the gesture on the scene (after `session` to `micros`, when given).
    package static func run(
        _ gesture: SimulatedGesture, scene makeScene: @escaping () throws -> LoadedScene, after session: Session?, at micros: Int64?,
        point: CGPoint
    ) throws -> Run {
        var records: [SessionRecord] = []
        if let session {
            let limit = micros ?? session.duration
            records = session.records.filter { record in
                if case .end = record { return false }
                return (record.micros ?? 0) <= limit
            }
        }
        let (simulator, keepAlive) = try startingState(makeScene, session: session, at: micros)
        let from = TraceEntry.micros(from: simulator.clock.now)
        let start = simulator.trace.count
        simulator.application.addInputObserver { samples, time in
            records.append(.input(micros: TraceEntry.micros(from: time), samples: samples))
        }
        gesture.perform(at: point, with: simulator)
        let until = TraceEntry.micros(from: simulator.clock.now)
        records.append(.end(micros: until))
        let header =
            session?.header
            ?? SessionHeader(sceneName: "simulated", sceneHash: "simulated", windowSize: simulator.window.bounds.size, started: "")
        let all = simulator.trace.entries
        let gestureEntries = Array(all.dropFirst(start))
        var fingers: [Int] = []
        for entry in gestureEntries {
            if case .input(let finger, .began, _, _) = entry.event { fingers.append(finger) }
        }
        var counts: [Int: Int] = [:]
        let fates = fingers.map { finger in
            counts[finger, default: 0] += 1
            var fate = TouchFate(entries: gestureEntries, finger: finger, occurrence: counts[finger] ?? 1)
            fate.noteUnseen(in: simulator.window, entries: all)
            return fate
        }
        return Run(
            session: Session(header: header, records: records), entries: all, window: simulator.window, from: from, until: until,
            finger: fingers.first, fates: fates, keepAlive: keepAlive)
    }

    /// Performs the gesture and explains each of its touches (`Run.fates`).
    package static func explain(
        _ gesture: SimulatedGesture, scene makeScene: @escaping () throws -> LoadedScene, session: Session?, at micros: Int64?,
        point: CGPoint
    ) throws -> [TouchFate] {
        try run(gesture, scene: makeScene, after: session, at: micros, point: point).fates
    }
}
