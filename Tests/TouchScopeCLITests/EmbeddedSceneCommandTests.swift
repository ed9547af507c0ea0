import Foundation
import Testing
import TouchTestSupport

/// A recorded session carries its scene: every command replays it with no scene file, and an
/// older session is migrated.
@Suite("Sessions carry their scene (CLI)")
struct EmbeddedSceneCommandTests {
    @Test("a session recorded on a scene file replays, traces, explains and extracts with the file deleted; the header names --version")
    func selfContainedSession() throws {
        let directory = try scratchDirectory()
        let scene = directory.appendingPathComponent("menu.json")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Scenes/floating-menu.json"), to: scene)
        let script = directory.appendingPathComponent("tap.script.json")
        try write("{\"tap\": [130, 165]}\n{\"wait\": 0.5}\n", to: script)
        let session = directory.appendingPathComponent("bug.session").path
        let (recorded, recordOutput) = try runTouchscope(["record", scene.path, script.path, "-o", session])
        #expect(recorded == 0, "\(recordOutput)")
        try FileManager.default.removeItem(at: scene)

        let (versionStatus, version) = try runTouchscope(["--version"])
        #expect(versionStatus == 0)
        let header = try String(contentsOfFile: session, encoding: .utf8).split(separator: "\n")[0]
        #expect(header.contains("\"tool\":\"touchscope \(version.trimmingCharacters(in: .whitespacesAndNewlines))\""))

        let (replayStatus, replay) = try runTouchscope(["replay", session])
        #expect(replayStatus == 0, "\(replay)")
        #expect(replay.contains("on floating-menu"))
        let (traceStatus, trace) = try runTouchscope(["trace", session])
        #expect(traceStatus == 0)
        #expect(trace.contains("finger 1 -> UIButton#contentButton"))
        let (whyStatus, why) = try runTouchscope(["why", session, "--finger", "1"])
        #expect(whyStatus == 0, "\(why)")

        let extracted = directory.appendingPathComponent("extracted.json").path
        let (extractStatus, extract) = try runTouchscope(["extract-scene", session, "-o", extracted])
        #expect(extractStatus == 0, "\(extract)")
        let (validStatus, valid) = try runTouchscope(["validate", extracted])
        #expect(validStatus == 0, "\(valid)")
        #expect(valid.contains("9 views"))

        // Replaying on another scene is a choice that says what changes.
        let fixed = try String(contentsOfFile: extracted, encoding: .utf8).replacingOccurrences(
            of: "\"id\": \"contentButton\"", with: "\"id\": \"contentButton\", \"userInteractionEnabled\": false")
        let fixedPath = directory.appendingPathComponent("fixed.json")
        try write(fixed, to: fixedPath)
        let (otherStatus, other) = try runTouchscope(["replay", session, "--scene", fixedPath.path])
        #expect(otherStatus == 0)
        #expect(other.contains("instead of the scene recorded in the session"))
        #expect(other.contains("outcome") && other.contains("differ"))
    }

    @Test("an old session still loads by its header, and replay --migrate embeds its scene")
    func migrateOldSession() throws {
        let directory = try scratchDirectory()
        let session = directory.appendingPathComponent("old.session")
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/floating-menu.session"), to: session)
        let (listStatus, list) = try runTouchscope(["extract-scene", session.path, "--list"])
        #expect(listStatus == 2)
        #expect(list.contains("does not carry its scene") && list.contains("--migrate"))
        let (migrateStatus, migrate) = try runTouchscope(["replay", session.path, "--migrate"])
        #expect(migrateStatus == 0, "\(migrate)")
        #expect(migrate.contains("embedded scene floating-menu"))
        let (afterStatus, after) = try runTouchscope(["extract-scene", session.path, "--list"])
        #expect(afterStatus == 0, "\(after)")
        #expect(after.contains("recorded on"))
        let (replayStatus, replay) = try runTouchscope([
            "replay", session.path, "--check", "--golden",
            repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/floating-menu.session.golden").path,
        ])
        #expect(replayStatus == 0, "\(replay)")
    }
}
