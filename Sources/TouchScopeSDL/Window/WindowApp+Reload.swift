import CSDL2
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Hot reload: when the watched scene file is saved, the new scene replaces the old one and is
/// brought to the same moment by replaying what happened so far (the loaded session, or the
/// live input and the recording in progress); the status line says how the routing changed.
/// A recording in progress embeds the new version where it took effect.
/// A file that does not load leaves the last good scene and shows its problems.
extension WindowApp {
    func checkForReload() {
        guard let change = source.poll(now: Double(SDL_GetTicks64()) / 1000) else { return }
        needsRedraw = true
        switch change {
        case .failed(let problems):
            reloadProblems = problems
            message = "the scene file has problems; the last good scene stays"
            options.announce("reload failed: \(problems.first ?? "")")
        case .reloaded(let loaded):
            reloadProblems = []
            reload(loaded)
        case .recovered:
            reloadProblems = []
            message = "the scene file loads again; it is the scene shown, so nothing changed"
            options.announce("reload recovered: the file is the scene shown")
        }
    }

    func reload(_ loaded: LoadedScene) {
        let before = application.trace
        let change: RoutingChange
        do {
            if let old = replayer {
                let position = playbackPosition
                try play(old.session)
                try replayer?.seek(to: position)
                playbackPosition = position
                scene = replayer?.scene ?? scene
            } else {
                try rerunLive(on: loaded)
            }
            change = RoutingChange(before: before.entries, after: application.trace.entries)
        } catch {
            message = "reload failed: \(error)"
            options.announce("reload failed: \(error)")
            return
        }
        let summary = change.summary()
        message = "reloaded \(loaded.name): \(summary)"
        reloadReport =
            ["\(loaded.name) at \(TimelineBar.seconds(TraceEntry.micros(from: simulator.clock.now))) s: \(change.headline)"] + change.changes
        reloadReportUntil = Double(SDL_GetTicks64()) / 1000 + Theme.reloadReportSeconds
        options.announce("reloaded \(loaded.name): \(summary)")
    }

    /// Replays the live input so far on the new scene and goes on live from there; a recording
    /// in progress follows the new scene (and notes the reload as a marker).
    private func rerunLive(on loaded: LoadedScene) throws {
        let now = simulator.clock.now
        let micros = TraceEntry.micros(from: now)
        let session = liveLog.session(for: loaded, endingAt: micros)
        let replay = try SessionReplayer(session: session, scene: source.make)
        // The new application is the live one from here: follow it before the input replays.
        scene = replay.scene
        simulator = replay.simulator
        listenToTrace()
        replay.run(until: micros)
        if simulator.clock.now < now { simulator.clock.advance(to: now) }
        liveLog.follow(simulator.application, keeping: !liveLog.overflowed)
        if let recorder {
            // The session carries each version with where it took effect, so that it replays
            // as it was recorded (the bug before the reload, the fix after).
            do {
                try recorder.embed(scene, at: now)
            } catch {
                // The session could not carry the new version: it ends here, whole, with what
                // was recorded on the versions it carries.
                recorder.mark("recording stopped: the reloaded scene could not be carried", at: now)
                self.recorder = nil
                do {
                    let url = try recorder.finish()
                    options.announce("recording stopped at the reload: \(error); wrote \(TerminalText.line(url.path))")
                } catch let finishing {
                    options.announce("recording stopped at the reload: \(error); \(finishing)")
                }
                return
            }
            recorder.attach(to: simulator.application)
            recorder.mark("scene reloaded", at: now)
        }
    }

    /// The `y` key: the scene again in the next era (ios17, ios18, ios26, then ios17), UIKit's and
    /// SwiftUI's, brought to the same moment as a reload is; the status line says how the
    /// routing changed. A Swift scene's era is in its code.
    func switchEra() {
        needsRedraw = true
        guard let description = scene.sceneDescription else {
            message = "\(scene.name) is a Swift scene: its era is written in its code"
            return
        }
        let eras = EraComparison.eras
        let current = description.swiftUIEra
        let next = eras[((eras.firstIndex(of: current) ?? 0) + 1) % eras.count]
        let source = scene.source
        let version = description.inEra(next)
        let make: () throws -> LoadedScene = { SceneBuilder.build(version, source: source) }
        self.source.use(make)
        do {
            reload(try make())
        } catch {
            message = "era \(next): \(error)"
            return
        }
        message = "era \(next) (was \(current)): " + (message ?? "")
        options.announce("era \(next)")
    }
}
