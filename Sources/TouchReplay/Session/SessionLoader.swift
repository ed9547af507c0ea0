import Foundation
import TouchKit
import TouchScenes

/// Reads session files, strictly: every problem is an error with its line, except the two ways
/// an interrupted recording ends, which are repaired and reported as warnings (a cut-off last
/// line is dropped; touches that never ended are cancelled at the end).
///
/// Reading streams the file in chunks and refuses oversized files and lines before reading
/// them, so memory stays bounded whatever the file holds.
public enum SessionLoader {
    /// Largest session file read, in bytes: what `SessionFormat.maximumRecordCount` records take
    /// with room to spare. TouchScope's choice, so that whatever loads also replays in bounded
    /// memory (about 200 MB at the limit; the one-hour benchmark session peaks near 80 MB).
    public static let maximumFileSize = 256 << 20

    /// Upgrade steps, by the version they upgrade from (each turns a record of version n into
    /// version n + 1). Version 2 only added the `hit` record, so a version 1 record is already a
    /// version 2 record.
    /// Version 4 only changed how a scene record writes its scene (an object instead of a
    /// string), and the reader takes both.
    /// Version 5 only added the `device` record.
    static let upgrades: [Int: @Sendable (JSONValue) -> JSONValue] = [1: { $0 }, 2: { $0 }, 3: { $0 }, 4: { $0 }]

    /// Whether a line that begins with `bytes` is a `scene` record (its time and type first, as
    /// the writer puts them), which may be as long as `SessionFormat.maximumSceneLineLength`.
    static func isSceneRecord(_ bytes: some Collection<UInt8>) -> Bool {
        let start = bytes.prefix(48).filter { $0 != 0x20 }
        return String(decoding: start, as: UTF8.self).contains("\"type\":\"scene\"")
    }

    /// The longest a line beginning with `bytes` may be.
    static func lineLimit(_ bytes: some Collection<UInt8>) -> Int {
        isSceneRecord(bytes) ? SessionFormat.maximumSceneLineLength : SessionFormat.maximumLineLength
    }

    /// Loads the session file at `url`. Only a regular file is read (a FIFO or a device is
    /// refused before reading), in chunks, with the size and line limits checked as it goes.
    public static func load(contentsOf url: URL) throws(SessionLoadError) -> Session {
        let file = url.path
        let reader: RegularFile
        do {
            reader = try RegularFile(path: file, maximumSize: maximumFileSize, what: "session file")
        } catch {
            throw SessionLoadError(file: file, line: 0, error.reason)
        }
        var parser = SessionParser(file: file)
        do {
            return try read(reader, into: &parser)
        } catch {
            // A pretty-printed scene fails on its first line; say what the file is.
            if parser.header == nil, isScene(file) { throw SessionLoadError(file: file, line: 1, sceneNotSession) }
            throw error
        }
    }

    /// Whether the file at `path` is a TouchScope scene.
    static func isScene(_ path: String) -> Bool {
        guard let bytes = try? RegularFile.contents(of: path, maximumSize: SceneDecoder.maximumFileSize, what: "scene file") else { return false }
        return FileKind(of: bytes) == .scene
    }

    static func read(_ reader: RegularFile, into parser: inout SessionParser) throws(SessionLoadError) -> Session {
        let file = parser.file
        var pending: [UInt8] = []
        // Where the search for the next newline goes on: a long line (a scene record, up to
        // 64 MiB) arriving a chunk at a time is scanned once, not once a chunk.
        var scanned = 0
        while true {
            let chunk: [UInt8]
            do { chunk = try reader.read(upTo: 1 << 20) } catch { throw SessionLoadError(file: file, line: 0, error.reason) }
            if chunk.isEmpty { break }
            // A command that finishes its work on a signal stops reading within a megabyte.
            if let signal = SignalFlag.received {
                throw SessionLoadError(file: file, line: parser.lineNumber, "not read to its end: stopped by signal \(signal)")
            }
            pending.append(contentsOf: chunk)
            var start = 0
            while let newline = pending[max(start, scanned)...].firstIndex(of: 0x0A) {
                try parser.consume(pending[start..<newline], complete: true)
                start = newline + 1
            }
            scanned = pending.count - start
            pending.removeFirst(start)
            let limit = lineLimit(pending)
            if pending.count > limit {
                throw SessionLoadError(file: file, line: parser.lineNumber + 1, tooLong(limit))
            }
        }
        if !pending.isEmpty { try parser.consume(pending[...], complete: false) }
        return try parser.finish()
    }

    static func tooLong(_ limit: Int) -> String {
        limit == SessionFormat.maximumLineLength
            ? "the line is longer than \(limit) bytes; a session record is a short JSON object"
            : "the scene record is longer than \(limit) bytes, more than a scene file may be"
    }

    /// What a scene given where a session goes is told.
    static let sceneNotSession =
        "this is a scene (\"format\": \"\(SceneDescription.formatName)\"), not a session; record a session on it with `touchscope record SCENE SCRIPT -o FILE.session` or `touchscope open SCENE --record FILE.session`"

    /// Loads a session from its text (tests, tools).
    public static func load(text: String, file: String = "session") throws(SessionLoadError) -> Session {
        var parser = SessionParser(file: file)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            if isLast && line.isEmpty { break }
            let limit = lineLimit(line.utf8)
            guard line.utf8.count <= limit else {
                throw SessionLoadError(file: file, line: index + 1, tooLong(limit))
            }
            try parser.consume(Array(line.utf8)[...], complete: !isLast)
        }
        return try parser.finish()
    }
}

/// The state of reading one session.
struct SessionParser {
    let file: String
    var lineNumber = 0
    var header: SessionHeader? {
        didSet { hasHeader = header != nil }
    }
    /// Whether the header was read: what each line asks, without copying the header.
    private(set) var hasHeader = false
    var records = SessionRecords()
    /// The touches of the canonical input line being read, and its samples: kept from line to
    /// line so that reading one allocates nothing.
    private var touchBuffer: [CanonicalInputLine.Touch] = []
    private var sampleBuffer: [TouchSample] = []
    var warnings: [String] = []
    var scenes: [EmbeddedScene] = []
    /// The device records (`DeviceRecord`), in file order.
    var device: [DeviceRecord] = []
    /// The records the reloads read so far make a replay run again (`maximumReloadReplayRecords`).
    var reloadReplayRecords = 0
    var lastTime: Int64 = 0
    var ended = false
    /// Fingers down now, with the line where each began and its last location.
    var down: [Int: (line: Int, location: CGPoint)] = [:]

    init(file: String) {
        self.file = file
    }

    func error(_ message: String) -> SessionLoadError {
        SessionLoadError(file: file, line: lineNumber, message)
    }

    /// One line; `complete` is false for a last line with no newline after it.
    mutating func consume(_ bytes: ArraySlice<UInt8>, complete: Bool) throws(SessionLoadError) {
        lineNumber += 1
        // Most lines of a long session are input records as the writer spells them: ASCII, not
        // blank, read without a JSON tree.
        if hasHeader, let t = CanonicalInputLine.parse(bytes, into: &touchBuffer) {
            try checkRoomForRecord()
            try readCanonicalInput(t: t)
            return
        }
        // Blank lines are skipped wherever they stand.
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
        if bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil {
            if !complete && hasHeader {
                warnings.append("line \(lineNumber) is cut short (the recording was interrupted); dropped it")
                return
            }
            throw error("the line is not valid UTF-8 text; a session file is UTF-8 JSON Lines")
        }
        let value: JSONValue
        do {
            // A scene record holds a whole scene, as deep as the scene reader allows.
            let depth = hasHeader && SessionLoader.isSceneRecord(bytes) ? JSONParser.defaultMaximumDepth + 2 : 8
            value = try JSONParser.parse(Array(bytes), maximumDepth: depth)
        } catch {
            if !complete && hasHeader {
                warnings.append("line \(lineNumber) is cut short (the recording was interrupted); dropped it")
                return
            }
            throw self.error("not a JSON record: \(error.message) (column \(error.column))")
        }
        if !hasHeader {
            header = try readHeader(value)
            return
        }
        try checkRoomForRecord()
        var record = value
        if let version = header?.version {
            for from in version..<SessionFormat.version { record = SessionLoader.upgrades[from]?(record) ?? record }
        }
        try readRecord(record)
    }

    mutating func finish() throws(SessionLoadError) -> Session {
        guard let header else {
            throw SessionLoadError(file: file, line: 0, "the file is empty; expected a header record with \"format\": \"touchscope.session\"")
        }
        if !ended {
            warnings.append("no end record (the recording was interrupted); the session ends at its last record")
        }
        let endTime = lastTime
        let unfinished = down.keys.sorted()
        if !unfinished.isEmpty {
            let samples = unfinished.map { TouchSample(finger: $0, phase: .cancelled, location: down[$0]?.location ?? .zero) }
            let insertAt = records.lastIndex { if case .end = $0 { true } else { false } } ?? records.endIndex
            records.insert(.input(micros: endTime, samples: samples), at: insertAt)
            for finger in unfinished {
                warnings.append(
                    "finger \(finger) began (line \(down[finger]?.line ?? 0)) and never ended; cancelled it at \(TraceEntry.seconds(endTime)) s")
            }
        }
        return Session(header: header, records: records, warnings: warnings, scenes: scenes, device: device)
    }

    // MARK: Header

    mutating func readHeader(_ value: JSONValue) throws(SessionLoadError) -> SessionHeader {
        guard case .object(let members) = value.kind else { throw error("expected the header record (an object), found \(value.typeName)") }
        guard case .string(let format)? = value["format"]?.kind else {
            throw error("expected the header record first, with \"format\": \"\(SessionFormat.formatName)\"")
        }
        guard format == SessionFormat.formatName else {
            if format == SceneDescription.formatName { throw error(SessionLoader.sceneNotSession) }
            throw error("expected format \"\(SessionFormat.formatName)\", found \"\(format)\"")
        }
        let allowed = ["format", "version", "tool", "scene", "window", "started"]
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw error("unknown field \"\(unknown.key)\" in the header (allowed: \(allowed.joined(separator: ", ")))")
        }
        guard case .number(let versionNumber)? = value["version"]?.kind, versionNumber == versionNumber.rounded(), versionNumber >= 1 else {
            throw error("expected a whole \"version\" number of 1 or more in the header")
        }
        guard versionNumber <= Double(SessionFormat.version) else {
            let shown = versionNumber < 1e9 ? String(Int(saturating: versionNumber)) : String(versionNumber)
            throw error(
                "this session is version \(shown); this TouchScope reads up to version \(SessionFormat.version) (update TouchScope to replay it)")
        }
        guard case .object(let sceneMembers)? = value["scene"]?.kind, case .string(let sceneName)? = value["scene"]?["name"]?.kind,
            case .string(let sceneHash)? = value["scene"]?["hash"]?.kind
        else { throw error("expected \"scene\": {\"name\": ..., \"hash\": ...} in the header") }
        if let unknown = sceneMembers.first(where: { !["name", "hash", "path"].contains($0.key) }) {
            throw error("unknown field \"\(unknown.key)\" in the header's scene (allowed: name, hash, path)")
        }
        var scenePath: String?
        if let pathValue = value["scene"]?["path"] {
            guard case .string(let path) = pathValue.kind, SessionScene.isAcceptableRelativePath(path) else {
                throw error(
                    "expected the header's scene \"path\": a relative path to a .json file (it is resolved against the session's own directory)")
            }
            scenePath = path
        }
        guard case .number(let width)? = value["window"]?["width"]?.kind, case .number(let height)? = value["window"]?["height"]?.kind,
            (1...10_000).contains(width), (1...10_000).contains(height)
        else { throw error("expected \"window\": {\"width\": 1...10000, \"height\": 1...10000} in the header") }
        var scale = 1.0
        if case .number(let s)? = value["window"]?["scale"]?.kind, (0.5...8).contains(s) { scale = s }
        let tool: String = if case .string(let t)? = value["tool"]?.kind { t } else { "unknown" }
        let started: String = if case .string(let s)? = value["started"]?.kind { s } else { "" }
        return SessionHeader(
            version: Int(saturating: versionNumber), tool: tool, sceneName: sceneName, sceneHash: sceneHash, scenePath: scenePath,
            windowSize: CGSize(width: width, height: height), scale: scale, started: started)
    }

    // MARK: Records

    mutating func readRecord(_ value: JSONValue) throws(SessionLoadError) {
        guard case .object(let members) = value.kind else { throw error("expected a record (an object), found \(value.typeName)") }
        guard case .string(let type)? = value["type"]?.kind else { throw error("expected a \"type\" in the record") }
        guard let allowed = Self.recordFields[type] else {
            throw error("unknown record type \"\(type)\" (types: input, hit, device, scene, marker, note, trace, end)")
        }
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw error("unknown field \"\(unknown.key)\" in a \(type) record (allowed: \(allowed.joined(separator: ", ")))")
        }
        if type == "trace" {
            guard case .string(let line)? = value["line"]?.kind else { throw error("expected \"line\" text in a trace record") }
            records.append(.trace(line: line))
            return
        }
        let time = try readTime(value)
        switch type {
        case "input":
            guard case .array(let touches)? = value["touches"]?.kind, !touches.isEmpty, touches.count <= Self.maximumTouches else {
                throw touchCountError()
            }
            var samples: [TouchSample] = []
            samples.reserveCapacity(touches.count)
            for touch in touches {
                let sample = try readTouch(touch)
                try appendSample(sample, to: &samples)
            }
            records.append(.input(micros: time, samples: samples))
        case "marker":
            guard case .string(let label)? = value["label"]?.kind else { throw error("expected \"label\" text in a marker record") }
            records.append(.marker(micros: time, label: label))
        case "note":
            guard case .string(let text)? = value["text"]?.kind else { throw error("expected \"text\" in a note record") }
            records.append(.note(micros: time, text: text))
        case "hit":
            guard case .number(let fingerNumber)? = value["finger"]?.kind else {
                throw error("expected \"finger\" in a hit record: the finger whose touch it describes")
            }
            let finger = try checkFinger(fingerNumber)
            guard case .string(let view)? = value["view"]?.kind, !view.isEmpty, view.count <= 1_000 else {
                throw error("expected \"view\" in a hit record: the trace name of the view the touch went to")
            }
            records.append(.hit(micros: time, finger: finger, view: view))
        case "scene":
            try readScene(value, at: time)
        case "device":
            try readDevice(value, at: time)
        default:
            records.append(.end(micros: time))
            ended = true
        }
    }

    /// A `scene` record: the scene as the recording began (before any input), or a hot reload.
    mutating func readScene(_ value: JSONValue, at time: Int64) throws(SessionLoadError) {
        guard case .string(let hash)? = value["hash"]?.kind, !hash.isEmpty, hash.count <= 200 else {
            throw error("expected \"hash\" in a scene record: the scene's content hash when it was recorded")
        }
        // Version 4 writes the scene as an object; version 3 wrote it as a string of its JSON.
        let text: String
        if let scene = value["scene"], case .object = scene.kind {
            text = JSONWriter.compact(scene)
        } else if case .string(let string)? = value["scene"]?.kind, !string.isEmpty {
            text = string
        } else {
            throw error("expected \"scene\" in a scene record: the scene's JSON, as an object")
        }
        if scenes.isEmpty, records.indices.contains(where: { records.isInput(at: $0) }) {
            throw error("the first scene record comes after input; it must say the scene the recording began on, before any input")
        }
        guard scenes.count < SessionFormat.maximumSceneCount else {
            throw error("more than \(SessionFormat.maximumSceneCount) scene records; a session carries its scene and its hot reloads")
        }
        var snapshot = false
        if let member = value["snapshot"] {
            guard case .bool(let flag) = member.kind else { throw error("expected \"snapshot\" in a scene record to be true or false") }
            guard (header?.version ?? 0) >= 5 else { throw error("a scene snapshot needs session format version 5 or later") }
            guard !scenes.isEmpty || !flag else {
                throw error("the first scene record is the scene the recording began on, not a snapshot")
            }
            snapshot = flag
        }
        // A snapshot replays nothing before it; a hot reload replays everything before it.
        if !scenes.isEmpty && !snapshot {
            reloadReplayRecords += records.count
            guard reloadReplayRecords <= SessionFormat.maximumReloadReplayRecords else {
                throw error(
                    "the scene reloads up to here would make a replay run \(reloadReplayRecords) records again (each reload replays the records before it), more than \(SessionFormat.maximumReloadReplayRecords); split the session"
                )
            }
        }
        scenes.append(EmbeddedScene(micros: time, recordIndex: records.count, hash: hash, text: text, line: lineNumber, isSnapshot: snapshot))
    }

    func appendSample(_ sample: TouchSample, to samples: inout [TouchSample]) throws(SessionLoadError) {
        guard !samples.contains(where: { $0.finger == sample.finger }) else {
            throw error("finger \(sample.finger) appears twice in one event")
        }
        samples.append(sample)
    }

    /// An input record read by `CanonicalInputLine` (its touches in `touchBuffer`), checked
    /// exactly as `readRecord` checks one.
    mutating func readCanonicalInput(t: Double) throws(SessionLoadError) {
        let time = try checkTime(t)
        guard touchBuffer.count <= Self.maximumTouches else { throw touchCountError() }
        var samples = sampleBuffer
        sampleBuffer = []
        samples.removeAll(keepingCapacity: true)
        for touch in touchBuffer {
            let finger = try checkFinger(touch.finger)
            // Read into a local first: a mutating read inside the call's arguments makes the
            // compiler copy the whole parser for each touch.
            let sample = try checkTouch(finger: finger, phase: touch.phase, x: touch.x, y: touch.y, radius: touch.radius)
            try appendSample(sample, to: &samples)
        }
        records.append(.input(micros: time, samples: samples))
        sampleBuffer = samples
    }

    /// A record may follow: the file is under the record limit and has not ended.
    func checkRoomForRecord() throws(SessionLoadError) {
        guard records.count < SessionFormat.maximumRecordCount else {
            throw error(
                "more than \(SessionFormat.maximumRecordCount) records (about 4.6 hours of input at 120 Hz), more than TouchScope replays in bounded memory; split the session"
            )
        }
        guard !ended else { throw error("a record after the end record") }
    }

    /// Most touches in one input record; TouchScope's choice (a hand has ten fingers).
    static let maximumTouches = 20

    func touchCountError() -> SessionLoadError {
        error("expected \"touches\": an array of 1 to \(Self.maximumTouches) touches")
    }

    /// The fields each record type may have.
    static let recordFields: [String: [String]] = [
        "input": ["t", "type", "touches"], "marker": ["t", "type", "label"], "note": ["t", "type", "text"],
        "hit": ["t", "type", "finger", "view"], "scene": ["t", "type", "hash", "scene", "snapshot"],
        "trace": ["type", "line"], "end": ["t", "type"],
        "device": ["t", "type", "event"] + Set(deviceFields.values.joined()).sorted(),
    ]
    /// The fields a touch may have.
    static let touchFields = ["finger", "phase", "x", "y", "radius"]
    /// Phase names as the file spells them.
    static let phases: [String: UITouch.Phase] = ["began": .began, "moved": .moved, "ended": .ended, "cancelled": .cancelled]

    mutating func readTime(_ value: JSONValue) throws(SessionLoadError) -> Int64 {
        guard case .number(let t)? = value["t"]?.kind else {
            throw error("expected \"t\": a whole number of microseconds, 0 or more")
        }
        return try checkTime(t)
    }

    mutating func checkTime(_ t: Double) throws(SessionLoadError) -> Int64 {
        guard t == t.rounded(), t >= 0, t <= 1e15 else {
            throw error("expected \"t\": a whole number of microseconds, 0 or more")
        }
        let micros = Int64(saturating: t)
        guard micros >= lastTime else {
            throw error("time \(micros) µs is before the previous record's \(lastTime) µs; records must be in time order")
        }
        lastTime = micros
        return micros
    }

    mutating func readTouch(_ value: JSONValue) throws(SessionLoadError) -> TouchSample {
        guard case .object(let members) = value.kind else { throw error("expected a touch (an object), found \(value.typeName)") }
        let allowed = Self.touchFields
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw error("unknown field \"\(unknown.key)\" in a touch (allowed: \(allowed.joined(separator: ", ")))")
        }
        guard case .number(let fingerNumber)? = value["finger"]?.kind else {
            throw error("expected \"finger\": a whole number from 0 to 1000000")
        }
        let finger = try checkFinger(fingerNumber)
        guard case .string(let phaseName)? = value["phase"]?.kind else { throw error("expected a \"phase\" for finger \(finger)") }
        guard let phase = Self.phases[phaseName] else {
            throw error("unknown phase \"\(phaseName)\" for finger \(finger) (phases: began, moved, ended, cancelled)")
        }
        guard case .number(let x)? = value["x"]?.kind, case .number(let y)? = value["y"]?.kind else {
            throw error("expected \"x\" and \"y\" for finger \(finger): numbers within ±1000000 points")
        }
        var radius: Double?
        if let r = value["radius"] {
            guard case .number(let number) = r.kind else {
                throw error("expected \"radius\" for finger \(finger): a number from 0 to 1000")
            }
            radius = number
        }
        return try checkTouch(finger: finger, phase: phase, x: x, y: y, radius: radius)
    }

    func checkFinger(_ number: Double) throws(SessionLoadError) -> Int {
        guard number == number.rounded(), Double(TouchSample.fingerIDs.lowerBound) <= number, number <= Double(TouchSample.fingerIDs.upperBound)
        else {
            throw error("expected \"finger\": a whole number from 0 to 1000000")
        }
        return Int(saturating: number)
    }

    /// Range checks and the finger bookkeeping shared by both readers of input records.
    mutating func checkTouch(finger: Int, phase: UITouch.Phase, x: Double, y: Double, radius: Double?) throws(SessionLoadError)
        -> TouchSample
    {
        guard abs(x) <= Double(TouchSample.maximumCoordinate), abs(y) <= Double(TouchSample.maximumCoordinate) else {
            throw error("expected \"x\" and \"y\" for finger \(finger): numbers within ±1000000 points")
        }
        if let radius, !(0...Double(TouchSample.maximumRadius)).contains(radius) {
            throw error("expected \"radius\" for finger \(finger): a number from 0 to 1000")
        }
        let location = CGPoint(x: x, y: y)
        switch phase {
        case .began:
            if let previous = down[finger] {
                throw error("finger \(finger) begins again while it is still down (since line \(previous.line))")
            }
            down[finger] = (lineNumber, location)
        case .moved:
            // One hash per move (the most common sample): found once, written in place.
            guard let index = down.index(forKey: finger) else { throw error("finger \(finger) moves but is not down") }
            down.values[index].location = location
        case .ended, .cancelled:
            guard down[finger] != nil else { throw error("finger \(finger) \(phase == .ended ? "ends" : "is cancelled") but is not down") }
            down[finger] = nil
        case .stationary:
            break
        }
        return TouchSample(finger: finger, phase: phase, location: location, majorRadius: radius.map { CGFloat($0) })
    }
}
