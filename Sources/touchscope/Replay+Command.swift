import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a session headless, report drift, and check it against its golden.",
        discussion: """
            Replay runs on the virtual clock: no waiting, the same routing every time. It reports each \
            touch that now lands on another view than when it was recorded, with the reason. --check \
            compares the outcomes (hits, deliveries, recognizer changes and their causes, control \
            events, actions, scrolls, notes) with the semantic golden <session>.golden and reports \
            every divergence, grouped by the input that led to it (exit 1); --only narrows what is \
            compared. --update writes the golden; --migrate turns an old text golden \
            (<session>.trace) into a semantic one after checking the replay still matches it. To \
            print the timeline, use `touchscope trace`.
            """)

    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the one the session's header records).")
    var scene: String?

    @Flag(help: "Compare with the golden; exit 1 on any divergence.")
    var check = false

    @Flag(help: "Write the golden (<session>.golden) from this replay.")
    var update = false

    @Flag(help: "Check the replay against the old text golden (<session>.trace), then write the semantic golden and remove the old one.")
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

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if check && update {
            throw ValidationError("--check and --update together would compare with what they just wrote; give one")
        }
        if migrate && (check || update) { throw ValidationError("--migrate checks and writes by itself; give it alone") }
        if let only, case .failure(let error) = GoldenTopic.parseList(only) { throw ValidationError("--only: \(error)") }
        try Check.range(show, 1...1000, "--show")
    }

    func run() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        let sessionURL = URL(fileURLWithPath: session)
        // Only a comparison or a write needs the outcomes; only a text golden needs the trace.
        let semanticGolden = golden.map { URL(fileURLWithPath: $0) } ?? GoldenFile.url(for: sessionURL)
        let needsTrace =
            migrate || (check && (semanticGolden.pathExtension == "trace" || !FileManager.default.fileExists(atPath: semanticGolden.path)))
        let result = try GoldenCheck(
            session: input.session, scene: input.makeScene, scrollFrames: scrollFrames, keepsRecords: check || update || migrate,
            keepsTrace: needsTrace)
        let replayer = result.replayer
        var topics: Set<GoldenTopic>?
        if let only, case .success(let chosen) = GoldenTopic.parseList(only) { topics = chosen }
        let drifts = replayer.drifts
        let driftTexts = drifts.map { drift -> String in
            var text = drift.description
            if let answer = try? WhyAnswer.ask(
                scene: input.makeScene, session: input.session, at: max(0, drift.micros - 1), point: drift.location, view: drift.meant)
            {
                if let target = answer.target { text += "\n    \(drift.meant) \(target.verdict.description)" }
            } else {
                text += "\n    \(drift.meant) is no longer in the scene"
            }
            return text
        }
        var summary =
            "replayed \(session) on \(input.scene.name): \(input.session.inputCount) input records, \(result.recordCount) outcomes over \(TraceEntry.seconds(input.session.duration)) s"
        if !drifts.isEmpty { summary += "; \(drifts.count) touch\(drifts.count == 1 ? "" : "es") drifted" }
        var outcomeJSON: JSONValue = JSONValue(.null)
        var failed = false
        let goldenURL = golden.map { URL(fileURLWithPath: $0) } ?? GoldenFile.url(for: sessionURL)
        var report: [String] = []
        if migrate {
            try runMigration(result, input: input, goldenURL: goldenURL, report: &report)
        } else if update {
            do { try result.writeGolden(to: goldenURL, inputs: input.files) } catch {
                printError("cannot write the golden: \(error)")
                throw Exit.inputError
            }
            report.append("wrote \(goldenURL.path) (\(result.records.count) outcomes)")
        } else if check {
            let outcome: GoldenCheck.Outcome
            do { outcome = try result.compare(sessionURL: sessionURL, golden: golden.map { URL(fileURLWithPath: $0) }, topics: topics) } catch {
                printError("cannot read the golden: \(error)")
                throw Exit.inputError
            }
            switch outcome {
            case .matches(let records):
                report.append("ok: \(records) outcomes match \(goldenURL.lastPathComponent)")
                outcomeJSON = .object([("ok", .bool(true)), ("records", .number(Double(records)))])
            case .differs(let diff):
                failed = true
                report.append(diff.report(session: input.session, maximumGroups: show))
                outcomeJSON = .object([
                    ("ok", .bool(false)), ("inputs", .number(Double(diff.groups.count))), ("records", .number(Double(diff.changeCount))),
                    (
                        "divergences",
                        .array(
                            diff.groups.map { group in
                                .object([
                                    ("input", .number(Double(group.input))),
                                    ("changes", .array(group.changes.map(Self.changeJSON))),
                                ])
                            })
                    ),
                ])
            case .matchesText(let lines):
                report.append("ok: \(lines) trace lines match the old text golden (migrate it: touchscope replay \(session) --migrate)")
                outcomeJSON = .object([("ok", .bool(true)), ("textLines", .number(Double(lines)))])
            case .differsFromText(let diff):
                failed = true
                report.append(diff.report(session: input.session))
                outcomeJSON = .object([("ok", .bool(false)), ("textDivergence", .number(Double((diff.firstDivergence ?? 0) + 1)))])
            case .noGolden:
                printError("no golden: \(goldenURL.path) does not exist (write one with --update)")
                throw Exit.inputError
            }
        }
        if json {
            print(
                JSONWriter.compact(
                    .object([
                        ("session", .string(session)), ("scene", .string(input.scene.name)),
                        ("inputs", .number(Double(input.session.inputCount))), ("outcomes", .number(Double(result.recordCount))),
                        ("duration", .number(Double(input.session.duration) / 1_000_000)),
                        (
                            "drifts",
                            .array(
                                drifts.map { drift in
                                    .object([
                                        ("t", .number(Double(drift.micros) / 1_000_000)), ("finger", .number(Double(drift.finger))),
                                        ("x", .number(Double(drift.location.x))), ("y", .number(Double(drift.location.y))),
                                        ("meant", .string(drift.meant)), ("now", drift.now.map(JSONValue.string) ?? JSONValue(.null)),
                                    ])
                                })
                        ),
                        ("check", outcomeJSON),
                    ])))
        } else {
            print(summary)
            for text in driftTexts { print("drift: " + text) }
            for line in report { print(line) }
        }
        if failed { throw Exit.checkFailed }
    }

    static func changeJSON(_ change: GoldenDiff.Change) -> JSONValue {
        switch change {
        case .missing(let record): .object([("change", .string("missing")), ("expected", record.json)])
        case .unexpected(let record): .object([("change", .string("unexpected")), ("actual", record.json)])
        case .changed(let expected, let actual): .object([("change", .string("changed")), ("expected", expected.json), ("actual", actual.json)])
        }
    }

    func runMigration(_ result: GoldenCheck, input: SessionInput, goldenURL: URL, report: inout [String]) throws {
        let sessionURL = URL(fileURLWithPath: input.path)
        let textURL = GoldenFile.textURL(for: sessionURL)
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
                    printError("wrote \(goldenURL.path), but cannot remove the old \(textURL.path): \(error.localizedDescription)")
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
            printError("nothing to migrate: \(textURL.path) does not exist")
            throw Exit.inputError
        case .matches, .differs:
            printError("nothing to migrate: \(textURL.path) does not exist")
            throw Exit.inputError
        }
    }
}
