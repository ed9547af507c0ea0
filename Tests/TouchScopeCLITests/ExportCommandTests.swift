import Foundation
import Testing
import TouchTestSupport

@Suite("touchscope export: GIF, MP4 and HTML")
struct ExportCommandTests {
    static let demo = "Scenes/sessions/floating-menu.session"

    @Test("--gif writes a GIF whole; --from and --to pick the stretch; --width scales it")
    func gif() throws {
        let directory = try scratchDirectory()
        let out = directory.appendingPathComponent("demo.gif").path
        let (status, output) = try runTouchscope(["export", Self.demo, "--gif", out, "--from", "1", "--to", "2", "--width", "375"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("wrote \(out): GIF"), "\(output)")
        let bytes = try #require(FileManager.default.contents(atPath: out))
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
        // The logical screen is 375 wide (little-endian at offset 6).
        #expect(Int(bytes[6]) | Int(bytes[7]) << 8 == 375)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["demo.gif"], "no temporary file left")
    }

    @Test(
        "bad stretches and rates are usage errors (64); nothing is written",
        arguments: [
            (["--from", "2", "--to", "1"], "--from (2.0 s) must come before --to (1.0 s)"),
            (["--fps", "0"], "--fps must be from 1.0 to 60.0"),
            (["--speed", "100"], "--speed must be from 0.05 to 20"),
            (["--from", "99"], "past the session's end"),
        ])
    func badOptions(arguments: [String], message: String) throws {
        let directory = try scratchDirectory()
        let out = directory.appendingPathComponent("x.gif").path
        let (status, output) = try runTouchscope(["export", Self.demo, "--gif", out] + arguments)
        #expect(status == 64, "\(output)")
        #expect(output.contains(message), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("one export at a time, and a path that cannot be written exits 2 leaving nothing")
    func choices() throws {
        let (both, bothOutput) = try runTouchscope(["export", Self.demo, "--gif", "/tmp/a.gif", "--html", "/tmp/a.html"])
        #expect(both == 64, "\(bothOutput)")
        #expect(bothOutput.contains("export one thing at a time"))
        let (missing, missingOutput) = try runTouchscope(["export", Self.demo, "--gif", "/nonexistent/dir/a.gif"])
        #expect(missing == 2, "\(missingOutput)")
        #expect(missingOutput.contains("/nonexistent/dir"), "\(missingOutput)")
    }

    @Test("--mp4 without ffmpeg exits 2 and says how to install it")
    func mp4WithoutFFmpeg() throws {
        let directory = try scratchDirectory()
        let out = directory.appendingPathComponent("demo.mp4").path
        let (status, output) = try runTouchscope(["export", Self.demo, "--mp4", out], environment: ["PATH": "/nonexistent"])
        #expect(status == 2, "\(output)")
        #expect(output.contains("apt-get install ffmpeg"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(
        "--mp4 with ffmpeg: H.264 in yuv420p, even dimensions, playable",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe")))
    func mp4() throws {
        let directory = try scratchDirectory()
        let out = directory.appendingPathComponent("demo.mp4").path
        let (status, output) = try runTouchscope(["export", Self.demo, "--mp4", out, "--to", "1"])
        #expect(status == 0, "\(output)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,pix_fmt,width,height,nb_frames", "-of", "csv=p=0", out,
        ]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        #expect(text.hasPrefix("h264,750,892,yuv420p,21"), "\(text)")
    }

    @Test("--html writes one self-contained page under 5 MB")
    func html() throws {
        let directory = try scratchDirectory()
        let out = directory.appendingPathComponent("report.html").path
        let (status, output) = try runTouchscope(["export", Self.demo, "--html", out])
        #expect(status == 0, "\(output)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.utf8.count <= 5_000_000)
        #expect(text.contains("Content-Security-Policy"))
        #expect(!text.contains("http://") && !text.contains("https://"), "nothing to fetch")
        #expect(text.contains("menu: share"))
    }
}

@Suite("touchscope export -o")
struct ExportOutputTests {
    @Test("-o picks what to write from its extension; an unknown extension is a usage error")
    func outputExtension() throws {
        let directory = try scratchDirectory()
        let gif = directory.appendingPathComponent("menu.gif").path
        let (status, output) = try runTouchscope(["export", ExportCommandTests.demo, "-o", gif, "--to", "0.5"])
        #expect(status == 0, "\(output)")
        #expect(FileManager.default.contents(atPath: gif)?.starts(with: Array("GIF89a".utf8)) == true)
        let (bad, badOutput) = try runTouchscope(["export", ExportCommandTests.demo, "-o", directory.appendingPathComponent("menu.txt").path])
        #expect(bad == 64, "\(badOutput)")
        #expect(badOutput.contains("name a .gif, .mp4, .html or .swift file"))
    }
}
