import Foundation
import Testing

@testable import TouchScenes
@testable import TouchSupport

@Suite("Files: names from data, regular files only")
struct FileTests {
    @Test(
        "a name from a file becomes one safe path component",
        arguments: [
            ("floating-menu", "floating-menu"), ("../../etc/passwd", "etc-passwd"), ("/abs/olute", "abs-olute"),
            ("..", "scene"), ("", "scene"), ("a\u{0}b\nc", "a-b-c"), (".hidden", "hidden"), ("menü 1", "menü-1"),
            (String(repeating: "x", count: 300), String(repeating: "x", count: 64)),
        ])
    func safeNames(name: String, expected: String) {
        let safe = SafeFileName.component(name)
        #expect(safe == expected)
        #expect(!safe.contains("/") && !safe.hasPrefix("."))
    }

    @Test("a directory, a FIFO and a missing file are refused before reading, each said plainly")
    func regularFilesOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, reason) in [
            (directory.path, "it is a directory, not a file; give a regular file"),
            (fifo, "it is a FIFO (named pipe), not a file; give a regular file"),
            (directory.appendingPathComponent("none").path, "no such file"),
        ] {
            #expect(throws: FileError(path: path, reason: reason)) { try RegularFile.contents(of: path, maximumSize: 100) }
        }
    }
}
