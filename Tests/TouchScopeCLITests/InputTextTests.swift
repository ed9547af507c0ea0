import Foundation
import Testing
import TouchTestSupport

/// Every reader takes a file saved with CRLF line ends or a byte order mark as the same
/// document: scenes, sessions, goldens and scripts (a JSON array or JSON Lines, from a file or
/// standard input), each in the four spellings, with one outcome.
@Suite("CRLF and a byte order mark read the same everywhere")
struct InputTextTests {
    enum Spelling: String, CaseIterable {
        case lf, crlf, bom, bomCRLF

        func apply(_ text: String) -> Data {
            var out = self == .crlf || self == .bomCRLF ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
            if self == .bom || self == .bomCRLF { out = "\u{FEFF}" + out }
            return Data(out.utf8)
        }
    }

    static let linesScript = "{\"tap\": [100, 120]}\n{\"wait\": 0.2}\n{\"tap\": [100, 120], \"count\": 2}\n"
    static let arrayScript = "[\n{\"tap\": [100, 120]},\n{\"wait\": 0.2},\n{\"tap\": [100, 120], \"count\": 2}\n]\n"

    /// Records the script with `record SCENE FILE` or `--stdin`, then checks the session against
    /// its golden, the golden and the scene written in the same spelling; returns the session's
    /// records for comparison across spellings.
    func recordAndCheck(_ spelling: Spelling, script: String, stdin: Bool) throws -> String {
        let directory = try scratchDirectory()
        let scene = directory.appendingPathComponent("scene.json")
        let bundled = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/kitchen-sink.json"), encoding: .utf8)
        try spelling.apply(bundled).write(to: scene)
        let output = directory.appendingPathComponent("out.session")
        let status: Int32
        let text: String
        if stdin {
            let child = try ChildProcess(touchscopeBinary, ["record", scene.path, "--stdin", "-o", output.path])
            child.stdin.fileHandleForWriting.write(spelling.apply(script))
            try child.stdin.fileHandleForWriting.close()
            status = child.waitForExit()
            text = child.output
        } else {
            let file = directory.appendingPathComponent("script.json")
            try spelling.apply(script).write(to: file)
            (status, text) = try runTouchscope(["record", scene.path, file.path, "-o", output.path])
        }
        #expect(status == 0, "\(spelling) \(stdin ? "stdin" : "file"): \(text)")
        // The session and its golden, rewritten in this spelling, still read and agree.
        let (updateStatus, updateText) = try runTouchscope(["replay", output.path, "--update"])
        #expect(updateStatus == 0, "\(updateText)")
        let session = try String(contentsOf: output, encoding: .utf8)
        let golden = output.appendingPathExtension("golden")
        try spelling.apply(try String(contentsOf: golden, encoding: .utf8)).write(to: golden)
        try spelling.apply(session).write(to: output)
        let (checkStatus, checkText) = try runTouchscope(["replay", output.path, "--check"])
        #expect(checkStatus == 0, "\(spelling): \(checkText)")
        return session.split(separator: "\n").dropFirst().filter { !$0.contains("\"type\":\"scene\"") }.joined(separator: "\n")
    }

    @Test("a JSON Lines script, from a file or standard input, and a JSON array script, in any spelling, record the same session")
    func everySpelling() throws {
        let reference = try recordAndCheck(.lf, script: Self.linesScript, stdin: false)
        #expect(reference.contains("\"phase\":\"began\""))
        for spelling in Spelling.allCases {
            #expect(try recordAndCheck(spelling, script: Self.linesScript, stdin: false) == reference, "\(spelling) lines from a file")
            #expect(try recordAndCheck(spelling, script: Self.linesScript, stdin: true) == reference, "\(spelling) lines from stdin")
            #expect(try recordAndCheck(spelling, script: Self.arrayScript, stdin: false) == reference, "\(spelling) array from a file")
        }
    }
}
