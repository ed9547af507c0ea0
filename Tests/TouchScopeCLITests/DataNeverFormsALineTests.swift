import Foundation
import Testing
import TouchTestSupport

/// Data never forms a line or a command: names with every class of character (line ends, other
/// controls, C1, bidirectional controls, separators, zero-width and other invisible characters,
/// a byte order mark) in a scene's name, ids, recognizer ids, titles, notes and markers, and in
/// the session's file name, never start a line of any command's output, never forge a GitHub
/// workflow command, and never reach the terminal as raw invisible characters.
@Suite("Data never forms a line")
struct DataNeverFormsALineTests {
    /// One scalar of each class a sink must escape, then a forged workflow command and a forged
    /// verdict, each behind a line end of another kind.
    static let classes: [String] = [
        "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1B}[2J", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{200B}",
        "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{E0041}",
    ]

    /// Text that holds every class, each followed by a forged line.
    static func hostile(_ seed: Int) -> String {
        var text = "n\(seed)"
        // A third of the classes in each (ids are at most 200 characters); the three seeds of
        // each position cover them all.
        for (index, scalar) in classes.enumerated() where (index + seed) % 3 == 0 {
            text += scalar + (index % 2 == 0 ? "::stop-commands::t" : "FORGED ok")
        }
        return text
    }

    static func scene(_ seed: Int) throws -> String {
        let json: [String: Any] = [
            "format": "touchscope.scene", "version": 1, "name": hostile(seed), "window": ["width": 300, "height": 300],
            "views": [
                [
                    "kind": "button", "id": hostile(seed + 1), "title": hostile(seed + 2), "frame": [50, 50, 100, 44],
                    "actions": [["on": ["touchUpInside"], "do": [["note": hostile(seed + 3)]]]],
                ],
                [
                    "kind": "view", "id": hostile(seed + 4), "frame": [0, 200, 100, 100],
                    "recognizers": [["kind": "tap", "id": hostile(seed + 5), "do": [["note": hostile(seed + 6)]]]],
                ],
            ],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    }

    /// The lines of `output` that data formed: a line that starts a workflow command other than
    /// the annotations `check --reporter github` writes, or that starts with forged text, or that
    /// holds a raw invisible character.
    static func forgedLines(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            let ours = line.hasPrefix("::error file=") || line.hasPrefix("::warning file=") || line.hasPrefix("::notice file=")
            if line.hasPrefix("::") && !ours { return true }
            if line.hasPrefix("FORGED") { return true }
            return line.unicodeScalars.contains { $0 != "\t" && (($0.value < 0x20) || (0x7F...0x9F).contains($0.value) || Self.invisible($0)) }
        }
    }

    static func invisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0x00AD, 0xE0000...0xE007F: true
        default: false
        }
    }

    @Test("no command's output has a line that data formed", arguments: [0, 1, 2, 3, 4, 5])
    func noForgedLines(seed: Int) throws {
        let folder = try scratchDirectory()
        try write(try Self.scene(seed), to: folder.appendingPathComponent("scene.json"))
        let script: [[String: Any]] = [["marker": Self.hostile(seed + 7)], ["tap": [100, 70]], ["tap": [50, 250]], ["tap": [100, 70]]]
        try Data(try JSONSerialization.data(withJSONObject: script)).write(to: folder.appendingPathComponent("script.json"))
        // A session whose file name holds a line end and a forged command too.
        let session = "s\(seed)\n::stop-commands::x\nFORGED.session"
        let commands: [[String]] = [
            ["record", "scene.json", "script.json", "-o", session],
            ["replay", session, "--update"],
            ["replay", session],
            ["replay", session, "--check"],
            ["replay", session, "--check", "--json"],
            ["trace", session],
            ["trace", session, "--only", "notes"],
            ["why", "scene.json", "--at", "100,70"],
            ["why", "scene.json", "--at", "100,70", "--view", "nothing-here"],
            ["why", session, "--finger", "1"],
            ["why", session, "--finger", "2", "--view", Self.hostile(seed + 1)],
            ["validate", "scene.json"],
            ["check", "--record", "never", "--reporter", "line,github", "."],
            ["check", "--record", "never", "--list", "."],
            ["render", "scene.json", "--inspect", Self.hostile(seed + 9), "-o", "x.png"],
            ["export", session, "--swift-test", "-o", "t.swift"],
            ["extract-scene", session, "-o", "again.json"],
            ["validate", "again.json"],
        ]
        for arguments in commands {
            let (status, output) = try runTouchscope(arguments, workingDirectory: folder)
            if arguments[0] == "record" { #expect(status == 0, "\(output)") }
            let forged = Self.forgedLines(output)
            #expect(forged.isEmpty, "touchscope \(arguments.prefix(2).joined(separator: " ")): lines formed by data: \(forged.prefix(3))")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(session).path))
    }
}
