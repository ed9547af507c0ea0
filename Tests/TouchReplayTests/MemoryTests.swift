import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// What a scene builds is freed with it: no reference cycle between views, their actions, the
/// scene's runtime, controllers and the window keeps a dropped scene alive. A window that seeks
/// builds a fresh scene for every seek, and a long fuzzing run builds thousands: a cycle there
/// is memory that grows without bound (it did: a control's action held the control).
@Suite("Scenes and replays free what they built")
struct MemoryTests {
    /// Weak references to everything one scene built.
    final class Watch {
        private var objects: [() -> AnyObject?] = []

        func add(_ object: AnyObject) {
            objects.append { [weak object] in object }
        }

        func add(_ application: UIApplication) {
            add(application as AnyObject)
            for window in application.windows {
                for view in window.subtree {
                    add(view)
                    for recognizer in view.gestureRecognizers ?? [] { add(recognizer) }
                }
                if let controller = window.rootViewController { add(controller) }
            }
        }

        var alive: Int { objects.filter { $0() != nil }.count }
        var count: Int { objects.count }

        func describeAlive(besides other: Watch) -> String {
            let current = Set(other.objects.compactMap { $0().map(ObjectIdentifier.init) })
            return objects.compactMap { $0() }.filter { !current.contains(ObjectIdentifier($0)) }.map { "\(type(of: $0))" }.joined(separator: ",")
        }

        /// The objects alive now that `other` does not watch (the scenes left behind).
        func alive(besides other: Watch) -> Int {
            let current = Set(other.objects.compactMap { $0().map(ObjectIdentifier.init) })
            return objects.filter { $0().map { !current.contains(ObjectIdentifier($0)) } ?? false }.count
        }
    }

    @Test(
        "every bundled scene, JSON or Swift, is freed after taps and a drag, and when dropped mid-gesture",
        arguments: SceneCatalog.bundled().entries().map(\.name))
    func bundledScene(name: String) throws {
        let watch = Watch()
        do {
            let scene = try SceneCatalog.bundled().load(name)
            let simulator = scene.makeSimulator()
            watch.add(simulator.application)
            if let runtime = scene.runtime { watch.add(runtime) }
            for point in [CGPoint(x: 70, y: 441), CGPoint(x: 195, y: 300), CGPoint(x: 300, y: 690)] { simulator.tap(at: point) }
            simulator.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 200, y: 400))
            simulator.advance(by: 1)
            // Dropped mid-gesture: two fingers down, one of them moved, timers pending.
            let first = simulator.touchDown(at: CGPoint(x: 195, y: 300))
            _ = simulator.touchDown(at: CGPoint(x: 70, y: 441))
            simulator.touchMove(first, to: CGPoint(x: 210, y: 330))
            simulator.advance(by: 0.05)
            #expect(watch.count > 3)
        }
        #expect(watch.alive == 0, "\(watch.alive) of \(watch.count) objects of \(name) outlived it: \(watch.describeAlive(besides: Watch()))")
    }

    @Test("seeking frees the scene it leaves; dropping the replayer frees the rest", arguments: [UInt64(3), 11, 29])
    func seeks(seed: UInt64) throws {
        let (session, makeScene) = GeneratedScenario.scenario(seed: seed)
        let watch = Watch()
        do {
            let replayer = try SessionReplayer(session: session, scene: makeScene)
            try replayer.prepareSeeking()
            let duration = session.duration
            for step in 0..<8 {
                watch.add(replayer.application)
                try replayer.seek(to: duration * Int64((step * 5) % 8) / 8)
            }
            // Only the scene the replayer is on now (and none it left) is alive.
            let current = Watch()
            current.add(replayer.application)
            #expect(watch.alive(besides: current) == 0, "\(watch.alive(besides: current)) objects of scenes left behind are alive")
        }
        #expect(watch.alive == 0, "\(watch.alive) of \(watch.count) objects outlived the replayer")
    }

    @Test("the demo session: 20 seeks back and forth leave only the current scene alive")
    func demoSeeks() throws {
        let session = try SessionLoader.load(contentsOf: repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session"))
        let replayer = try SessionReplayer(session: session, scene: { try SceneCatalog.bundled().load("floating-menu") })
        try replayer.prepareSeeking()
        let left = Watch()
        for step in 0..<20 {
            left.add(replayer.application)
            try replayer.seek(to: session.duration * Int64(step % 7) / 7)
        }
        let current = Watch()
        current.add(replayer.application)
        #expect(
            left.alive(besides: current) == 0,
            "\(left.alive(besides: current)) objects of scenes left behind are alive: \(left.describeAlive(besides: current).prefix(600))")
    }
}
