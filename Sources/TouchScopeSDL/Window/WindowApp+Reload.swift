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
        }
    }

    private func reload(_ loaded: LoadedScene) {
        let before = application.trace
        let change: String
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
            change = Self.describeChange(before: before.entries, after: application.trace.entries)
        } catch {
            message = "reload failed: \(error)"
            options.announce("reload failed: \(error)")
            return
        }
        message = "reloaded \(loaded.name): \(change)"
        options.announce("reloaded \(loaded.name): \(change)")
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
            recorder.embed(scene, at: now)
            recorder.attach(to: simulator.application)
            recorder.mark("scene reloaded", at: now)
        }
    }

    /// "routing unchanged (N trace entries)", or how many entries differ (those outside the
    /// common start and end) and the first that does.
    static func describeChange<Entries: RandomAccessCollection<TraceEntry>>(before: Entries, after: Entries) -> String
    where Entries.Index == Int {
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[before.startIndex + prefix] == after[after.startIndex + prefix] { prefix += 1 }
        if prefix == before.count && prefix == after.count { return "routing unchanged (\(after.count) trace entries)" }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
            before[before.endIndex - 1 - suffix] == after[after.endIndex - 1 - suffix]
        {
            suffix += 1
        }
        let differing = max(before.count, after.count) - prefix - suffix
        let first: String
        if prefix < after.count {
            first =
                "now \"\(after[after.startIndex + prefix])\""
                + (prefix < before.count ? " (was \"\(before[before.startIndex + prefix])\")" : "")
        } else {
            first = "gone: \"\(before[before.startIndex + prefix])\""
        }
        return "\(differing) trace entr\(differing == 1 ? "y differs" : "ies differ"); first: \(first)"
    }
}
