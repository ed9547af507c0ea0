import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

/// A small tmpfs, mounted for one test: a disk that fills up. Needs root (CI runs as root);
/// `TOUCHSCOPE_REQUIRE_TMPFS=1` makes a failed mount a failure instead of a skip.
final class TinyDisk {
    let directory: URL

    init?(kilobytes: Int) {
        guard let scratch = try? scratchDirectory() else { return nil }
        directory = scratch
        let status = Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", scratch.path])
        guard status == 0 else { return nil }
    }

    deinit {
        _ = Self.run(["/bin/umount", directory.path])
    }

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Whether a tmpfs can be mounted here (tried once).
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["TOUCHSCOPE_REQUIRE_TMPFS"] == "1" { return true }
        return TinyDisk(kilobytes: 64) != nil
    }()
}

@Suite("A full disk is an error, never a lost or partial file", .enabled(if: TinyDisk.isAvailable), .serialized)
struct FullDiskTests {
    @Test("record on a full disk exits 2 naming the file; the previous recording is intact")
    func recordOnFullDisk() throws {
        let disk = try #require(TinyDisk(kilobytes: 200), "cannot mount a tmpfs (run as root)")
        let output = disk.directory.appendingPathComponent("out.session")
        try "previous recording\n".write(to: output, atomically: false, encoding: .utf8)
        let scripts = try scratchDirectory()
        let script = scripts.appendingPathComponent("big.json")
        let step = #"{"drag": {"from": [100, 300], "to": [300, 300], "duration": 0.5, "steps": 500}}"#
        try ("[" + Array(repeating: step, count: 40).joined(separator: ",") + "]").write(to: script, atomically: true, encoding: .utf8)
        let (status, text) = try runTouchscope(["record", "kitchen-sink", "--script", script.path, "-o", output.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains("out.session.partial: the disk is full (no space left on device)"), "\(text)")
        #expect(!text.contains("wrote "), "\(text)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous recording\n")
    }

    @Test("render on a full disk exits 2 and leaves no picture, not even an empty one")
    func renderOnFullDisk() throws {
        let disk = try #require(TinyDisk(kilobytes: 32), "cannot mount a tmpfs (run as root)")
        let png = disk.directory.appendingPathComponent("big.png")
        let (status, text) = try runTouchscope(["render", "kitchen-sink", "--width", "2000", "-o", png.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains("the disk is full"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.directory.path).isEmpty)
    }

    @Test("export --mp4 on a full disk exits 2, says so, and a good MP4 already there is kept")
    func mp4OnFullDisk() throws {
        let good = try scratchDirectory().appendingPathComponent("good.mp4")
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/floating-menu.session").path
        let (made, madeText) = try runTouchscope(["export", session, "--mp4", good.path, "--to", "0.3", "--fps", "10"])
        #expect(made == 0, "\(madeText)")
        let goodBytes = try Data(contentsOf: good)
        for kilobytes in [48, 96] {
            let disk = try #require(TinyDisk(kilobytes: kilobytes), "cannot mount a tmpfs (run as root)")
            let output = disk.directory.appendingPathComponent("out.mp4")
            try goodBytes.write(to: output)
            let (status, text) = try runTouchscope(["export", session, "--mp4", output.path, "--to", "3", "--fps", "10"])
            #expect(status == 2, "\(kilobytes) KiB: \(text)")
            #expect(!text.contains("wrote "), "\(text)")
            #expect(try Data(contentsOf: output) == goodBytes, "\(kilobytes) KiB: the MP4 there was replaced")
            let names = try FileManager.default.contentsOfDirectory(atPath: disk.directory.path)
            #expect(names == ["out.mp4"], "\(names)")
        }
    }

    @Test("check's reports on a full disk: exit 2, each named, no partial report")
    func checkReportsOnFullDisk() throws {
        let folder = try scratchDirectory()
        let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
        for ext in [".session", ".session.golden"] {
            try FileManager.default.copyItem(at: goldens.appendingPathComponent("kitchen-sink" + ext), to: folder.appendingPathComponent("k" + ext))
        }
        let disk = try #require(TinyDisk(kilobytes: 8), "cannot mount a tmpfs (run as root)")
        try Data(repeating: 0x20, count: 7 * 1024).write(to: disk.directory.appendingPathComponent("filler"))
        let junit = disk.directory.appendingPathComponent("r.xml").path
        let json = disk.directory.appendingPathComponent("r.json").path
        let (status, text) = try runTouchscope(
            ["check", "--record", "never", "--reporter", "line,junit:\(junit),json:\(json)"], workingDirectory: folder)
        #expect(status == 2, "\(text)")
        #expect(text.contains("cannot write the junit report") && text.contains("the disk is full"), "\(text)")
        let names = try FileManager.default.contentsOfDirectory(atPath: disk.directory.path)
        #expect(names == ["filler"], "\(names)")
    }

    @Test("the recorder stops at the first failed write and finish() throws; the .partial keeps what was written")
    func recorderFailure() throws {
        let disk = try #require(TinyDisk(kilobytes: 16), "cannot mount a tmpfs (run as root)")
        let scene = try SceneCatalog.bundled().load("kitchen-sink")
        let simulator = scene.makeSimulator()
        let url = disk.directory.appendingPathComponent("r.session")
        let recorder = try SessionRecorder(
            url: url,
            header: SessionHeader(sceneName: "kitchen-sink", sceneHash: scene.contentHash, windowSize: CGSize(width: 390, height: 844), started: ""))
        recorder.attach(to: simulator.application)
        for _ in 0..<100 { simulator.drag(from: CGPoint(x: 50, y: 250), to: CGPoint(x: 90, y: 250), duration: 0.2, steps: 20) }
        #expect(recorder.failure?.reason == "the disk is full (no space left on device)")
        #expect(throws: FileError.self) { try recorder.finish() }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let partial = try SessionLoader.load(contentsOf: recorder.partialURL)
        #expect(partial.inputs.count > 10)
    }

    @Test("AtomicFile on a full disk throws and leaves neither a partial file nor a temporary one")
    func atomicFile() throws {
        let disk = try #require(TinyDisk(kilobytes: 16), "cannot mount a tmpfs (run as root)")
        let path = disk.directory.appendingPathComponent("a.txt").path
        try AtomicFile.write("old", to: path, inputs: [])
        #expect(throws: FileError.self) { try AtomicFile.write([UInt8](repeating: 65, count: 64 << 10), to: path, inputs: []) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.directory.path) == ["a.txt"])
    }
}
