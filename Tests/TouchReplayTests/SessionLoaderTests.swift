import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

/// A broken session and what loading it must say (an error, or a stated recovery).
struct BrokenSession: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let error: String?
    let warnings: [String]
    var testDescription: String { name }

    init(_ name: String, _ text: String, error: String? = nil, warnings: [String] = []) {
        self.name = name
        self.text = text
        self.error = error
        self.warnings = warnings
    }
}

@Suite("Loading bad session files")
struct SessionLoaderTests {
    static let down = #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":10,"y":10}]}"#
    static let up = #"{"t":100,"type":"input","touches":[{"finger":1,"phase":"ended","x":10,"y":10}]}"#
    static let end = #"{"t":100,"type":"end"}"#

    static let cases: [BrokenSession] = [
        BrokenSession("empty file", "", error: "bad.session: the file is empty; expected a header record with \"format\": \"touchscope.session\""),
        BrokenSession(
            "not JSON", "hello there\n", error: "bad.session:1: not a JSON record: unexpected character 'h'; expected a JSON value (column 1)"),
        BrokenSession(
            "wrong format name", #"{"format":"touchscope.trace","version":1}"# + "\n",
            error: "bad.session:1: expected format \"touchscope.session\", found \"touchscope.trace\""),
        BrokenSession(
            "a scene on one line", #"{"format":"touchscope.scene","version":1}"# + "\n",
            error:
                "bad.session:1: this is a scene (\"format\": \"touchscope.scene\"), not a session; record a session on it with `touchscope record SCENE SCRIPT -o FILE.session` or `touchscope open SCENE --record FILE.session`"
        ),
        BrokenSession(
            "newer version", headerLine.replacingOccurrences(of: #""version":1"#, with: #""version":6"#) + "\n",
            error: "bad.session:1: this session is version 6; this TouchScope reads up to version 5 (update TouchScope to replay it)"),
        BrokenSession(
            "missing header", down + "\n" + end + "\n",
            error: "bad.session:1: expected the header record first, with \"format\": \"touchscope.session\""),
        BrokenSession(
            "unknown phase", headerLine + "\n" + #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"hovering","x":1,"y":1}]}"# + "\n",
            error: "bad.session:2: unknown phase \"hovering\" for finger 1 (phases: began, moved, ended, cancelled)"),
        BrokenSession(
            "NaN coordinate", headerLine + "\n" + #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":NaN,"y":1}]}"# + "\n",
            error: "bad.session:2: not a JSON record: unexpected character 'N'; expected a JSON value (column 66)"),
        BrokenSession(
            "huge coordinate", headerLine + "\n" + #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":1e300,"y":1}]}"# + "\n",
            error: "bad.session:2: expected \"x\" and \"y\" for finger 1: numbers within ±1000000 points"),
        BrokenSession(
            "out-of-order timestamps",
            headerLine + "\n" + up.replacingOccurrences(of: "ended", with: "began") + "\n"
                + down.replacingOccurrences(of: "finger\":1", with: "finger\":2") + "\n",
            error: "bad.session:3: time 0 µs is before the previous record's 100 µs; records must be in time order"),
        BrokenSession(
            "duplicate begin for one finger", headerLine + "\n" + down + "\n" + down + "\n",
            error: "bad.session:3: finger 1 begins again while it is still down (since line 2)"),
        BrokenSession(
            "moving a finger that is not down", headerLine + "\n" + down.replacingOccurrences(of: "began", with: "moved") + "\n",
            error: "bad.session:2: finger 1 moves but is not down"),
        BrokenSession(
            "unknown field", headerLine + "\n" + #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":1,"y":1,"pressure":3}]}"# + "\n",
            error: "bad.session:2: unknown field \"pressure\" in a touch (allowed: finger, phase, x, y, radius)"),
        BrokenSession(
            "unknown record type", headerLine + "\n" + #"{"t":0,"type":"gesture"}"# + "\n",
            error: "bad.session:2: unknown record type \"gesture\" (types: input, hit, device, scene, marker, note, trace, end)"),
        BrokenSession(
            "a record after the end", headerLine + "\n" + down + "\n" + up + "\n" + end + "\n" + up + "\n",
            error: "bad.session:5: a record after the end record"),
        BrokenSession(
            "truncated last line", headerLine + "\n" + down + "\n" + #"{"t":100,"type":"inp"#,
            warnings: [
                "line 3 is cut short (the recording was interrupted); dropped it",
                "no end record (the recording was interrupted); the session ends at its last record",
                "finger 1 began (line 2) and never ended; cancelled it at 0.000000 s",
            ]),
        BrokenSession(
            "a touch that never ends", headerLine + "\n" + down + "\n" + end + "\n",
            warnings: ["finger 1 began (line 2) and never ended; cancelled it at 0.000100 s"]),
    ]

    @Test("each broken session is a clear error or a stated recovery, never a crash", arguments: cases)
    func brokenSession(_ broken: BrokenSession) {
        do {
            let session = try SessionLoader.load(text: broken.text, file: "bad.session")
            #expect(broken.error == nil, "loaded, but expected: \(broken.error ?? "")")
            #expect(session.warnings == broken.warnings)
        } catch {
            #expect(error.description == broken.error)
        }
    }

    @Test("a touch that never ended is cancelled at the end, before the end record")
    func unfinishedTouchIsCancelled() throws {
        let session = try SessionLoader.load(text: headerLine + "\n" + Self.down + "\n" + Self.end + "\n")
        #expect(session.records.count == 3)
        #expect(session.records[1] == .input(micros: 100, samples: [TouchSample(finger: 1, phase: .cancelled, location: CGPoint(x: 10, y: 10))]))
        #expect(session.records[2] == .end(micros: 100))
    }

    @Test("a 10 MB line is refused before it is parsed")
    func hugeLine() throws {
        let directory = try scratchDirectory()
        let url = directory.appendingPathComponent("huge.session")
        let line = #"{"t":0,"type":"note","text":""# + String(repeating: "x", count: 10_000_000) + #""}"#
        try (headerLine + "\n" + line + "\n").write(to: url, atomically: true, encoding: .utf8)
        do {
            _ = try SessionLoader.load(contentsOf: url)
            Issue.record("a 10 MB line loaded")
        } catch {
            #expect(error.issues.first?.message == "the line is longer than 1048576 bytes; a session record is a short JSON object")
            #expect(error.issues.first?.line == 2)
        }
    }

    @Test("deeply nested JSON in a record is refused without recursion trouble")
    func deepRecord() {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try SessionLoader.load(text: headerLine + "\n" + nested + "\n", file: "deep.session")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "deep.session:2: not a JSON record: objects and arrays nest deeper than 8 levels (column 9)")
        }
    }
}

/// Inputs the session fuzzer (tools/fuzz.sh) once crashed on, kept in Fuzz/Regressions/session.
@Suite("Fuzzer findings: session files")
struct SessionFuzzRegressionTests {
    static let directory = repositoryRoot.appendingPathComponent("Fuzz/Regressions/session")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()

    @Test("each is a located error or a session, never a crash", arguments: files)
    func load(name: String) {
        do {
            _ = try SessionLoader.load(contentsOf: Self.directory.appendingPathComponent(name))
        } catch {
            #expect(error.description.hasPrefix(Self.directory.appendingPathComponent(name).path + ":"))
        }
    }

    @Test("an absurd version number is refused with the number as written")
    func hugeVersion() throws {
        let text = headerLine.replacingOccurrences(of: #""version":1"#, with: #""version":7e30"#) + "\n"
        #expect(throws: SessionLoadError.self) { try SessionLoader.load(text: text, file: "v.session") }
        do {
            _ = try SessionLoader.load(text: text, file: "v.session")
        } catch {
            #expect(
                error.description
                    == "v.session:1: this session is version 7e+30; this TouchScope reads up to version 5 (update TouchScope to replay it)")
        }
    }
}

/// A file of the other kind, given where a session goes, is named for what it is.
@Suite("A scene where a session goes")
struct SceneForSessionTests {
    @Test("a bundled (pretty-printed) scene file is called a scene, with how to record a session on it")
    func prettyScene() throws {
        let scene = repositoryRoot.appendingPathComponent("Scenes/kitchen-sink.json")
        do {
            _ = try SessionLoader.load(contentsOf: scene)
            Issue.record("a scene loaded as a session")
        } catch {
            #expect(error.description.hasPrefix("\(scene.path):1: this is a scene (\"format\": \"touchscope.scene\"), not a session"))
        }
    }

    @Test("a JSON file that is neither keeps the plain parse error")
    func neither() throws {
        let url = try scratchDirectory().appendingPathComponent("other.json")
        try Data("{\n  \"format\": \"something.else\"\n}\n".utf8).write(to: url)
        do {
            _ = try SessionLoader.load(contentsOf: url)
            Issue.record("loaded")
        } catch {
            #expect(error.description == "\(url.path):1: not a JSON record: the text ends inside an object (column 2)")
        }
    }
}

/// Files too large to read are refused from their size, before a byte is read.
@Suite("Hostile session sizes")
struct HostileSessionSizeTests {
    @Test("a 3 GiB session file is refused at once, without reading it")
    func gigabytes() throws {
        let url = try scratchDirectory().appendingPathComponent("huge.session")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 3 << 30)  // sparse: no disk used
        try handle.close()
        defer { try? FileManager.default.removeItem(at: url) }
        let start = Date()
        do {
            _ = try SessionLoader.load(contentsOf: url)
            Issue.record("a 3 GiB file loaded")
        } catch {
            #expect(error.description == "\(url.path): the session file is 3.0 GiB; at most 256.0 MiB is read")
        }
        #expect(Date().timeIntervalSince(start) < 1, "refused from its size, not read")
    }
}
