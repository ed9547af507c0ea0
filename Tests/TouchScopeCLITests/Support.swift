import Foundation
import TouchTestSupport

/// The touchscope binary built with these tests (next to the test bundle, or in .build/debug).
let touchscopeBinary: URL = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("touchscope")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/touchscope")
}()

/// A running child process with its output collected line by line.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    let stdin = Pipe()
    private let stdout = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    /// Signalled when the output reaches its end, every byte before it collected (the handler
    /// runs on one queue, one call after another, so the end comes after the last data).
    private let ended = DispatchSemaphore(value: 0)

    init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL = repositoryRoot) throws {
        // A child that exits early closes its end of the stdin pipe; writing then must be an
        // error to check, not a SIGPIPE that kills the test runner.
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        if environment["DISPLAY"] == "" { env.removeValue(forKey: "DISPLAY") }
        process.environment = env
        process.currentDirectoryURL = workingDirectory
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        let ended = ended
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                ended.signal()
                return
            }
            guard let self else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Waits until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    func wait(for timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// Waits for the process to exit; kills it after `timeout` seconds.
    func waitForExit(timeout: TimeInterval = 20) -> Int32 {
        if !wait(for: timeout, until: { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        process.waitUntilExit()
        // Every byte goes through the handler before the end does: wait for the end (a handler
        // call still appending when the handler is taken away would lose its bytes), then stop
        // it and read whatever is left. At most a second: a process the child started may keep
        // the pipe open after the child is gone.
        _ = ended.wait(timeout: .now() + 1)
        stdout.fileHandleForReading.readabilityHandler = nil
        let rest = (try? stdout.fileHandleForReading.readToEnd()) ?? nil
        if let rest, !rest.isEmpty {
            lock.lock()
            collected.append(rest)
            lock.unlock()
        }
        return process.terminationStatus
    }

    func send(_ line: String) {
        sendBytes(Data((line + "\n").utf8))
    }

    /// Writes to the child's standard input; false when the child has closed it.
    @discardableResult
    func sendBytes(_ data: Data) -> Bool {
        do {
            try stdin.fileHandleForWriting.write(contentsOf: data)
            return true
        } catch {
            return false
        }
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Runs touchscope to completion and returns its exit status and output.
func runTouchscope(
    _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL = repositoryRoot
) throws -> (Int32, String) {
    let child = try ChildProcess(touchscopeBinary, arguments, environment: environment, workingDirectory: workingDirectory)
    try? child.stdin.fileHandleForWriting.close()
    // A guard against a hang, not a time limit: a busy machine (a GIF export beside the
    // AddressSanitizer suites, on two cores) took more than 20 s, and the kill read as a failure.
    let status = child.waitForExit(timeout: 120)
    return (status, child.output)
}
