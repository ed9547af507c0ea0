import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a session headless and check it against its golden.",
        discussion: """
            Replay runs on the virtual clock: no waiting, the same routing every time. --check compares \
            with the golden and exits 1 when they differ; --update writes the golden from this replay. \
            To print the timeline, use `touchscope trace`.
            """)

    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the one the session's header records).")
    var scene: String?

    @Flag(help: "Compare with the golden; exit 1 when they differ.")
    var check = false

    @Flag(help: "Write the golden from this replay.")
    var update = false

    @Option(help: "The golden trace file (default: <session>.trace).")
    var golden: String?

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if check && update {
            throw ValidationError("--check and --update together would compare with what they just wrote; give one")
        }
    }

    func run() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        let replayer = try SessionReplayer(session: input.session, scene: input.makeScene)
        replayer.runToEnd()
        let lines = replayer.trace.lines
        let goldenPath = golden ?? session + ".trace"
        if update {
            do {
                try AtomicFile.write(lines.joined(separator: "\n") + "\n", to: goldenPath)
            } catch {
                printError("cannot write the golden: \(error)")
                throw Exit.inputError
            }
            print("wrote \(goldenPath) (\(lines.count) entries)")
            return
        }
        guard check else {
            print("replayed \(session) on \(input.scene.name): \(input.session.inputs.count) input events, \(lines.count) trace entries over \(TraceEntry.seconds(input.session.duration)) s")
            return
        }
        let expected: [String]
        if FileManager.default.fileExists(atPath: goldenPath) {
            do {
                let bytes = try RegularFile.contents(of: goldenPath, maximumSize: 1 << 30, what: "golden")
                expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            } catch {
                printError("cannot read the golden: \(error)")
                throw Exit.inputError
            }
        } else if !input.session.traceLines.isEmpty {
            expected = input.session.traceLines
        } else {
            printError("no golden: \(goldenPath) does not exist and the session carries no trace (write one with --update)")
            throw Exit.inputError
        }
        let diff = TraceDiff(expected: expected, actual: lines)
        if diff.isEqual {
            print("ok: \(lines.count) trace entries match \(FileManager.default.fileExists(atPath: goldenPath) ? goldenPath : "the recorded trace")")
            return
        }
        print(diff.report(session: input.session))
        throw Exit.checkFailed
    }
}
