import Foundation
import Testing
import TouchTestSupport

/// Long work stops cleanly and keeps what it finished: a signal ends any command within about a
/// second with 128 + N; `check` prints each result as it finishes and, on a signal, writes every
/// report with what finished and the rest marked not run; an export's cap weighs pixels, not
/// only frames.
@Suite("Long work stops cleanly")
struct StopsCleanlyTests {
    /// A long session on the bundled kitchen sink (3,000 drags, 186,000 records; a few seconds
    /// of replay in a debug build).
    static func longSession() -> String {
        var lines = [
            #"{"format":"touchscope.session","version":1,"tool":"t","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
        ]
        var t = 0
        for _ in 0..<3000 {
            lines.append(#"{"t":\#(t),"type":"input","touches":[{"finger":1,"phase":"began","x":200,"y":400}]}"#)
            for i in 0..<60 {
                t += 8000
                lines.append(#"{"t":\#(t),"type":"input","touches":[{"finger":1,"phase":"moved","x":\#(200 + i % 50),"y":\#(400 + i)}]}"#)
            }
            t += 8000
            lines.append(#"{"t":\#(t),"type":"input","touches":[{"finger":1,"phase":"ended","x":200,"y":460}]}"#)
            t += 100_000
        }
        lines.append(#"{"t":\#(t),"type":"end"}"#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Waits until the child has exited and returns its status and how long it took after the signal.
    func stop(_ child: ChildProcess, with signal: Int32) -> (Int32, TimeInterval) {
        let sent = Date()
        child.signal(signal)
        let status = child.waitForExit(timeout: 10)
        return (status, Date().timeIntervalSince(sent))
    }

    @Test("a command with nothing to finish stops at once with 128 + N")
    func plainCommandsStop() throws {
        let folder = try scratchDirectory()
        try write(Self.longSession(), to: folder.appendingPathComponent("long.session"))
        for (arguments, signal) in [(["trace", "long.session"], SIGTERM), (["replay", "long.session"], SIGINT)] {
            let child = try ChildProcess(touchscopeBinary, arguments, workingDirectory: folder)
            Thread.sleep(forTimeInterval: 0.5)
            let (status, took) = stop(child, with: signal)
            #expect(status == 128 + signal || child.process.terminationReason == .uncaughtSignal, "\(arguments): \(status)")
            #expect(took < 1.5, "\(arguments) took \(took) s to stop")
        }
    }

    @Test("an interrupted check prints what finished, writes every report with the rest not run, and exits 128 + N")
    func interruptedCheckKeepsWhatFinished() throws {
        let folder = try scratchDirectory()
        // The long one sorts first; its golden is a header (it differs, after a long replay).
        try write(Self.longSession(), to: folder.appendingPathComponent("a-long.session"))
        try write(
            #"{"format":"touchscope.golden","version":1,"session":"a-long.session","scene":{"name":"kitchen-sink","hash":"x"},"records":0}"# + "\n",
            to: folder.appendingPathComponent("a-long.session.golden"))
        let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
        for name in ["touch-up-inside", "floating-menu", "frame-mask"] {
            for ext in [".session", ".session.golden"] {
                try FileManager.default.copyItem(
                    at: goldens.appendingPathComponent(name + ext), to: folder.appendingPathComponent("b-" + name + ext))
            }
        }
        let child = try ChildProcess(
            touchscopeBinary, ["check", "--record", "never", "-j", "2", "--reporter", "line,junit:r.xml,json:r.json"], workingDirectory: folder)
        // The short sessions' lines come as they finish, before the long one's.
        #expect(child.wait(for: 20) { child.output.components(separatedBy: "ok     b-").count == 4 }, "\(child.output)")
        #expect(!child.output.contains("a-long.session"))
        let (status, took) = stop(child, with: SIGINT)
        #expect(status == 130, "\(child.output)")
        #expect(took < 1.5, "took \(took) s to stop")
        let junit = try String(contentsOf: folder.appendingPathComponent("r.xml"), encoding: .utf8)
        #expect(junit.contains("a-long.session") && junit.contains("not run: the check was stopped by signal 2"), "\(junit)")
        #expect(junit.components(separatedBy: "<testcase ").count == 5, "\(junit)")
        let json = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
        #expect(json.contains("\"passed\" : 3") || json.contains("\"passed\": 3") || json.contains("\"passed\":3"), "\(json)")
        #expect(child.output.contains("stopped by signal 2: 3 sessions finished, 1 not run"), "\(child.output)")
    }

    @Test("an HTML export stops within a second of SIGTERM and writes nothing")
    func htmlExportStops() throws {
        let folder = try scratchDirectory()
        try write(Self.longSession(), to: folder.appendingPathComponent("long.session"))
        let child = try ChildProcess(touchscopeBinary, ["export", "long.session", "--html", "r.html"], workingDirectory: folder)
        Thread.sleep(forTimeInterval: 1.0)
        let (status, took) = stop(child, with: SIGTERM)
        #expect(status == 128 + SIGTERM, "\(child.output)")
        #expect(took < 1.5, "took \(took) s to stop")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.html").path))
    }

    @Test("an export's cap weighs pixels: few frames at a huge width are refused before drawing")
    func capWeighsPixels() throws {
        let folder = try scratchDirectory()
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/floating-menu.session"),
            to: folder.appendingPathComponent("s.session"))
        let (status, output) = try runTouchscope(
            ["export", "s.session", "--gif", "x.gif", "--width", "4096", "--fps", "60", "--speed", "0.05"], workingDirectory: folder)
        #expect(status == 2, "\(output)")
        #expect(output.contains("more drawing than an export does"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.gif").path))
    }
}
