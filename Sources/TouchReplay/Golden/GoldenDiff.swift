import Foundation
import TouchKit
import TouchScenes

/// Every divergence between a golden and a replay, grouped by the input that led to it.
///
/// Records are compared by value (kind, fields, time, input), never by the trace's wording. Each
/// input's records are aligned with a longest-common-subsequence diff, so an extra or a missing
/// outcome shows as such rather than shifting everything after it; a record whose fields changed
/// shows as expected and actual side by side.
public struct GoldenDiff {
    /// One divergence within an input.
    public enum Change: Equatable {
        case missing(GoldenRecord)
        case unexpected(GoldenRecord)
        case changed(expected: GoldenRecord, actual: GoldenRecord)
        /// The same record at another place among its input's outcomes: their order changed
        /// (a record that moved is not a record gone and another come).
        case moved(GoldenRecord)

        /// One line: `was X, now gone`, `now also X`, `was X, now Y`, `X, in another order`.
        public var summary: String {
            switch self {
            case .missing(let record): "was \(record), now gone"
            case .unexpected(let record): "now also \(record)"
            case .changed(let expected, let actual): "was \(expected), now \(actual)"
            case .moved(let record): "\(record), in another order"
            }
        }
    }

    /// The changes of one input, with the records around them for context.
    ///
    /// (A change's one-line summary is `Change.summary`.)
    public struct Group {
        public let input: Int
        public let changes: [Change]
        /// The input's records that did match, for context.
        public let matched: [GoldenRecord]
    }

    public let groups: [Group]
    public let expectedCount: Int

    /// Every change of every group, as one line each (`Change.summary`), prefixed with its input.
    public var changeSummaries: [String] {
        groups.flatMap { group in group.changes.map { "input \(group.input): \($0.summary)" } }
    }
    public let actualCount: Int

    public var isEqual: Bool { groups.isEmpty }

    /// The number of changes in all groups.
    public var changeCount: Int { groups.reduce(0) { $0 + $1.changes.count } }

    /// A comparison already made (by `GoldenStreamComparison`, input by input).
    init(groups: [Group], expectedCount: Int, actualCount: Int) {
        self.groups = groups
        self.expectedCount = expectedCount
        self.actualCount = actualCount
    }

    /// Compares, keeping only records of `topics` when given.
    public init(expected: [GoldenRecord], actual: [GoldenRecord], topics: Set<GoldenTopic>? = nil) {
        let keep = { (record: GoldenRecord) in topics.map { $0.contains(record.topic) } ?? true }
        let expected = expected.filter(keep)
        let actual = actual.filter(keep)
        expectedCount = expected.count
        actualCount = actual.count
        let byInputExpected = Dictionary(grouping: expected, by: \.input)
        let byInputActual = Dictionary(grouping: actual, by: \.input)
        var groups: [Group] = []
        for input in Set(byInputExpected.keys).union(byInputActual.keys).sorted() {
            let a = byInputExpected[input] ?? []
            let b = byInputActual[input] ?? []
            if a == b { continue }
            let (changes, matched) = Self.align(a, b)
            if !changes.isEmpty { groups.append(Group(input: input, changes: changes, matched: matched)) }
        }
        self.groups = groups
    }

    /// A longest-common-subsequence alignment; a missing record followed by an unexpected one of
    /// the same kind is shown as one changed record.
    static func align(_ a: [GoldenRecord], _ b: [GoldenRecord]) -> ([Change], [GoldenRecord]) {
        let n = a.count
        let m = b.count
        // Inputs with thousands of records are rare; fall back to a positional comparison there.
        guard n * m <= 4_000_000 else {
            var changes: [Change] = []
            for index in 0..<max(n, m) {
                switch (index < n ? a[index] : nil, index < m ? b[index] : nil) {
                case (let x?, let y?) where x != y: changes.append(.changed(expected: x, actual: y))
                case (let x?, nil): changes.append(.missing(x))
                case (nil, let y?): changes.append(.unexpected(y))
                default: break
                }
            }
            return (changes, [])
        }
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        // Runs of unmatched records, cut at each matched one.
        var runs: [[Change]] = [[]]
        var matched: [GoldenRecord] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n && j < m && a[i] == b[j] {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                matched.append(a[i])
                i += 1
                j += 1
            } else if j < m && (i == n || lengths[i][j + 1] >= lengths[i + 1][j]) {
                runs[runs.count - 1].append(.unexpected(b[j]))
                j += 1
            } else {
                runs[runs.count - 1].append(.missing(a[i]))
                i += 1
            }
        }
        // A record that only moved (missing in one place, the same record unexpected in another,
        // field for field) is one `.moved`, where it was expected.
        runs = markMoved(runs)
        // Within each run of unmatched records, pair the k-th missing record of a kind with the
        // k-th unexpected record of that kind: one changed record, where its missing half was.
        let changes = runs.flatMap(pair)
        return (changes, matched)
    }

    /// The runs with each record that only moved made one `.moved` (at its missing place; its
    /// unexpected twin removed). A search of the unexpected records for each missing one: at most
    /// the n x m comparisons the alignment itself is bounded by (`align`).
    static func markMoved(_ runs: [[Change]]) -> [[Change]] {
        var runs = runs
        // The unexpected records that turned out to have moved, by run.
        var twins = runs.map { Array(repeating: false, count: $0.count) }
        for r in runs.indices {
            for i in runs[r].indices {
                guard case .missing(let record) = runs[r][i] else { continue }
                search: for r2 in runs.indices {
                    for i2 in runs[r2].indices where !twins[r2][i2] {
                        if case .unexpected(let other) = runs[r2][i2], other == record {
                            runs[r][i] = .moved(record)
                            twins[r2][i2] = true
                            break search
                        }
                    }
                }
            }
        }
        return runs.indices.map { r in runs[r].indices.filter { !twins[r][$0] }.map { runs[r][$0] } }
    }

    /// What a record is about, for pairing: its recognizer, control, view, subject or finger
    /// (the first it has), with its kind: `recognizer|UITapGestureRecognizer#cardTap`.
    static func subject(of record: GoldenRecord) -> String {
        for key in ["recognizer", "control", "subject", "view", "finger"] {
            if let value = record.fields.first(where: { $0.0 == key })?.1 { return record.kind + "|" + key + "|" + JSONWriter.compact(value) }
        }
        return record.kind
    }

    /// Pairs missing and unexpected records by meaning: first those about the same recognizer,
    /// control, view or finger (so "was … now …" reads as one change of one thing, not as a
    /// shifted list), then the rest of the same kind in their order.
    static func pair(_ run: [Change]) -> [Change] {
        var partner: [Int: Int] = [:]
        var taken: Set<Int> = []
        for sameSubject in [true, false] {
            var unexpectedByKey: [String: [Int]] = [:]
            for (index, change) in run.enumerated() where !taken.contains(index) {
                if case .unexpected(let record) = change {
                    unexpectedByKey[sameSubject ? subject(of: record) : record.kind, default: []].append(index)
                }
            }
            for (index, change) in run.enumerated() where partner[index] == nil {
                guard case .missing(let record) = change else { continue }
                let key = sameSubject ? subject(of: record) : record.kind
                guard var candidates = unexpectedByKey[key], !candidates.isEmpty else { continue }
                let chosen = candidates.removeFirst()
                unexpectedByKey[key] = candidates
                partner[index] = chosen
                taken.insert(chosen)
            }
        }
        // A changed pair stands where its first half was: the order stays the order of time.
        let partnerOf = Dictionary(uniqueKeysWithValues: partner.map { ($1, $0) })
        var result: [Change] = []
        var done: Set<Int> = []
        for (index, change) in run.enumerated() where !done.contains(index) {
            if let other = partner[index] ?? partnerOf[index] {
                let missingIndex = partner[index] != nil ? index : other
                let unexpectedIndex = partner[index] != nil ? other : index
                if case .missing(let expected) = run[missingIndex], case .unexpected(let actual) = run[unexpectedIndex] {
                    result.append(.changed(expected: expected, actual: actual))
                    done.insert(other)
                    continue
                }
            }
            result.append(change)
        }
        return result
    }

    /// The report: each input with differences, what led to it (its session line), the changes
    /// with a little context; `maximumGroups` inputs in detail, then a count of the rest.
    public func report(session: Session?, maximumGroups: Int = 10) -> String {
        guard !isEqual else { return "the replay matches the golden (\(actualCount) records)" }
        var lines = [
            "the replay differs from the golden in \(groups.count) input\(groups.count == 1 ? "" : "s") (\(changeCount) record\(changeCount == 1 ? "" : "s"); golden \(expectedCount), replay \(actualCount)):"
        ]
        let inputs = session.map(Self.inputLines) ?? [:]
        for group in groups.prefix(maximumGroups) {
            lines.append("")
            let led = inputs[group.input].map { " (session line \($0.line): \($0.text))" } ?? ""
            lines.append(group.input == 0 ? "before the first input:" : "input \(group.input)\(led):")
            if let context = group.matched.last(where: { record in
                group.changes.contains { change in
                    if case .missing(let x) = change { return x.t >= record.t }
                    if case .unexpected(let y) = change { return y.t >= record.t }
                    if case .changed(let x, _) = change { return x.t >= record.t }
                    if case .moved(let x) = change { return x.t >= record.t }
                    return false
                }
            }) {
                lines.append("    \(context)")
            }
            for change in group.changes {
                switch change {
                case .missing(let record): lines.append("  - expected \(record)")
                case .unexpected(let record): lines.append("  + got      \(record)")
                case .changed(let expected, let actual):
                    lines.append("  - expected \(expected)")
                    lines.append("  + got      \(actual)")
                case .moved(let record): lines.append("  ~ moved    \(record) (the same record, in another order)")
                }
            }
        }
        if groups.count > maximumGroups {
            let rest = groups.dropFirst(maximumGroups)
            let records = rest.reduce(0) { $0 + $1.changes.count }
            lines.append("")
            lines.append("… and \(rest.count) more input\(rest.count == 1 ? "" : "s") with differences (\(records) record\(records == 1 ? "" : "s"))")
        }
        return lines.joined(separator: "\n")
    }

    /// Input moments (1-based, one per distinct time, as the extractor counts them) → the first
    /// input record at that time: its line in the session file and its text.
    static func inputLines(_ session: Session) -> [Int: (line: Int, text: String)] {
        var result: [Int: (line: Int, text: String)] = [:]
        var moment = 0
        var lastTime: Int64 = -1
        for (offset, record) in session.records.enumerated() {
            guard case .input(let t, _) = record else { continue }
            if t != lastTime || moment == 0 {
                moment += 1
                lastTime = t
                result[moment] = (session.fileLine(ofRecord: offset), SessionFormat.line(for: record))
            }
        }
        return result
    }
}
