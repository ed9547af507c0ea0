import Foundation
import TouchKit

/// A golden compared with a replay as both go, input by input: the golden is read a chunk at a
/// time and each input's expected records are compared with the replay's as soon as that input's
/// records are final, then let go. Memory holds one input's records, not the session's, so a
/// check of an hour-long session costs what its replay costs. The differences are exactly those
/// `GoldenDiff` finds comparing the whole files (the same alignment, input by input).
///
/// Goldens are written in input order; a golden whose inputs go back is refused with its line
/// (rewrite it with `replay --update`) rather than compared wrongly.
public final class GoldenStreamComparison {
    public let file: String
    private let reader: RegularFile
    private let topics: Set<GoldenTopic>?
    private var pending: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var lineNumber = 0
    private var sawHeader = false
    private var atEnd = false
    /// The next expected record read but not yet compared (its input is later than the replay's).
    private var lookahead: GoldenRecord?
    private var lastInput = 0
    private var groups: [GoldenDiff.Group] = []
    private var expectedCount = 0
    private var actualCount = 0
    /// The first problem reading the golden (reported by `finish`).
    private var problem: GoldenFile.ReadError?

    /// Longest line of a golden, in bytes (a record is a short JSON object).
    public static let maximumLineLength = 1 << 20

    /// Opens the golden at `url` and reads its header; compares only `topics` when given.
    public init(url: URL, topics: Set<GoldenTopic>? = nil) throws(GoldenFile.ReadError) {
        file = url.path
        self.topics = topics
        do { reader = try RegularFile(path: url.path, maximumSize: GoldenFile.maximumFileSize, what: "golden") } catch {
            throw GoldenFile.ReadError(file: url.path, line: 0, message: error.reason)
        }
        while !sawHeader {
            guard let line = try nextLine() else {
                throw GoldenFile.ReadError(file: file, line: 0, message: "the golden is empty; expected a header")
            }
            if let record = try GoldenFile.parseLine(line[...], number: lineNumber, file: file, sawHeader: &sawHeader) {
                lookahead = record
            }
        }
    }

    /// Compares the replay's records of `input` (final: the replay has moved on).
    public func compare(input: Int, actual: [GoldenRecord]) {
        guard problem == nil else { return }
        do {
            var expected: [GoldenRecord] = []
            // Records of inputs the replay made no records for, one group per such input.
            var earlier: [GoldenRecord] = []
            while let record = try nextRecord(), record.input <= input {
                lookahead = nil
                if record.input < input {
                    if let last = earlier.last, last.input != record.input {
                        add(input: last.input, expected: earlier, actual: [])
                        earlier.removeAll(keepingCapacity: true)
                    }
                    earlier.append(record)
                } else {
                    expected.append(record)
                }
            }
            if let last = earlier.last { add(input: last.input, expected: earlier, actual: []) }
            add(input: input, expected: expected, actual: actual)
        } catch {
            problem = error
        }
    }

    /// The differences, once the replay is over (the golden's records after it are missing).
    public func finish() throws(GoldenFile.ReadError) -> GoldenDiff {
        if let problem { throw problem }
        var rest: [GoldenRecord] = []
        while let record = try nextRecord() {
            lookahead = nil
            if let last = rest.last, last.input != record.input {
                add(input: last.input, expected: rest, actual: [])
                rest.removeAll()
            }
            rest.append(record)
        }
        if let last = rest.last { add(input: last.input, expected: rest, actual: []) }
        return GoldenDiff(groups: mergedGroups(), expectedCount: expectedCount, actualCount: actualCount)
    }

    /// Expected records of one input met twice (records before the replay's first input, and a
    /// replay that makes none for an input the golden has) join into one group per input.
    private func mergedGroups() -> [GoldenDiff.Group] {
        // Each run of groups of one input becomes one group, its lists joined once (linear).
        var result: [GoldenDiff.Group] = []
        var index = 0
        while index < groups.count {
            var end = index + 1
            while end < groups.count && groups[end].input == groups[index].input { end += 1 }
            if end == index + 1 {
                result.append(groups[index])
            } else {
                let run = groups[index..<end]
                result.append(
                    GoldenDiff.Group(input: groups[index].input, changes: run.flatMap(\.changes), matched: run.flatMap(\.matched)))
            }
            index = end
        }
        return result
    }

    private func add(input: Int, expected: [GoldenRecord], actual: [GoldenRecord]) {
        let keep = { (record: GoldenRecord) in self.topics.map { $0.contains(record.topic) } ?? true }
        let a = expected.filter(keep)
        let b = actual.filter(keep)
        expectedCount += a.count
        actualCount += b.count
        if a == b { return }
        let (changes, matched) = GoldenDiff.align(a, b)
        if !changes.isEmpty { groups.append(GoldenDiff.Group(input: input, changes: changes, matched: matched)) }
    }

    /// The next expected record (the lookahead first), checking the golden's input order.
    private func nextRecord() throws(GoldenFile.ReadError) -> GoldenRecord? {
        if let lookahead { return lookahead }
        while let line = try nextLine() {
            guard let record = try GoldenFile.parseLine(line[...], number: lineNumber, file: file, sawHeader: &sawHeader) else { continue }
            guard record.input >= lastInput else {
                throw GoldenFile.ReadError(
                    file: file, line: lineNumber,
                    message:
                        "records go back from input \(lastInput) to input \(record.input); a golden is written in input order (rewrite it with `touchscope replay SESSION --update`)"
                )
            }
            lastInput = record.input
            lookahead = record
            return record
        }
        return nil
    }

    /// The next line of the file (without its newline or a CR before it), nil at the end. The
    /// buffer is read from `start` on and compacted only when a new chunk comes: each byte is
    /// scanned once and moved at most once per chunk.
    private func nextLine() throws(GoldenFile.ReadError) -> Substring? {
        while true {
            if let newline = pending[max(start, scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && pending[end - 1] == 0x0D { end -= 1 }
                let bytes = pending[start..<end]
                start = newline + 1
                scanned = start
                lineNumber += 1
                return try text(bytes)
            }
            scanned = pending.count
            if atEnd {
                guard start < pending.count else { return nil }
                let bytes = pending[start...]
                start = pending.count
                lineNumber += 1
                return try text(bytes)
            }
            if pending.count - start > Self.maximumLineLength {
                throw GoldenFile.ReadError(
                    file: file, line: lineNumber + 1,
                    message: "the line is longer than \(Self.maximumLineLength) bytes; a golden record is a short JSON object")
            }
            pending.removeFirst(start)
            scanned -= start
            start = 0
            let chunk: [UInt8]
            do { chunk = try reader.read(upTo: 1 << 20) } catch {
                throw GoldenFile.ReadError(file: file, line: lineNumber, message: error.reason)
            }
            if chunk.isEmpty { atEnd = true } else { pending.append(contentsOf: chunk) }
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>) throws(GoldenFile.ReadError) -> Substring {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw GoldenFile.ReadError(file: file, line: lineNumber, message: "the golden is not UTF-8 text")
        }
        return text[...]
    }
}
