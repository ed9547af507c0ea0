import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The HTML report's two summaries: one line per marker saying what its gesture came to, and
/// each touch's `why` answer with the fixes proven for it.
extension HTMLReport {
    /// Most touches the report explains (each with its fixes re-run); TouchScope's choice.
    static let maximumTouchesExplained = 20
    /// Most outcomes a marker's summary line lists; the rest are counted. TouchScope's choice.
    static let maximumItemsPerMarker = 20
    /// Most touches whose fixes are looked for (each costs up to `ProvenFixes.maximumCandidates`
    /// replays); TouchScope's choice.
    static let maximumTouchesWithFixes = 8

    /// One outcome line per marker: `tap the custom checkbox → #checkbox touchCancel, cancelled
    /// by #dismissKeyboardTap`, from the hits, the control events that end a touch, the
    /// recognitions, the cancels and the notes after it, up to the next marker.
    package static func markerSummaries(_ entries: [TraceEntry]) -> [(micros: Int64, label: String, outcome: String)] {
        var result: [(micros: Int64, label: String, outcome: String)] = []
        var current: (micros: Int64, label: String)?
        // The open marker's items, each said once (a set, so a marker followed by many notes
        // costs a look-up per note, not a scan; the list kept apart from the optional, so an
        // append never copies it).
        var items: [String] = []
        var seen: Set<String> = []
        // Items past the first `maximumItemsPerMarker` are counted, not listed (a line of a
        // million notes says nothing).
        var more = 0
        func close() {
            guard let open = current else { return }
            var text = items.isEmpty ? "nothing happened" : items.joined(separator: ", ")
            if more > 0 { text += " and \(more) more" }
            result.append((open.micros, open.label, text))
            items.removeAll(keepingCapacity: true)
            seen.removeAll(keepingCapacity: true)
            more = 0
        }
        func add(_ item: String) {
            guard current != nil else { return }
            guard items.count < maximumItemsPerMarker else {
                if !seen.contains(item) { more += 1 }
                return
            }
            guard seen.insert(item).inserted else { return }
            items.append(item)
        }
        for entry in entries {
            switch entry.event {
            case .marker(let label):
                close()
                current = (entry.micros, label)
            case .hitResult(_, let view):
                add("hit \(short(view ?? "no view"))")
            case .controlEvent(let control, let event) where [.touchUpInside, .touchUpOutside, .touchCancel, .valueChanged].contains(event):
                add("\(short(control)) \(event)")
            case .gestureState(let recognizer, .possible, let to, _) where to == .began || to == .ended:
                add("\(RecognizerLabel.of(recognizer)) recognized")
            case .touchCancelledInView(_, let view, .recognizer(let recognizer)):
                add("\(short(view)) cancelled by \(RecognizerLabel.of(recognizer))")
            case .note(let text):
                add("“\(text)”")
            default:
                continue
            }
        }
        close()
        return result
    }

    /// `#checkbox` for `UIControl#checkbox`; other names as they are.
    static func short(_ name: String) -> String {
        guard let hash = name.firstIndex(of: "#"), !name[..<hash].contains("@"), !name.contains(" ") else { return name }
        return String(name[hash...])
    }

    /// For a session captured from an app: the model held to the device, each disagreement with
    /// its likely cause, a click away from its moment.
    static func deviceHTML(_ session: Session, scene makeScene: @escaping () throws -> LoadedScene) -> String {
        guard !session.device.isEmpty, let replayer = try? SessionReplayer(session: session, scene: makeScene) else { return "" }
        let comparison = DeviceComparison.compare(session: session, replayer: replayer)
        var html = "<section id=\"device\"><h2>Device and model</h2><p>\(escape(comparison.summary))</p>"
        if !comparison.disagreements.isEmpty { html += "<ol>" }
        for disagreement in comparison.disagreements {
            html +=
                "<li class=\"jump\" data-t=\"\(disagreement.touch.micros)\"><b>\(escape(disagreement.touch.description)): \(escape(disagreement.fact.label))</b><br>device: \(escape(disagreement.device))<br>model: \(escape(disagreement.model))<br><i>likely cause: \(escape(disagreement.causeLine))</i></li>"
        }
        if !comparison.disagreements.isEmpty { html += "</ol>" }
        return html + "</section>"
    }

    static func summaryHTML(_ entries: [TraceEntry]) -> String {
        let summaries = markerSummaries(entries)
        guard !summaries.isEmpty else { return "" }
        var html = "<section id=\"summary\"><h2>What each marker's gesture came to</h2><ol>"
        for item in summaries {
            html +=
                "<li class=\"jump\" data-t=\"\(item.micros)\"><span class=\"when\">\(TraceEntry.seconds(item.micros)) s</span> <b>\(escape(item.label))</b> → \(escape(item.outcome))</li>"
        }
        return html + "</ol></section>"
    }

    /// Each touch's story (`why SESSION --finger N`), and, when its hit view did not get the whole
    /// touch, the fixes that give it the touch, each re-run on the session.
    static func touchesHTML(_ traceEntries: TraceEntries, session: Session, scene: SceneDescription?) -> String {
        var occurrences: [Int: Int] = [:]
        var touches: [(finger: Int, occurrence: Int, micros: Int64)] = []
        for entry in traceEntries {
            guard case .input(let finger, .began, _, _) = entry.event else { continue }
            occurrences[finger, default: 0] += 1
            touches.append((finger, occurrences[finger] ?? 1, entry.micros))
        }
        guard !touches.isEmpty else { return "" }
        var html = "<section id=\"touches\"><h2>Each touch, explained</h2>"
        var searched = 0
        for touch in touches.prefix(maximumTouchesExplained) {
            let fate = TouchFate(entries: traceEntries, finger: touch.finger, occurrence: touch.occurrence)
            guard fate.found else { continue }
            let hit = fate.hitView ?? "no view"
            var fixesHTML = ""
            var outcome = "goes to \(short(hit))"
            if let hitView = fate.hitView {
                let goal = FixGoal.viewGetsTouch(view: hitView, finger: touch.finger)
                let span = ProvenFixes.span(of: fate.entryRange, in: traceEntries, session: session)
                if goal.met(in: traceEntries, from: span.from, until: span.until) == nil {
                    outcome += ", which does not get the whole touch"
                    if let scene, searched < maximumTouchesWithFixes {
                        searched += 1
                        let fixes = ProvenFixes.find(
                            goal: goal, session: session, scene: scene, entries: traceEntries, from: span.from, until: span.until)
                        fixesHTML = "<p class=\"fixes\">Fixes proven by a re-run (\(escape(goal.text))):</p>"
                        fixesHTML +=
                            fixes.isEmpty
                            ? "<p class=\"none\">none of the changes TouchScope tries gives it the touch</p>"
                            : "<ul>" + fixes.map { "<li><code>\(escape($0.change))</code> → \(escape($0.result))</li>" }.joined() + "</ul>"
                    }
                }
            }
            html +=
                "<details class=\"touch\"><summary class=\"jump\" data-t=\"\(touch.micros)\">finger \(touch.finger) at \(TraceEntry.seconds(touch.micros)) s \(escape(outcome))</summary><pre>\(escape(fate.lines.joined(separator: "\n")))</pre>\(fixesHTML)</details>"
        }
        if touches.count > maximumTouchesExplained {
            html +=
                "<p class=\"cut\">and \(touches.count - maximumTouchesExplained) more touches (`touchscope why SESSION --finger N` explains any)</p>"
        }
        return html + "</section>"
    }
}
