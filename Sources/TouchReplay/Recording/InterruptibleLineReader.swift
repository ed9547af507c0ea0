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
///
/// Time is linear in the input: each byte is scanned for a newline once, and a line longer than
/// `maximumLineLength` is refused as soon as that many bytes have arrived without a newline.
package struct InterruptibleLineReader {
    /// A line longer than the limit arrived.
    package struct LineTooLong: Error, Equatable, Sendable, CustomStringConvertible {
        package var line: Int
        package var limit: Int
        package var description: String {
            "line \(line) is longer than \(limit) bytes without a newline; a step is one short JSON object per line"
        }
    }

    private let descriptor: Int32
    private let pollInterval: Int32
    /// Longest line accepted, in bytes (newline excluded).
    package let maximumLineLength: Int
    private var buffer: [UInt8] = []
    /// Start of the line being collected in `buffer`.
    private var lineStart = 0
    /// Bytes of `buffer` before this index hold no newline of the current line.
    private var scanned = 0
    private var reachedEnd = false
    private var linesRead = 0

    package init(descriptor: Int32 = 0, pollIntervalMilliseconds: Int32 = 50, maximumLineLength: Int = 1 << 20) {
        self.descriptor = descriptor
        self.pollInterval = pollIntervalMilliseconds
        self.maximumLineLength = maximumLineLength
    }

    /// The next line without its newline, or nil at end of input or once a signal arrived.
    /// A last line without a trailing newline is returned at end of input, unless a signal
    /// arrived (then it is a line cut off mid-way, and dropped).
    package mutating func next() throws(LineTooLong) -> String? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[lineStart..<end], as: UTF8.self)
                lineStart = newline + 1
                scanned = lineStart
                linesRead += 1
                compact()
                return line
            }
            scanned = buffer.count
            if buffer.count - lineStart > maximumLineLength {
                throw LineTooLong(line: linesRead + 1, limit: maximumLineLength)
            }
            if reachedEnd {
                // A line cut off by a signal (the writer in the same process group died with
                // us) is not a step: it is dropped, not parsed.
                guard lineStart < buffer.count, SignalFlag.received == nil else { return nil }
                defer {
                    buffer.removeAll()
                    lineStart = 0
                    scanned = 0
                }
                linesRead += 1
                return String(decoding: buffer[lineStart...], as: UTF8.self)
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
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                reachedEnd = true
            }
        }
    }

    /// Drops consumed lines from the front of the buffer once they are most of it.
    private mutating func compact() {
        guard lineStart > 65_536, lineStart * 2 > buffer.count else { return }
        buffer.removeSubrange(..<lineStart)
        scanned -= lineStart
        lineStart = 0
    }
}
