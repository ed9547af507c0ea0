import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

@testable import TouchScopeSDL

extension SDLTests {
    /// The picture after a seek is the picture after a run from the start, byte for byte: the
    /// engine and the overlay model both come back from the checkpoint exactly.
    @Suite("Frames after a seek")
    struct SeekFrameTests {
        func frame(window: UIWindow, model: TraceModel, at micros: Int64, duration: Int64) throws -> [UInt8] {
            var status = OverlayRenderer.Status()
            status.timeline = (micros, duration)
            status.now = micros
            return try HeadlessRender.draw(window: window, model: model, status: status, overlays: .all, size: (750, 892)).pngData()
        }

        @Test("30 seeks in the kitchen-sink session draw the same PNG bytes as runs from the start")
        func framesMatch() throws {
            let url = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/kitchen-sink.session")
            let session = try SessionLoader.load(contentsOf: url)
            let makeScene = try SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")]).load("kitchen-sink").factory
            let model = TraceModel()
            let follower = ModelFollower(model: model)
            let replayer = try SessionReplayer(session: session, scene: makeScene)
            try replayer.prepareSeeking(interval: 300_000, observers: [follower])
            var generator = SeededRandomNumberGenerator(seed: 30)
            for _ in 0..<30 {
                let t = Int64.random(in: 0...session.duration, using: &generator)
                try replayer.seek(to: t)
                let seeked = try frame(window: replayer.scene.window, model: model, at: t, duration: session.duration)
                let reference = try SessionReplayer(session: session, scene: makeScene)
                let referenceModel = TraceModel()
                let keep = ModelFollower(model: referenceModel)
                keep.follow(reference.application)
                reference.run(until: t)
                let expected = try frame(window: reference.scene.window, model: referenceModel, at: t, duration: session.duration)
                #expect(fnv1aHash(seeked) == fnv1aHash(expected), "frame at \(t) µs differs (\(replayer.seekSupport))")
                keep.stop()
            }
            guard case .checkpoints = replayer.seekSupport else {
                Issue.record("\(replayer.seekSupport)")
                return
            }
        }
    }
}
