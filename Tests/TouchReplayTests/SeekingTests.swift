import Foundation
import Testing
import TouchBench
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// Seeking through checkpoints against the plain algorithm, a run from the start: the same
/// engine state (every stored property of every object), the same trace so far.
@Suite("Seeking through a session at checkpoints")
struct SeekingTests {
    static let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
    static let sessions = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? [])
        .filter { $0.hasSuffix(".session") }.sorted()

    static func load(_ file: String) throws -> (Session, () throws -> LoadedScene) {
        let session = try SessionLoader.load(contentsOf: goldens.appendingPathComponent(file))
        let name = session.header.sceneName
        return (session, { try catalog.load(name) })
    }

    /// The state a run from the start reaches at `micros`.
    static func reference(_ session: Session, _ makeScene: @escaping () throws -> LoadedScene, at micros: Int64) throws -> (
        dump: String, trace: [String]
    ) {
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        replayer.run(until: micros)
        return (replayer.stateDump, replayer.trace.lines)
    }

    @Test("two fresh builds of a scene dump the same; a tap changes the dump", arguments: ["kitchen-sink", "floating-menu", "join-delete-cell"])
    func dumpIsDeterministic(name: String) throws {
        let a = try catalog.load(name).makeSimulator()
        let b = try catalog.load(name).makeSimulator()
        let dumpA = EngineStateDump.text(of: a.application)
        #expect(dumpA == EngineStateDump.text(of: b.application))
        #expect(!dumpA.contains("0x"), "no addresses in the dump")
        a.touchDown(at: CGPoint(x: 100, y: 100))
        #expect(EngineStateDump.text(of: a.application) != EngineStateDump.text(of: b.application))
    }

    @Test("50 seeks to random times, in random order, reach exactly the state of a run from the start", arguments: sessions)
    func seeksMatchFullRun(file: String) throws {
        let (session, makeScene) = try Self.load(file)
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        try replayer.prepareSeeking(interval: 200_000)
        var generator = SeededGenerator(seed: UInt64(file.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        let duration = session.duration
        for _ in 0..<50 {
            let t = Int64.random(in: 0...duration, using: &generator)
            try replayer.seek(to: t)
            let expected = try Self.reference(session, makeScene, at: t)
            #expect(replayer.stateDump == expected.dump, "\(file) at \(t) µs")
            #expect(replayer.trace.lines == expected.trace, "\(file) at \(t) µs")
        }
    }

    @Test("JSON scenes' sessions are served by checkpoints, not by runs from the start", arguments: sessions)
    func checkpointsServe(file: String) throws {
        let (session, makeScene) = try Self.load(file)
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        try replayer.prepareSeeking(interval: 200_000)
        try replayer.seek(to: session.duration)
        try replayer.seek(to: session.duration / 2)
        guard case .checkpoints(let count) = replayer.seekSupport else {
            Issue.record("\(file): \(replayer.seekSupport)")
            return
        }
        #expect(count > 0)
    }

    @Test("back and forth many times in one process: every stop is the state of a run from the start")
    func backAndForth() throws {
        let (session, makeScene) = try Self.load("kitchen-sink.session")
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        try replayer.prepareSeeking(interval: 500_000)
        let stops: [Int64] = [5_000_000, 1_000_000, 4_200_000, 4_199_999, 0, 6_050_000, 2_500_000, 2_600_000, 100_000, 5_000_000]
        for _ in 0..<3 {
            for t in stops {
                try replayer.seek(to: t)
                let expected = try Self.reference(session, makeScene, at: t)
                #expect(replayer.stateDump == expected.dump, "at \(t) µs")
                #expect(replayer.trace.lines == expected.trace, "at \(t) µs")
            }
        }
    }
}

/// The tests' seeded generator: TouchKit's, so every test target draws from the same one.
typealias SeededGenerator = SeededRandomNumberGenerator

/// The benchmark's kind of session (a gesture a second, random walks over the kitchen sink):
/// drags, scrolls, presses and pinches all end in rest points that checkpoints must hold.
@Suite("Seeking through a long random session")
struct LongSessionSeekingTests {
    @Test("two minutes of random gestures: checkpoints hold every state, and seeks match runs from the start")
    func randomGestures() throws {
        let directory = try scratchDirectory()
        let url = directory.appendingPathComponent("random.session")
        let scene = try ReplayBenchmark.generateSession(at: url, seconds: 120)
        let session = try SessionLoader.load(contentsOf: url)
        let makeScene = scene.factory
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        try replayer.prepareSeeking(interval: 2_000_000)
        var generator = SeededGenerator(seed: 120)
        for index in 0..<40 {
            let t = Int64.random(in: 0...session.duration, using: &generator)
            try replayer.seek(to: t)
            guard case .checkpoints = replayer.seekSupport else {
                Issue.record("\(replayer.seekSupport)")
                return
            }
            if index % 8 == 0 {
                let reference = try SessionReplayer(session: session, scene: makeScene)
                reference.run(until: t)
                #expect(replayer.stateDump == reference.stateDump, "at \(t) µs")
                #expect(replayer.trace.count == reference.trace.count)
            }
        }
    }
}

@Suite("Explaining a checkpoint that does not hold")
struct CheckpointMismatchTests {
    @Test("the first differing field is named with both values, whole")
    func firstDifference() {
        let run = "window[0]/0/9 UIScrollView#scroller: contentSize=(width: 1.0, height: 2.0) _dragStartOffset=(x: 50.0, y: 80.0) isDragging=false"
        let restored = "window[0]/0/9 UIScrollView#scroller: contentSize=(width: 1.0, height: 2.0) _dragStartOffset=(x: 0.0, y: 0.0) isDragging=false"
        #expect(
            SessionReplayer.firstDifference(run, restored)
                == "window[0]/0/9 UIScrollView#scroller: _dragStartOffset=(x: 50.0, y: 80.0) in the run, _dragStartOffset=(x: 0.0, y: 0.0) restored")
    }
}

/// A Swift scene whose objects keep state of their own: a tap counter.
/// A scene object that counts taps.
protocol TapCounting: AnyObject {
    var taps: Int { get set }
}

final class TapCounter: TapCounting {
    var taps = 0
}

final class SnapshottingTapCounter: TapCounting, SceneStateSnapshotting {
    var taps = 0
    func captureSceneState() -> any Sendable { taps }
    func restoreSceneState(_ state: any Sendable) -> Bool {
        guard let taps = state as? Int else { return false }
        self.taps = taps
        return true
    }
}

/// A view that counts its touches in a counter object.
final class CountingView: UIView {
    var onTouch: () -> Void = {}
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { onTouch() }
}

@Suite("Swift scenes with state of their own")
struct SwiftSceneSeekingTests {
    static func session() -> Session {
        let header = SessionHeader(sceneName: "counter", sceneHash: "swift:counter", windowSize: CGSize(width: 200, height: 200), started: "")
        var records: [SessionRecord] = []
        for index in 0..<10 {
            let t = Int64(index) * 1_000_000
            records.append(.input(micros: t, samples: [TouchSample(finger: 1, phase: .began, location: CGPoint(x: 50, y: 50))]))
            records.append(.input(micros: t + 50_000, samples: [TouchSample(finger: 1, phase: .ended, location: CGPoint(x: 50, y: 50))]))
        }
        records.append(.end(micros: 10_000_000))
        return Session(header: header, records: records)
    }

    /// A Swift scene whose one view counts its touches in a counter object the scene retains.
    static func counterScene<Counter: AnyObject & TapCounting>(_ makeCounter: @escaping () -> Counter) -> () -> LoadedScene {
        {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let counter = makeCounter()
            let view = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.onTouch = { counter.taps += 1 }
            window.addSubview(view)
            return .swift(name: "counter", summary: "", window: window, retaining: [counter])
        }
    }

    @Test("state that does not adopt SceneStateSnapshotting: seeks replay from the start, and say which field")
    func fallsBack() throws {
        let makeScene = Self.counterScene { TapCounter() }
        let replayer = try SessionReplayer(session: Self.session(), scene: makeScene)
        try replayer.prepareSeeking(interval: 1_000_000)
        try replayer.seek(to: 3_000_000)
        guard case .fromStart(let reason) = replayer.seekSupport else {
            Issue.record("expected a fall back, got \(replayer.seekSupport)")
            return
        }
        #expect(reason.contains("taps=3 in the run, taps=0 restored"), "\(reason)")
        let reference = try SessionReplayer(session: Self.session(), scene: makeScene)
        reference.run(until: 3_000_000)
        #expect(replayer.stateDump == reference.stateDump)
    }

    @Test("state that adopts SceneStateSnapshotting is checkpointed with the engine")
    func snapshots() throws {
        let makeScene = Self.counterScene { SnapshottingTapCounter() }
        let replayer = try SessionReplayer(session: Self.session(), scene: makeScene)
        try replayer.prepareSeeking(interval: 1_000_000)
        for t: Int64 in [9_000_000, 3_000_000, 6_500_000, 0] {
            try replayer.seek(to: t)
            let reference = try SessionReplayer(session: Self.session(), scene: makeScene)
            reference.run(until: t)
            #expect(replayer.stateDump == reference.stateDump, "at \(t)")
        }
        guard case .checkpoints(let count) = replayer.seekSupport else {
            Issue.record("\(replayer.seekSupport)")
            return
        }
        #expect(count >= 8)
    }
}
