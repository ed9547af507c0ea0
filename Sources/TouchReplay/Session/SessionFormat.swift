import Foundation
import TouchKit
import TouchScenes

/// The session file format: JSON Lines, one record per line, keys in a fixed order and numbers
/// with at most three decimals, so files diff cleanly and the same session is always the same
/// bytes.
///
///     {"format":"touchscope.session","version":1,"tool":"touchscope 0.1.0","scene":{"name":"floating-menu","hash":"3f…"},"window":{"width":390,"height":844,"scale":1},"started":"2026-11-22T18:00:00Z"}
///     {"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":379,"y":690}]}
///     {"t":50000,"type":"input","touches":[{"finger":1,"phase":"ended","x":379,"y":690}]}
///     {"t":50000,"type":"end"}
public enum SessionFormat {
    public static let formatName = FileKind.sessionFormatName
    /// The version this build writes, and the newest it reads. Version 2 added `hit` records;
    /// version 1 files read as they are.
    public static let version = 2
    /// The program name and version written into headers.
    public static let tool = "touchscope 0.1.0"
    /// Longest line accepted, in bytes; TouchScope's choice (a record is under 1 KB; a 10 MB line
    /// is refused).
    public static let maximumLineLength = 1 << 20
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
