import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL
import TouchSwiftUI

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every session under the given paths against its golden, in parallel, with reports CI systems read.",
        discussion: """
            Every .session file under the paths (folders searched recursively; default: the current \
            folder) that has a golden (<session>.golden) is replayed and compared with it, as `replay \
            --check` does, in one process on -j workers. A line a session, its divergences grouped by \
            input, its drifts, then a summary. Exit 0 when every session holds, 1 when one differs (or \
            --record failed|all wrote a golden), 2 when an input cannot be read (the others are still \
            checked).

            --shard K/N checks part K of N (1-based, as Playwright's): the sessions sorted by path are cut \
            into N parts, the same on every machine for the same files; the parts together hold each \
            session once. Reporters: line (default), github (workflow annotations), junit, json \
            (docs/check-json.md); several at once with commas; a file reporter writes to -o FILE or to \
            NAME:FILE (junit:report.xml). --html DIR writes a self-contained report with the frames of \
            the moments that differ. --record never|missing|failed|all (default: never when CI is set, \
            else missing) writes goldens atomically.
            """)

    @Argument(help: "Session files and folders (default: the current folder).")
    var paths: [String] = []

    @Option(name: [.customShort("j"), .long], help: "Workers (default: the number of cores; 1 checks in order).")
    var jobs: Int?

    @Flag(help: "Print the sessions that would be checked, and stop.")
    var list = false

    @Flag(help: "Print the sessions' lines in path order (each waits for the ones before it) instead of as each finishes.")
    var ordered = false

    @Option(help: "Stop starting sessions after N have failed or could not be read.")
    var maxFailures: Int?

    @Flag(name: .customShort("x"), help: "Stop at the first failure (--max-failures 1).")
    var exitFirst = false

    @Option(help: "Compare only these, comma-separated: hits, deliveries, recognizers, controls, actions, scroll, notes, layers.")
    var only: String?

    @Option(help: "Check part K of N (1-based): --shard 2/3.")
    var shard: String?

    @Option(help: "Reporters, comma-separated: line, github, junit, json; a file reporter as NAME:FILE.")
    var reporter: String = "line"

    @Option(name: [.customShort("o"), .long], help: "The file of the one file reporter given without a file (junit or json).")
    var output: String?

    @Option(help: "Write a self-contained HTML report of the run into this folder (made if missing).")
    var html: String?

    @Option(help: "When to write goldens: never, missing, failed, all (default: never when CI is set, else missing).")
    var record: String?

    @Option(help: "How many inputs with differences are shown in full per session (1 to 1000).")
    var show = 10

    @Option(
        help:
            "The scene each session replays on: auto (the scene file the session names, as it is now, when it exists; else the copy the session carries), file, or recording (the copy it carries, with its hot reloads)."
    )
    var sceneFrom: String = "auto"

    @Flag(
        help:
            "Do not hold sessions a capture recorded to their device: by default a touch where the model and the device disagree fails the session."
    )
    var ignoreDevice = false

    @Flag(
        help:
            "Also replay each session in every era (ios17, ios18, ios26) and say, per pair of neighbouring eras, whether the outcomes are the same (information: it never fails a session)."
    )
    var eras = false

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if let only, case .failure(let error) = GoldenTopic.parseList(only) { throw ValidationError("--only: \(error)") }
        if let shard, case .failure(let error) = CheckShard.parse(shard) { throw ValidationError("--shard: \(error)") }
        if let jobs { try Check.range(jobs, 1...CheckRunner.maximumJobs, "--jobs") }
        if let maxFailures { try Check.range(maxFailures, 1...1_000_000, "--max-failures") }
        if exitFirst && maxFailures != nil { throw ValidationError("-x is --max-failures 1; give one of them") }
        try Check.range(show, 1...1000, "--show")
        if let record, RecordMode(rawValue: record) == nil {
            throw ValidationError("--record: expected never, missing, failed or all, not \"\(record.prefix(40))\"")
        }
        if case .failure(let error) = CheckReporters.parse(reporter, output: output) { throw ValidationError("--reporter: \(error)") }
        try Check.sceneSource(sceneFrom)
    }

    func run() throws {
        var set = CheckSet.discover(paths)
        if let shard, case .success(let part) = CheckShard.parse(shard) { set = set.shard(part) }
        if list {
            for item in set.items { print(CheckLineReporter.shown(item.path) + (SessionChecker.hasGolden(item.path) ? "" : "  (no golden)")) }
            for skipped in set.skipped { print(CheckLineReporter.shown(skipped.path) + "  (\(skipped.message))") }
            for problem in set.problems { printError("\(CheckLineReporter.shown(problem.path)): \(problem.message)") }
            print("\(set.items.count) session\(set.items.count == 1 ? "" : "s")" + (shard.map { " (shard \($0))" } ?? ""))
            if !set.problems.isEmpty { throw Exit.inputError }
            return
        }
        guard case .success(let reporters) = CheckReporters.parse(reporter, output: output) else { return }
        let mode = record.flatMap(RecordMode.init(rawValue:)) ?? RecordMode.default(environment: ProcessInfo.processInfo.environment)
        var topics: Set<GoldenTopic>?
        if let only, case .success(let chosen) = GoldenTopic.parseList(only) { topics = chosen }
        // Every file the check reads (sessions, goldens, scene files) is an input no report may
        // replace; outputs are checked before anything runs, and no two may be one file.
        let sessionPaths = set.inputFiles
        for (_, file) in reporters.files { try CheckReporters.preflight(file, inputs: sessionPaths) }
        if let html {
            try CheckReporters.preflightFolder(html)
            try CheckReporters.preflight((html as NSString).appendingPathComponent("index.html"), inputs: sessionPaths)
        }
        let outputs = reporters.files.map(\.1) + (html.map { [($0 as NSString).appendingPathComponent("index.html")] } ?? [])
        for (index, first) in outputs.enumerated() {
            for second in outputs[(index + 1)...] where OutputGuard.isSameFile(first, second) {
                printError("cannot write two reports to one file: \(TerminalText.line(first)) and \(TerminalText.line(second)) are the same file")
                throw Exit.inputError
            }
        }
        var checker = SessionChecker(topics: topics, record: mode, catalog: sceneOptions.catalog)
        checker.maximumGroups = show
        checker.ignoresDevice = ignoreDevice
        checker.comparesEras = eras
        checker.sceneSource = SessionScene.CheckSource(rawValue: sceneFrom) ?? .auto
        checker.era = sceneOptions.era.flatMap(SwiftUIEra.init(rawValue:))
        let workers = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        // A signal stops the check: no new session starts, the running ones stop, and every
        // report is written with what finished and the rest marked not run; exit 128 + N.
        SignalFlag.install()
        let runner = CheckRunner(checker: checker, jobs: workers, maximumFailures: exitFirst ? 1 : maxFailures, ordered: ordered)
        let started = Date()
        let clock = DispatchTime.now().uptimeNanoseconds
        let streamsLines = reporters.streams.contains(.line)
        let results = runner.run(set.items) { result in
            if streamsLines {
                for line in CheckLineReporter.lines(result) { print(line) }
                // Each result is seen as it finishes, also through a pipe (CI logs).
                fflush(nil)
            }
        }
        // Paths that look like sessions but are not files are results too: every reporter says so.
        var unchecked = set.skipped.map { SessionCheckResult(path: $0.path, status: .skipped, message: $0.message) }
        var notRun = set.items.count - results.count
        if let signal = SignalFlag.received {
            // Every report says which sessions the signal kept from finishing.
            let finished = Set(results.map(\.path))
            unchecked += set.items.filter { !finished.contains($0.path) }.map {
                SessionCheckResult(path: $0.path, status: .skipped, message: "not run: the check was stopped by signal \(signal)")
            }
            notRun = 0
        }
        if streamsLines { for result in unchecked { for line in CheckLineReporter.lines(result) { print(line) } } }
        let run = CheckRun(
            results: results + unchecked, problems: set.problems, notRun: notRun,
            shard: shard.flatMap { try? CheckShard.parse($0).get() },
            jobs: runner.jobs, record: mode, seconds: Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9,
            timestamp: CheckRun.timestamp(started))
        if streamsLines { for line in CheckLineReporter.footer(run) { print(line) } }
        if reporters.streams.contains(.github) { for line in GitHubAnnotations.lines(run) { print(line) } }
        for kind in [CheckReporters.Kind.junit, .json] where reporters.streams.contains(kind) {
            Swift.print(CheckReporters.text(kind, run), terminator: "")
        }
        var writeFailed = false
        for (kind, file) in reporters.files {
            do {
                try AtomicFile.write(CheckReporters.text(kind, run), to: file, inputs: sessionPaths)
                if streamsLines { print("wrote \(TerminalText.line(file)) (\(kind))") }
            } catch {
                printError("cannot write the \(kind) report: \(error)")
                writeFailed = true
            }
        }
        if let html {
            do {
                let index = try CheckHTMLReport.write(run, to: html, catalog: sceneOptions.catalog, inputs: sessionPaths)
                if streamsLines { print("wrote \(TerminalText.line(index))") }
            } catch {
                printError("cannot write the HTML report: \(error)")
                writeFailed = true
            }
        }
        if let signal = SignalFlag.received {
            let finished = results.count
            printError("stopped by signal \(signal): \(finished) session\(finished == 1 ? "" : "s") finished, \(set.items.count - finished) not run")
            throw Exit.signal(signal)
        }
        if writeFailed { throw Exit.inputError }
        if run.exitStatus != 0 { throw ExitCode(run.exitStatus) }
    }
}

/// The reporters `check --reporter` names, and where each one writes.
enum CheckReporters {
    enum Kind: String, CaseIterable { case line, github, junit, json }

    struct Choice {
        /// Reporters printing to standard output.
        var streams: [Kind] = []
        /// Reporters writing a file.
        var files: [(Kind, String)] = []
    }

    static func parse(_ text: String, output: String?) -> Result<Choice, CheckOptionError> {
        var choice = Choice()
        var outputUsed = false
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let kind = Kind(rawValue: String(parts[0]).trimmingCharacters(in: .whitespaces)) else {
                return .failure(CheckOptionError("unknown reporter \"\(parts[0].prefix(40))\"; expected line, github, junit or json"))
            }
            guard !choice.streams.contains(kind), !choice.files.contains(where: { $0.0 == kind }) else {
                return .failure(CheckOptionError("\(kind) is given twice"))
            }
            if parts.count == 2 {
                guard kind == .junit || kind == .json, !parts[1].isEmpty else {
                    return .failure(CheckOptionError("only junit and json write a file (NAME:FILE); \(kind) prints"))
                }
                choice.files.append((kind, String(parts[1])))
            } else if kind == .junit || kind == .json, let output, !outputUsed {
                choice.files.append((kind, output))
                outputUsed = true
            } else {
                choice.streams.append(kind)
            }
        }
        if output != nil && !outputUsed {
            return .failure(CheckOptionError("-o names the file of a junit or json reporter given without a file; there is none"))
        }
        let documents = choice.streams.filter { $0 == .junit || $0 == .json }
        if !documents.isEmpty && choice.streams.count > 1 {
            return .failure(
                CheckOptionError(
                    "\(documents[0]) would print a document mixed with other output; give it a file (-o FILE or \(documents[0]):FILE)"))
        }
        return .success(choice)
    }

    static func text(_ kind: Kind, _ run: CheckRun) -> String {
        switch kind {
        case .junit: JUnitReport.xml(run)
        case .json: JSONWriter.pretty(CheckJSON.document(run)) + "\n"
        case .line: (run.results.flatMap(CheckLineReporter.lines) + CheckLineReporter.footer(run)).joined(separator: "\n") + "\n"
        case .github: GitHubAnnotations.lines(run).joined(separator: "\n") + "\n"
        }
    }

    /// Refuses an output that cannot be written (or would replace a session) before the check runs.
    static func preflight(_ file: String, inputs: [String]) throws {
        do { try OutputGuard.check(file, inputs: inputs) } catch {
            printError("cannot write the report: \(error)")
            throw Exit.inputError
        }
    }

    static func preflightFolder(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                printError("cannot write the HTML report: \(TerminalText.line(folder)) exists and is not a folder")
                throw Exit.inputError
            }
            return
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            printError("cannot write the HTML report: cannot make the folder \(TerminalText.line(folder)): \(error.localizedDescription)")
            throw Exit.inputError
        }
    }
}
