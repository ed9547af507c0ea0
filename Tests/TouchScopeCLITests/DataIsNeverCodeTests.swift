import Foundation
import Testing
import TouchTestSupport

/// Issue 30.3 from the outside: hostile names in files and file names reach the terminal and
/// generated Swift only through their sinks.
@Suite("Data is never code or terminal control")
struct DataIsNeverCodeTests {
    static let hostileID = "a\u{1B}]0;owned\u{7}\u{1B}[2J\r\u{202E}\u{85}b"

    @Test("validate, why and trace print no control character from a scene or a session")
    func terminalOutput() throws {
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let id = String(data: try JSONSerialization.data(withJSONObject: [Self.hostileID], options: []), encoding: .utf8)!.dropFirst().dropLast()
        let scene = """
            {"format": "touchscope.scene", "version": 1, "window": {"width": 200, "height": 200},
             "views": [{"kind": "button", "id": \(id), "frame": [0, 0, 200, 200], "bogus\\u001b[31m": 1,
                        "actions": [{"on": ["touchUpInside"], "do": [{"note": \(id)}]}]}]}
            """
        try write(scene, to: folder.appendingPathComponent("bad.json"))
        let fixed = scene.replacingOccurrences(of: #""bogus\u001b[31m": 1,"#, with: "")
        try write(fixed, to: folder.appendingPathComponent("scene.json"))
        try write(#"[{"marker": "\u001b]2;title\u0007"}, {"tap": [10, 10]}]"#, to: folder.appendingPathComponent("script.json"))
        var outputs: [String] = []
        outputs.append(try runTouchscope(["validate", "bad.json"], workingDirectory: folder).1)
        outputs.append(try runTouchscope(["why", "scene.json", "--at", "10,10"], workingDirectory: folder).1)
        let (recorded, text) = try runTouchscope(["record", "scene.json", "script.json", "-o", "s.session"], workingDirectory: folder)
        #expect(recorded == 0, "\(text)")
        outputs.append(try runTouchscope(["trace", "s.session"], workingDirectory: folder).1)
        outputs.append(try runTouchscope(["trace", "s.session", "--json"], workingDirectory: folder).1)
        for output in outputs {
            let controls = output.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
            }
            #expect(controls.isEmpty, "\(output.debugDescription)")
        }
        #expect(outputs[2].contains("\\u{1B}"), "the escape is shown, not dropped: \(outputs[2])")
    }

    @Test("command-line errors echo a hostile option or value escaped, with ArgumentParser's exit code")
    func commandLineErrors() throws {
        for arguments in [
            ["render", "menu", "-o", "x.png", "--bogus" + Self.hostileID], ["render", "menu", "--width", Self.hostileID, "-o", "x.png"],
            ["why", "menu", "--at", Self.hostileID],
        ] {
            let (status, output) = try runTouchscope(arguments)
            #expect(status == 64, "\(output)")
            let controls = output.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
            }
            #expect(controls.isEmpty, "\(output.debugDescription)")
            #expect(output.contains("\\u{1B}"), "\(output.debugDescription)")
        }
        let (status, help) = try runTouchscope(["render", "--help"])
        #expect(status == 0 && help.contains("USAGE: touchscope render"))
    }

    @Test("a session whose file name holds a newline and a directive exports a test with no injected line")
    func swiftTestFileName() throws {
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "x\n#warning(\"owned\")\n\u{202E}default.session"
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session"), to: folder.appendingPathComponent(name))
        let (status, text) = try runTouchscope(["export", name, "--swift-test", "-o", "T.swift"], workingDirectory: folder)
        #expect(status == 0, "\(text)")
        let source = try String(contentsOf: folder.appendingPathComponent("T.swift"), encoding: .utf8)
        #expect(!source.split(separator: "\n").contains { $0.hasPrefix("#warning") })
        #expect(!source.unicodeScalars.contains("\u{202E}"))
    }
}

/// Issue 30.4: a scene path inside a session resolves against the session's absolute
/// directory, and a session that names a file never falls back to a bundled scene.
@Suite("Paths inside a session")
struct SessionScenePathTests {
    @Test("out/x.session recorded on in/x.json finds its scene; with the file gone it is an error, not the bundled scene")
    func relativeSceneAcrossFolders() throws {
        let folder = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["in", "out"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // Named like a bundled scene, so a fallback to the catalogue would go unnoticed.
        let scene = folder.appendingPathComponent("in/floating-menu.json")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Scenes/floating-menu.json"), to: scene)
        try write(#"[{"tap": [100, 100]}]"#, to: folder.appendingPathComponent("s.json"))
        let (recorded, text) = try runTouchscope(
            ["record", "in/floating-menu.json", "s.json", "-o", "out/x.session"], workingDirectory: folder)
        #expect(recorded == 0, "\(text)")
        let (replayed, output) = try runTouchscope(["replay", "out/x.session"], workingDirectory: folder)
        #expect(replayed == 0, "\(output)")
        try FileManager.default.removeItem(at: scene)
        // The session carries its scene: it replays with the file gone.
        let (carried, carriedOutput) = try runTouchscope(["replay", "out/x.session"], workingDirectory: folder)
        #expect(carried == 0, "\(carriedOutput)")
        // A session written before scenes were embedded finds its scene by the header's path only.
        let sessionFile = folder.appendingPathComponent("out/x.session")
        let lines = try String(contentsOf: sessionFile, encoding: .utf8).split(separator: "\n")
        try write(lines.filter { !$0.contains(#""type":"scene""#) }.joined(separator: "\n") + "\n", to: sessionFile)
        let (missing, message) = try runTouchscope(["replay", "out/x.session"], workingDirectory: folder)
        #expect(missing == 2)
        #expect(message.contains("../in/floating-menu.json") && message.contains("does not exist"), "\(message)")
    }
}
