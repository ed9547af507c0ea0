import Foundation
import TouchKit
import TouchScenes

/// Writes a session as it happens, so that nothing recorded is ever lost and no half-written
/// file ever carries the final name.
///
/// Contract: records go to `<name>.partial` next to the destination, line by line; the buffer
/// is written out every `flushInterval` records, at every marker, and on `flush()`; `finish()`
/// writes the end record, syncs the file and renames it to the destination in one step. A crash,
/// or SIGKILL, leaves the `.partial` file holding everything up to the last flush, which
/// `SessionLoader` reads (repairing the cut-off end). Drivers call `finish()` on quit and on
/// SIGINT/SIGTERM (see `SignalFlag`).
public final class SessionRecorder {
    /// Where the session ends up.
    public let url: URL
    /// Where it is written until `finish()`.
    public let partialURL: URL
    /// Records between automatic flushes. Default 32.
    public var flushInterval = 32
    /// Whether trace lines are written too (they make a golden of the recording itself).
    public let includesTrace: Bool
    public private(set) var isFinished = false
    /// Records written so far (header excluded).
    public private(set) var recordCount = 0

    private let handle: FileHandle
    private var buffer = Data()
    private var unflushed = 0
    private let start: TimeInterval
    private weak var application: UIApplication?
    private var observerToken: Int?
    private var traceToken: Int?
    private var lastMicros: Int64 = 0

    /// Opens `<url>.partial` and writes the header at once.
    public init(url: URL, header: SessionHeader, includesTrace: Bool = false, start: TimeInterval = 0) throws {
        self.url = url
        self.partialURL = url.appendingPathExtension("partial")
        self.includesTrace = includesTrace
        self.start = start
        let manager = FileManager.default
        if manager.fileExists(atPath: partialURL.path) { try manager.removeItem(at: partialURL) }
        guard manager.createFile(atPath: partialURL.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partialURL.path])
        }
        handle = try FileHandle(forWritingTo: partialURL)
        buffer.append(contentsOf: Array((SessionFormat.line(for: header) + "\n").utf8))
        flush()
    }

    /// Records every input `application` dispatches from now on (and its trace, if asked),
    /// with times relative to `start`.
    public func attach(to application: UIApplication) {
        self.application = application
        observerToken = application.addInputObserver { [weak self] samples, time in
            guard let self else { return }
            self.append(.input(micros: self.micros(time), samples: samples))
        }
        if includesTrace {
            traceToken = application.trace.addListener { [weak self] entry in
                self?.append(.trace(line: entry.description))
            }
        }
    }

    /// Whole microseconds since the recording started.
    public func micros(_ time: TimeInterval) -> Int64 {
        max(lastMicros, TraceEntry.micros(from: time - start))
    }

    /// Adds a record (buffered).
    public func append(_ record: SessionRecord) {
        guard !isFinished else { return }
        if let t = record.micros { lastMicros = max(lastMicros, t) }
        buffer.append(contentsOf: Array((SessionFormat.line(for: record) + "\n").utf8))
        recordCount += 1
        unflushed += 1
        if case .marker = record { flush() } else if unflushed >= flushInterval { flush() }
    }

    /// Adds a marker now, also noted in the trace so that replays show it at the same place.
    public func mark(_ label: String) {
        let now = application?.clock.now ?? start
        application?.trace.note("marker: \(label)")
        append(.marker(micros: micros(now), label: label))
    }

    /// Writes buffered records to the `.partial` file.
    public func flush() {
        guard !buffer.isEmpty else { return }
        try? handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
        unflushed = 0
    }

    /// Ends the session: writes the end record, syncs, and renames the file into place.
    /// Calling it again does nothing.
    @discardableResult
    public func finish() throws -> URL {
        guard !isFinished else { return url }
        if let application {
            if let token = observerToken { application.removeInputObserver(token) }
            if let token = traceToken { application.trace.removeListener(token) }
            append(.end(micros: micros(application.clock.now)))
        } else {
            append(.end(micros: lastMicros))
        }
        isFinished = true
        flush()
        try handle.synchronize()
        try handle.close()
        // rename(2) replaces the destination in one step, whether or not it exists.
        guard rename(partialURL.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        return url
    }
}
