import Foundation
import Testing
import TouchTestSupport

/// Recordings as regression tests (issue 13), from the outside.
@Suite("replay: drift and every divergence")
struct RegressionCheckTests {
    /// A copy of a bundled scene with some text replaced, in `directory`.
    func editedScene(_ name: String, in directory: URL, _ edits: [(String, String)]) throws -> URL {
        var text = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/\(name).json"), encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "\(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let url = directory.appendingPathComponent("\(name).json")
        try write(text, to: url)
        return url
    }

    @Test("a touch that now lands on a new overlay is reported as drift, with the reason, even without a golden")
    func drift() throws {
        let directory = try scratchDirectory()
        let script = directory.appendingPathComponent("tap.json")
        try write(#"[{"tap": [195, 580]}]"#, to: script)
        let session = directory.appendingPathComponent("tap.session")
        #expect(try runTouchscope(["record", "bug-transparent-overlay", "--script", script.path, "-o", session.path]).0 == 0)
        let changed = try editedScene(
            "bug-transparent-overlay", in: directory,
            [(#""backgroundColor": "clear", "userInteractionEnabled": false"#, #""backgroundColor": "clear""#)])
        let (status, output) = try runTouchscope(["replay", session.path, "--scene", changed.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("replayed on \(changed.path) instead of the scene recorded in the session: "), "\(output)")
        #expect(
            output.contains("drift: finger 1 at (195.00, 580.00) (0.000000 s) was meant for UIButton#fixed and now lands on UIView#inertOverlay"),
            "\(output)")
        #expect(output.contains("UIButton#fixed is covered: UIView#inertOverlay is in front of it and takes the touch"), "\(output)")
        let (_, json) = try runTouchscope(["replay", session.path, "--scene", changed.path, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.split(separator: "\n").last.map(String.init)?.utf8 ?? "".utf8)) as? [String: Any])
        let drifts = try #require(object["drifts"] as? [[String: Any]])
        #expect(drifts.first?["meant"] as? String == "UIButton#fixed")
        #expect(drifts.first?["now"] as? String == "UIView#inertOverlay")
    }

    @Test("two changed behaviours are both reported by --check, each under its input; --only narrows; exit 1")
    func twoBehaviours() throws {
        let directory = try scratchDirectory()
        let script = directory.appendingPathComponent("taps.json")
        try write(#"[{"tap": [195, 280]}, {"wait": 0.5}, {"tap": [195, 580]}]"#, to: script)
        let session = directory.appendingPathComponent("taps.session")
        #expect(try runTouchscope(["record", "bug-transparent-overlay", "--script", script.path, "-o", session.path]).0 == 0)
        #expect(try runTouchscope(["replay", session.path, "--update"]).0 == 0)
        #expect(try runTouchscope(["replay", session.path, "--check"]).0 == 0)
        let changed = try editedScene(
            "bug-transparent-overlay", in: directory,
            [("the clear overlay took the touch", "the overlay caught it"), ("fixed button tapped", "the fixed button fired")])
        let (status, output) = try runTouchscope(["replay", session.path, "--check", "--scene", changed.path])
        #expect(status == 1, "\(output)")
        #expect(output.contains("the replay differs from the golden in 2 inputs"), "\(output)")
        #expect(output.contains("- expected") && output.contains("text=the clear overlay took the touch"), "\(output)")
        #expect(output.contains("+ got") && output.contains("text=the fixed button fired"), "\(output)")
        // Line 2 is the scene the session carries; the first input is line 3.
        #expect(output.contains("(session line 3:"), "\(output)")
        let (onlyHits, hitsOutput) = try runTouchscope(["replay", session.path, "--check", "--scene", changed.path, "--only", "hits,controls"])
        #expect(onlyHits == 0, "\(hitsOutput)")
    }

    @Test("an old text golden still checks, and --migrate turns it into a semantic golden only when it still matches")
    func migration() throws {
        let directory = try scratchDirectory()
        let script = directory.appendingPathComponent("tap.json")
        try write(#"[{"tap": [195, 580]}]"#, to: script)
        let session = directory.appendingPathComponent("old.session")
        #expect(try runTouchscope(["record", "bug-transparent-overlay", "--script", script.path, "-o", session.path, "--trace"]).0 == 0)
        let (textCheck, textOutput) = try runTouchscope(["replay", session.path, "--check"])
        #expect(textCheck == 0, "\(textOutput)")
        #expect(textOutput.contains("old text golden (migrate it"), "\(textOutput)")
        let (trace, _) = try runTouchscope(["trace", session.path])
        #expect(trace == 0)
        // A .trace golden that no longer matches is not migrated.
        try write("0.000000 note     something else\n", to: session.appendingPathExtension("trace"))
        let (refused, refusedOutput) = try runTouchscope(["replay", session.path, "--migrate"])
        #expect(refused == 1, "\(refusedOutput)")
        #expect(refusedOutput.contains("not migrated"))
        #expect(!FileManager.default.fileExists(atPath: session.appendingPathExtension("golden").path))
    }
}

@Suite("export --swift-test")
struct SwiftTestExportTests {
    static let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
    static let sessions = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? [])
        .filter { $0.hasSuffix(".session") }.sorted()

    @Test("every golden session has a generated test in GeneratedGoldenTests, as the exporter writes it today", arguments: sessions)
    func upToDate(session: String) throws {
        let name = String(session.dropLast(".session".count))
        let committed = repositoryRoot.appendingPathComponent("Tests/GeneratedGoldenTests/\(name).swift")
        let directory = try scratchDirectory()
        let fresh = directory.appendingPathComponent("\(name).swift")
        let (status, output) = try runTouchscope(["export", Self.goldens.appendingPathComponent(session).path, "--swift-test", "-o", fresh.path])
        #expect(status == 0, "\(output)")
        let written = try String(contentsOf: fresh, encoding: .utf8)
        // Nothing in it depends on where the file is: it can move into any folder of the package.
        #expect(!written.contains("deletingLastPathComponent") && !written.contains("appendingPathComponent"), "\(name)")
        if ProcessInfo.processInfo.environment["TOUCHSCOPE_RECORD"] == "1" {
            try written.write(to: committed, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(committed.lastPathComponent) because TOUCHSCOPE_RECORD=1; run again without it")
            return
        }
        #expect(written == (try? String(contentsOf: committed, encoding: .utf8)), "\(name).swift is stale: run with TOUCHSCOPE_RECORD=1")
    }

    @Test("an XCTest on request; a file scene travels inside the test, or is found in its package with --scene-path")
    func xctestAndFileScene() throws {
        let package = try scratchDirectory()
        try write("// swift-tools-version:6.0\n", to: package.appendingPathComponent("Package.swift"))
        let scene = package.appendingPathComponent("Scenes/rows.json")
        try FileManager.default.createDirectory(at: scene.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/TouchScopeCLITests/Fixtures/sixteen-rows.json"), to: scene)
        let script = package.appendingPathComponent("s.json")
        try #"[{"tap": [100, 20]}, {"drag": {"from": [100, 60], "to": [100, 300], "duration": 0.2, "steps": 4}}]"#.write(
            to: script, atomically: true, encoding: .utf8)
        let session = package.appendingPathComponent("rows.session")
        #expect(try runTouchscope(["record", scene.path, "--script", script.path, "-o", session.path]).0 == 0)
        let test = package.appendingPathComponent("Tests/RowsTests/RowsTests.swift")
        try FileManager.default.createDirectory(at: test.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The session names the app's scene file, inside the package: the test reads it when it
        // runs, so it checks the app as it is then.
        var (status, output) = try runTouchscope(["export", session.path, "--swift-test", "-o", test.path])
        #expect(status == 0, "\(output)")
        var source = try String(contentsOf: test, encoding: .utf8)
        #expect(source.contains(#"try SceneCatalog.loadFile(packagePath: "Scenes/rows.json", from: #filePath)"#), "\(source)")
        (status, output) = try runTouchscope(["export", session.path, "--swift-test", "--xctest", "--scene-from", "recording", "-o", test.path])
        #expect(status == 0, "\(output)")
        source = try String(contentsOf: test, encoding: .utf8)
        #expect(source.contains("final class RowsSessionReplayTests: XCTestCase"))
        // The scene is inside the test: the file can move anywhere.
        #expect(source.contains("try SceneCatalog.loadEmbedded(text: "), "\(source)")
        #expect(!source.contains("rows.json"), "\(source)")
        #expect(source.contains("sim.tap(at: CGPoint(x: 100, y: 20), holdDuration: 0.05)"))
        #expect(source.contains("if let failure = steps.check(\"1: tap at (100, 20)\", ["), "\(source)")
        #expect(source.contains("{ XCTFail(failure) }"))
        // One clock API: absolute times.
        #expect(!source.contains("advance(by:") && !source.contains("clock.advance"), "\(source)")
        (status, output) = try runTouchscope(["export", session.path, "--swift-test", "--scene-path", "Scenes/rows.json", "-o", test.path])
        #expect(status == 0, "\(output)")
        source = try String(contentsOf: test, encoding: .utf8)
        #expect(source.contains(#"try SceneCatalog.loadFile(packagePath: "Scenes/rows.json", from: #filePath)"#), "\(source)")
        // A path outside the package, or with .., is refused.
        (status, output) = try runTouchscope(["export", session.path, "--swift-test", "--scene-path", "../rows.json", "-o", test.path])
        #expect(status == 64, "\(output)")
    }

    @Test("--assert all asserts deliveries and every state change too")
    func assertAll() throws {
        let directory = try scratchDirectory()
        let test = directory.appendingPathComponent("T.swift")
        let session = Self.goldens.appendingPathComponent("touch-up-inside.session")
        let (status, output) = try runTouchscope(["export", session.path, "--swift-test", "--assert", "all", "-o", test.path])
        #expect(status == 0, "\(output)")
        let source = try String(contentsOf: test, encoding: .utf8)
        #expect(source.contains("let steps = StepChecker(sim.trace, asserting: .all)"))
        #expect(source.contains(#".delivery(.touchesBegan, "UIView#card")"#), "\(source)")
        #expect(source.contains(#".state("TouchUpInsideGestureRecognizer@UIView#card", from: .possible, to: .began)"#), "\(source)")
    }
}
