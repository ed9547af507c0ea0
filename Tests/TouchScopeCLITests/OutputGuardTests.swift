import Foundation
import Testing
import TouchTestSupport

/// Issue 30.2: whatever a writing command is given as its output, it never destroys one of its
/// inputs or something that is not a regular file, and it names the file it refused.
@Suite("No output destroys an input or a non-file")
struct OutputGuardTests {
    /// A writer: its arguments given an output path, and the inputs it reads (relative to the
    /// scratch folder, which holds a copy of the bundled floating-menu session and scene).
    struct Writer: CustomStringConvertible, Sendable {
        var name: String
        var arguments: @Sendable (String) -> [String]
        var inputs: [String]
        var description: String { name }
    }

    static let writers: [Writer] = [
        Writer(
            name: "replay --update", arguments: { ["replay", "s.session", "--scene", "scene.json", "--update", "--golden", $0] },
            inputs: ["s.session", "scene.json"]),
        Writer(
            name: "export --gif", arguments: { ["export", "s.session", "--scene", "scene.json", "--gif", $0] }, inputs: ["s.session", "scene.json"]),
        Writer(
            name: "export --html", arguments: { ["export", "s.session", "--scene", "scene.json", "--html", $0] }, inputs: ["s.session", "scene.json"]),
        Writer(
            name: "export --swift-test", arguments: { ["export", "s.session", "--scene", "scene.json", "--swift-test", "-o", $0] },
            inputs: ["s.session", "scene.json"]),
        Writer(name: "render -o", arguments: { ["render", "scene.json", "--session", "s.session", "-o", $0] }, inputs: ["s.session", "scene.json"]),
        Writer(name: "record -o", arguments: { ["record", "scene.json", "script.json", "-o", $0] }, inputs: ["scene.json", "script.json"]),
        Writer(name: "import -o", arguments: { ["import", "dump.txt", "-o", $0] }, inputs: ["dump.txt"]),
        Writer(
            name: "check junit -o", arguments: { ["check", "--record", "never", "c.session", "--reporter", "junit", "-o", $0] },
            inputs: ["c.session", "c.session.golden"]),
        Writer(
            name: "check json:FILE", arguments: { ["check", "--record", "never", "c.session", "--reporter", "line,json:" + $0] },
            inputs: ["c.session", "c.session.golden"]),
    ]

    /// Kinds of destination that must be refused, made in `folder`; returns the path to give.
    enum Destination: String, CaseIterable, CustomStringConvertible {
        case sameFile, symbolicLink, hardLink, dotDotPath, fifo, directory, device
        var description: String { rawValue }

        func make(in folder: URL, input: String) throws -> String {
            let target = folder.appendingPathComponent(input).path
            switch self {
            case .sameFile: return input
            case .symbolicLink:
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: target)
                return "link"
            case .hardLink:
                try FileManager.default.linkItem(atPath: target, toPath: folder.appendingPathComponent("hard").path)
                return "hard"
            case .dotDotPath:
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
                return "sub/../" + input
            case .fifo:
                #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o644) == 0)
                return "pipe"
            case .directory:
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
                return "dir"
            case .device: return "/dev/null"
            }
        }
    }

    func scratch() throws -> URL {
        let folder = try scratchDirectory()
        let sessions = repositoryRoot.appendingPathComponent("Scenes/sessions")
        try FileManager.default.copyItem(at: sessions.appendingPathComponent("floating-menu.session"), to: folder.appendingPathComponent("s.session"))
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Scenes/floating-menu.json"), to: folder.appendingPathComponent("scene.json"))
        try Data(#"[{"tap": [100, 100]}]"#.utf8).write(to: folder.appendingPathComponent("script.json"))
        let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("floating-menu.session"), to: folder.appendingPathComponent("c.session"))
        try FileManager.default.copyItem(
            at: goldens.appendingPathComponent("floating-menu.session.golden"), to: folder.appendingPathComponent("c.session.golden"))
        try Data("<UIWindow: 0x7f01; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x1>>\n   | <UIView: 0x7f02; frame = (0 0; 10 10)>\n".utf8)
            .write(to: folder.appendingPathComponent("dump.txt"))
        return folder
    }

    /// Every file of the folder with its bytes (the inputs must not change).
    func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = FileManager.default.contents(atPath: path)
        }
        return files
    }

    @Test("every writer refuses every hostile destination, names it, and changes no input", arguments: writers, Destination.allCases)
    func refusesAndKeepsInputs(writer: Writer, destination: Destination) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for input in writer.inputs {
            if destination == .device && input != writer.inputs[0] { continue }
            let output = try destination.make(in: folder, input: input)
            let before = snapshot(folder)
            let (status, text) = try runTouchscope(writer.arguments(output), workingDirectory: folder)
            #expect(status == 2, "\(writer) -o \(output): exit \(status)\n\(text)")
            // Named as given, or as its absolute form (a URL resolves `sub/..`): its file name is there.
            #expect(text.contains((output as NSString).lastPathComponent), "\(writer): the message names \(output): \(text)")
            #expect(snapshot(folder) == before, "\(writer) -o \(output) changed a file")
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.contains(".touchscope-") } ?? []
            #expect(leftovers.isEmpty, "temporaries left: \(leftovers)")
            for name in ["link", "hard", "pipe", "dir", "sub"] { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        }
    }

    @Test("a temporary left by a killed writer is removed by the next write to that file")
    func leftoverTemporariesAreSwept() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process id that is not running (the kernel's limit is far below).
        let stale = folder.appendingPathComponent("out.png.touchscope-999999999-1.tmp")
        try Data("half".utf8).write(to: stale)
        let (status, text) = try runTouchscope(["render", "scene.json", "-o", "out.png"], workingDirectory: folder)
        #expect(status == 0, "\(text)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    /// Valid names up to the file system's limit of 255 bytes, ASCII and multi-byte. The
    /// temporary beside the output is named by the one atomic writer every command uses: every
    /// writer is run with the name that fills all 255 bytes (the one that leaves its temporary
    /// no room), and two writers, one of them the recorder, with every length and encoding.
    static let longestName = String(repeating: "d", count: 251)
    static let longNames: [String] = [
        String(repeating: "a", count: 225), String(repeating: "b", count: 248),
        String(repeating: "é", count: 120) + String(repeating: "c", count: 9), longestName,
    ]

    @Test("every writer writes a name that fills 255 bytes, and leaves no temporary", arguments: writers)
    func longestName(writer: Writer) throws {
        try writesLongNames([Self.longestName], writer: writer)
    }

    @Test(
        "valid names of every length up to 255 bytes, ASCII and multi-byte, are written and leave no temporary",
        arguments: writers.filter { $0.name == "record -o" || $0.name == "import -o" })
    func longNames(writer: Writer) throws {
        try writesLongNames(Self.longNames, writer: writer)
    }

    private func writesLongNames(_ stems: [String], writer: Writer) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for stem in stems {
            let ext =
                [".png", ".gif", ".html", ".swift", ".session", ".json", ".golden"].first { writer.arguments("X").joined().contains($0) } ?? ".out"
            var name = stem
            while name.utf8.count + ext.utf8.count > 255 { name.removeLast() }
            let output = name + ext
            #expect(output.utf8.count <= 255)
            let (status, text) = try runTouchscope(writer.arguments(output), workingDirectory: folder)
            #expect(status == 0, "\(writer) -o <\(output.utf8.count) bytes>: exit \(status)\n\(text.prefix(600))")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(output).path), "\(writer): \(output.utf8.count) bytes")
            let leftovers =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter {
                    $0.contains(".touchscope-") || $0.hasSuffix(".partial") || $0.hasSuffix(".new")
                } ?? []
            #expect(leftovers.isEmpty, "\(writer): temporaries left: \(leftovers)")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(output))
        }
    }

    @Test("a recording whose .partial name is an input is refused, and the input is neither renamed nor changed")
    func partialNameIsAnInput() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.moveItem(at: folder.appendingPathComponent("script.json"), to: folder.appendingPathComponent("x.session.partial"))
        let before = snapshot(folder)
        let (status, text) = try runTouchscope(["record", "scene.json", "x.session.partial", "-o", "x.session"], workingDirectory: folder)
        #expect(status == 2, "\(text)")
        #expect(text.contains("x.session.partial"), "\(text)")
        #expect(snapshot(folder) == before)
    }
}
