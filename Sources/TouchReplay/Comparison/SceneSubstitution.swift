import Foundation
import TouchKit
import TouchScenes

/// What changes when a session is replayed on another scene than the one it carries: both
/// replays' outcomes (`GoldenRecord`s) compared, so that "replayed on the fix" is never
/// mistaken for what was recorded.
public enum SceneSubstitution {
    /// The outcomes of `session` on `replacement` compared with those on the recorded scene.
    public static func differences(
        session: Session, recorded: @escaping () throws -> LoadedScene, replacement: @escaping () throws -> LoadedScene
    ) throws -> GoldenDiff {
        GoldenDiff(expected: try outcomes(session, recorded), actual: try outcomes(session, replacement))
    }

    static func outcomes(_ session: Session, _ makeScene: @escaping () throws -> LoadedScene) throws -> [GoldenRecord] {
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        replayer.runToEnd()
        return GoldenExtractor.records(of: replayer.trace.entries)
    }

    /// One paragraph for the user: `replayed on fixed.json instead of the recorded scene: 2
    /// outcomes differ: …` (at most `limit` listed), or that they are the recorded ones.
    public static func summary(_ diff: GoldenDiff, replacement: String, limit: Int = 6) -> String {
        let head = "replayed on \(replacement) instead of the scene recorded in the session"
        guard !diff.isEqual else { return head + ": the outcomes are the recorded ones (\(diff.actualCount))" }
        let items = diff.changeSummaries
        let count = items.count
        var lines = ["\(head): \(count) outcome\(count == 1 ? " differs" : "s differ"):"]
        lines += items.prefix(limit).map { "  " + $0 }
        if count > limit { lines.append("  … and \(count - limit) more") }
        return lines.joined(separator: "\n")
    }
}
