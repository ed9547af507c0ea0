import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

@Suite("A recording survives SIGKILL and finishes cleanly on SIGINT")
struct RecordingSignalTests {
    /// Starts `touchscope record --stdin`, sends three steps and waits until they are on disk.
    func startRecording(in directory: URL) throws -> (ChildProcess, URL) {
        let output = directory.appendingPathComponent("live.session")
        let child = try ChildProcess(touchscopeBinary, ["record", "--scene", "kitchen-sink", "--stdin", "-o", output.path])
        child.send(#"{"tap": [70, 442]}"#)
        child.send(#"{"wait": 0.2}"#)
        child.send(#"{"down": [50, 250], "finger": "a"}"#)
        let partial = output.appendingPathExtension("partial")
        let flushed = child.wait(for: 20) {
            let text = (try? String(contentsOf: partial, encoding: .utf8)) ?? ""
            return text.components(separatedBy: "\"type\":\"input\"").count - 1 >= 3
        }
        #expect(flushed, "the steps reached the .partial file; output: \(child.output)")
        return (child, output)
    }

    @Test("SIGKILL mid-stream leaves a loadable .partial file with everything flushed")
    func killed() throws {
        let directory = try scratchDirectory()
        let (child, output) = try startRecording(in: directory)
        child.signal(SIGKILL)
        _ = child.waitForExit()
        #expect(!FileManager.default.fileExists(atPath: output.path), "no half-written file under the final name")
        let session = try SessionLoader.load(contentsOf: output.appendingPathExtension("partial"))
        #expect(session.inputs.count == 4)
        #expect(session.warnings.contains("no end record (the recording was interrupted); the session ends at its last record"))
        #expect(session.warnings.contains { $0.hasPrefix("finger 2 began") })
    }

    @Test("SIGINT finishes the recording: the final file is complete and loads without repairs; exit 130")
    func interrupted() throws {
        let directory = try scratchDirectory()
        let (child, output) = try startRecording(in: directory)
        child.signal(SIGINT)
        let status = child.waitForExit()
        #expect(status == 130, "\(child.output)")
        #expect(child.output.contains("stopped by signal 2"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathExtension("partial").path))
        let session = try SessionLoader.load(contentsOf: output)
        #expect(session.records.last == .end(micros: 250_000))
        #expect(session.warnings == ["finger 2 began (line 6) and never ended; cancelled it at 0.250000 s"])
    }

    @Test("a signal mid-line: the cut-off line is dropped, not parsed; the steps before it are kept; exit 128+signal", arguments: [SIGINT, SIGTERM])
    func interruptedMidLine(signal: Int32) throws {
        let directory = try scratchDirectory()
        let (child, output) = try startRecording(in: directory)
        child.sendBytes(Data(#"{"tap": [70, "#.utf8))
        child.signal(signal)
        // The writer dies with the process group: standard input closes on the half line.
        try? child.stdin.fileHandleForWriting.close()
        let status = child.waitForExit()
        #expect(status == 128 + signal, "\(child.output)")
        #expect(child.output.contains("stopped by signal \(signal)"), "\(child.output)")
        #expect(!child.output.contains("line 4"), "the cut-off line is not reported as a bad step: \(child.output)")
        let session = try SessionLoader.load(contentsOf: output)
        #expect(session.inputs.count == 4)
    }
}
