import Foundation
import TouchKit

/// A capture's stream, followed live (`touchscope open --connect`, `record --connect`): each
/// line is read as a session reader reads a file (strictly; a line that is not a session record
/// stops the link with its line number) and written to the recording as it arrives, so nothing
/// that arrived is lost. When the link drops, the recording gets a marker saying where, and the
/// link is tried again (once a second, for `reconnectFor` seconds), resuming from the last line
/// received; a line cut short is dropped and sent again.
public final class LiveLink {
    /// Where the link is.
    public enum State: Equatable, Sendable {
        case connected
        /// The link dropped; trying again since `since` (seconds, the process's uptime).
        case reconnecting(since: Double)
        /// The session's end record arrived: the capture stopped.
        case ended
        /// Given up, with why.
        case failed(String)
    }

    public let address: LinkAddress
    public let recordURL: URL
    /// How long a dropped link is tried again, in seconds.
    public var reconnectFor: Double = 30
    /// How long each connection attempt and hello may take, in seconds.
    public var timeout: Double = 5
    public private(set) var state: State = .connected
    /// The app's name, from its hello.
    public private(set) var appName = ""
    /// What happened to the link, one line each, for the caller to show (taken by `takeNews`).
    private var news: [String] = []
    /// Session lines received (the count the server resumes from).
    public private(set) var received = 0
    private var parser: SessionParser
    private var connection: LinkConnection?
    private var recorder: SessionRecorder?
    private var lastAttempt = 0.0
    private let inputs: [String]

    /// Connects to `address` (throws when the first connection fails) and records to `recordURL`
    /// once the session's header arrives; `inputs` are files the recording must not replace.
    public init(address: LinkAddress, recordTo recordURL: URL, inputs: [String] = [], timeout: Double = 5) throws(LinkError) {
        self.address = address
        self.recordURL = recordURL
        self.inputs = inputs
        self.timeout = timeout
        parser = SessionParser(file: "\(address) (live link)")
        let connection = try LinkConnection(address: address, from: 0, timeout: timeout)
        self.connection = connection
        appName = connection.name
        news.append("connected to \(TerminalText.line(appName)) at \(address)")
    }

    /// The session so far, as a reader would load it (touches still down are cancelled at its
    /// end, as in an interrupted recording); nil before the header arrived.
    public var session: Session? {
        guard parser.header != nil else { return nil }
        var copy = parser
        return try? copy.finish()
    }

    /// Whether the stream is over (ended, or given up).
    public var isOver: Bool {
        switch state {
        case .ended, .failed: true
        case .connected, .reconnecting: false
        }
    }

    /// What happened since the last call, one line each.
    public func takeNews() -> [String] {
        defer { news = [] }
        return news
    }

    /// Reads what arrives within `timeout` seconds and records it; returns how many session
    /// lines arrived. Reconnects a dropped link when it is time to.
    @discardableResult
    public func poll(timeout wait: Double) -> Int {
        switch state {
        case .ended, .failed:
            return 0
        case .reconnecting(let since):
            let now = ProcessInfo.processInfo.systemUptime
            if now - since > reconnectFor {
                give(up: "the link to \(address) dropped and did not come back within \(Int(saturating: reconnectFor)) s")
                return 0
            }
            guard now - lastAttempt >= 1 else { return 0 }
            lastAttempt = now
            do {
                connection = try LinkConnection(address: address, from: received, timeout: timeout)
                state = .connected
                news.append("reconnected to \(address); resuming after line \(received)")
            } catch {
                return 0
            }
            return poll(timeout: wait)
        case .connected:
            break
        }
        guard let connection else { return 0 }
        let lines: [String]
        do { lines = try connection.lines(timeout: wait) } catch {
            cut(error == LinkError.closed ? "the app closed the link" : error.message)
            return 0
        }
        var count = 0
        for line in lines {
            guard take(line) else { return count }
            count += 1
            if case .ended = state { break }
        }
        return count
    }

    /// Checks and records one line; false when it stopped the link.
    private func take(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        do { try parser.consume(bytes[...], complete: true) } catch {
            give(
                up:
                    "the app sent a line that is not a session record (\(error.description)); stopped, the recording keeps the \(received) lines before it"
            )
            return false
        }
        received += 1
        if recorder == nil, parser.header != nil {
            do { recorder = try SessionRecorder(url: recordURL, headerLine: line, inputs: inputs) } catch {
                give(up: "cannot record: \(error)")
                return false
            }
            return true
        }
        recorder?.appendLine(line, micros: parser.lastTime, isEnd: parser.ended)
        if let failure = recorder?.failure {
            give(up: "the recording could not be written: \(failure)")
            return false
        }
        if parser.ended {
            state = .ended
            connection = nil
            news.append("the capture stopped; the session is complete (\(received) lines)")
        }
        return true
    }

    private func cut(_ reason: String) {
        connection = nil
        state = .reconnecting(since: ProcessInfo.processInfo.systemUptime)
        lastAttempt = ProcessInfo.processInfo.systemUptime
        news.append("the link dropped after line \(received) (\(reason)); trying again for \(Int(saturating: reconnectFor)) s")
        mark("the live link was cut here (after line \(received): \(reason))")
    }

    private func give(up reason: String) {
        connection = nil
        state = .failed(reason)
        news.append(reason)
    }

    /// A marker in the recording (not in the stream's line count).
    private func mark(_ label: String) {
        guard let recorder else { return }
        recorder.appendLine(
            SessionFormat.line(for: .marker(micros: parser.lastTime, label: RecordSanitizer.label(label))), micros: parser.lastTime, isEnd: false)
    }

    /// Ends the recording: a stream that did not end gets a marker saying where and why it
    /// stops, then an end record. Returns the file, or nil when nothing arrived to record.
    public func finish(reason: String? = nil) throws(FileError) -> URL? {
        connection = nil
        guard let recorder else { return nil }
        if !parser.ended {
            let why: String
            switch state {
            case .failed(let reason): why = reason
            case .reconnecting: why = "the link was down"
            default: why = reason ?? "the recording was stopped"
            }
            mark("the live recording ends here, before the capture stopped: \(why)")
        }
        if case .ended = state {} else if reason != nil { state = .failed(reason ?? "") }
        return try recorder.finish()
    }
}
