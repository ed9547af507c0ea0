import Foundation
import TouchKit
import TouchScenes

/// Finds the scene a session was recorded on, from its header, without ever letting the file
/// name an arbitrary file: data is never an instruction.
///
/// Rules, in order:
/// 0. A session that carries its scene (`EmbeddedScene`, format version 3) replays on it, and
///    on each hot-reloaded version from where it took effect: no file is read.
/// 1. The header's scene `path`, when present, is resolved against the directory of the session
///    file itself (never the working directory; an absolute path is refused when the header is
///    read), and must name a regular `.json` file. A file there that does not load is reported
///    by its path only, never by quoting its content.
///    When no file is there, or it does not load, the error says so: the bundled catalogue
///    never stands in for a file the session names.
/// 2. A header with no scene path (a session recorded on a bundled scene) has its scene `name`
///    looked up among the bundled scenes by name only (a name is never treated as a path).
/// 3. Otherwise the error says what the header names and suggests `--scene PATH`.
public enum SessionScene {
    /// Why the scene of a session cannot be found or loaded.
    public struct NotFound: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// A scene found for a session: a factory for fresh copies (replays rebuild it), the first
    /// copy, and whether its content changed since the recording.
    public struct Resolved {
        public let makeScene: () throws -> LoadedScene
        public let scene: LoadedScene
        /// Where the scene came from, for messages (`bundled scene "menu"`, a path).
        public let origin: String
        /// A warning when the scene's hash differs from the one recorded, else nil.
        public let changeWarning: String?
    }

    /// Whether `path` may stand in a session header: relative, a `.json` file, no NUL, short.
    public static func isAcceptableRelativePath(_ path: String) -> Bool {
        !path.isEmpty && path.count <= 1_000 && !path.hasPrefix("/") && !path.hasPrefix("~") && path.hasSuffix(".json")
            && !path.contains("\u{0}") && !path.contains("\\")
    }

    /// The scene of `session`, read from `sessionFile`, found by the rules above.
    /// Scenes are decoded through `cache` when one is given (shared by the sessions of a check).
    public static func resolve(
        for session: Session, sessionFile: String, catalog: SceneCatalog, cache: SceneCache? = nil
    ) throws(NotFound) -> Resolved {
        if !session.scenes.isEmpty { return try embedded(session, sessionFile: sessionFile, cache: cache) }
        return try lookedUp(for: session, sessionFile: sessionFile, catalog: catalog, cache: cache)
    }

    /// The scene as today's rules find it without the embedded one (rules 1 to 3): for a
    /// session written before scenes were embedded, and for `--migrate`, which embeds it.
    public static func lookedUp(
        for session: Session, sessionFile: String, catalog: SceneCatalog, cache: SceneCache? = nil
    ) throws(NotFound) -> Resolved {
        let header = session.header
        if let named = header.scenePath {
            // The session names a file: the bundled catalogue never stands in for it.
            return try resolveFile(named, sessionFile: sessionFile, header: header, cache: cache)
        }
        if let first = catalog.loadBundled(named: header.sceneName, cache: cache) {
            let name = header.sceneName
            return Resolved(
                makeScene: first.factory, scene: first, origin: "bundled scene \"\(name)\"", changeWarning: changeWarning(first, header, shown: name))
        }
        throw NotFound(
            message:
                "cannot find the scene of this session: its header names \"\(String(header.sceneName.prefix(80)))\", which is not a bundled scene; give the scene with --scene PATH"
        )
    }

    /// The scenes the session carries: the first as loaded, each later one a `SceneReload` at its
    /// place. Every version is decoded now, so a bad one is reported before anything replays.
    public static func embedded(_ session: Session, sessionFile: String, cache: SceneCache? = nil) throws(NotFound) -> Resolved {
        var versions: [(scene: EmbeddedScene, first: LoadedScene)] = []
        for scene in session.scenes {
            do {
                let loaded = try SceneCatalog.loadEmbedded(
                    text: scene.text, file: "\(sessionFile) line \(scene.line) (embedded scene)", name: session.header.sceneName,
                    contentHash: scene.hash, cache: cache)
                versions.append((scene, loaded))
            } catch {
                let first = error.issues.first.map { "\($0.path): \($0.message)" } ?? ""
                throw NotFound(
                    message:
                        "the scene embedded at line \(scene.line) of this session does not load (\(error.problemCount) problem\(error.problemCount == 1 ? "" : "s"), first: \(first.prefix(300))); extract it with `touchscope extract-scene` to see it, or give a scene with --scene PATH"
                )
            }
        }
        let factories = versions.map { $0.first.factory }
        let reloads = zip(versions.dropFirst(), factories.dropFirst()).map { version, make in
            SceneReload(
                micros: version.scene.micros, recordIndex: version.scene.recordIndex, contentHash: version.scene.hash,
                isSnapshot: version.scene.isSnapshot, make: make)
        }
        let makeFirst = factories[0]
        let make: () throws -> LoadedScene = {
            let scene = try makeFirst()
            scene.reloads = reloads
            return scene
        }
        let first = versions[0].first
        first.reloads = reloads
        let origin =
            "the scene embedded in the session" + (reloads.isEmpty ? "" : " (and \(reloads.count) hot reload\(reloads.count == 1 ? "" : "s"))")
        return Resolved(makeScene: make, scene: first, origin: origin, changeWarning: nil)
    }

    /// `relative` (a header's scene path) against the absolute directory of `sessionFile`, `..`
    /// resolved by the file system (a relative URL's `standardized` turned `out/../in/x.json`
    /// into `/in/x.json`).
    public static func resolvedPath(_ relative: String, sessionFile: String) -> String {
        let directory = URL(fileURLWithPath: OutputGuard.resolved(sessionFile)).deletingLastPathComponent().path
        return OutputGuard.resolved(directory + "/" + relative)
    }

    /// The scene file the header of `session` names, resolved (`resolvedPath`), whether or not
    /// it exists; nil when it names none or a path a header may not hold.
    public static func headerScenePath(of session: Session, sessionFile: String) -> String? {
        guard let relative = session.header.scenePath, isAcceptableRelativePath(relative) else { return nil }
        return resolvedPath(relative, sessionFile: sessionFile)
    }

    /// The file the header names, resolved against the session's directory, when it exists and
    /// still has content hash `hash` (it is still the scene recorded); nil otherwise.
    public static func headerFile(for session: Session, sessionFile: String, hash: String) -> String? {
        guard let file = headerScenePath(of: session, sessionFile: sessionFile) else { return nil }
        guard let scene = try? SceneCatalog.loadFile(URL(fileURLWithPath: file)), scene.contentHash == hash else { return nil }
        return file
    }

    /// The scene file a header names, against the absolute directory of the session file, `..`
    /// resolved by the file system (a relative URL's `standardized` turned `out/../in/x.json`
    /// into `/in/x.json`).
    static func resolveFile(
        _ relative: String, sessionFile: String, header: SessionHeader, cache: SceneCache? = nil
    ) throws(NotFound) -> Resolved {
        let shown = String(relative.prefix(200))
        guard isAcceptableRelativePath(relative) else {
            throw NotFound(
                message:
                    "cannot use the scene path in this session's header (\(shown)): a scene path is relative to the session, ends in .json and has no backslash or NUL; give the scene with --scene PATH"
            )
        }
        let file = resolvedPath(relative, sessionFile: sessionFile)
        guard FileManager.default.fileExists(atPath: file) else {
            throw NotFound(
                message:
                    "cannot find the scene of this session: its header names the file \(shown) next to the session (\(file)), which does not exist; give the scene with --scene PATH"
            )
        }
        let first: LoadedScene
        do {
            first = try SceneCatalog.loadFile(URL(fileURLWithPath: file), cache: cache)
        } catch {
            throw NotFound(
                message:
                    "the session's scene \(file) (from its header) does not load as a scene (\(error.problemCount) problem\(error.problemCount == 1 ? "" : "s"); run `touchscope validate \(file)`); give the scene with --scene PATH"
            )
        }
        return Resolved(makeScene: first.factory, scene: first, origin: file, changeWarning: changeWarning(first, header, shown: file))
    }

    static func changeWarning(_ scene: LoadedScene, _ header: SessionHeader, shown: String) -> String? {
        guard scene.contentHash != header.sceneHash else { return nil }
        return
            "scene \(shown) has changed since the session was recorded (hash \(scene.contentHash), recorded \(String(header.sceneHash.prefix(40)))); the routing may differ"
    }

    /// The path of `file` relative to `directory` (both made absolute), as a session header
    /// stores it: `../Scenes/menu.json`.
    public static func relativePath(of file: String, from directory: String) -> String {
        let base = URL(fileURLWithPath: OutputGuard.resolved(directory + "/.")).deletingLastPathComponent().pathComponents
        let target = URL(fileURLWithPath: OutputGuard.resolved(file)).pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    /// The header's scene path for a recording of `scene` into `sessionFile`: the file's path
    /// relative to the session's directory, for scenes that are files; nil otherwise.
    public static func headerPath(for scene: LoadedScene, sessionFile: String) -> String? {
        guard case .file(let path, _) = scene.source else { return nil }
        let directory = URL(fileURLWithPath: OutputGuard.resolved(sessionFile)).deletingLastPathComponent().path
        let relative = relativePath(of: path, from: directory)
        return isAcceptableRelativePath(relative) ? relative : nil
    }
}
