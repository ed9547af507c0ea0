import Foundation
import TouchKit
import TouchScenes

/// A semantic golden file: JSON Lines, a header then one `GoldenRecord` a line.
///
///     {"format":"touchscope.golden","version":1,"session":"floating-menu.session","scene":{"name":"floating-menu","hash":"…"},"records":42}
///     {"input":1,"t":0,"kind":"hit","finger":1,"view":"UIView#menuContainer"}
///
/// The schema is versioned: a newer version is refused with a clear message; `docs/golden-format.md`
/// documents every kind and field. Written atomically (`AtomicFile`).
public enum GoldenFile {
    public static let formatName = "touchscope.golden"
    public static let version = 1
    /// Largest golden read, in bytes.
    public static let maximumFileSize = 256 << 20

    /// The golden of a session: `<session>.golden`, beside it.
    public static func url(for session: URL) -> URL {
        session.appendingPathExtension("golden")
    }

    /// The old text golden of a session (before semantic goldens): `<session>.trace`.
    public static func textURL(for session: URL) -> URL {
        session.appendingPathExtension("trace")
    }

    /// The golden's text for `records` of a session.
    public static func text(records: [GoldenRecord], session: String, header: SessionHeader) -> String {
        let first = JSONWriter.compact(
            .object([
                ("format", .string(formatName)), ("version", .number(Double(version))), ("session", .string(session)),
                ("scene", .object([("name", .string(header.sceneName)), ("hash", .string(header.sceneHash))])),
                ("records", .number(Double(records.count))),
            ]))
        return ([first] + records.map { JSONWriter.compact($0.json) }).joined(separator: "\n") + "\n"
    }

    /// Writes the golden of `records` to `url`, atomically; `inputs` (the session, its scene, an
    /// old golden being migrated) are never written over.
    public static func write(
        records: [GoldenRecord], to url: URL, session: String, header: SessionHeader, inputs: [String]
    ) throws(FileError) {
        try AtomicFile.write(text(records: records, session: session, header: header), to: url.path, inputs: inputs)
    }

    /// A golden that cannot be read, with the line.
    public struct ReadError: Error, CustomStringConvertible {
        public let file: String
        public let line: Int
        public let message: String
        public var description: String { "\(TerminalText.line(file))\(line > 0 ? ":\(line)" : ""): \(message)" }
    }

    /// Reads a golden file.
    public static func read(_ url: URL) throws(ReadError) -> [GoldenRecord] {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: url.path, maximumSize: maximumFileSize, what: "golden")
        } catch {
            throw ReadError(file: url.path, line: 0, message: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReadError(file: url.path, line: 0, message: "the golden is not UTF-8 text")
        }
        return try parse(text, file: url.path)
    }

    /// Latest time a record may have, in seconds: a session's limit (1e15 µs).
    public static let maximumSeconds = 1e9

    /// Parses one line of a golden: the header (checked, `sawHeader` set), a record, or nothing
    /// (a blank line).
    static func parseLine(_ line: Substring, number: Int, file: String, sawHeader: inout Bool) throws(ReadError) -> GoldenRecord? {
        if line.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        let value: JSONValue
        do { value = try JSONParser.parse(String(line), maximumDepth: 8) } catch {
            throw ReadError(file: file, line: number, message: "not a JSON record: \(error.message)")
        }
        guard case .object(let members) = value.kind else { throw ReadError(file: file, line: number, message: "expected an object") }
        if !sawHeader {
            guard case .string(let format)? = value["format"]?.kind, format == formatName else {
                throw ReadError(file: file, line: number, message: "expected the header, with \"format\": \"\(formatName)\"")
            }
            guard case .number(let v)? = value["version"]?.kind, v >= 1, v == v.rounded() else {
                throw ReadError(file: file, line: number, message: "expected a whole \"version\" in the header")
            }
            guard v <= Double(version) else {
                throw ReadError(
                    file: file, line: number,
                    message:
                        "this golden is version \(Int(saturating: min(v, 1e9))); this TouchScope reads up to version \(version) (update TouchScope)"
                )
            }
            sawHeader = true
            return nil
        }
        guard case .number(let input)? = value["input"]?.kind, case .number(let t)? = value["t"]?.kind,
            case .string(let kind)? = value["kind"]?.kind
        else { throw ReadError(file: file, line: number, message: "expected \"input\", \"t\" and \"kind\" in a record") }
        // Ranged before any conversion: a session has at most `maximumRecordCount` records
        // and times up to 1e15 µs (`SessionLoader`), so a golden's are within these too.
        guard input == input.rounded(), (0...Double(SessionFormat.maximumRecordCount)).contains(input) else {
            throw ReadError(
                file: file, line: number,
                message: "\"input\" must be a whole number from 0 to \(SessionFormat.maximumRecordCount), not \(JSONWriter.number(input))")
        }
        guard (0...maximumSeconds).contains(t) else {
            throw ReadError(
                file: file, line: number, message: "\"t\" must be seconds from 0 to \(JSONWriter.number(maximumSeconds)), not \(JSONWriter.number(t))"
            )
        }
        let fields = members.filter { !["input", "t", "kind"].contains($0.key) }.map { ($0.key, $0.value) }
        return GoldenRecord(input: Int(saturating: input), t: t, kind: kind, fields: fields)
    }

    /// Parses a golden's text.
    public static func parse(_ text: String, file: String = "golden") throws(ReadError) -> [GoldenRecord] {
        var records: [GoldenRecord] = []
        var sawHeader = false
        // "\r\n" is one Character in Swift: a CRLF golden splits on it as on "\n".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            if let record = try parseLine(line, number: index + 1, file: file, sawHeader: &sawHeader) { records.append(record) }
        }
        guard sawHeader else { throw ReadError(file: file, line: 0, message: "the golden is empty; expected a header") }
        return records
    }
}
