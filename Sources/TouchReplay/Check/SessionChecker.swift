import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// Checks one session against its golden, as `replay --check` does, and records a golden as the
/// record mode says: the unit of work `touchscope check` runs on its workers. Everything it
/// shares across threads is a value or the scene cache (descriptions read once, each replay
/// building its own views).
public struct SessionChecker: Sendable {
    /// The outcome families compared (nil: all).
    public var topics: Set<GoldenTopic>?
    public var record: RecordMode
    /// Which scene each session replays on (`SessionScene.CheckSource`: the app's file as it is
    /// now, by default).
    public var sceneSource: SessionScene.CheckSource = .auto
    /// The app's era to replay in (`--era`), replacing the scene's; nil: the scene's own.
    public var era: SwiftUIEra?
    /// Inputs with differences shown in full in a report.
    public var maximumGroups = 10
    /// Whether a session a capture recorded is not held to its device (`--ignore-device`): by
    /// default a disagreement between model and device fails the session.
    public var ignoresDevice = false
    /// Whether each session is also replayed in every era and the eras compared (`--eras`).
    public var comparesEras = false
    public let cache: SceneCache
    public let catalog: SceneCatalog

    public init(topics: Set<GoldenTopic>? = nil, record: RecordMode, cache: SceneCache = SceneCache(), catalog: SceneCatalog) {
        self.topics = topics
        self.record = record
        self.cache = cache
        self.catalog = catalog
    }

    /// Whether `item` has a golden (semantic, or an old text one) beside it.
    public static func hasGolden(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        let manager = FileManager.default
        return manager.fileExists(atPath: GoldenFile.url(for: url).path) || manager.fileExists(atPath: GoldenFile.textURL(for: url).path)
    }

    /// Checks the session at `path`: never throws, never traps on a bad file.
    public func check(_ path: String) -> SessionCheckResult {
        let start = DispatchTime.now().uptimeNanoseconds
        var result = run(path)
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }

    private func run(_ path: String) -> SessionCheckResult {
        let url = URL(fileURLWithPath: path)
        let session: Session
        do { session = try SessionLoader.load(contentsOf: url) } catch {
            return SessionCheckResult(path: path, status: .error, message: error.description)
        }
        let chosen: SessionScene.CheckScene
        do { chosen = try SessionScene.resolveForCheck(session, sessionFile: path, catalog: catalog, cache: cache, source: sceneSource) } catch {
            return SessionCheckResult(path: path, status: .error, message: "\(path): \(error.message)")
        }
        var result = check(path, url: url, session: session, chosen: chosen)
        // With --eras, the same session and scene in every era (information, never a failure).
        if comparesEras, result.status != .error {
            let scene = chosen.resolved.scene
            result.eras = try? EraComparison.compare(session: session, scene: scene)
            if let steps = result.eras, let description = scene.sceneDescription,
                let fixes = try? EraFixes.find(session: session, scene: description, steps: steps)
            {
                result.eraFixes = fixes.map(\.change)
            }
        }
        return result
    }

    /// Checks a session read and its scene found: the device, then the golden.
    private func check(_ path: String, url: URL, session: Session, chosen: SessionScene.CheckScene) -> SessionCheckResult {
        var resolved = chosen.resolved
        if let era, let first = EraComparison.rebuilt(resolved.scene, era: era) {
            let make = resolved.makeScene
            resolved = SessionScene.Resolved(
                makeScene: {
                    let scene = try make()
                    return EraComparison.rebuilt(scene, era: era) ?? scene
                }, scene: first, origin: resolved.origin,
                changeWarning: resolved.changeWarning)
        }
        var warnings = session.warnings.map { "warning: \($0)" }
        if let warning = resolved.changeWarning { warnings.append("warning: " + warning) }
        // A session a capture recorded is held to its device first: the device is the referee.
        var device: DeviceComparison?
        if !session.device.isEmpty && !ignoresDevice {
            do {
                device = DeviceComparison.compare(session: session, replayer: try SessionReplayer(session: session, scene: resolved.makeScene))
            } catch {
                return SessionCheckResult(path: path, status: .error, message: "\(path): the scene cannot be built: \(error)")
            }
            warnings += device?.warnings.map { "warning: \($0)" } ?? []
        }
        let goldenURL = GoldenFile.url(for: url)
        let hasGolden = Self.hasGolden(path) || !session.traceLines.isEmpty
        if !hasGolden && !record.recordsMissing {
            var result = SessionCheckResult(
                path: path, status: .skipped, message: "no golden (\(goldenURL.lastPathComponent)); write one with --record missing")
            result.warnings = warnings
            if let device {
                result.status = .passed
                result.message = device.summary
                Self.hold(&result, to: device)
            }
            return result
        }
        // The first copy is the one already built; later ones (seeks, drift questions) are fresh.
        var firstCopy: LoadedScene? = resolved.scene
        let make = resolved.makeScene
        let makeScene: () throws -> LoadedScene = {
            if let scene = firstCopy {
                firstCopy = nil
                return scene
            }
            return try make()
        }
        // A semantic golden that will not be rewritten is read as the replay goes (one input's
        // records in memory at a time); a golden that may be rewritten needs the replay's records.
        let semantic = FileManager.default.fileExists(atPath: goldenURL.path)
        var stream: GoldenStreamComparison?
        if semantic && !record.recordsFailed && !record.recordsPassing {
            do { stream = try GoldenStreamComparison(url: goldenURL, topics: topics) } catch {
                return SessionCheckResult(path: path, status: .error, message: "cannot read the golden: \(error)")
            }
        }
        let replay: GoldenCheck
        do {
            replay = try GoldenCheck(session: session, scene: makeScene, keepsRecords: stream == nil, keepsTrace: !semantic, streaming: stream)
        } catch {
            return SessionCheckResult(path: path, status: .error, message: "\(path): the scene cannot be built: \(error)")
        }
        // A signal cut the replay short: nothing to compare (the runner counts it as not run).
        if let signal = SignalFlag.received {
            return SessionCheckResult(path: path, status: .skipped, message: "not run: the check was stopped by signal \(signal)")
        }
        /// The golden's verdict, then the device's.
        func finish(_ checked: SessionCheckResult) -> SessionCheckResult {
            guard let device, checked.status == .passed || checked.status == .failed else { return checked }
            var held = checked
            Self.hold(&held, to: device)
            return held
        }
        let report = ReplayReport(sessionPath: path, session: session, scene: make, sceneName: resolved.scene.name, result: replay)
        var result = SessionCheckResult(path: path, status: .passed, message: "")
        result.warnings = warnings
        result.scene = chosen.note
        result.sceneChanged = chosen.changed
        result.sceneOutcomesDiffer = chosen.outcomesDiffer
        result.drifts = report.drifts.map(\.text)
        result.outcomes = replay.recordCount
        result.inputs = session.inputCount
        let inputs = [path] + (resolved.scene.filePath.map { [$0] } ?? [])
        guard hasGolden else {
            // Missing, and the mode records missing goldens.
            result.message = "no golden"
            return finish(write(replay, to: goldenURL, inputs: inputs, into: result, why: "new"))
        }
        let outcome: GoldenCheck.Outcome
        do {
            if let stream {
                let diff = try stream.finish()
                outcome = diff.isEqual ? .matches(records: diff.actualCount) : .differs(diff)
            } else {
                outcome = try replay.compare(sessionURL: url, topics: topics)
            }
        } catch {
            return SessionCheckResult(path: path, status: .error, message: "cannot read the golden: \(error)")
        }
        switch outcome {
        case .matches(let records):
            result.message = "\(records) outcome\(records == 1 ? "" : "s") match"
            return finish(record.recordsPassing ? write(replay, to: goldenURL, inputs: inputs, into: result, why: "rewritten") : result)
        case .matchesText(let lines):
            result.message = "\(lines) trace lines match the old text golden (migrate it: touchscope replay \(path) --migrate)"
            return finish(record.recordsPassing ? write(replay, to: goldenURL, inputs: inputs, into: result, why: "rewritten") : result)
        case .differs(let diff):
            result.status = .failed
            result.report = diff.report(session: session, maximumGroups: maximumGroups)
            result.divergences = Self.divergences(diff, session: session)
            result.message = Self.firstDivergenceLine(result.divergences) ?? "the replay differs from the golden"
        case .differsFromText(let diff):
            result.status = .failed
            result.report = diff.report(session: session)
            result.message = "the replay differs from the old text golden at line \((diff.firstDivergence ?? 0) + 1)"
        case .noGolden:
            result.message = "no golden"
            return finish(write(replay, to: goldenURL, inputs: inputs, into: result, why: "new"))
        }
        return finish(record.recordsFailed ? write(replay, to: goldenURL, inputs: inputs, into: result, why: "rewritten") : result)
    }

    /// Fails `result` where the model disagrees with the device, naming each touch (its session
    /// line, both sides, the likely cause) in the message, the report and the divergences.
    static func hold(_ result: inout SessionCheckResult, to device: DeviceComparison) {
        result.device = device
        guard let first = device.disagreements.first else {
            if result.message != device.summary { result.message += "; " + device.summary }
            return
        }
        let message = "\(device.summary); \(first.touch.description): \(first.fact.label): device \(first.device), model \(first.model)"
        result.message = result.status == .failed ? result.message + "; " + message : message
        result.status = .failed
        result.report = ([result.report].filter { !$0.isEmpty } + [device.lines.joined(separator: "\n")]).joined(separator: "\n")
        result.divergences += device.disagreements.map { disagreement in
            SessionCheckResult.Divergence(
                input: 0, sessionLine: disagreement.touch.line, inputText: nil, micros: disagreement.touch.micros,
                changes: disagreement.lines, expectedViews: [], actualViews: [], expected: [disagreement.device],
                actual: [disagreement.model])
        }
    }

    private func write(_ replay: GoldenCheck, to url: URL, inputs: [String], into result: SessionCheckResult, why: String) -> SessionCheckResult {
        var result = result
        do {
            try replay.writeGolden(to: url, inputs: inputs)
            result.recorded = "wrote \(TerminalText.line(url.path)) (\(why), \(replay.recordCount) outcome\(replay.recordCount == 1 ? "" : "s"))"
        } catch {
            result.status = .error
            result.message = "cannot write the golden: \(error)"
        }
        return result
    }

    /// The first divergence in one line, for a JUnit failure's message and an annotation's title:
    /// `input 3 (session line 5): was 0.1 hit finger=1 view=A, now 0.1 hit finger=1 view=B`.
    static func firstDivergenceLine(_ divergences: [SessionCheckResult.Divergence]) -> String? {
        guard let first = divergences.first, let change = first.changes.first else { return nil }
        let led = first.sessionLine.map { " (session line \($0))" } ?? ""
        let more = divergences.reduce(0) { $0 + $1.changes.count } - 1
        return "input \(first.input)\(led): \(change)" + (more > 0 ? " (and \(more) more)" : "")
    }

    static func divergences(_ diff: GoldenDiff, session: Session) -> [SessionCheckResult.Divergence] {
        let inputs = GoldenDiff.inputLines(session)
        return diff.groups.map { group in
            var expected: [GoldenRecord] = []
            var actual: [GoldenRecord] = []
            for change in group.changes {
                switch change {
                case .missing(let record): expected.append(record)
                case .unexpected(let record): actual.append(record)
                case .changed(let old, let new):
                    expected.append(old)
                    actual.append(new)
                case .moved(let record):
                    expected.append(record)
                    actual.append(record)
                }
            }
            let first = (expected + actual).map(\.t).min() ?? 0
            return SessionCheckResult.Divergence(
                input: group.input, sessionLine: inputs[group.input]?.line, inputText: inputs[group.input]?.text,
                micros: Int64(saturating: (first * 1_000_000).rounded()), changes: group.changes.map(\.summary),
                expectedViews: views(in: expected), actualViews: views(in: actual), expected: expected.map(\.description),
                actual: actual.map(\.description))
        }
    }

    /// The view and control names records carry (`view`, `control`, `target`), in order, once each.
    static func views(in records: [GoldenRecord]) -> [String] {
        var names: [String] = []
        for record in records {
            for (key, value) in record.fields where ["view", "control", "target", "to"].contains(key) {
                if case .string(let name) = value.kind, name.contains("#") || name.hasPrefix("UI"), !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
