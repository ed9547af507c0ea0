import Foundation
import TouchKit

/// How the routing changed between two runs of the same input (a hot reload: the session so far
/// on the old scene and on the new one), told as outcomes, not trace lines:
///
///     2 outcomes changed: #checkbox touchCancel → touchUpInside; #cell0 touchCancel → touchUpInside
///
/// or `routing unchanged (14 outcomes)` for a cosmetic edit. Outcomes are the golden records
/// (hits, deliveries, recognizer changes, control events, actions, scrolls, notes); markers are
/// not outcomes, so the reload's own markers never count as a difference.
public struct RoutingChange {
    /// Each changed outcome, one line, in order.
    public let changes: [String]
    /// Outcomes after the change.
    public let outcomes: Int

    /// Compares the outcomes of `before` with those of `after`.
    public init(before: some Sequence<TraceEntry>, after: some Sequence<TraceEntry>) {
        let old = Self.outcomes(before)
        let new = Self.outcomes(after)
        outcomes = new.count
        changes = GoldenDiff(expected: old, actual: new).groups.flatMap { $0.changes.map(Self.line) }
    }

    public var isUnchanged: Bool { changes.isEmpty }

    /// One line: `routing unchanged (N outcomes)`, or the count and the first few changes.
    public func summary(shown: Int = 3) -> String {
        guard !changes.isEmpty else { return "routing unchanged (\(outcomes) outcome\(outcomes == 1 ? "" : "s"))" }
        let more = changes.count > shown ? "; and \(changes.count - shown) more" : ""
        return "\(changes.count) outcome\(changes.count == 1 ? "" : "s") changed: " + changes.prefix(shown).joined(separator: "; ") + more
    }

    /// The count alone: `routing unchanged (N outcomes)` or `N outcomes changed`.
    public var headline: String {
        changes.isEmpty
            ? "routing unchanged (\(outcomes) outcome\(outcomes == 1 ? "" : "s"))"
            : "\(changes.count) outcome\(changes.count == 1 ? "" : "s") changed"
    }

    static func outcomes(_ entries: some Sequence<TraceEntry>) -> [GoldenRecord] {
        var extractor = GoldenExtractor()
        for entry in entries { extractor.consume(entry) }
        return extractor.records.filter { $0.kind != "marker" }
    }

    /// A changed outcome in a few words: its subject (`#checkbox`, the short form of a view's or
    /// recognizer's name) and what changed (`touchCancel → touchUpInside`).
    static func line(_ change: GoldenDiff.Change) -> String {
        switch change {
        case .changed(let expected, let actual):
            let old = subject(of: expected)
            let new = subject(of: actual)
            if old != new {
                // The outcome went to another view, control or recognizer.
                // Named by what tells it from its neighbours: a hit's finger, a delivery's method.
                let qualifier = expected.fields.first { ["finger", "method", "event"].contains($0.0) }
                let shown = qualifier.map { $0.0 == "finger" ? " finger \(show($0.1))" : " \(show($0.1))" } ?? ""
                return "\(expected.kind)\(shown): \(old) → \(new)"
            }
            let differing = expected.fields.indices.filter { index in
                !subjectKeys.contains(expected.fields[index].0)
                    && (index >= actual.fields.count || expected.fields[index].1 != actual.fields[index].1)
            }
            let was = differing.map { brief(expected.fields[$0].1) }.joined(separator: " ")
            let now = differing.map { $0 < actual.fields.count ? brief(actual.fields[$0].1) : "nothing" }.joined(separator: " ")
            return differing.isEmpty ? "\(old) \(expected.kind) at another time" : "\(old) \(was) → \(now)"
        case .missing(let record): return "no longer \(describe(record))"
        case .unexpected(let record): return "now also \(describe(record))"
        case .moved(let record): return "\(describe(record)), in another order"
        }
    }

    static let subjectKeys: Set<String> = ["view", "control", "recognizer", "target", "text"]

    static func subject(of record: GoldenRecord) -> String {
        for (key, value) in record.fields where subjectKeys.contains(key) { return short(show(value)) }
        if let finger = record.fields.first(where: { $0.0 == "finger" }) { return "finger \(show(finger.1))" }
        return ""
    }

    static func describe(_ record: GoldenRecord) -> String {
        let others = record.fields.filter { !subjectKeys.contains($0.0) }.map { "\($0.0) \(brief($0.1))" }
        return "\(record.kind) \(subject(of: record))" + (others.isEmpty ? "" : " (" + others.joined(separator: ", ") + ")")
    }

    static func show(_ value: JSONValue) -> String { GoldenRecord.show(value) }

    /// A name in its short form; any other value as it is (a layer entry's fields, say).
    static func brief(_ value: JSONValue) -> String {
        if case .string = value.kind { return short(show(value)) }
        return show(value)
    }

    /// `UIButton#checkbox` → `#checkbox`; `UITapGestureRecognizer@UIView#card` → `UITapGestureRecognizer@#card`.
    static func short(_ name: String) -> String {
        guard let hash = name.firstIndex(of: "#") else { return name }
        if let at = name.firstIndex(of: "@"), at < hash {
            return String(name[...at]) + String(name[hash...])
        }
        return String(name[hash...])
    }
}
