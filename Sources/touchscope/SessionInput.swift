import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// A session file given on the command line, with the scene it plays on: the one the user
/// named, or the one its header records (`SessionScene`'s rules: the header's relative path,
/// then a bundled name, never an arbitrary file).
struct SessionInput {
    let path: String
    let session: Session
    let makeScene: () throws -> LoadedScene
    let scene: LoadedScene

    /// The files this input was read from (the session, and its scene when it is a file): no
    /// output may replace them.
    var files: [String] {
        // The scene file the header names counts even when the session carries its scene: it is
        // the app's file, and a check reads it.
        var files = [path] + (scene.filePath.map { [$0] } ?? [])
        if let scene = SessionScene.headerScenePath(of: session, sessionFile: path) { files.append(scene) }
        let url = URL(fileURLWithPath: path)
        return files + [GoldenFile.textURL(for: url).path]
    }

    /// Loads the session (printing its repair warnings) and finds its scene (printing a warning
    /// when the scene changed since the recording). Exits 2 when either cannot be had.
    static func load(_ path: String, scene override: String?, options: SceneOptions) throws -> SessionInput {
        let session = try loadSession(path)
        if let override {
            let scene = try options.load(override)
            if !session.scenes.isEmpty {
                // The session carries its scene: say what replaying on another one changes.
                do {
                    let recorded = try SessionScene.embedded(session, sessionFile: path)
                    let diff = try SceneSubstitution.differences(
                        session: session, recorded: recorded.makeScene, replacement: options.factory(override))
                    printError(SceneSubstitution.summary(diff, replacement: override))
                } catch {
                    printError(
                        "warning: replaying on \(TerminalText.line(override)) instead of the scene recorded in the session, which does not load: \(error)"
                    )
                }
            } else if scene.contentHash != session.header.sceneHash {
                printError(
                    "warning: scene \(override) has changed since the session was recorded (hash \(scene.contentHash), recorded \(String(session.header.sceneHash.prefix(40)))); the routing may differ"
                )
            }
            return SessionInput(path: path, session: session, makeScene: options.factory(override), scene: scene)
        }
        do {
            let resolved = try SessionScene.resolve(for: session, sessionFile: path, catalog: options.catalog)
            if let warning = resolved.changeWarning { printError("warning: \(warning)") }
            return SessionInput(
                path: path, session: session, makeScene: options.inEra(resolved.makeScene), scene: options.inEra(resolved.scene))
        } catch {
            printError("\(TerminalText.line(path)): \(error.message)")
            throw Exit.inputError
        }
    }

    /// Loads a session for a regression check: on the app's scene file as it is now when the
    /// session names one that exists (`SessionScene.resolveForCheck`), printing which scene and
    /// whether it changed since the recording.
    static func loadForCheck(_ path: String, source: SessionScene.CheckSource, options: SceneOptions) throws -> SessionInput {
        let session = try loadSession(path)
        do {
            let chosen = try SessionScene.resolveForCheck(session, sessionFile: path, catalog: options.catalog, source: source)
            if let note = chosen.note { printError("scene: \(note)") }
            if let warning = chosen.resolved.changeWarning { printError("warning: \(warning)") }
            return SessionInput(
                path: path, session: session, makeScene: options.inEra(chosen.resolved.makeScene), scene: options.inEra(chosen.resolved.scene))
        } catch {
            printError("\(TerminalText.line(path)): \(error.message)")
            throw Exit.inputError
        }
    }

    /// Loads a session file, printing its repair warnings; exits 2 when it cannot be loaded.
    static func loadSession(_ path: String) throws -> Session {
        do {
            let session = try SessionLoader.load(contentsOf: URL(fileURLWithPath: path))
            for warning in session.warnings { printError("\(TerminalText.line(path)): warning: \(warning)") }
            return session
        } catch {
            printError(error.description)
            if !FileManager.default.fileExists(atPath: path), SceneCatalog.bundled().entries().contains(where: { $0.name == path }) {
                printError(
                    "\(path) is a bundled scene; this takes a session file (record one with `touchscope record \(path) SCRIPT -o FILE.session` or `touchscope open \(path) --record FILE.session`)"
                )
            }
            throw Exit.inputError
        }
    }
}

/// What a command works on: a session on its scene (`--session`), or a scene alone (the one named,
/// or the default scene). The scene is read once; fresh copies are built from what was read.
struct SceneOrSession {
    let scene: LoadedScene
    let makeScene: () throws -> LoadedScene
    let session: SessionInput?

    static func load(scene name: String?, session path: String?, options: SceneOptions) throws -> SceneOrSession {
        if let path {
            let input = try SessionInput.load(path, scene: name, options: options)
            return SceneOrSession(scene: input.scene, makeScene: input.makeScene, session: input)
        }
        let first = try options.load(name ?? Demo.defaultScene)
        return SceneOrSession(scene: first, makeScene: first.factory, session: nil)
    }
}
