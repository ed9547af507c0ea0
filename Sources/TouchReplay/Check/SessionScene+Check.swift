import Foundation
import TouchKit
import TouchScenes

/// Which scene a regression check replays a session on: the app as it is now.
///
/// A session carries the scene it was recorded on, so it can be shared. A check asks whether
/// the app still routes touches as it did, so when the scene file the session names (its
/// header's relative path) exists, `check` and `replay --check` replay on that file and say
/// whether it changed since the recording, and how many outcomes that changes against the copy
/// the session carries. The recorded copy is used when the file is gone, when asked for
/// (`--scene-from recording`), and for a session recorded across hot reloads, whose versions
/// replay in order unless `--scene-from file` is given.
extension SessionScene {
    /// Where a check's scene comes from.
    public enum CheckSource: String, Sendable, CaseIterable {
        /// The file the session names when it exists (the default); the recording otherwise.
        case auto
        /// The file the session names; an error when it is gone.
        case file
        /// The scene (and hot reloads) the session carries.
        case recording
    }

    /// A scene chosen for a check, with the sentence that says which and why.
    public struct CheckScene {
        public let resolved: Resolved
        /// `replayed on scene.json (changed since the recording: 3 outcomes differ)`; nil for a
        /// session that carries no scene (its header's scene is the only one there is).
        public let note: String?
        /// Whether the file differs from the recorded copy.
        public let changed: Bool
        /// How many outcomes the change makes differ from a replay on the recorded copy.
        public let outcomesDiffer: Int
    }

    /// The scene `check` replays `session` on (see the type's rules).
    public static func resolveForCheck(
        _ session: Session, sessionFile: String, catalog: SceneCatalog, cache: SceneCache? = nil, source: CheckSource = .auto
    ) throws(NotFound) -> CheckScene {
        guard !session.scenes.isEmpty else {
            return CheckScene(
                resolved: try lookedUp(for: session, sessionFile: sessionFile, catalog: catalog, cache: cache), note: nil, changed: false,
                outcomesDiffer: 0)
        }
        let reloads = session.scenes.count - 1
        let relative = session.header.scenePath.flatMap { isAcceptableRelativePath($0) ? $0 : nil }
        let file = headerScenePath(of: session, sessionFile: sessionFile)
        let exists = file.map { FileManager.default.fileExists(atPath: $0) } ?? false
        func recording(_ why: String) throws(NotFound) -> CheckScene {
            CheckScene(resolved: try embedded(session, sessionFile: sessionFile, cache: cache), note: why, changed: false, outcomesDiffer: 0)
        }
        let shown = relative.map { String($0.prefix(200)) }
        switch source {
        case .recording:
            return try recording("replayed on the scene the session carries (--scene-from recording)")
        case .file:
            guard let relative, exists else {
                throw NotFound(
                    message: relative == nil
                        ? "--scene-from file: the session names no scene file (it was recorded on a scene given by name); use the scene it carries"
                        : "--scene-from file: the scene file the session names, \(shown ?? ""), does not exist")
            }
            return try current(session, relative: relative, sessionFile: sessionFile, cache: cache, reloads: reloads)
        case .auto:
            guard let relative, exists else {
                if let shown { return try recording("\(shown) is gone: replayed on the copy the session carries") }
                return try recording("replayed on the scene the session carries (it names no scene file)")
            }
            if reloads > 0 {
                return try recording(
                    "replayed on the \(reloads + 1) versions the session carries (recorded across hot reloads); --scene-from file replays on \(shown ?? "") as it is now"
                )
            }
            return try current(session, relative: relative, sessionFile: sessionFile, cache: cache, reloads: 0)
        }
    }

    /// The file as it is now, compared with the recorded copy when its content changed.
    static func current(
        _ session: Session, relative: String, sessionFile: String, cache: SceneCache?, reloads: Int
    ) throws(NotFound) -> CheckScene {
        let resolved = try resolveFile(relative, sessionFile: sessionFile, header: session.header, cache: cache)
        let shown = String(relative.prefix(200))
        let recordedHash = session.scenes[0].hash
        let ignoring = reloads > 0 ? " (its \(reloads) hot reload\(reloads == 1 ? "" : "s") not replayed)" : ""
        let plain = Resolved(makeScene: resolved.makeScene, scene: resolved.scene, origin: resolved.origin, changeWarning: nil)
        guard resolved.scene.contentHash != recordedHash || reloads > 0 else {
            return CheckScene(resolved: plain, note: "replayed on \(shown) (unchanged since the recording)", changed: false, outcomesDiffer: 0)
        }
        var differ = 0
        if let recorded = try? embedded(session, sessionFile: sessionFile, cache: cache),
            let diff = try? SceneSubstitution.differences(session: session, recorded: recorded.makeScene, replacement: resolved.makeScene)
        {
            differ = diff.changeCount
        }
        let what = differ == 0 ? "no outcome differs" : "\(differ) outcome\(differ == 1 ? "" : "s") differ\(differ == 1 ? "s" : "")"
        return CheckScene(
            resolved: plain, note: "replayed on \(shown)\(ignoring): it changed since the recording: \(what) from the recorded copy",
            changed: true, outcomesDiffer: differ)
    }
}
