import Foundation
import TouchKit
import TouchScenes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a session as it happens, so that nothing recorded is ever lost and no half-written
/// file ever carries the final name.
///
/// Contract:
/// - Records go to `<name>.partial` next to the destination, each written to the file the moment
///   it is appended (one `write(2)`, checked), so an input that crashes the engine is already on
///   disk when the engine sees it. `finish()` writes the end record, syncs, and renames the file
///   to the destination in one step; SIGKILL leaves a `.partial` that `SessionLoader` reads.
/// - Every record is checked against the loader's rules before it is written (`RecordSanitizer`):
///   what the recorder writes, the loader reads.
/// - The `.partial` file is locked while recording: a second recorder to the same destination is
///   refused. A `.partial` left by a killed run is kept, renamed with a timestamp (`recovered`).
/// - A failed write (a full disk) stops the recording; `finish()` then throws a `FileError`
///   naming the file, and the destination keeps whatever it held before.
public final class SessionRecorder {
    /// Where the session ends up.
    public let url: URL
    /// Where it is written until `finish()`.
    public let partialURL: URL
    /// Whether trace lines are written too (they make a golden of the recording itself).
    public let includesTrace: Bool
    /// Where a `.partial` file left by an earlier, interrupted recording was moved, if there was one.
    public let recovered: URL?
    public private(set) var isFinished = false
    /// Records written so far (header excluded).
    public private(set) var recordCount = 0
    /// Scene records among them (a scene's `recordIndex` counts the others).
    private var scenesEmbedded = 0
    /// Whether an end record was written (`appendLine`).
    private var hasEnd = false
    /// The first write that failed; the recording stopped there.
    public private(set) var failure: FileError?
    /// What the sanitizer changed (dropped samples, split events, shortened labels), for the user.
    public var adjustments: [String] { sanitizer.adjustments }

    private var descriptor: Int32
    private let start: TimeInterval
    private weak var application: UIApplication?
    private var observerToken: Int?
    private var hitToken: Int?
    private var traceToken: Int?
    private var lastMicros: Int64 = 0
    private var sanitizer = RecordSanitizer()

    /// Creates `<url>.partial`, locks it and writes the header at once.
    ///
    /// Throws when the directory cannot be written, another recorder holds the `.partial`, or
    /// the destination is one of `inputs` (the scene, the script) or not a regular file
    /// (`OutputGuard`).
    public convenience init(
        url: URL, header: SessionHeader, includesTrace: Bool = false, start: TimeInterval = 0, inputs: [String] = []
    ) throws(FileError) {
        try self.init(url: url, headerLine: SessionFormat.line(for: header), includesTrace: includesTrace, start: start, inputs: inputs)
    }

    /// A recorder whose header is a line already written elsewhere (a live link's stream,
    /// `LiveLink`), checked by its reader before it comes here.
    package init(
        url: URL, headerLine: String, includesTrace: Bool = false, start: TimeInterval = 0, inputs: [String] = []
    ) throws(FileError) {
        try OutputGuard.check(url.path, inputs: inputs)
        // `<name>.partial`, the name shortened when it would pass the file system's limit.
        let partialPath = SiblingName.path(nextTo: url.path, suffix: ".partial")
        // A leftover `.partial` is renamed to be kept: never one of the inputs.
        if let input = inputs.first(where: { OutputGuard.isSameFile(partialPath, $0) }) {
            throw FileError(
                path: url.path,
                reason: "its recording is written to \(partialPath) first, which is the input \(input); give another output")
        }
        self.url = url
        self.partialURL = URL(fileURLWithPath: partialPath)
        self.includesTrace = includesTrace
        self.start = start
        let (descriptor, recovered) = try Self.createLockedPartial(partialURL.path)
        self.descriptor = descriptor
        self.recovered = recovered
        write(headerLine)
        if let failure {
            // Not even the header is on disk (a full disk): nothing was recorded, so no
            // `.partial` is left to be "kept" as an interrupted recording that does not load.
            close(descriptor)
            self.descriptor = -1
            unlink(partialURL.path)
            throw failure
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Records every input `application` dispatches from now on (and its trace, if asked),
    /// with times relative to `start`.
    public func attach(to application: UIApplication) {
        detach()
        self.application = application
        observerToken = application.addInputObserver { [weak self] samples, time in
            guard let self else { return }
            self.append(.input(micros: self.micros(time), samples: samples))
        }
        hitToken = application.addHitObserver { [weak self, weak application] finger, view in
            guard let self, let view, let application else { return }
            self.append(.hit(micros: self.micros(application.clock.now), finger: finger, view: view.traceName))
        }
        if includesTrace {
            traceToken = application.trace.addListener { [weak self] entry in
                self?.append(.trace(line: entry.description))
            }
        }
    }

    /// Stops recording what `application` does (a reloaded scene's application takes over with
    /// `attach(to:)`; the file stays open).
    public func detach() {
        guard let application else { return }
        if let token = observerToken { application.removeInputObserver(token) }
        if let token = hitToken { application.removeInputObserver(token) }
        if let token = traceToken { application.trace.removeListener(token) }
        observerToken = nil
        hitToken = nil
        traceToken = nil
        self.application = nil
    }

    /// Whole microseconds since the recording started.
    public func micros(_ time: TimeInterval) -> Int64 {
        max(lastMicros, TraceEntry.micros(from: time - start))
    }

    /// Adds a record; it is checked, then written at once.
    public func append(_ record: SessionRecord) {
        guard !isFinished, failure == nil else { return }
        for line in sanitizer.lines(for: record) {
            if let t = line.micros { lastMicros = max(lastMicros, t) }
            write(SessionFormat.line(for: line))
            recordCount += 1
        }
    }

    /// Adds a line another writer made (a live link's stream), already checked by a session
    /// reader: `micros` is its time, `isEnd` whether it is the end record (then `finish()` adds
    /// none of its own).
    package func appendLine(_ line: String, micros: Int64?, isEnd: Bool) {
        guard !isFinished, failure == nil else { return }
        if let micros { lastMicros = max(lastMicros, micros) }
        write(line)
        recordCount += 1
        if isEnd { hasEnd = true }
    }

    /// Writes `scene` into the session as the scene from this point on (`EmbeddedScene`): call it
    /// once before any input with the scene the recording begins on, and again after each hot
    /// reload. A Swift scene is code, not data: nothing is written (its name in the header is
    /// enough). Returns whether a scene record was written.
    ///
    /// Throws, writing nothing, when the scene's record would be longer than a session reader
    /// takes (`SessionFormat.maximumSceneLineLength`): the session would not read back.
    @discardableResult
    public func embed(_ scene: LoadedScene, at time: TimeInterval? = nil) throws(FileError) -> Bool {
        guard !isFinished, failure == nil, let text = scene.canonicalText else { return false }
        let t = time.map(micros) ?? lastMicros
        let line: String
        do {
            line = try SessionFormat.line(
                for: EmbeddedScene(micros: t, recordIndex: recordCount - scenesEmbedded, hash: scene.contentHash, text: text))
        } catch {
            throw FileError(path: url.path, reason: error.description)
        }
        lastMicros = max(lastMicros, t)
        write(line)
        recordCount += 1
        scenesEmbedded += 1
        return true
    }

    /// Adds a marker now, also noted in the trace so that replays show it at the same place.
    public func mark(_ label: String) {
        mark(label, at: nil)
    }

    /// Adds a marker at `time` (the application's clock; now when nil). Records stay in time
    /// order: a time before the last record written is moved up to it.
    public func mark(_ label: String, at time: TimeInterval?) {
        let now = time ?? application?.clock.now ?? start
        let shown = RecordSanitizer.label(label)
        application?.trace.record(.marker(shown))
        append(.marker(micros: micros(now), label: shown))
    }

    /// Gives up a recording that has recorded nothing yet (its scene could not be embedded):
    /// the `.partial` is removed, the destination is untouched.
    public func abandon() {
        guard !isFinished else { return }
        detach()
        isFinished = true
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(partialURL.path)
    }

    /// Records are written as they are appended; this only makes them durable (fsync).
    public func flush() {
        guard descriptor >= 0, failure == nil else { return }
        if fsync(descriptor) != 0 { failure = FileError.fromErrno(partialURL.path, writing: true) }
    }

    /// Ends the session: writes the end record, syncs, and renames the file into place.
    /// Calling it again does nothing. Throws the first write failure, naming the file; the
    /// `.partial` then keeps what was written.
    @discardableResult
    public func finish() throws(FileError) -> URL {
        guard !isFinished else {
            if let failure { throw failure }
            return url
        }
        if let application {
            if let token = observerToken { application.removeInputObserver(token) }
            if let token = hitToken { application.removeInputObserver(token) }
            if let token = traceToken { application.trace.removeListener(token) }
            append(.end(micros: micros(application.clock.now)))
        } else if !hasEnd {
            append(.end(micros: lastMicros))
        }
        isFinished = true
        flush()
        if let failure { throw failure }
        // rename(2) replaces the destination in one step, whether or not it exists; the lock is
        // held until the file has its final name.
        guard rename(partialURL.path, url.path) == 0 else {
            throw FileError.fromErrno(url.path, writing: true)
        }
        TemporaryFile.syncDirectory(of: url.path)
        close(descriptor)
        descriptor = -1
        return url
    }

    // MARK: Writing

    private func write(_ line: String) {
        guard failure == nil else { return }
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = FileError.fromErrno(partialURL.path, writing: true)
                return
            }
            offset += written
        }
    }

    // MARK: The .partial file

    /// Creates the `.partial` file already locked: a uniquely named file is created and locked
    /// first, then linked to the `.partial` name, so no other process ever sees it unlocked.
    static func createLockedPartial(_ path: String) throws(FileError) -> (Int32, URL?) {
        // `.partial` names are made short enough for this suffix (`SiblingName.reserved`).
        let staging = path + ".\(UInt32.random(in: 0...UInt32.max)).new"
        let fd = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError.fromErrno(path, writing: true) }
        defer { unlink(staging) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let error = FileError.fromErrno(path, writing: true)
            close(fd)
            throw error
        }
        var recovered: URL?
        for _ in 0..<4 {
            if link(staging, path) == 0 { return (fd, recovered) }
            guard errno == EEXIST else {
                let error = FileError.fromErrno(path, writing: true)
                close(fd)
                throw error
            }
            // A .partial exists: another recorder's (locked), or a killed run's leftover.
            let existing = open(path, O_RDONLY | O_CLOEXEC)
            guard existing >= 0 else { continue }
            defer { close(existing) }
            if flock(existing, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                throw FileError(
                    path: path,
                    reason: "another TouchScope is recording to this file now (its .partial is locked); choose another output")
            }
            // An empty leftover holds no recording (the header never reached the disk): removed,
            // not kept.
            var info = stat()
            if fstat(existing, &info) == 0, info.st_size == 0 {
                unlink(path)
                continue
            }
            let kept = leftoverName(for: path)
            guard rename(path, kept) == 0 else {
                let error = FileError.fromErrno(path, writing: true)
                close(fd)
                throw error
            }
            recovered = URL(fileURLWithPath: kept)
        }
        close(fd)
        throw FileError(path: path, reason: "could not create the recording file (it keeps appearing and disappearing)")
    }

    /// `out.session.partial` → `out.interrupted-20261123-153012.session` (with `-2`, ... when taken).
    static func leftoverName(for partialPath: String) -> String {
        var base = partialPath
        if base.hasSuffix(".partial") { base.removeLast(".partial".count) }
        let ext = (base as NSString).pathExtension
        let stem = ext.isEmpty ? base : String(base.dropLast(ext.count + 1))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: Date())
        let suffix = ext.isEmpty ? "" : "." + ext
        var candidate = "\(stem).interrupted-\(stamp)\(suffix)"
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(stem).interrupted-\(stamp)-\(number)\(suffix)"
            number += 1
        }
        return candidate
    }

    /// `preferred` when neither it nor its `.partial` exists, else `<stem>-2.<ext>`, `-3`, ...:
    /// a name for a recording the user did not name exactly (the window's `r`), which never
    /// replaces an earlier recording.
    public static func availablePath(for preferred: String) -> String {
        let manager = FileManager.default
        func taken(_ path: String) -> Bool {
            manager.fileExists(atPath: path) || manager.fileExists(atPath: SiblingName.path(nextTo: path, suffix: ".partial"))
        }
        guard taken(preferred) else { return preferred }
        let ext = (preferred as NSString).pathExtension
        let stem = ext.isEmpty ? preferred : String(preferred.dropLast(ext.count + 1))
        var number = 2
        while true {
            let candidate = "\(stem)-\(number)" + (ext.isEmpty ? "" : "." + ext)
            if !taken(candidate) { return candidate }
            number += 1
        }
    }
}
