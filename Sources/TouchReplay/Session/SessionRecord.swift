import Foundation
import TouchKit
import TouchScenes

/// The first record of a session file: what the session is and where it came from.
public struct SessionHeader: Equatable, Sendable {
    /// The version of the session format the file uses.
    public var version: Int
    /// The program that wrote it, e.g. `touchscope 0.2.0`.
    public var tool: String
    /// The scene's name, as `touchscope scenes` lists it.
    public var sceneName: String
    /// The scene's content hash (`LoadedScene.contentHash`), to warn when the scene changed.
    public var sceneHash: String
    /// Where the scene file is, relative to the session file's directory (`../Scenes/menu.json`),
    /// when the scene was a file. Only ever resolved against the session's own directory, and
    /// only to a `.json` file (`SessionScene`).
    public var scenePath: String?
    /// Window size in points and the display scale it was recorded at.
    public var windowSize: CGSize
    public var scale: Double
    /// Wall-clock time the recording started (ISO 8601, UTC); informational only.
    public var started: String

    public init(
        version: Int = SessionFormat.version, tool: String = SessionFormat.tool, sceneName: String, sceneHash: String,
        scenePath: String? = nil, windowSize: CGSize, scale: Double = 1, started: String
    ) {
        self.version = version
        self.tool = tool
        self.sceneName = sceneName
        self.sceneHash = sceneHash
        self.scenePath = scenePath
        self.windowSize = windowSize
        self.scale = scale
        self.started = started
    }
}

/// One record after the header. Times are whole microseconds since the session started.
public enum SessionRecord: Equatable, Sendable {
    /// Touch samples delivered together, as one event.
    case input(micros: Int64, samples: [TouchSample])
    /// A point of interest set by whoever recorded (a key in the window, a script step).
    case marker(micros: Int64, label: String)
    /// The view a touch went to when it was recorded (its trace name, class and id): the touch's
    /// intent, against which a replay on a changed scene reports drift. Written right after the
    /// input record that began the touch. (Format version 2.)
    case hit(micros: Int64, finger: Int, view: String)
    /// A free-form note.
    case note(micros: Int64, text: String)
    /// One line of the recorded trace (optional; input is the source of truth).
    case trace(line: String)
    /// The end of the session: replay runs the clock to here, so trailing timers fire.
    case end(micros: Int64)

    /// The record's time, when it has one.
    public var micros: Int64? {
        switch self {
        case .input(let t, _), .marker(let t, _), .note(let t, _), .hit(let t, _, _), .end(let t): t
        case .trace: nil
        }
    }
}

/// A loaded session: its header, its records, and what loading had to repair.
public struct Session: Equatable, Sendable {
    public var header: SessionHeader
    /// The records, packed (`SessionRecords`), read as `SessionRecord` values.
    public var records: SessionRecords
    /// Recoveries made while loading (a truncated last line dropped, unfinished touches cancelled).
    public var warnings: [String]
    /// The scenes the session carries: the one it was recorded on, then each hot reload (none in
    /// a session written before format version 3, or recorded on a Swift scene).
    public var scenes: [EmbeddedScene]
    /// What the app did on the device, when a capture recorded it (format version 5): the
    /// referee a replay is held to (`DeviceComparison`). Empty for sessions TouchScope recorded.
    public var device: [DeviceRecord]

    public init(
        header: SessionHeader, records: SessionRecords, warnings: [String] = [], scenes: [EmbeddedScene] = [], device: [DeviceRecord] = []
    ) {
        self.header = header
        self.records = records
        self.warnings = warnings
        self.scenes = scenes
        self.device = device
    }

    public init(
        header: SessionHeader, records: [SessionRecord], warnings: [String] = [], scenes: [EmbeddedScene] = [], device: [DeviceRecord] = []
    ) {
        self.init(header: header, records: SessionRecords(records), warnings: warnings, scenes: scenes, device: device)
    }

    /// The line of the session file that holds record `index` (the header is line 1; the scene
    /// and device records the session carries have lines of their own).
    public func fileLine(ofRecord index: Int) -> Int {
        index + 2 + scenes.reduce(0) { $0 + ($1.recordIndex <= index ? 1 : 0) } + device.reduce(0) { $0 + ($1.recordIndex <= index ? 1 : 0) }
    }

    /// The input records, in order.
    public var inputs: [(micros: Int64, samples: [TouchSample])] {
        records.compactMap { if case .input(let t, let samples) = $0 { (t, samples) } else { nil } }
    }

    /// How many input records the session has (without making them).
    public var inputCount: Int {
        records.indices.reduce(0) { $0 + (records.isInput(at: $1) ? 1 : 0) }
    }

    /// The recorded trace lines, if the session has them.
    public var traceLines: [String] {
        records.compactMap { if case .trace(let line) = $0 { line } else { nil } }
    }

    /// When the session ends: its end record, or its last timed record (times never go back).
    public var duration: Int64 {
        var index = records.count - 1
        while index >= 0 {
            if let t = records.micros(at: index) { return t }
            index -= 1
        }
        return 0
    }
}
