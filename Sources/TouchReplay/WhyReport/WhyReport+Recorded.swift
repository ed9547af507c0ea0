import Foundation
import TouchKit
import TouchScenes

/// `why SESSION --finger N` / `--touch N` / `--view V` / `--recognizer R` / `--gesture G`: the
/// session replayed, and its own trace read.
extension WhyReport {
    static func recordedReport(
        finger: Int?, touch: Int?, recognizer: String?, swiftUIGesture: String?, view: String?, input: WhyInput
    ) throws -> WhyReport {
        let recorded = try input.recorded()
        let replayer = try SessionReplayer(session: recorded, scene: input.makeScene)
        replayer.run(until: recorded.duration)
        let entries = replayer.trace.entries
        let window = replayer.simulator.window
        var report = WhyReport(parts: [], words: words(in: window))
        var finger = finger
        var occurrence = 1
        if let touch {
            // The N-th touch: its first finger, and how many times that finger began before.
            let chosen = try TouchSequence.nth(touch, of: TouchSequence.all(in: recorded))
            finger = chosen.touch.fingers[0]
            occurrence = chosen.occurrence
        }
        if finger == nil, recognizer == nil, swiftUIGesture == nil, let view {
            // --view with no finger: the touches that concern the view, one line each; the first
            // that did not give it the whole touch is explained.
            let (chosen, lines) = try touchesConcerning(view, entries: entries, window: window, session: recorded)
            finger = chosen
            report.parts.append(Part(lines: lines + [""], json: nil))
        }
        if let finger {
            var answer = try RecordedTouchAnswer(finger: finger, occurrence: occurrence, entries: entries, window: window)
            if let view {
                // --view with --finger: what this recorded touch did to that view, and the fixes
                // that give it the touch.
                answer.focus(on: try WhyAnswer.findView(view, in: window), entries: entries)
                if let name = answer.focusName {
                    let span = ProvenFixes.span(of: answer.fate.entryRange, in: entries, session: recorded)
                    answer.fixes = fixes(.viewGetsTouch(view: name, finger: finger), input: input, session: recorded, entries: entries, span: span)
                }
            }
            // A captured session: what the device did with this touch.
            if !recorded.device.isEmpty, let fresh = try? SessionReplayer(session: recorded, scene: input.makeScene) {
                let comparison = DeviceComparison.compare(session: recorded, replayer: fresh)
                let began = entries[answer.fate.entryRange.lowerBound].micros
                if let index = comparison.touchIndex(finger: finger, at: began) { answer.device = (comparison, index) }
            }
            answer.tracking = ControlTrackingNote.lines(
                finger: finger, range: answer.fate.entryRange, entries: entries,
                replayAt: { t in
                    let at = try? SessionReplayer(session: recorded, scene: input.makeScene)
                    at?.run(until: t)
                    return at
                }, margin: replayer.application.configuration.controlTouchMargin)
            report.parts.append(Part(lines: answer.lines, json: answer.json))
        }
        if let gesture = swiftUIGesture {
            var phases = SwiftUIGestureHistory.lines(gesture, in: entries)
            if phases.isEmpty, input.scene.sceneDescription?.isListRowButton(gesture) == true {
                phases = SwiftUIGestureHistory.listRowButtonLines(gesture, in: entries)
            }
            // Before the iOS 18 SDK one recognizer runs every gesture: there is none of its own,
            // and the gesture fires when its phases say so.
            if TraceParticipants.recognizers(matching: gesture, in: entries).isEmpty {
                if phases.isEmpty { throw WhyAnswer.Problem(message: "no SwiftUI gesture with the id or name \(gesture) took part in this session") }
                let goal = FixGoal.swiftUIGestureFires(label: gesture)
                let span = SwiftUIGestureHistory.span(gesture, finger: finger, in: entries, session: recorded)
                let fixes = fixes(goal, input: input, session: recorded, entries: entries, span: span)
                report.parts.append(Part(lines: phases, json: nil))
                report.parts.append(
                    Part(
                        lines: [""] + fixes.lines,
                        json: .object([("gesture", .string(gesture)), ("phases", .array(phases.map { .string($0) })), ("fixes", fixes.json)])))
                return report
            }
            if !phases.isEmpty { report.parts.append(Part(lines: phases, json: nil)) }
        }
        if let recognizer = recognizer ?? swiftUIGesture {
            report.parts += try recognizerParts(recognizer, finger: finger, entries: entries, session: recorded, input: input)
        }
        return report
    }

    /// `--recognizer R`: everything each matching recognizer did, the touches it saw, and the
    /// fixes that make it recognize on the one explained.
    static func recognizerParts(_ recognizer: String, finger: Int?, entries: TraceEntries, session: Session, input: WhyInput) throws -> [Part] {
        let names = TraceParticipants.recognizers(matching: recognizer, in: entries)
        guard !names.isEmpty else {
            throw WhyAnswer.Problem(
                message:
                    "no recognizer named \(recognizer) took part in this session (recognizers: \(TraceParticipants.recognizers(matching: nil, in: entries).prefix(40).joined(separator: ", ")))"
            )
        }
        // With --finger, the fix must make it recognize on that touch; else on the first touch
        // it saw (once it recognized anywhere, no fix is needed).
        var fingerSpan: (Int64, Int64)?
        if let finger {
            let fate = TouchFate(entries: entries, finger: finger)
            if fate.found { fingerSpan = ProvenFixes.span(of: fate.entryRange, in: entries, session: session) }
        }
        return names.map { name in
            let goal = FixGoal.recognizes(recognizer: name)
            // Without --finger: the first touch it saw and did not recognize on (a later touch
            // that recognized does not make the missed one need no fix); every touch it saw is
            // listed, one line each, with the one explained marked.
            let seen = ProvenFixes.touchesSeen(by: name, goal: goal, in: entries, session: session)
            let missed = seen.first { !$0.met }
            let span =
                fingerSpan ?? missed.map(\.span)
                ?? (goal.met(in: entries, from: 0, until: session.duration) == nil
                    ? ProvenFixes.firstTouchSpan(of: name, in: entries, session: session) : (0, session.duration))
            let history = RecognizerHistory(entries: entries, recognizer: name)
            let fixes = fixes(goal, input: input, session: session, entries: entries, span: span)
            var touchLines: [String] = []
            if finger == nil && seen.count > 1 {
                touchLines = ["", "Touches it saw:"]
                for touch in seen {
                    let explained = missed.map { $0.finger == touch.finger && $0.occurrence == touch.occurrence } ?? false
                    touchLines.append(
                        "  finger \(touch.finger) at \(TraceEntry.seconds(touch.span.from)) s: \(touch.met ? "recognized" : "did not recognize")"
                            + (explained ? "  <- the fixes below are for this touch" : ""))
                }
            }
            return Part(lines: history.lines + touchLines + [""] + fixes.lines, json: history.json.adding([("fixes", fixes.json)]))
        }
    }

    /// The touches of a session that concern `view`: those that began over it (it or a view
    /// inside it was hit) and those that went to another view at its place. One line each, and
    /// the finger of the first that did not give the view the whole touch (else the first).
    static func touchesConcerning(
        _ view: String, entries: TraceEntries, window: UIWindow, session: Session
    ) throws -> (finger: Int, lines: [String]) {
        let found = try WhyAnswer.findView(view, in: window)
        let name = found.traceName
        let place = found.convert(found.bounds, to: nil)
        // The names of V and the views inside it: a touch hit one of them began over V.
        let inside = Set(found.subtree.map(\.traceName))
        // One pass for where each touch began and what it hit; a full explanation (a walk over
        // the trace) only for the first touches that concern V.
        var downs: [(finger: Int, micros: Int64, point: CGPoint)] = []
        var hits: [Int: String] = [:]
        var fingers: [Int] = []
        for entry in entries {
            switch entry.event {
            case .input(let finger, .began, let x, let y) where !fingers.contains(finger):
                fingers.append(finger)
                downs.append((finger, entry.micros, CGPoint(x: x, y: y)))
            case .hitResult(let finger, let view?) where hits[finger] == nil:
                hits[finger] = view
            default:
                continue
            }
        }
        var concerned: [(finger: Int, line: String, whole: Bool)] = []
        for down in downs {
            if concerned.count >= ProvenFixes.maximumTouchesSeen { break }
            let hit = hits[down.finger]
            let over = hit.map(inside.contains) ?? false
            guard over || place.contains(down.point) else { continue }
            let fate = TouchFate(entries: entries, finger: down.finger)
            guard fate.found else { continue }
            let span = ProvenFixes.span(of: fate.entryRange, in: entries, session: session)
            let whole = FixGoal.viewGetsTouch(view: name, finger: down.finger).met(in: entries, from: span.from, until: span.until) != nil
            let what = over ? "began over it (hit \(hit ?? "no view"))" : "went to \(hit ?? "no view") at its place"
            concerned.append(
                (
                    down.finger,
                    "  finger \(down.finger) at \(TraceEntry.seconds(down.micros)) s: \(what); \(whole ? "it got the whole touch" : "it did not get the whole touch")",
                    whole
                ))
        }
        guard let chosen = concerned.first(where: { !$0.whole }) ?? concerned.first else {
            throw WhyAnswer.Problem(
                message: "no touch of this session began over \(name) or at its place (fingers: \(TraceParticipants.fingers(in: entries)))")
        }
        let lines =
            ["Touches that concern \(name):"]
            + concerned.map { $0.line + ($0.finger == chosen.finger ? "  <- explained below" : "") }
        return (chosen.finger, lines)
    }
}
