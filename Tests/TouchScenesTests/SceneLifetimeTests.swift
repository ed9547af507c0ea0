import Foundation
import Testing
import TouchKit

@testable import TouchScenes

/// A built scene lives as long as its window: dropping the `LoadedScene` and keeping the window
/// (as `load(...).makeSimulator()` does) keeps every behaviour, and dropping the window frees it all.
@Suite("A scene lives as long as its window")
struct SceneLifetimeTests {
    static let json = """
        {"format": "touchscope.scene", "version": 1, "name": "delegate-only",
         "window": {"width": 200, "height": 200},
         "views": [{"kind": "view", "id": "card", "frame": [0, 0, 200, 200],
                    "recognizers": [{"kind": "tap", "id": "tap", "delegate": {"shouldReceiveTouch": false}}]}]}
        """

    func build() throws -> LoadedScene {
        let description = try SceneDecoder.decode(data: Data(Self.json.utf8), file: "delegate-only.json", defaultName: "delegate-only")
        return SceneBuilder.build(description, source: .file(path: "delegate-only.json", contentHash: "0"))
    }

    @Test("a recognizer's scene delegate still answers after the LoadedScene is dropped")
    func delegateOutlivesLoadedScene() throws {
        weak var runtime: SceneRuntime?
        let simulator: TouchSimulator
        do {
            let scene = try build()
            runtime = scene.runtime
            simulator = scene.makeSimulator()
        }
        simulator.tap(at: CGPoint(x: 100, y: 100))
        #expect(runtime != nil, "the window keeps the runtime")
        let ignored = simulator.trace.entries.contains {
            if case .gestureIgnored(let recognizer, _, .delegateRefused) = $0.event { return recognizer.hasSuffix("#tap") }
            return false
        }
        #expect(ignored, "the delegate's shouldReceiveTouch false kept the touch from the tap: \(simulator.trace.lines)")
    }

    @Test("dropping the window too frees the runtime")
    func freedWithWindow() throws {
        weak var runtime: SceneRuntime?
        weak var window: UIWindow?
        do {
            let scene = try build()
            runtime = scene.runtime
            window = scene.window
            scene.makeSimulator().tap(at: CGPoint(x: 100, y: 100))
        }
        #expect(window == nil)
        #expect(runtime == nil)
    }
}
