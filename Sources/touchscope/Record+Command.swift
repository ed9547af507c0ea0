import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a session from a gesture script (a file, or JSON Lines on standard input).",
        discussion: """
            A script file is checked completely before anything is written: a mistake in any step writes \
            no session. The session is written as it happens to <output>.partial (each record at once) \
            and renamed to <output> when complete; Ctrl-C, SIGTERM and SIGHUP stop between steps and \
            finish the file with what ran (exit 128+signal, 130 for Ctrl-C). A .partial left by a killed \
            recording is kept under a new name, and a second recorder to the same output is refused. \
            The session's header records the scene file's path relative to the session, so replay, trace, \
            render and open find it. To record from the window, use `touchscope open SCENE --record FILE`.

            --connect HOST:PORT records a running app's capture stream instead (TouchScopeCapture \
            started with serve:; no scene or script): each line is checked and written as it \
            arrives, a dropped link is tried again for 30 s and resumed, and the file says where \
            it was cut. At the end the model is compared with the device, touch by touch.

            Steps (points [x, y] in window points, times in seconds; all in docs/scene-format.md):
              {"tap": [x, y], "count": 2, "hold": 0.05}
              {"wait": 0.5}    {"marker": "label"}
              {"down": [x, y], "finger": "a"}    {"move": [x, y], "finger": "a"}
              {"up": "a"}    {"cancel": "a"}
              {"drag": {"from": [x, y], "to": [x, y], "duration": 0.3, "steps": 10}}
              {"longPress": [x, y], "duration": 0.6}
              {"pinch": {"center": [x, y], "from": 100, "to": 200, "duration": 0.3}}
              {"rotate": {"center": [x, y], "radius": 60, "from": 0, "to": 90}}
            """)

    @OptionGroup var scene: SceneArgument

    @Argument(help: ArgumentHelp("The gesture script (the same as --script).", valueName: "script"))
    var scriptPositional: String?

    @Option(name: .customLong("script"), help: "A gesture script: a JSON array of steps, or JSON Lines.")
    var scriptOption: String?

    /// The script file named, if any.
    var script: String? { scriptPositional ?? scriptOption }

    @Flag(help: "Read steps from standard input, one JSON object per line, as they come.")
    var stdin = false

    @Option(name: .shortAndLong, help: "Where to write the session.")
    var output: String

    @Flag(help: "Also write the trace into the session (a golden of the recording itself).")
    var trace = false

    @Option(help: "Record a running app's capture stream from HOST:PORT (its live link) instead of a script.")
    var connect: String?

    @OptionGroup var sceneOptions: SceneOptions

    /// Largest script file read, in bytes.
    static let maximumScriptSize = 16 << 20

    mutating func validate() throws {
        // `record --scene S FILE`: the one positional argument is the script.
        if scene.option != nil, let lone = scene.positional, scriptPositional == nil {
            scriptPositional = lone
            scene.positional = nil
        }
        if let connect {
            if case .failure(let error) = LinkAddress.parse(connect) { throw ValidationError("--connect: \(error)") }
            if script != nil || stdin || scene.name != nil {
                throw ValidationError("--connect records the app's own stream: give no scene, script or --stdin")
            }
            return
        }
        try scene.check()
        guard scene.name != nil else { throw ValidationError("give the scene to record on") }
        if let scriptPositional, let scriptOption, scriptPositional != scriptOption {
            throw ValidationError("the script is given twice (\(scriptPositional) and --script \(scriptOption)); give it once")
        }
        if (script == nil) == !stdin { throw ValidationError("give either a script file (record SCENE SCRIPT, or --script FILE) or --stdin") }
    }

    func run() throws {
        SignalFlag.install()
        if let connect, case .success(let address) = LinkAddress.parse(connect) { return try LinkRecording.run(address: address, output: output) }
        let loaded = try sceneOptions.load(scene.name ?? "")
        // A script file is read and checked whole before the session file is created.
        let steps: ScriptRecording.Steps
        if let script {
            steps = .script(try Self.readScript(script), file: script)
        } else {
            steps = .lines(InterruptibleLineReader())
        }
        let report: ScriptRecording.Report
        do {
            report = try ScriptRecording.record(
                scene: loaded, output: output, steps: steps, includesTrace: trace,
                inputs: (loaded.filePath.map { [$0] } ?? []) + (script.map { [$0] } ?? []))
        } catch {
            printError(error.message)
            throw Exit.inputError
        }
        for note in report.notes { printError(note) }
        print(report.summary)
        for line in report.ending { printError(line) }
        if let signal = report.signal { throw Exit.signal(signal) }
        if report.failure != nil { throw Exit.inputError }
    }

    /// Reads and checks a script file; exits 2 with the problem when it is not usable.
    static func readScript(_ path: String) throws -> GestureScript {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: path, maximumSize: maximumScriptSize, what: "script")
        } catch {
            printError("cannot read the script: \(error)")
            throw Exit.inputError
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            printError("\(TerminalText.line(path)): the script is not UTF-8 text")
            throw Exit.inputError
        }
        do {
            let script = try GestureScript.parse(text)
            let stillDown = try script.check()
            if !stillDown.isEmpty {
                printError(
                    "\(path): note: finger\(stillDown.count == 1 ? "" : "s") \(stillDown.map { "\"\($0)\"" }.joined(separator: ", ")) \(stillDown.count == 1 ? "is" : "are") still down when the script ends; replays cancel \(stillDown.count == 1 ? "it" : "them") there"
                )
            }
            return script
        } catch {
            printError("\(TerminalText.line(path)): \(error); nothing was recorded")
            throw Exit.inputError
        }
    }
}
