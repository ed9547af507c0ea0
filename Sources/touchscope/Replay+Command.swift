import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchSwiftUI

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a session headless, report drift, and check it against its golden.",
        discussion: """
            Replay runs on the virtual clock: no waiting, the same routing every time. It reports each \
            touch that now lands on another view than when it was recorded, with the reason. --check \
            compares the outcomes (hits, deliveries, recognizer changes and their causes, control \
            events, actions, scrolls, notes) with the semantic golden <session>.golden and reports \
            every divergence, grouped by the input that led to it (exit 1); --only narrows what is \
            compared. --update writes the golden; --migrate brings an older session up to date: it \
            embeds the scene it is replayed on into a session that does not carry its scene yet, and \
            turns an old text golden (<session>.trace) into a semantic one after checking the replay \
            still matches it. A session carries its scene: --scene replays on another one and says \
            which outcomes then differ. To print the timeline, use `touchscope trace`.
            """)

    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the one the session carries, else the one its header names).")
    var scene: String?

    @Flag(help: "Compare with the golden; exit 1 on any divergence.")
    var check = false

    @Flag(help: "Write the golden (<session>.golden) from this replay.")
    var update = false

    @Flag(
        help:
            "Embed the scene into a session that does not carry it; check the replay against an old text golden (<session>.trace), then write the semantic golden and remove the old one."
    )
    var migrate = false

    @Option(help: "The golden file (default: <session>.golden).")
    var golden: String?

    @Option(help: "Compare only these, comma-separated: hits, deliveries, recognizers, controls, actions, scroll, notes, layers.")
    var only: String?

    @Option(help: "With --check: how many inputs with differences are shown in full (1 to 1000).")
    var show = 10

    @Flag(help: "Record every scroll offset, not one summary a view and input.")
    var scrollFrames = false

    @Flag(help: "Print the result as JSON (docs/replay-json.md).")
    var json = false

    @Option(
        help:
            "With --check: the scene to replay on: auto (the scene file the session names, as it is now, when it exists; else the copy the session carries), file, or recording."
    )
    var sceneFrom: String = "auto"

    @Flag(
        help:
            "Replay under every SwiftUI era (ios17, ios18, ios26) side by side: the first touch whose outcome changes between neighbouring eras, and the rules that differ, with their provenance."
    )
    var eras = false

    @Flag(
        help:
            "For a session a capture recorded: do not compare the model with the device (by default each touch is compared, and with --check a disagreement fails)."
    )
    var ignoreDevice = false

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if check && update {
            throw ValidationError("--check and --update together would compare with what they just wrote; give one")
        }
        if migrate && (check || update) { throw ValidationError("--migrate checks and writes by itself; give it alone") }
        try Check.sceneSource(sceneFrom)
        if eras && (check || update || migrate || json) {
            throw ValidationError("--eras compares eras by itself; give it without --check, --update, --migrate or --json")
        }
        if sceneFrom != "auto" && (!check || scene != nil) {
            throw ValidationError("--scene-from goes with --check, without --scene (which names the scene itself)")
        }
        if let only, case .failure(let error) = GoldenTopic.parseList(only) { throw ValidationError("--only: \(error)") }
        try Check.range(show, 1...1000, "--show")
    }

    func run() throws {
        if eras { return try runEras() }
        // A check replays the app as it is now (`SessionScene.resolveForCheck`), as `check` does.
        let input =
            check && scene == nil
            ? try SessionInput.loadForCheck(session, source: SessionScene.CheckSource(rawValue: sceneFrom) ?? .auto, options: sceneOptions)
            : try SessionInput.load(session, scene: scene, options: sceneOptions)
        let sessionURL = URL(fileURLWithPath: session)
        // Only a comparison or a write needs the outcomes; only a text golden needs the trace.
        let semanticGolden = golden.map { URL(fileURLWithPath: $0) } ?? GoldenFile.url(for: sessionURL)
        let semanticExists = semanticGolden.pathExtension != "trace" && FileManager.default.fileExists(atPath: semanticGolden.path)
        let needsTrace = migrate || (check && !semanticExists)
        var topics: Set<GoldenTopic>?
        if let only, case .success(let chosen) = GoldenTopic.parseList(only) { topics = chosen }
        // A semantic golden is read as the replay goes, one input at a time, exactly as `check`
        // reads it: the same comparison, the same errors, the same exit codes, and a bad line
        // refused when it is reached (not after reading the whole file).
        var stream: GoldenStreamComparison?
        if check && semanticExists && !scrollFrames {
            do { stream = try GoldenStreamComparison(url: semanticGolden, topics: topics) } catch {
                printError("cannot read the golden: \(error)")
                throw Exit.inputError
            }
        }
        let result = try GoldenCheck(
            session: input.session, scene: input.makeScene, scrollFrames: scrollFrames, keepsRecords: (check && stream == nil) || update || migrate,
            keepsTrace: needsTrace, streaming: stream)
        var report = ReplayReport(
            sessionPath: session, session: input.session, scene: input.makeScene, sceneName: input.scene.name, result: result)
        if !ignoreDevice && !input.session.device.isEmpty {
            report.device = DeviceComparison.compare(
                session: input.session, replayer: try SessionReplayer(session: input.session, scene: input.makeScene))
            report.holdsToDevice = check
        }
        let goldenURL = golden.map { URL(fileURLWithPath: $0) } ?? GoldenFile.url(for: sessionURL)
        if migrate {
            try runMigration(result, input: input, goldenURL: goldenURL, report: &report.written)
        } else if update {
            do { try result.writeGolden(to: goldenURL, inputs: input.files) } catch {
                printError("cannot write the golden: \(error)")
                throw Exit.inputError
            }
            report.written.append("wrote \(TerminalText.line(goldenURL.path)) (\(result.records.count) outcomes)")
        } else if check {
            let outcome: GoldenCheck.Outcome
            do {
                if let stream {
                    let diff = try stream.finish()
                    outcome = diff.isEqual ? .matches(records: diff.actualCount) : .differs(diff)
                } else {
                    outcome = try result.compare(sessionURL: sessionURL, golden: golden.map { URL(fileURLWithPath: $0) }, topics: topics)
                }
            } catch {
                printError("cannot read the golden: \(error)")
                throw Exit.inputError
            }
            // A captured session's referee is its device: a golden is optional there.
            guard report.record(outcome, golden: goldenURL, maximumGroups: show, session: input.session) || report.device != nil else {
                printError("no golden: \(TerminalText.line(goldenURL.path)) does not exist (write one with --update)")
                throw Exit.inputError
            }
        }
        if json {
            print(JSONWriter.compact(report.json))
        } else {
            for line in report.lines { print(line) }
        }
        if report.failed { throw Exit.checkFailed }
    }

    func runMigration(_ result: GoldenCheck, input: SessionInput, goldenURL: URL, report: inout [String]) throws {
        let sessionURL = URL(fileURLWithPath: input.path)
        let textURL = GoldenFile.textURL(for: sessionURL)
        let embedded = try embedScene(input, report: &report)
        if embedded && !FileManager.default.fileExists(atPath: textURL.path) { return }
        let outcome: GoldenCheck.Outcome
        do { outcome = try result.compare(sessionURL: sessionURL, golden: textURL) } catch {
            printError("cannot read the old golden: \(error)")
            throw Exit.inputError
        }
        switch outcome {
        case .matchesText(let lines):
            // The old golden is an input: the new one never replaces it (then removing it would
            // lose both).
            do { try result.writeGolden(to: goldenURL, inputs: input.files + [textURL.path]) } catch {
                printError("cannot write the golden: \(error)")
                throw Exit.inputError
            }
            if FileManager.default.fileExists(atPath: textURL.path) {
                do { try FileManager.default.removeItem(at: textURL) } catch {
                    printError(
                        "wrote \(TerminalText.line(goldenURL.path)), but cannot remove the old \(TerminalText.line(textURL.path)): \(error.localizedDescription)"
                    )
                    throw Exit.inputError
                }
            }
            report.append(
                "migrated: the replay matches the old golden (\(lines) lines); wrote \(goldenURL.path) (\(result.records.count) outcomes) and removed \(textURL.lastPathComponent)"
            )
        case .differsFromText(let diff):
            printError(
                "not migrated: the replay no longer matches the old golden, so migrating would hide a change:\n"
                    + diff.report(session: result.replayer.session))
            throw Exit.checkFailed
        case .noGolden:
            printError("nothing to migrate: the session carries its scene and \(TerminalText.line(textURL.path)) does not exist")
            throw Exit.inputError
        case .matches, .differs:
            printError("nothing to migrate: the session carries its scene and \(TerminalText.line(textURL.path)) does not exist")
            throw Exit.inputError
        }
    }

    /// Embeds the scene the session is replayed on into a session that does not carry one
    /// (written atomically, the records unchanged). False when there is nothing to embed.
    func embedScene(_ input: SessionInput, report: inout [String]) throws -> Bool {
        guard input.session.scenes.isEmpty else { return false }
        guard let text = input.scene.canonicalText else {
            report.append("the scene \(input.scene.name) is a Swift scene (code, bundled with TouchScope): the session names it and carries nothing")
            return false
        }
        var session = input.session
        session.header.version = SessionFormat.version
        session.header.tool = SessionFormat.tool
        session.scenes = [EmbeddedScene(micros: 0, recordIndex: 0, hash: input.scene.contentHash, text: text)]
        do {
            let text = try SessionFormat.checkedText(of: session)
            // What is written must read back: checked before the session is replaced.
            _ = try SessionLoader.load(text: text, file: input.path)
            try AtomicFile.write(text, to: input.path, inputs: input.scene.filePath.map { [$0] } ?? [], existing: .replace)
        } catch {
            printError("cannot embed the scene: \(error)")
            throw Exit.inputError
        }
        report.append(
            "embedded scene \(input.scene.name) (hash \(input.scene.contentHash)) into \(TerminalText.line(input.path)): it now replays with no scene file"
        )
        return true
    }

    /// `--eras`: the session under every SwiftUI era, neighbours compared.
    func runEras() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        if input.session.scenes.count > 1 {
            printError("note: the session was recorded across hot reloads; each era replays it on the first version")
        }
        let steps: [EraComparison.Step]
        do { steps = try EraComparison.compare(session: input.session, scene: input.scene) } catch let problem as EraComparison.Problem {
            printError("\(TerminalText.line(session)): \(problem.description)")
            throw Exit.inputError
        }
        let era = input.scene.sceneDescription.map(\.swiftUIEra)
        for line in EraComparison.lines(steps, sceneEra: era) { print(line) }
        if let description = input.scene.sceneDescription, let fixes = try EraFixes.find(session: input.session, scene: description, steps: steps) {
            for line in EraComparison.fixLines(fixes, reference: description.swiftUIEra) { print(line) }
        }
    }
}
