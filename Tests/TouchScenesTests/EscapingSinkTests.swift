import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes
@testable import TouchSupport

/// Issue 30.3: data is never code, markup or terminal control. Each sink's escaping function on
/// generated text holding every class of character: the output carries no control, and Swift
/// literals compile to exactly the data.
@Suite("One escaping function per sink")
struct EscapingSinkTests {
    /// Scalars of every class a hostile file uses: C0 (NUL, ESC, CR, VT, FF, BEL), DEL, C1 (CSI,
    /// NEL), bidirectional controls, separators, BOM, quotes and backslashes, markup, non-ASCII.
    static let hostile: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{9D}",
        "\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\u{FEFF}",
        "\"", "'", "\\", "#", "(", ")", "{", "}", "*", "/", "<", ">", "&", ";", "]", "é", "漢", "😀", "a", "Z", "0", " ", "-",
    ]

    static func generated(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandomNumberGenerator(seed: seed)
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                text.unicodeScalars.append(hostile.randomElement(using: &random)!)
            }
            return text
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { InvisibleScalars.contains(scalar) }

    @Test("a trace line (TouchKit's sink) is one visible line: no invisible scalar, not even newline or tab")
    func traceLine() {
        for text in Self.generated(count: 2_000, seed: 5) {
            let out = TraceFormat.oneLine(text)
            #expect(!out.unicodeScalars.contains { Self.isControl($0) }, "\(out.debugDescription)")
        }
        #expect(TraceFormat.oneLine("a\u{202E}b\nc") == "a\\u{202E}b\\nc")
    }

    @Test("terminal text keeps newline and tab and shows every other control as an escape")
    func terminal() {
        for text in Self.generated(count: 2_000, seed: 1) {
            let out = TerminalText.escape(text)
            #expect(!out.unicodeScalars.contains { Self.isControl($0) && $0 != "\n" && $0 != "\t" }, "\(out.debugDescription)")
            #expect(out.unicodeScalars.filter { $0 == "\n" }.count == text.unicodeScalars.filter { $0 == "\n" }.count)
        }
        #expect(TerminalText.escape("\u{1B}]0;owned\u{7}title") == "\\u{1B}]0;owned\\u{7}title")
        #expect(TerminalText.escape("plain text") == "plain text")
    }

    @Test("HTML and XML text has no raw markup character and no control but newline and tab")
    func markup() {
        for text in Self.generated(count: 2_000, seed: 2) {
            for out in [MarkupText.html(text), MarkupText.xml(text)] {
                #expect(!out.contains("<") && !out.contains(">") && !out.contains("\"") && !out.contains("'"))
                #expect(!out.unicodeScalars.contains { Self.isControl($0) && $0 != "\n" && $0 != "\t" })
                // Every & starts an entity this sink writes.
                let ampersands = out.components(separatedBy: "&").dropFirst()
                #expect(ampersands.allSatisfy { ["amp;", "lt;", "gt;", "quot;", "#39;"].contains(where: $0.hasPrefix) })
            }
        }
    }

    @Test("JSON strings carry no control character, and parse back to the data")
    func json() throws {
        for text in Self.generated(count: 500, seed: 3) {
            let literal = JSONWriter.string(text)
            #expect(!literal.unicodeScalars.contains(where: Self.isControl))
            let parsed = try JSONParser.parse(Array(literal.utf8))
            guard case .string(let back) = parsed.kind else {
                Issue.record("not a string: \(literal)")
                continue
            }
            #expect(back == text)
        }
    }

    @Test("identifiers are valid and never keywords", arguments: ["default", "init", "self", "Self", "class", "1st", "", "é漢", "a-b c"])
    func identifiers(name: String) {
        for capitalized in [true, false] {
            let identifier = SwiftSource.identifier(name, capitalized: capitalized)
            #expect(!identifier.isEmpty && !identifier.first!.isNumber)
            #expect(identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            #expect(!SwiftSource.keywords.contains(identifier))
        }
    }

    @Test("generated Swift compiles, and its literals equal the data (the toolchain checks)", .enabled(if: swiftc != nil))
    func swiftCompiles() throws {
        let texts = Self.generated(count: 300, seed: 4) + ["default", "init", "#warning(\"x\")\n#error(\"y\")", "*/ /*", "\\u{1B}"]
        var source = "// Generated from hostile names.\n"
        for (index, text) in texts.enumerated() {
            source += "// \(SwiftSource.comment(text))\n"
            source += "func \(SwiftSource.identifier(text, capitalized: false))\(index)() {}\n"
            source += "struct \(SwiftSource.identifier(text, capitalized: true))Tests\(index) {}\n"
        }
        source += "let values: [String] = [\n" + texts.map { "    " + SwiftSource.stringLiteral($0) + ",\n" }.joined() + "]\n"
        source += "for value in values { print(value.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: \" \")) }\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-sinks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: file)
        let binary = folder.appendingPathComponent("main")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: swiftc!)
        compile.arguments = ["-Onone", "-warnings-as-errors", file.path, "-o", binary.path]
        let errors = Pipe()
        compile.standardError = errors
        try compile.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compile.waitUntilExit()
        #expect(compile.terminationStatus == 0, "\(message)")
        guard compile.terminationStatus == 0 else { return }
        let run = Process()
        run.executableURL = binary
        let output = Pipe()
        run.standardOutput = output
        try run.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        run.waitUntilExit()
        let expected = texts.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
        #expect(Array(lines.prefix(texts.count)).map(String.init) == expected)
    }

    @Test("a workflow command (GitHub annotations) holds its text in one line; the escapes decode back to the visible text")
    func workflowCommand() {
        for text in Self.generated(count: 2_000, seed: 11) {
            let message = WorkflowCommandText.message(text)
            let property = WorkflowCommandText.property(text)
            for out in [message, property] {
                #expect(!out.unicodeScalars.contains { Self.isControl($0) && $0 != "\t" }, "\(out.debugDescription)")
                #expect(!out.contains("\n") && !out.contains("\r"))
            }
            #expect(!property.contains(":") && !property.contains(","), "\(property)")
            // Percent-decoding gives back the text with its invisible scalars made visible.
            let visible = text.unicodeScalars.map { scalar -> String in
                scalar == "\n" || scalar == "\r" || scalar == "\t" || !Self.isControl(scalar)
                    ? String(scalar) : InvisibleScalars.visible(scalar)
            }.joined()
            #expect(property.removingPercentEncoding == visible, "\(text.debugDescription)")
        }
    }
}

/// The Swift compiler of the toolchain running the tests, if it can be found.
let swiftc: String? = {
    let candidates = [
        ProcessInfo.processInfo.environment["SWIFTC"], "/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc",
    ].compactMap { $0 }
    let onPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
    return (candidates + onPath).first { FileManager.default.isExecutableFile(atPath: $0) }
}()
