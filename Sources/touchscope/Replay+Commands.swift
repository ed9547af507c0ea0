import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// What every session command shares: loading a session and the scene it was recorded on.
struct SessionOptions: ParsableArguments {
    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the scene named in the session's header).")
    var scene: String?

    @OptionGroup var sceneOptions: SceneOptions

    func loadSession() throws -> Session {
        do {
            let session = try SessionLoader.load(contentsOf: URL(fileURLWithPath: self.session))
            for warning in session.warnings { printError("\(self.session): warning: \(warning)") }
            return session
        } catch {
            printError(error.description)
            throw Exit.inputError
        }
    }

    /// A factory for fresh copies of the scene (replays may rebuild it), checked once now.
    func sceneFactory(for session: Session) throws -> () throws -> LoadedScene {
        let name = scene ?? session.header.sceneName
        let first = try sceneOptions.load(name)
        if first.contentHash != session.header.sceneHash {
            printError(
                "warning: scene \"\(name)\" has changed since the session was recorded (hash \(first.contentHash), recorded \(session.header.sceneHash)); the trace may differ")
        }
        let catalog = sceneOptions.catalog
        return { try catalog.load(name) }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a session headless and print its trace, or check it against its golden.",
        discussion: """
            Replay runs on the virtual clock: no waiting, the same trace every time. --check compares \
            with <session>.trace (or the trace the session carries) and exits 1 with the first \
            divergence; --update rewrites <session>.trace.
            """)

    @OptionGroup var options: SessionOptions

    @Flag(help: "Compare with the golden trace; exit 1 on the first difference.")
    var check = false

    @Flag(help: "Write the replayed trace to <session>.trace.")
    var update = false

    @Flag(help: "Print trace entries as JSON, one per line.")
    var json = false

    @Option(help: "The golden trace file (default: <session>.trace).")
    var golden: String?

    func run() throws {
        let session = try options.loadSession()
        let factory = try options.sceneFactory(for: session)
        let replayer = try SessionReplayer(session: session, scene: factory)
        replayer.runToEnd()
        let lines = replayer.trace.lines
        let goldenURL = URL(fileURLWithPath: golden ?? options.session + ".trace")
        if update {
            try (lines.joined(separator: "\n") + "\n").write(to: goldenURL, atomically: true, encoding: .utf8)
            print("wrote \(goldenURL.path) (\(lines.count) entries)")
        }
        if check {
            let expected: [String]
            if let text = try? String(contentsOf: goldenURL, encoding: .utf8) {
                expected = text.split(separator: "\n").map(String.init)
            } else if !session.traceLines.isEmpty {
                expected = session.traceLines
            } else {
                printError("no golden trace: \(goldenURL.path) does not exist and the session carries no trace (use --update)")
                throw Exit.inputError
            }
            let diff = TraceDiff(expected: expected, actual: lines)
            if diff.isEqual {
                print("ok: \(lines.count) trace entries match \(golden == nil && FileManager.default.fileExists(atPath: goldenURL.path) ? goldenURL.lastPathComponent : "the recorded trace")")
                return
            }
            print(diff.report(session: session))
            throw Exit.checkFailed
        }
        if update { return }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in replayer.trace.entries {
                print(String(decoding: try encoder.encode(entry), as: UTF8.self))
            }
        } else {
            for line in lines { print(line) }
        }
    }
}

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace", abstract: "Print a session's trace as a timeline, grouped by input event.")

    @OptionGroup var options: SessionOptions

    func run() throws {
        let session = try options.loadSession()
        let replayer = try SessionReplayer(session: session, scene: try options.sceneFactory(for: session))
        replayer.runToEnd()
        print("session on scene \"\(session.header.sceneName)\", \(session.inputs.count) input events over \(TraceEntry.seconds(session.duration)) s")
        var previousTime: Int64 = -1
        for entry in replayer.trace.entries {
            if case .input = entry.event, entry.micros != previousTime {
                print("")
                previousTime = entry.micros
            }
            let (category, body) = entry.event.textParts
            let time = TraceEntry.seconds(entry.micros)
            print("\(time.padding(toLength: 12, withPad: " ", startingAt: 0)) \(category.padding(toLength: 9, withPad: " ", startingAt: 0)) \(body)")
        }
    }
}

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a session from a gesture script (a file, or JSON Lines on standard input).",
        discussion: """
            The session is written as it happens to <output>.partial and renamed to <output> when it is \
            complete; Ctrl-C (SIGINT) and SIGTERM finish it cleanly. With --stdin each step is flushed \
            as soon as it runs. To record from the window, use `touchscope open SCENE --record FILE`.
            """)

    @Option(help: "The scene to record on.")
    var scene: String

    @Option(help: "A gesture script: a JSON array of steps, or JSON Lines.")
    var script: String?

    @Flag(help: "Read steps from standard input, one JSON object per line, as they come.")
    var stdin = false

    @Option(name: .shortAndLong, help: "Where to write the session.")
    var output: String

    @Flag(help: "Also write the trace into the session (a golden of the recording itself).")
    var trace = false

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if (script == nil) == !stdin { throw ValidationError("give either --script FILE or --stdin") }
    }

    func run() throws {
        SignalFlag.install()
        let loaded = try sceneOptions.load(scene)
        let simulator = loaded.makeSimulator()
        let header = SessionHeader(
            sceneName: loaded.name, sceneHash: loaded.contentHash, windowSize: loaded.window.bounds.size,
            started: SessionFormat.timestamp())
        let recorder = try SessionRecorder(url: URL(fileURLWithPath: output), header: header, includesTrace: trace)
        recorder.attach(to: simulator.application)
        let runner = GestureScriptRunner(simulator: simulator)
        runner.onMarker = { recorder.mark($0) }
        do {
            if let script {
                guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                    printError("\(script): cannot read the file")
                    throw Exit.inputError
                }
                try runner.run(GestureScript.parse(text))
            } else {
                var number = 0
                var lines = InterruptibleLineReader()
                while let line = lines.next() {
                    guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                    number += 1
                    try runner.run(GestureScript.step(line: line, number: number), number: number)
                    recorder.flush()
                }
            }
        } catch let error as GestureScript.ScriptError {
            try recorder.finish()
            printError("\(script ?? "stdin"): \(error); the session holds the steps before it")
            throw Exit.inputError
        }
        let url = try recorder.finish()
        if let signal = SignalFlag.received { printError("stopped by signal \(signal); the session is complete up to here") }
        print("wrote \(url.path): \(recorder.recordCount) records, \(TraceEntry.seconds(TraceEntry.micros(from: simulator.now))) s")
    }
}
