import Foundation
import TouchKit
import TouchScenes

/// A valid scene and a valid session made from any bytes: the engine fuzzer's input, and a
/// property test's (from a seed).
///
/// The bytes are read as a stream of decisions (exhausted bytes read as zero), so libFuzzer's
/// mutations change the scene and the touches in meaningful ways, and every byte string gives a
/// scene that the loader accepts (it is written as JSON and read back, like a file) and a session
/// the loader accepts (written as JSON Lines and read back). Scenes use every view kind, every
/// recognizer with random parameters, failure requirements, delegates, hit-area behaviours,
/// touches handlers and control actions whose effects change the tree while touches are down.
/// Loops of routed events are left out: the loader refuses them (and the engine stops them).
public struct GeneratedScenario {
    private var bytes: [UInt8]
    private var position = 0

    /// Decisions from `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Decisions from a seeded generator (for property tests).
    public init(seed: UInt64, length: Int = 4096) {
        var random = SeededRandomNumberGenerator(seed: seed)
        bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    // MARK: Decisions

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func pick(_ count: Int) -> Int { count <= 1 ? 0 : Int(byte()) % count }
    mutating func chance(_ outOf256: UInt8) -> Bool { byte() < outOf256 }
    mutating func number(_ range: ClosedRange<Double>) -> Double {
        let fraction = Double(UInt16(byte()) << 8 | UInt16(byte())) / 65_535
        return (range.lowerBound + (range.upperBound - range.lowerBound) * fraction).rounded()
    }

    // MARK: The scene

    static let window = CGSize(width: 390, height: 844)

    /// The scene, as its JSON text (what a file would hold).
    public mutating func sceneJSON() -> String {
        SceneEncoder.json(scene())
    }

    mutating func scene() -> SceneDescription {
        var scene = SceneDescription(name: "generated", windowSize: Self.window, state: ["flag": chance(128)])
        var counter = 0
        var recognizerIDs: [String] = []
        let topCount = 1 + pick(6)
        for _ in 0..<topCount {
            scene.views.append(view(in: CGRect(origin: .zero, size: Self.window), depth: 0, counter: &counter, recognizers: &recognizerIDs))
        }
        // The shapes a file can take that walks must survive: long chains and dense tables.
        switch pick(8) {
        case 0: scene.views.append(chain(counter: &counter, recognizers: &recognizerIDs))
        case 1: scene.views[0].behaviours.append(denseActionTable())
        default: break
        }
        return scene
    }

    /// A chain of nested views up to 60 deep (the loader takes 64), each with a recognizer that
    /// requires the previous one to fail, so one touch meets a long failure-requirement walk;
    /// some levels have a transform with no inverse.
    mutating func chain(counter: inout Int, recognizers: inout [String]) -> ViewDescription {
        let depth = 2 + pick(59)
        var levels: [ViewDescription] = []
        for level in 0..<depth {
            counter += 1
            var view = ViewDescription(
                kind: .view, id: "v\(counter)",
                frame: CGRect(x: level == 0 ? number(0...200) : 1, y: level == 0 ? number(0...400) : 1, width: 300, height: 300))
            if chance(6) { view.transform = CGAffineTransform(scaleX: chance(128) ? 0 : 1, y: 0) }
            var recognizer = RecognizerDescription(kind: [.tap, .longPress, .pan][pick(3)], id: "g\(recognizers.count + 1)")
            if let previous = recognizers.last { recognizer.requireToFail = [previous] }
            recognizer.effects = [.note("chain \(level)")]
            recognizers.append(recognizer.id ?? "")
            view.recognizers = [recognizer]
            levels.append(view)
        }
        var inner = levels.removeLast()
        while var outer = levels.popLast() {
            outer.subviews = [inner]
            inner = outer
        }
        return inner
    }

    /// A `firstResponder` table of up to 200 actions, each sending the next (never back), and a
    /// control that starts the chain.
    mutating func denseActionTable() -> Behaviour {
        let count = 2 + pick(199)
        var table: [String: [Effect]] = [:]
        for index in 0..<count {
            table["a\(index)"] = index + 1 < count ? [.sendAction("a\(index + 1)")] : [.note("end of chain")]
        }
        return .firstResponder(actions: table)
    }

    mutating func view(in area: CGRect, depth: Int, counter: inout Int, recognizers: inout [String]) -> ViewDescription {
        counter += 1
        let id = "v\(counter)"
        let kinds: [ViewKind] = [.view, .view, .view, .label, .imageView, .control, .button, .switch, .slider, .scrollView]
        let kind = kinds[pick(kinds.count)]
        let frame = CGRect(
            x: number(-20...Double(area.width)), y: number(-20...Double(area.height)),
            width: number(1...Double(max(2, area.width))), height: number(1...Double(max(2, area.height))))
        var view = ViewDescription(kind: kind, id: id, frame: frame)
        if chance(20) { view.isHidden = true }
        if chance(20) { view.alpha = [0, 0.005, 0.5][pick(3)] }
        if chance(20) { view.isUserInteractionEnabled = false }
        if kind == .label || kind == .imageView, chance(128) { view.isUserInteractionEnabled = true }
        if chance(30) { view.clipsToBounds = true }
        if chance(20) { view.isMultipleTouchEnabled = true }
        if chance(8) { view.isExclusiveTouch = true }
        if chance(25) {
            view.transform = CGAffineTransform(rotationAngle: CGFloat(number(-180...180)) * .pi / 180)
                .scaledBy(x: CGFloat(0.5 + number(0...10) / 10), y: CGFloat(0.5 + number(0...10) / 10))
        }
        if kind == .button { view.title = "b\(counter)" }
        if kind == .scrollView {
            view.contentSize = CGSize(width: frame.width * CGFloat(1 + pick(3)), height: frame.height * CGFloat(1 + pick(3)))
            view.delaysContentTouches = chance(200)
            view.canCancelContentTouches = chance(200)
        }
        if [.control, .button, .switch, .slider].contains(kind) {
            view.isEnabled = chance(230)
            let events = ["touchDown", "touchUpInside", "touchUpOutside", "valueChanged", "touchDragExit", "touchCancel"]
            view.actions = [ControlActionDescription(events: [events[pick(events.count)]], effects: effects(owner: id, counter: counter))]
        }
        for _ in 0..<pick(3) { view.recognizers.append(recognizer(counter: counter, existing: &recognizers)) }
        view.behaviours = behaviours(owner: id)
        if depth < 5 {
            let childCount = chance(40) ? pick(24) : pick(4)
            let inner = CGRect(origin: .zero, size: frame.size)
            for _ in 0..<childCount { view.subviews.append(self.view(in: inner, depth: depth + 1, counter: &counter, recognizers: &recognizers)) }
        }
        if !view.subviews.isEmpty, chance(40) {
            let ids = view.subviews.compactMap(\.id)
            let chosen = ids[pick(ids.count)]
            view.behaviours.append(chance(128) ? .preferSubviews([chosen]) : .passThrough(exceptSubviews: [chosen], exceptRects: []))
        }
        return view
    }

    mutating func recognizer(counter: Int, existing: inout [String]) -> RecognizerDescription {
        let kinds = RecognizerKind.allCases
        let id = "g\(existing.count + 1)"
        var recognizer = RecognizerDescription(kind: kinds[pick(kinds.count)], id: id)
        switch recognizer.kind {
        case .tap:
            recognizer.numberOfTapsRequired = 1 + pick(3)
            recognizer.numberOfTouchesRequired = 1 + pick(2)
        case .longPress:
            recognizer.minimumPressDuration = [0.1, 0.5, 1][pick(3)]
            recognizer.allowableMovement = [1, 10, 50][pick(3)]
        case .pan:
            recognizer.minimumNumberOfTouches = 1 + pick(2)
        case .screenEdgePan:
            recognizer.edges = [.left, .right, [.top, .bottom], .all][pick(4)]
        case .swipe:
            recognizer.direction = [.left, .right, [.up, .down]][pick(3)]
        case .pinch, .rotation:
            break
        }
        recognizer.cancelsTouchesInView = chance(200)
        recognizer.delaysTouchesBegan = chance(40)
        recognizer.delaysTouchesEnded = chance(200)
        recognizer.isEnabled = chance(240)
        // Failure requirements only point back at earlier recognizers: never a cycle.
        if !existing.isEmpty, chance(60) { recognizer.requireToFail = [existing[pick(existing.count)]] }
        if chance(40) {
            var delegate = DelegateDescription()
            delegate.shouldBegin = .always(chance(220))
            delegate.shouldReceiveTouch = .always(chance(230))
            if chance(80) { delegate.recognizeSimultaneouslyWith = .otherID(["*"]) }
            recognizer.delegate = delegate
        }
        recognizer.effects = effects(owner: "self", counter: counter)
        existing.append(id)
        return recognizer
    }

    mutating func behaviours(owner: String) -> [Behaviour] {
        var result: [Behaviour] = []
        if chance(30) { result.append(.enlargeHitArea(UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))) }
        if chance(10) { result.append(.when(state: "flag", equals: chance(128), then: .catchAll)) }
        if chance(10) { result.append(.shape([CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 50)])) }
        if chance(30) {
            let method = TouchMethod.allCases[pick(TouchMethod.allCases.count)]
            result.append(.onTouches(methods: [method], effects: effects(owner: owner, counter: 0), forward: chance(128)))
        }
        if chance(30) {
            result.append(.handleEvents(names: ["e\(pick(3))"], effects: [.note("handled"), .toggleState("flag")], forward: chance(128)))
        }
        if chance(20) { result.append(.firstResponder(actions: ["a\(pick(3))": [.note("performed")]])) }
        if chance(20) { result.append(.touchUpInside(cancelDistance: chance(128) ? nil : 10, effects: [.note("up inside")])) }
        return result
    }

    /// Effects that change the tree and the routing while touches are down (hide, move, disable,
    /// route, send actions), never ones that route back into a handler that routes again.
    mutating func effects(owner: String, counter: Int) -> [Effect] {
        var result: [Effect] = [.note("effect \(counter)")]
        for _ in 0..<pick(3) {
            switch pick(6) {
            case 0:
                var patch = ViewPatch()
                patch.isHidden = chance(128)
                result.append(.set(target: owner, patch: patch))
            case 1:
                var patch = ViewPatch()
                patch.isUserInteractionEnabled = chance(128)
                result.append(.set(target: owner, patch: patch))
            case 2:
                var patch = ViewPatch()
                patch.center = CGPoint(x: number(0...390), y: number(0...844))
                result.append(.set(target: owner, patch: patch))
            case 3: result.append(.route("e\(pick(3))"))
            case 4: result.append(.sendAction("a\(pick(3))"))
            default: result.append(.toggleState("flag"))
            }
        }
        return result
    }

    // MARK: The session

    /// A session on the scene: up to `maximumEvents` events of up to 5 fingers, every finger
    /// beginning before it moves or ends, times rising; fingers still down at the end are lifted.
    public mutating func sessionText(maximumEvents: Int = 400) -> String {
        let header = SessionHeader(sceneName: "generated", sceneHash: "generated", windowSize: Self.window, started: "")
        var lines = [SessionFormat.line(for: header)]
        var down: [Int: CGPoint] = [:]
        var t: Int64 = 0
        var nextFinger = 1
        let events = 1 + pick(maximumEvents)
        for _ in 0..<events {
            t += Int64([0, 8_000, 16_000, 50_000, 200_000, 600_000][pick(6)])
            var samples: [TouchSample] = []
            for _ in 0..<(1 + pick(3)) {
                let fingers = down.keys.sorted()
                let action = fingers.isEmpty || (fingers.count < 5 && chance(90)) ? 0 : 1 + pick(3)
                if action == 0 {
                    let point = CGPoint(x: number(-10...400), y: number(-10...860))
                    let finger = nextFinger
                    nextFinger += 1
                    down[finger] = point
                    samples.append(TouchSample(finger: finger, phase: .began, location: point))
                } else {
                    let finger = fingers[pick(fingers.count)]
                    guard !samples.contains(where: { $0.finger == finger }), let at = down[finger] else { continue }
                    switch action {
                    case 1:
                        let moved = CGPoint(x: at.x + CGFloat(number(-60...60)), y: at.y + CGFloat(number(-60...60)))
                        down[finger] = moved
                        samples.append(TouchSample(finger: finger, phase: .moved, location: moved))
                    case 2:
                        down[finger] = nil
                        samples.append(TouchSample(finger: finger, phase: .ended, location: at))
                    default:
                        down[finger] = nil
                        samples.append(TouchSample(finger: finger, phase: chance(40) ? .cancelled : .ended, location: at))
                    }
                }
            }
            guard !samples.isEmpty else { continue }
            lines.append(SessionFormat.line(for: .input(micros: t, samples: samples)))
        }
        let remaining = down.keys.sorted()
        if !remaining.isEmpty {
            t += 10_000
            lines.append(
                SessionFormat.line(
                    for: .input(micros: t, samples: remaining.map { TouchSample(finger: $0, phase: .ended, location: down[$0] ?? .zero) })))
        }
        lines.append(SessionFormat.line(for: .end(micros: t + 2_000_000)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Builds the scene and session from `bytes`, loads both as files would be loaded, replays
    /// the session twice and returns both traces (for the caller to compare). A generated scene or
    /// session that does not load is a bug in the generator or a writer, and traps.
    public static func run(_ bytes: [UInt8]) -> (first: [String], second: [String]) {
        var generator = GeneratedScenario(bytes: bytes)
        return run(&generator)
    }

    /// The same, from a seed.
    public static func run(seed: UInt64) -> (first: [String], second: [String]) {
        var generator = GeneratedScenario(seed: seed)
        return run(&generator)
    }

    /// The scene (as a factory of fresh copies) and session a seed makes, loaded as files are.
    public static func scenario(seed: UInt64) -> (session: Session, makeScene: () -> LoadedScene) {
        var generator = GeneratedScenario(seed: seed)
        return load(&generator)
    }

    static func load(_ generator: inout GeneratedScenario) -> (session: Session, makeScene: () -> LoadedScene) {
        let json = generator.sceneJSON()
        let text = generator.sessionText()
        let description: SceneDescription
        do {
            description = try SceneDecoder.decode(data: Data(json.utf8), file: "generated.json", defaultName: "generated")
        } catch {
            preconditionFailure("a generated scene does not load: \(error)")
        }
        let session: Session
        do {
            session = try SessionLoader.load(text: text, file: "generated.session")
        } catch {
            preconditionFailure("a generated session does not load: \(error)")
        }
        let makeScene = { SceneBuilder.build(description, source: .file(path: "generated.json", contentHash: "generated")) }
        return (session, makeScene)
    }

    static func run(_ generator: inout GeneratedScenario) -> (first: [String], second: [String]) {
        let (session, makeScene) = load(&generator)
        guard let first = try? SessionReplayer.replay(session, scene: makeScene),
            let second = try? SessionReplayer.replay(session, scene: makeScene)
        else { preconditionFailure("a built scene cannot be replayed") }
        // The built-in recognizers never attempt a transition UIKit forbids.
        if let illegal = first.first(where: { $0.contains(": ILLEGAL ") }) {
            preconditionFailure("a built-in recognizer made an illegal transition: \(illegal)")
        }
        return (first, second)
    }
}
