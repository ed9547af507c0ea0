import Foundation
import Testing
import TouchTestSupport

@Suite("The touchscope command line")
struct CommandLineTests {
    @Test("with no command and no display, the demo replays the bundled session headless and writes a picture")
    func headlessDemo() throws {
        let directory = try scratchDirectory()
        let png = directory.appendingPathComponent("demo.png")
        let (status, output) = try runTouchscope(["demo", "--output", png.path], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(status == 0, "\(output)")
        #expect(output.contains("No display found"))
        #expect(output.contains("menu: share"))
        #expect(output.contains("To open the window instead"))
        let data = try #require(FileManager.default.contents(atPath: png.path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(
        "open refuses a bad --speed or --skip-idle, and playback options without --session, with usage errors (64)",
        arguments: [
            (["--session", "Scenes/sessions/floating-menu.session", "--speed", "0"], "--speed must be from 0.05 to 20"),
            (["--session", "Scenes/sessions/floating-menu.session", "--skip-idle", "nan"], "--skip-idle must be"),
            (["--speed", "2"], "apply to --session playback"),
        ])
    func playbackOptions(arguments: [String], message: String) throws {
        let (status, output) = try runTouchscope(["open", "floating-menu"] + arguments)
        #expect(status == 64, "\(output)")
        #expect(output.contains(message), "\(output)")
    }

    @Test("scenes lists JSON and Swift scenes with their summaries")
    func scenes() throws {
        let (status, output) = try runTouchscope(["scenes"])
        #expect(status == 0)
        #expect(output.contains("floating-menu"))
        #expect(output.contains("idle-timer"))
        #expect(output.split(separator: "\n").count >= 18)
    }

    @Test("validate prints located problems and exits 1; a good file exits 0")
    func validate() throws {
        let broken = repositoryRoot.appendingPathComponent("Tests/TouchScenesTests/Corpus/recognizers.json").path
        let (badStatus, badOutput) = try runTouchscope(["validate", broken])
        #expect(badStatus == 1)
        #expect(badOutput.contains("views[0].recognizers[0].requireToFail[0]: no recognizer has the id \"dubleTap\""))
        #expect(badOutput.contains("7 problems"))
        let good = repositoryRoot.appendingPathComponent("Scenes/kitchen-sink.json").path
        let (goodStatus, goodOutput) = try runTouchscope(["validate", good])
        #expect(goodStatus == 0, "\(goodOutput)")
    }

    @Test("replay --check passes on a golden and exits 1 with the divergence on a wrong one")
    func replayCheck() throws {
        let golden = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/puzzle-pieces.session")
        let (status, output) = try runTouchscope(["replay", golden.path, "--check"])
        #expect(status == 0, "\(output)")
        let directory = try scratchDirectory()
        let wrong = directory.appendingPathComponent("wrong.trace")
        try "0.000000 note     not what happened\n".write(to: wrong, atomically: true, encoding: .utf8)
        let (badStatus, badOutput) = try runTouchscope(["replay", golden.path, "--check", "--golden", wrong.path])
        #expect(badStatus == 1)
        #expect(badOutput.contains("trace differs at entry 1"))
    }

    @Test("import turns a dump into a scene that validates")
    func importDump() throws {
        let directory = try scratchDirectory()
        let output = directory.appendingPathComponent("app.json")
        let dump = repositoryRoot.appendingPathComponent("Tests/TouchScenesTests/Dumps/swift-app.txt").path
        let (status, text) = try runTouchscope(["import", dump, "-o", output.path])
        #expect(status == 0, "\(text)")
        #expect(text.contains("imported 7 views"))
        let (validStatus, validText) = try runTouchscope(["validate", output.path])
        #expect(validStatus == 0, "\(validText)")
    }

    @Test("a missing scene is an input error with a suggestion; bad usage exits 64")
    func errors() throws {
        let (status, output) = try runTouchscope(["render", "kitchen-snk", "-o", "/tmp/x.png"])
        #expect(status == 2)
        #expect(output.contains("did you mean \"kitchen-sink\"?"))
        let (usage, _) = try runTouchscope(["render"])
        #expect(usage == 64)
    }

    @Test("bench checks the workload's checksums for small runs")
    func benchChecksums() throws {
        let (status, output) = try runTouchscope(["bench", "--n-grid", "100", "--n-deep", "100", "--n-wide", "100", "--runs", "1", "--json"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("\"checksum\":196340"))
        #expect(output.contains("\"checksum\":76810"))
        #expect(output.contains("\"checksum\":4882940"))
        #expect(!output.contains("MISMATCH"))
        // One set of keys for every shape's line (null where a shape has no such
        // figure): the SwiftUI line too.
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("{") }
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(Set(objects.compactMap { $0["shape"] as? String }) == ["grid", "deep", "wide", "swiftui"])
        #expect(Set(objects.map { Set($0.keys) }).count == 1, "\(objects.map { $0.keys.sorted() })")
        #expect(Set(objects.map { $0.keys.count }) == [19])
        let swiftUI = try #require(objects.first { $0["shape"] as? String == "swiftui" })
        #expect(swiftUI["trace"] as? String == "off")
        #expect(swiftUI["events_per_sec_median"] is Double || swiftUI["events_per_sec_median"] is Int)
        #expect(swiftUI["checksum"] is NSNull, "the SwiftUI shape has no reference checksum")
        #expect(swiftUI["ratio_to_grid"] is Double)
    }

    @Test("record takes the script as a file argument, after the scene or beside --scene; twice is a usage error")
    func recordScriptArgument() throws {
        let directory = try scratchDirectory()
        let script = directory.appendingPathComponent("taps.json")
        try write(#"[{"tap": [70, 441]}, {"wait": 0.5}]"#, to: script)
        let first = directory.appendingPathComponent("first.session")
        let (status, text) = try runTouchscope(["record", "kitchen-sink", script.path, "-o", first.path])
        #expect(status == 0, "\(text)")
        let second = directory.appendingPathComponent("second.session")
        let (status2, text2) = try runTouchscope(["record", "--scene", "kitchen-sink", script.path, "-o", second.path])
        #expect(status2 == 0, "\(text2)")
        let a = try String(contentsOf: first, encoding: .utf8).split(separator: "\n").dropFirst()
        let b = try String(contentsOf: second, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(Array(a) == Array(b), "the same script on the same scene records the same records")
        #expect(a.contains { $0.contains("\"began\"") && $0.contains("\"x\":70") })
        let (status3, text3) = try runTouchscope(["record", "kitchen-sink", script.path, "--script", "other.json", "-o", second.path])
        #expect(status3 == 64)
        #expect(text3.contains("the script is given twice"))
    }

    @Test("a .session file where a scene goes is the session for render, why and open; record refuses it by name")
    func sessionInTheSceneSlot() throws {
        let directory = try scratchDirectory()
        let session = repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session").path
        let png = directory.appendingPathComponent("frame.png")
        let (status, text) = try runTouchscope(["render", session, "--at", "1", "-o", png.path])
        #expect(status == 0, "\(text)")
        #expect(text.contains("at 1.0"), "\(text)")
        let (whyStatus, whyText) = try runTouchscope(["why", session, "--time", "1", "--at", "130,165"])
        #expect(whyStatus == 0, "\(whyText)")
        #expect(whyText.contains("on floating-menu at 1."), "\(whyText)")
        let (recordStatus, recordText) = try runTouchscope(["record", session, "--stdin", "-o", directory.appendingPathComponent("x.session").path])
        #expect(recordStatus == 64)
        #expect(recordText.contains("is a session, not a scene"), "\(recordText)")
    }

    @Test("render --earlier describes an earlier recorded touch, warns past the oldest kept, and needs a session")
    func renderEarlierTouch() throws {
        let directory = try scratchDirectory()
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/bug-parent-tap-steals-control.session").path
        let png = directory.appendingPathComponent("frame.png").path
        let (status, text) = try runTouchscope(["render", "--session", session, "--earlier", "1", "-o", png])
        #expect(status == 0, "\(text)")
        #expect(text.contains("describing finger 2, 1 touch back"), "\(text)")
        let (far, farText) = try runTouchscope(["render", "--session", session, "--earlier", "9", "-o", png])
        #expect(far == 0, "\(farText)")
        #expect(farText.contains("only 2 touches are kept before the latest; describing the oldest"), "\(farText)")
        #expect(farText.contains("describing finger 1, 2 touches back"), "\(farText)")
        let (usage, usageText) = try runTouchscope(["render", "kitchen-sink", "--earlier", "1", "-o", png])
        #expect(usage == 64)
        #expect(usageText.contains("--earlier picks a recorded touch; give --session too"), "\(usageText)")
    }

    @Test("import refuses a TouchScope scene or session by name, writing nothing")
    func importOwnFiles() throws {
        let directory = try scratchDirectory()
        for (file, kind) in [("Scenes/kitchen-sink.json", "scene"), ("Scenes/sessions/floating-menu.session", "session")] {
            let output = directory.appendingPathComponent("imported.json")
            let (status, text) = try runTouchscope(["import", repositoryRoot.appendingPathComponent(file).path, "-o", output.path])
            #expect(status == 2, "\(text)")
            #expect(text.contains("this is a TouchScope \(kind), not a `recursiveDescription` dump; nothing written"), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }
}
