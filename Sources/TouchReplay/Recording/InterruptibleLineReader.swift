#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor (standard input by default) and gives up as soon as
/// `SignalFlag` reports a signal.
///
/// The standard library's `readLine()` retries `getline` when it fails with `EINTR`, so a
/// SIGINT that arrives while it waits is never seen by the caller (and a stream with its
/// error flag set makes it spin). This reader polls the descriptor with a short timeout
/// instead, so the driver's loop sees the flag within `pollInterval` milliseconds.
public struct InterruptibleLineReader {
    private let descriptor: Int32
    private let pollInterval: Int32
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    public init(descriptor: Int32 = 0, pollIntervalMilliseconds: Int32 = 50) {
        self.descriptor = descriptor
        self.pollInterval = pollIntervalMilliseconds
    }

    /// The next line without its newline, or nil at end of input or once a signal arrived.
    /// A last line without a trailing newline is returned at end of input.
    public mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            if SignalFlag.received != nil { return nil }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, pollInterval)
            if ready < 0 {
                if errno == EINTR { continue }
                reachedEnd = true
                continue
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                reachedEnd = true
            }
        }
    }
}
