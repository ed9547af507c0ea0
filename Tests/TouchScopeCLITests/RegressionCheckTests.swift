import Foundation
import Testing

/// Recordings as regression tests (issue 13), from the outside.
@Suite("replay: drift and every divergence")
struct RegressionCheckTests {
    func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

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
        #expect(output.contains("has changed since the session was recorded"))
        #expect(output.contains("drift: finger 1 at (195.00, 580.00) (0.000000 s) was meant for UIButton#fixed and now lands on UIView#inertOverlay"), "\(output)")
        #expect(output.contains("UIButton#fixed is covered: UIView#inertOverlay is in front of it and takes the touch"), "\(output)")
        let (_, json) = try runTouchscope(["replay", session.path, "--scene", changed.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.split(separator: "\n").last.map(String.init)?.utf8 ?? "".utf8)) as? [String: Any])
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
        #expect(output.contains("(session line 2:"), "\(output)")
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
