import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// A session carries its scene and its hot reloads, and replays as it was recorded with no scene
/// file anywhere.
@Suite("Embedded scenes")
struct EmbeddedSceneTests {
    /// A button under a cover view: the bug (the cover takes the tap) and its fix (the cover
    /// lets touches through).
    static func scene(coverInteractive: Bool, title: String = "Pay") -> String {
        """
        {"format": "touchscope.scene", "version": 1, "name": "covered-button", "window": {"width": 300, "height": 300},
         "views": [
           {"kind": "button", "id": "pay", "title": "\(title)", "frame": [50, 50, 100, 44],
            "actions": [{"on": ["touchUpInside"], "do": [{"note": "paid"}]}]},
           {"kind": "view", "id": "cover", "frame": [0, 0, 300, 300], "userInteractionEnabled": \(coverInteractive)}
         ]}
        """
    }

    /// Records as the window does: live on the first version, then at each reload the new
    /// version is brought to the moment by the input so far, embedded, and followed.
    static func recordAcrossReloads(_ versions: [String], in directory: URL) throws -> (URL, [String]) {
        let files = versions.indices.map { directory.appendingPathComponent("v\($0).json") }
        for (text, file) in zip(versions, files) { try write(text, to: file) }
        var scene = try SceneCatalog.loadFile(files[0])
        var simulator = scene.makeSimulator()
        let url = directory.appendingPathComponent("bug.session")
        let header = SessionHeader(
            sceneName: scene.name, sceneHash: scene.contentHash, scenePath: "v0.json", windowSize: scene.window.bounds.size, started: "test")
        let recorder = try SessionRecorder(url: url, header: header, includesTrace: true)
        var inputs: [SessionRecord] = []
        func follow(_ application: UIApplication) {
            application.addInputObserver { samples, time in inputs.append(.input(micros: TraceEntry.micros(from: time), samples: samples)) }
        }
        try recorder.embed(scene, at: 0)
        recorder.attach(to: simulator.application)
        follow(simulator.application)
        for index in versions.indices {
            if index > 0 {
                let now = simulator.clock.now
                let next = try SceneCatalog.loadFile(files[index])
                let soFar = Session(header: header, records: inputs)
                let replay = try SessionReplayer(session: soFar, scene: next.factory)
                replay.run(until: TraceEntry.micros(from: now))
                scene = replay.scene
                simulator = replay.simulator
                try recorder.embed(scene, at: now)
                recorder.attach(to: simulator.application)
                follow(simulator.application)
                recorder.mark("scene reloaded", at: now)
            }
            simulator.tap(at: CGPoint(x: 100, y: 70))
            simulator.advance(by: 1)
        }
        try recorder.finish()
        for file in files { try FileManager.default.removeItem(at: file) }
        _ = scene
        return (url, [])
    }

    @Test("a session recorded across two hot reloads replays its recorded trace with the scene files deleted")
    func replaysAcrossReloads() throws {
        let directory = try scratchDirectory()
        let (url, _) = try Self.recordAcrossReloads(
            [Self.scene(coverInteractive: true), Self.scene(coverInteractive: false), Self.scene(coverInteractive: false, title: "Pay now")],
            in: directory)
        let session = try SessionLoader.load(contentsOf: url)
        #expect(session.scenes.count == 3)
        #expect(session.scenes.map(\.micros) == [0, 1_050_000, 2_100_000])
        let resolved = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog(directories: []))
        #expect(resolved.scene.reloads.count == 2)
        let replayer = try SessionReplayer(session: session, scene: resolved.makeScene)
        replayer.runToEnd()
        #expect(replayer.trace.lines == session.traceLines)
        // The bug before the first reload, the fix after: the first tap lands on the cover and
        // pays nothing; the later two reach the button and pay.
        let hits = session.records.compactMap { record -> String? in if case .hit(_, _, let view) = record { view } else { nil } }
        #expect(hits == ["UIView#cover", "UIButton#pay", "UIButton#pay"])
        #expect(replayer.trace.lines.filter { $0.contains(" note ") && $0.hasSuffix(" paid") }.count == 2)
        #expect(replayer.drifts.isEmpty)
        // Seeking back into the first version shows the bug again.
        try replayer.seek(to: 500_000)
        #expect(replayer.scene.view("cover")?.isUserInteractionEnabled == true)
        try replayer.seek(to: 2_500_000)
        #expect(replayer.scene.view("cover")?.isUserInteractionEnabled == false)
    }

    @Test("the golden of a session recorded across hot reloads holds the outcomes of every version, and a change after a reload fails it")
    func goldenSpansReloads() throws {
        let directory = try scratchDirectory()
        let (url, _) = try Self.recordAcrossReloads(
            [Self.scene(coverInteractive: true), Self.scene(coverInteractive: false), Self.scene(coverInteractive: false, title: "Pay now")],
            in: directory)
        let session = try SessionLoader.load(contentsOf: url)
        let resolved = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog(directories: []))
        let check = try GoldenCheck(session: session, scene: resolved.makeScene)
        let hits = check.records.filter { $0.kind == "hit" }.compactMap { record -> String? in
            guard case .string(let view)? = record.fields.first(where: { $0.0 == "view" })?.1.kind else { return nil }
            return view
        }
        #expect(hits == ["UIView#cover", "UIButton#pay", "UIButton#pay"])
        #expect(check.records.filter { $0.description.contains("paid") }.count == 2)
        // A golden that lacks the last version's outcomes is a failing golden.
        let truncated = Array(check.records.prefix { !($0.kind == "hit" && $0.description.contains("UIButton#pay")) })
        #expect(!GoldenDiff(expected: truncated, actual: check.records, topics: nil).isEqual)
    }

    @Test("reloads back and forth between two versions, and to the same version, replay exactly as the long way does")
    func reloadShortcutsAreExact() throws {
        let directory = try scratchDirectory()
        let a = Self.scene(coverInteractive: true)
        let b = Self.scene(coverInteractive: false)
        let (url, _) = try Self.recordAcrossReloads([a, b, b, a, b, a, a, b], in: directory)
        let session = try SessionLoader.load(contentsOf: url)
        #expect(session.scenes.count == 8)
        let resolved = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog(directories: []))
        let fast = try SessionReplayer(session: session, scene: resolved.makeScene)
        fast.runToEnd()
        let slow = try SessionReplayer(session: session, scene: resolved.makeScene)
        slow.reusesVersions = false
        slow.runToEnd()
        #expect(fast.trace.lines == slow.trace.lines)
        #expect(fast.trace.lines == session.traceLines)
        #expect(fast.drifts.isEmpty && slow.drifts.isEmpty)
        #expect(fast.trace.lines.filter { $0.hasSuffix(" paid") }.count == 4)
    }

    @Test("replaying on another scene lists the outcomes that now differ from the recording")
    func substitutionListsDifferences() throws {
        let directory = try scratchDirectory()
        let (url, _) = try Self.recordAcrossReloads([Self.scene(coverInteractive: true)], in: directory)
        let session = try SessionLoader.load(contentsOf: url)
        let recorded = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog(directories: []))
        let fixed = directory.appendingPathComponent("fixed.json")
        try write(Self.scene(coverInteractive: false), to: fixed)
        let diff = try SceneSubstitution.differences(
            session: session, recorded: recorded.makeScene, replacement: { try SceneCatalog.loadFile(fixed) })
        let summary = SceneSubstitution.summary(diff, replacement: "fixed.json")
        #expect(summary.hasPrefix("replayed on fixed.json instead of the scene recorded in the session: "))
        #expect(summary.contains("recorded") && summary.contains("UIView#cover") && summary.contains("UIButton#pay"))
        let same = try SceneSubstitution.differences(session: session, recorded: recorded.makeScene, replacement: recorded.makeScene)
        #expect(same.isEqual)
    }

    @Test("an old session without a scene still loads; a scene record after input, or with no hash, is refused with its line")
    func oldAndBadSessions() throws {
        let old = try SessionLoader.load(text: headerLine + "\n" + #"{"t":0,"type":"end"}"#)
        #expect(old.scenes.isEmpty)
        let late =
            headerLine + "\n" + #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":1,"y":1}]}"# + "\n"
            + #"{"t":1,"type":"scene","hash":"h","scene":"{}"}"#
        #expect(throws: SessionLoadError.self) { try SessionLoader.load(text: late, file: "late.session") }
        do { _ = try SessionLoader.load(text: late, file: "late.session") } catch {
            #expect(error.description.contains("late.session:3"))
            #expect(error.description.contains("before any input"))
        }
        let noHash = headerLine + "\n" + #"{"t":0,"type":"scene","scene":"{}"}"#
        #expect(throws: SessionLoadError.self) { try SessionLoader.load(text: noHash) }
        // An embedded scene that does not decode is reported by its line, not replayed.
        let broken = try SessionLoader.load(text: headerLine + "\n" + #"{"t":0,"type":"scene","hash":"h","scene":"{\"format\":1}"}"#)
        #expect(throws: SessionScene.NotFound.self) {
            try SessionScene.resolve(for: broken, sessionFile: "/tmp/x.session", catalog: SceneCatalog(directories: []))
        }
    }

    @Test("a scene record may be longer than other records; the file text round-trips with the scene at its place")
    func longSceneLinesAndRoundTrip() throws {
        let views = (0..<3_000).map { #"{"kind":"view","id":"v\#($0)","frame":[0,0,10,10]}"# }.joined(separator: ",")
        let text = #"{"format":"touchscope.scene","version":1,"name":"big","window":{"width":100,"height":100},"views":[\#(views)]}"#
        #expect(text.utf8.count > SessionFormat.maximumLineLength / 16)
        let session = Session(
            header: SessionHeader(sceneName: "big", sceneHash: "h", windowSize: CGSize(width: 100, height: 100), started: ""),
            records: [
                .input(micros: 0, samples: [TouchSample(finger: 1, phase: .began, location: CGPoint(x: 1, y: 1))]),
                .input(micros: 5, samples: [TouchSample(finger: 1, phase: .ended, location: CGPoint(x: 1, y: 1))]), .end(micros: 10),
            ],
            scenes: [EmbeddedScene(micros: 0, recordIndex: 0, hash: "h", text: text)])
        let reread = try SessionLoader.load(text: SessionFormat.checkedText(of: session))
        #expect(reread.scenes.map(\.text) == [text])
        #expect(reread.scenes.first?.line == 2)
        #expect(reread.fileLine(ofRecord: 0) == 3)
        #expect(reread.records == session.records)
    }

    @Test("a long scene record read from a file, a megabyte at a time, loads whole")
    func longSceneRecordFromFile() throws {
        let views = (0..<50_000).map { #"{"kind":"view","id":"v\#($0)","frame":[0,0,10,10]}"# }.joined(separator: ",")
        let text = #"{"format":"touchscope.scene","version":1,"name":"big","window":{"width":100,"height":100},"views":[\#(views)]}"#
        #expect(text.utf8.count > 2 * SessionFormat.maximumLineLength)
        let session = Session(
            header: SessionHeader(sceneName: "big", sceneHash: "h", windowSize: CGSize(width: 100, height: 100), started: ""),
            records: [.end(micros: 10)], scenes: [EmbeddedScene(micros: 0, recordIndex: 0, hash: "h", text: text)])
        let url = try scratchDirectory().appendingPathComponent("big.session")
        try write(SessionFormat.checkedText(of: session), to: url)
        let reread = try SessionLoader.load(contentsOf: url)
        #expect(reread.scenes.map(\.text) == [text])
        #expect(reread.warnings.isEmpty)
    }

    @Test("reloads that would make a replay run more than the limit of records again are refused at the scene record that passes it")
    func reloadReplayBound() throws {
        let input = { (t: Int, phase: String) in #"{"t":\#(t),"type":"input","touches":[{"finger":1,"phase":"\#(phase)","x":1,"y":1}]}"# }
        let reload = #"{"t":500,"type":"scene","hash":"h","scene":"{}"}"#
        var lines = [headerLine, #"{"t":0,"type":"scene","hash":"h","scene":"{}"}"#]
        for index in 0..<50 { lines += [input(index * 10, "began"), input(index * 10 + 5, "ended")] }
        // Three reloads after 100 records: 300 records run again, well under the limit.
        #expect(try SessionLoader.load(text: (lines + [reload, reload, reload]).joined(separator: "\n")).scenes.count == 4)
        // One that passes the limit is refused, by its line.
        var parser = SessionParser(file: "many.session")
        for line in lines { try parser.consume(Array(line.utf8)[...], complete: true) }
        parser.reloadReplayRecords = SessionFormat.maximumReloadReplayRecords - 50
        do {
            try parser.consume(Array(reload.utf8)[...], complete: true)
            Issue.record("a reload past the limit was accepted")
        } catch {
            #expect(error.description.hasPrefix("many.session:103:"), "\(error.description)")
            #expect(error.description.contains("split the session"))
        }
    }
}
