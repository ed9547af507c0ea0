import Foundation
import TouchKit
import TouchScenes

/// The session file format: JSON Lines, one record per line, keys in a fixed order and numbers
/// with at most three decimals, so files diff cleanly and the same session is always the same
/// bytes.
///
///     {"format":"touchscope.session","version":1,"tool":"touchscope 0.2.0","scene":{"name":"floating-menu","hash":"3f…"},"window":{"width":390,"height":844,"scale":1},"started":"2026-11-22T18:00:00Z"}
///     {"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":379,"y":690}]}
///     {"t":50000,"type":"input","touches":[{"finger":1,"phase":"ended","x":379,"y":690}]}
///     {"t":50000,"type":"end"}
public enum SessionFormat {
    public static let formatName = FileKind.sessionFormatName
    /// The version this build writes, and the newest it reads. Version 2 added `hit` records;
    /// version 3 added `scene` records (`EmbeddedScene`) holding the scene as a JSON string;
    /// version 4 writes the scene as a JSON object (no second layer of escapes); version 5 added
    /// `device` records (`DeviceRecord`: what a capture saw the real app do). Older files read
    /// as they are.
    public static let version = 5
    /// The program name and version written into headers.
    public static let tool = ToolVersion.tool
    /// Longest line accepted, in bytes; TouchScope's choice (a record is under 1 KB; a 10 MB line
    /// is refused).
    public static let maximumLineLength = 1 << 20
    /// Longest `scene` record accepted, in bytes: room for the canonical JSON of any scene file
    /// the scene reader accepts, which may be three times the file (a C1 control written raw,
    /// two bytes, is written back as `\u0085`, six), and the record's own fields. The writers
    /// check this limit before writing (`line(for:)` of a scene). A scene record starts with its
    /// time and type (`{"t":…,"type":"scene"`), which is how the reader knows to allow it.
    public static let maximumSceneLineLength = SceneDecoder.maximumFileSize * 3 + 4096
    /// Most scene versions a session carries (the recording and its hot reloads); TouchScope's choice.
    public static let maximumSceneCount = 1_000
    /// Most records the hot reloads of a session make a replay run again, in all: each reload
    /// brings its new version to its moment by the records before it, so a session with many
    /// reloads late in a long recording would replay it many times over. TouchScope's choice
    /// (about ten seconds of replay).
    public static let maximumReloadReplayRecords = 10_000_000
    /// Most records accepted; TouchScope's choice (an hour at 120 Hz is 432,000): what replays in
    /// bounded memory, records and trace together.
    public static let maximumRecordCount = 2_000_000

    /// The header as one line.
    public static func line(for header: SessionHeader) -> String {
        JSONWriter.compact(
            .object([
                ("format", .string(formatName)), ("version", .number(Double(header.version))), ("tool", .string(header.tool)),
                (
                    "scene",
                    .object(
                        [("name", .string(header.sceneName)), ("hash", .string(header.sceneHash))]
                            + (header.scenePath.map { [("path", JSONValue.string($0))] } ?? []))
                ),
                (
                    "window",
                    .object([
                        ("width", .number(Double(header.windowSize.width))), ("height", .number(Double(header.windowSize.height))),
                        ("scale", .number(header.scale)),
                    ])
                ),
                ("started", .string(header.started)),
            ]))
    }

    /// A record as one line. Trace lines are quoted text.
    public static func line(for record: SessionRecord) -> String {
        switch record {
        case .input(let t, let samples):
            let touches = samples.map { sample -> JSONValue in
                var members: [(String, JSONValue)] = [
                    ("finger", .number(Double(sample.finger))), ("phase", .string(sample.phase.description)),
                    ("x", .number(Double(sample.location.x))), ("y", .number(Double(sample.location.y))),
                ]
                if let radius = sample.majorRadius { members.append(("radius", .number(Double(radius)))) }
                return .object(members)
            }
            return JSONWriter.compact(.object([("t", time(t)), ("type", .string("input")), ("touches", .array(touches))]))
        case .marker(let t, let label):
            return JSONWriter.compact(.object([("t", time(t)), ("type", .string("marker")), ("label", .string(label))]))
        case .note(let t, let text):
            return JSONWriter.compact(.object([("t", time(t)), ("type", .string("note")), ("text", .string(text))]))
        case .trace(let line):
            return JSONWriter.compact(.object([("type", .string("trace")), ("line", .string(line))]))
        case .hit(let t, let finger, let view):
            return JSONWriter.compact(
                .object([("t", time(t)), ("type", .string("hit")), ("finger", .number(Double(finger))), ("view", .string(view))]))
        case .end(let t):
            return JSONWriter.compact(.object([("t", time(t)), ("type", .string("end"))]))
        }
    }

    /// A `scene` record as one line, the scene as a JSON object (a text that is not a JSON
    /// object, which only an old file can hold, stays a string). Refused, with the reason, when
    /// the line would be longer than the reader takes (`maximumSceneLineLength`).
    public static func line(for scene: EmbeddedScene, limit: Int = maximumSceneLineLength) throws(SessionRecordTooLong) -> String {
        let sceneValue: JSONValue
        if let parsed = try? JSONParser.parse(Array(scene.text.utf8)), case .object = parsed.kind {
            sceneValue = parsed
        } else {
            sceneValue = .string(scene.text)
        }
        let line = JSONWriter.compact(
            .object(
                [("t", time(scene.micros)), ("type", .string("scene")), ("hash", .string(scene.hash)), ("scene", sceneValue)]
                    + (scene.isSnapshot ? [("snapshot", JSONValue.bool(true))] : [])))
        guard line.utf8.count <= limit else { throw SessionRecordTooLong(length: line.utf8.count, limit: limit) }
        return line
    }

    /// A whole session as file text, refused when a scene record would be longer than the
    /// reader takes.
    public static func checkedText(of session: Session) throws(SessionRecordTooLong) -> String {
        var lines = [line(for: session.header)]
        var scenes = session.scenes[...]
        var device = session.device[...]
        for (index, record) in session.records.enumerated() {
            while let scene = scenes.first, scene.recordIndex <= index {
                lines.append(try line(for: scene))
                scenes = scenes.dropFirst()
            }
            while let fact = device.first, fact.recordIndex <= index {
                lines.append(line(for: fact))
                device = device.dropFirst()
            }
            lines.append(line(for: record))
        }
        for scene in scenes { lines.append(try line(for: scene)) }
        for fact in device { lines.append(line(for: fact)) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func time(_ micros: Int64) -> JSONValue {
        .number(Double(micros))
    }

    /// Now, as ISO 8601 in UTC (for headers).
    public static func timestamp(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
