import Foundation
import TouchKit
import TouchScenes

/// One outcome of a replay, as a semantic golden stores it: what happened, typed, never how the
/// trace words it. A golden compares these, so a reworded trace message breaks nothing, while
/// a view that gets another touch, a control event that no longer fires, or a recognizer that
/// fails for another reason is reported.
///
/// Each record belongs to the input record of the session that led to it (`input`, 1-based; 0
/// for what happens before the first input), and has a time in seconds, a kind, and named
/// fields (`docs/golden-format.md` lists them).
public struct GoldenRecord: Equatable, Sendable, CustomStringConvertible {
    /// The input record (1-based, in session order) whose processing, or the timers after it,
    /// produced this outcome.
    public var input: Int
    /// When, in seconds since the session started (microsecond precision).
    public var t: Double
    /// What happened: `hit`, `blocked`, `delivery`, `delay`, `release`, `cancel`, `recognizer`,
    /// `control`, `action`, `route`, `firstResponder`, `scroll`, `note`, `marker`, `loop`, `dropped`.
    public var kind: String
    /// The outcome's fields, in a fixed order.
    public var fields: [(String, JSONValue)]

    public init(input: Int, t: Double, kind: String, fields: [(String, JSONValue)]) {
        self.input = input
        self.t = t
        self.kind = kind
        self.fields = fields
    }

    public static func == (lhs: GoldenRecord, rhs: GoldenRecord) -> Bool {
        lhs.input == rhs.input && lhs.t == rhs.t && lhs.kind == rhs.kind && lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// The topic `--only` selects it by.
    public var topic: GoldenTopic {
        switch kind {
        case "hit", "blocked", "dropped": .hits
        case "delivery", "delay", "release", "cancel": .deliveries
        case "recognizer": .recognizers
        case "control": .controls
        case "action", "route", "firstResponder", "loop": .actions
        case "scroll": .scroll
        case "layer": .layers
        default: .notes
        }
    }

    /// The record as one JSON object: `input`, `t`, `kind`, then its fields.
    public var json: JSONValue {
        .object([("input", .number(Double(input))), ("t", .number(t)), ("kind", .string(kind))] + fields)
    }

    /// A short line for reports: `hit finger=1 view=UIButton#pay`.
    public var description: String {
        let parts = fields.map { "\($0.0)=\(GoldenRecord.show($0.1))" }
        return "\(TraceEntry.seconds(Int64(saturating: (t * 1_000_000).rounded()))) \(kind) " + parts.joined(separator: " ")
    }

    static func show(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let text): text
        case .null: "nil"
        case .bool, .number, .array, .object: JSONWriter.compact(value)
        }
    }
}

/// The families of golden records `replay --only` compares.
public enum GoldenTopic: String, CaseIterable, Sendable {
    case hits, deliveries, recognizers, controls, actions, scroll, notes, layers

    /// Parses `hits,controls,...`; nil with the unknown name when one is not a topic.
    public static func parseList(_ text: String) -> Result<Set<GoldenTopic>, TraceTopicError> {
        var topics: Set<GoldenTopic> = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let topic = GoldenTopic(rawValue: name) else { return .failure(TraceTopicError(name: name, known: allCases.map(\.rawValue))) }
            topics.insert(topic)
        }
        // An empty list would compare nothing and pass: a usage error, not a silent success.
        if topics.isEmpty { return .failure(TraceTopicError(name: text, known: allCases.map(\.rawValue))) }
        return .success(topics)
    }
}

/// Turns a replay's trace into golden records, input by input.
///
/// The input counter advances at each input record of the session, which the replayer traces as
/// `input` entries (several samples of one record share a time and count once). Scroll offsets
/// are summarised per view and input: from where to where, not one record a frame, unless
/// `scrollFrames` is set.
public struct GoldenExtractor {
    public var scrollFrames = false
    /// Whether records are kept (`records`) or only counted (`count`): a replay that only reports
    /// how many outcomes there were holds none of them.
    public var keepsRecords = true
    private(set) public var records: [GoldenRecord] = []
    /// How many records there were.
    private(set) public var count = 0
    private var input = 0
    private var lastInputMicros: Int64 = -1
    /// Open scroll runs of the current input: view → index of its record.
    private var scrollRuns: [String: Int] = [:]
    /// When set, the records of each input are handed over when the next input begins (they are
    /// final then: only the current input's scroll runs still change) and not kept: a check
    /// compares them with the golden as the replay goes (`finish` hands over the last ones).
    public var onInputFinished: ((_ input: Int, _ records: [GoldenRecord]) -> Void)?

    public init(scrollFrames: Bool = false, keepsRecords: Bool = true) {
        self.scrollFrames = scrollFrames
        self.keepsRecords = keepsRecords
    }

    /// Hands over the last input's records to `onInputFinished` (when set): the replay is over.
    public mutating func finish() {
        guard let onInputFinished else { return }
        onInputFinished(input, records)
        records.removeAll()
    }

    /// Feeds one trace entry.
    public mutating func consume(_ entry: TraceEntry) {
        let t = Double(entry.micros) / 1_000_000
        func add(_ kind: String, _ fields: @autoclosure () -> [(String, JSONValue)]) {
            count += 1
            if keepsRecords { records.append(GoldenRecord(input: input, t: t, kind: kind, fields: fields())) }
        }
        func name(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? JSONValue(.null) }
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        func point(_ x: Double, _ y: Double) -> JSONValue {
            .array([.number((x * 100).rounded() / 100), .number((y * 100).rounded() / 100)])
        }
        switch entry.event {
        case .input:
            // One input record traces one `input` entry per sample, all at its time.
            if entry.micros != lastInputMicros || input == 0 {
                if let onInputFinished {
                    onInputFinished(input, records)
                    records.removeAll(keepingCapacity: true)
                }
                input += 1
                lastInputMicros = entry.micros
                scrollRuns.removeAll()
            }
        case .hitResult(let finger, let view):
            add("hit", [("finger", number(finger)), ("view", name(view))])
        case .touchBlocked(let finger, let reason):
            add("blocked", [("finger", number(finger)), ("reason", .string(reason.kind))])
        case .inputDropped(let finger, let phase, let reason):
            add("dropped", [("finger", number(finger)), ("phase", .string(phase.description)), ("reason", .string(reason.kind))])
        case .deliver(let method, let responder, let fingers):
            add("delivery", [("method", .string(method.rawValue)), ("view", .string(responder)), ("fingers", .array(fingers.ids.map(number)))])
        case .touchDelayed(let finger, let method, let by):
            add("delay", [("finger", number(finger)), ("method", .string(method.rawValue)), ("by", .string(by))])
        case .touchReleased(let finger, let method):
            add("release", [("finger", number(finger)), ("method", .string(method.rawValue))])
        case .touchCancelledInView(let finger, let view, let by):
            let source: JSONValue =
                switch by {
                case .recognizer(let recognizer): .string(recognizer)
                case .removalFromWindow: .string("removalFromWindow")
                }
            add("cancel", [("finger", number(finger)), ("view", .string(view)), ("by", source)])
        case .gestureState(let recognizer, let from, let to, let cause):
            var fields: [(String, JSONValue)] = [
                ("recognizer", .string(recognizer)), ("from", .string(from.description)), ("to", .string(to.description)),
                ("cause", .string(cause.kind)),
            ]
            if let rule = cause.ruleKind { fields.append(("rule", .string(rule))) }
            add("recognizer", fields)
        case .controlEvent(let control, let event):
            add("control", [("control", .string(control)), ("event", .string(event.description))])
        case .actionSent(let action, let target, let sender):
            add("action", [("action", .string(action)), ("target", name(target)), ("sender", name(sender))])
        case .eventRouted(let event, let from, let to):
            add("route", [("event", .string(event)), ("from", .string(from)), ("to", .string(to))])
        case .firstResponder(let responder):
            add("firstResponder", [("responder", name(responder))])
        case .loopStopped(let responder, let what, let depth):
            add("loop", [("responder", .string(responder)), ("what", .string(what)), ("depth", number(depth))])
        case .scrollOffset(let view, let x, let y):
            if !scrollFrames, let index = scrollRuns[view] {
                if keepsRecords { records[index].fields[2] = ("to", point(x, y)) }
            } else {
                add("scroll", [("view", .string(view)), ("from", point(x, y)), ("to", point(x, y))])
                scrollRuns[view] = records.count - 1
            }
        case .note(let text):
            add("note", [("text", .string(text))])
        case .marker(let label):
            add("marker", [("label", .string(label))])
        case .layer(let event):
            add("layer", event.jsonFields)
        case .sendEvent, .hitTestBegan, .hitVisit, .hitPassed, .hitSkippedSubviews, .hitOverride, .hitPointInsideOverride,
            .responderChain, .forward, .gestureBound, .gestureIgnored, .gestureWaiting, .gestureIllegalTransition, .gestureAction,
            .gestureReset, .controlTracking, .controlAction, .scrollDecision:
            // The steps behind the outcomes: shown in the trace, not compared (they change whenever
            // the engine's inner workings do, and the outcomes above say what matters).
            break
        }
    }

    /// The golden records of a whole trace.
    public static func records(of entries: some Sequence<TraceEntry>, scrollFrames: Bool = false) -> [GoldenRecord] {
        var extractor = GoldenExtractor(scrollFrames: scrollFrames)
        for entry in entries { extractor.consume(entry) }
        return extractor.records
    }
}
