import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// `touchscope extract-scene`: writes a scene a session carries back out as a scene file.
struct ExtractScene: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract-scene",
        abstract: "Write the scene a session carries (the one it was recorded on) to a scene file.",
        discussion: """
            A session recorded by this TouchScope carries its scene, and each version a hot reload \
            brought in during the recording. Without --at this writes the scene the recording began \
            on; --at SECONDS writes the version in effect then. --list lists the versions. The file \
            written is the scene's canonical JSON; an existing file is replaced only when it is named \
            with -o, and never the session itself.
            """)

    @Argument(help: "A session file (.session).")
    var session: String

    @Option(name: .shortAndLong, help: "Where to write the scene (.json).")
    var output: String?

    @Option(help: "Write the version in effect at this time, in seconds (default: the one the recording began on).")
    var at: Double?

    @Flag(help: "List the versions the session carries and where each took effect; write nothing.")
    var list = false

    func validate() throws {
        if let at, !at.isFinite || at < 0 { throw ValidationError("--at takes a time in seconds, 0 or more") }
        if !list && output == nil { throw ValidationError("give -o FILE.json (or --list)") }
    }

    func run() throws {
        let loaded = try SessionInput.loadSession(session)
        guard !loaded.scenes.isEmpty else {
            printError(
                "\(session): this session does not carry its scene (recorded before TouchScope embedded scenes, or on a Swift scene \"\(loaded.header.sceneName)\"); `touchscope replay \(session) --migrate` embeds the scene it is replayed on"
            )
            throw Exit.inputError
        }
        if list {
            for (index, scene) in loaded.scenes.enumerated() {
                print(
                    "\(index == 0 ? "recorded on" : "reload \(index)"), from \(TraceEntry.seconds(scene.micros)) s: hash \(scene.hash), \(scene.text.utf8.count) bytes (line \(scene.line))"
                )
            }
            return
        }
        let micros = at.map { Int64(saturating: ($0 * 1_000_000).rounded()) } ?? 0
        let version = loaded.scenes.last { $0.micros <= micros } ?? loaded.scenes[0]
        let description: SceneDescription
        do {
            description = try SceneDecoder.decode(
                data: Data(version.text.utf8), file: "\(session) line \(version.line) (embedded scene)", defaultName: loaded.header.sceneName)
        } catch {
            printError(error.description)
            throw Exit.inputError
        }
        guard let output else { return }
        do {
            try AtomicFile.write(SceneEncoder.json(description), to: output, inputs: [session], existing: .replace)
        } catch {
            printError("cannot write the scene: \(error)")
            throw Exit.inputError
        }
        print("wrote \(TerminalText.line(output)) (the scene in effect at \(TraceEntry.seconds(version.micros)) s)")
    }
}
