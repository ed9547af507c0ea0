import Foundation
import TouchKit

/// What `why` says of one recorded touch: its fate from the trace, the views under it that draw
/// nothing, how a control's tracking ended, the rules the answer rests on, what the device did
/// (a captured session), what a view it is asked about heard, and the fixes that give that view
/// the touch. Its text and its JSON are read from the same fields.
struct RecordedTouchAnswer {
    var fate: TouchFate
    /// The views under the first finger that draw nothing, when the touch went to one of them.
    var drawsNothing: [String]?
    /// The rules the answer rests on, with their provenance (`touchscope rules`).
    var rules: [TouchRule]
    /// Lines on a control whose tracking this touch ended outside its bounds.
    var tracking: [String] = []
    /// The device's account of the touch (a captured session) and its index there.
    var device: (comparison: DeviceComparison, index: Int)?
    /// The view asked about (`--view`) and what it heard of the touch.
    var focusName: String?
    var focus: [DeliveryFinding] = []
    var fixes: FixReport?

    /// The touch `finger` made the `occurrence`-th time it went down; a problem listing the
    /// fingers when it never did.
    init(finger: Int, occurrence: Int, entries: TraceEntries, window: UIWindow) throws(WhyAnswer.Problem) {
        fate = TouchFate(entries: entries, finger: finger, occurrence: occurrence)
        fate.noteUnseen(in: window, entries: entries)
        guard fate.found else {
            throw WhyAnswer.Problem(
                message: "finger \(finger) never touched down in this session (fingers: \(TraceParticipants.fingers(in: entries)))")
        }
        rules = RuleCitations.rules(in: entries, range: fate.entryRange)
        if let began = fate.began {
            drawsNothing = WhyAnswer.drawsNothing(hit: fate.hitView, at: CGPoint(x: began.x, y: began.y), in: window)
        }
    }

    /// Narrows the answer to `view`: what it heard of this touch alone (later touches of the
    /// session are not about it).
    mutating func focus(on view: UIView, entries: TraceEntries) {
        focusName = view.traceName
        focus =
            DeliveryExplanation(
                entries: Array(entries)[fate.entryRange], finger: fate.finger, view: view.traceName,
                recognizers: (view.gestureRecognizers ?? []).map(\.traceName)
            ).findings
    }

    var lines: [String] {
        var lines = fate.lines
        if let drawsNothing { lines += [""] + WhyAnswer.drawsNothingLines(drawsNothing) }
        lines += tracking
        if let line = RuleCitations.line(rules) { lines += ["", line] }
        if let device { lines += [""] + device.comparison.lines(forTouch: device.index) }
        if let focusName {
            lines += ["", "For \(focusName):"] + (focus.isEmpty ? ["  it heard nothing of this touch"] : focus.map { "  " + $0.description })
        }
        if let fixes { lines += [""] + fixes.lines }
        return lines
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let device { members.append(("device", device.comparison.json(forTouch: device.index))) }
        members.append(("rules", .array(rules.map { .object([("id", .string($0.id)), ("provenance", .string($0.provenance.rawValue))]) })))
        if let focusName {
            let findings: [JSONValue] = focus.map { .object([("kind", .string($0.kind)), ("text", .string($0.description))]) }
            members.append(("view", .object([("view", .string(focusName)), ("findings", .array(findings))])))
            if let fixes { members.append(("fixes", fixes.json)) }
        }
        return fate.json.adding(members)
    }
}
