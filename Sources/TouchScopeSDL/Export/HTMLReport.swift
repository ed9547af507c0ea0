import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchSwiftUI

/// A session as one self-contained HTML file: frames at every routing moment (PNG data inside
/// the file), a timeline with the notes and markers as ticks, and the trace grouped by input with
/// a search box and filters; clicking a trace line shows the frame of that moment, arrow keys step
/// between moments. Nothing is fetched: a content security policy forbids every request, so the
/// file opens from disk anywhere and shows the same.
package enum HTMLReport {
    /// Most trace lines a report holds (the rest is named; `touchscope trace` prints all).
    package static let maximumTraceLines = 20_000

    /// Writes the report of `session` to `path`.
    @discardableResult
    package static func write(
        session: Session, sessionName: String, scene makeScene: @escaping () throws -> LoadedScene,
        options: SessionExporter.Options, to path: String
    ) throws -> SessionExporter.Summary {
        try OutputGuard.check(path, inputs: options.inputs)
        // One replay for the trace and the moments; the frames come from the render path.
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        replayer.runToEnd()
        let entries = Array(replayer.trace.entries)
        let sceneName = replayer.scene.name
        let (from, to) = SessionExporter.range(session, options)
        let moments = ReportMoments.times(of: entries, duration: session.duration).filter { $0 >= from && $0 <= to }
        // The scene at 1:1 with the side panel (hit path, chain, lanes) beside it, unless a width is asked.
        let frames = try SessionFrames(
            session: session, scene: makeScene, overlays: options.overlays, showHiddenViews: options.showHiddenViews, width: options.width)
        try SessionExporter.checkWork(frames: moments.count, width: frames.width, height: frames.height)
        var images: [String] = []
        var imageIndex: [String: Int] = [:]
        var shown: [(micros: Int64, image: Int)] = []
        if let signal = SignalFlag.received { throw SessionExporter.Interrupted(signal: signal, framesDone: 0) }
        for (index, t) in moments.enumerated() {
            if let signal = SignalFlag.received { throw SessionExporter.Interrupted(signal: signal, framesDone: index) }
            let png = try frames.frame(at: t).pngData()
            let data = "data:image/png;base64," + Data(png).base64EncodedString()
            let index: Int
            if let existing = imageIndex[data] {
                index = existing
            } else {
                index = images.count
                images.append(data)
                imageIndex[data] = index
            }
            shown.append((t, index))
        }
        let html = $words.withValue(SwiftUIWords.dictionary(in: replayer.scene.window)) {
            let summaries =
                deviceHTML(session, scene: makeScene) + summaryHTML(entries)
                + touchesHTML(replayer.trace.entries, session: session, scene: replayer.scene.sceneDescription)
            return document(
                title: "\(sessionName) on \(sceneName)", session: session, entries: entries, moments: shown, images: images,
                frameSize: (frames.width, frames.height), summaries: summaries)
        }
        let bytes = Array(html.utf8)
        try AtomicFile.write(bytes, to: path, inputs: options.inputs)
        return SessionExporter.Summary(frames: shown.count, width: frames.width, height: frames.height, bytes: bytes.count)
    }

    /// The kind a trace line is filed under (the report's filters).
    static func kind(of event: TraceEvent) -> String {
        switch event {
        case .hitTestBegan, .hitVisit, .hitPassed, .hitSkippedSubviews, .hitOverride, .hitPointInsideOverride, .hitResult: "hits"
        case .gestureBound, .gestureIgnored, .gestureState, .gestureWaiting, .gestureIllegalTransition, .gestureAction, .gestureReset:
            "recognizers"
        case .controlTracking, .controlEvent, .controlAction: "controls"
        case .note, .marker: "notes"
        case .layer: "layers"
        case .input, .sendEvent, .responderChain, .touchBlocked, .inputDropped, .deliver, .forward, .touchDelayed,
            .touchReleased, .touchCancelledInView, .scrollOffset, .scrollDecision, .actionSent, .eventRouted,
            .firstResponder, .loopStopped:
            "other"
        }
    }

    /// SwiftUI's words for the scene's internal names (`SwiftUIWords`), for the report being
    /// written: every text of the page says them.
    @TaskLocal static var words: [String: String] = [:]

    /// Text from data in the page, in SwiftUI's words: the HTML sink (`MarkupText.html`).
    static func escape(_ text: String) -> String { MarkupText.html(SwiftUIWords.apply(words, to: text)) }

    /// The trace as groups, one per input record (entries before the first input form their own).
    static func traceHTML(_ entries: [TraceEntry]) -> String {
        var html = ""
        var open = false
        var lastInput: Int64 = -1
        var count = 0
        for entry in entries {
            if count >= maximumTraceLines {
                html +=
                    "</div><p class=\"cut\">The trace goes on for \(entries.count - count) more entries; <code>touchscope trace</code> prints them all.</p>"
                return html
            }
            if case .input(let finger, let phase, let x, let y) = entry.event, entry.micros != lastInput {
                lastInput = entry.micros
                if open { html += "</div>" }
                let heading =
                    "\(TraceEntry.seconds(entry.micros)) s · finger \(finger) \(phase) at (\(TraceFormat.number(x)), \(TraceFormat.number(y)))"
                html += "<div class=\"group\"><div class=\"head\" data-t=\"\(entry.micros)\">\(escape(heading))</div>"
                open = true
            } else if case .marker(let label) = entry.event {
                // A marker heads a group of its own, at its own time.
                if open { html += "</div>" }
                html +=
                    "<div class=\"group\"><div class=\"head marker\" data-t=\"\(entry.micros)\">\(escape("\(TraceEntry.seconds(entry.micros)) s · marker: \(label)"))</div>"
                open = true
            } else if !open {
                html += "<div class=\"group\"><div class=\"head\" data-t=\"0\">before the first input</div>"
                open = true
            }
            // A decision that rests on a rule Apple does not document says so, with the rule.
            let soft = RuleCitations.rules(for: entry.event).filter { $0.provenance != .documented }
            let badge = soft.map {
                " <span class=\"rule\" title=\"\(escape($0.summary))\">\(escape($0.provenance.rawValue)): \(escape($0.id))</span>"
            }.joined()
            html += "<div class=\"line \(kind(of: entry.event))\" data-t=\"\(entry.micros)\">\(escape(entry.description))\(badge)</div>"
            count += 1
        }
        if open { html += "</div>" }
        return html
    }

    /// A second era beside the first (`export --html --eras A,B`): its name, its trace, and
    /// each moment's picture in it (an index into `images`, as `moments`).
    struct SecondEra {
        var firstName: String
        var name: String
        var entries: [TraceEntry]
        var images: [Int]
        /// SwiftUI's words in that era (its views and recognizers are not the first era's).
        var words: [String: String] = [:]
    }

    static func document(
        title: String, session: Session, entries: [TraceEntry], moments: [(micros: Int64, image: Int)], images: [String],
        frameSize: (Int, Int), summaries: String = "", second: SecondEra? = nil
    ) -> String {
        let ticks = entries.compactMap { entry -> String? in
            guard let (text, isMarker) = entry.event.noteOrMarker else { return nil }
            return "{t:\(entry.micros),k:'\(isMarker ? "marker" : "note")',s:\(jsString(text))}"
        }.prefix(2000)
        let momentList = moments.enumerated().map { index, moment in
            let pair = second.map { ",j:\($0.images[index])" } ?? ""
            return "{t:\(moment.micros),i:\(moment.image)\(pair)}"
        }.joined(separator: ",")
        let frameHTML: String
        let linesHTML: String
        if let second {
            frameHTML =
                "<div id=\"frameBox\" class=\"pair\"><figure><figcaption>\(escape(second.firstName))</figcaption><img id=\"frame\" width=\"\(frameSize.0)\" height=\"\(frameSize.1)\" alt=\"the scene in \(escape(second.firstName)) at the chosen moment\"></figure><figure><figcaption>\(escape(second.name))</figcaption><img id=\"frame2\" width=\"\(frameSize.0)\" height=\"\(frameSize.1)\" alt=\"the scene in \(escape(second.name)) at the chosen moment\"></figure></div>"
            linesHTML =
                "<h2 class=\"era\">\(escape(second.firstName))</h2><div id=\"lines\" class=\"lines\">\(traceHTML(entries))</div><h2 class=\"era\">\(escape(second.name))</h2><div id=\"lines2\" class=\"lines\">\($words.withValue(second.words) { traceHTML(second.entries) })</div>"
        } else {
            frameHTML =
                "<div id=\"frameBox\"><img id=\"frame\" width=\"\(frameSize.0)\" height=\"\(frameSize.1)\" alt=\"the scene at the chosen moment\"></div>"
            linesHTML = "<div id=\"lines\" class=\"lines\">\(traceHTML(entries))</div>"
        }
        let imageList = images.map { "\"\($0)\"" }.joined(separator: ",\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <title>TouchScope: \(escape(title))</title>
            <style>\(HTMLReportAssets.css)</style>
            </head>
            <body>
            <header><h1>TouchScope report</h1><p>\(escape(title)) · \(session.inputCount) inputs over \(TraceEntry.seconds(session.duration)) s · \(entries.count) trace entries · \(moments.count) moments</p></header>
            \(summaries)
            <main>
            <section id="picture">
            <div id="zoombar"><button id="zoomOut" title="smaller">−</button><span id="zoomLabel">fit</span><button id="zoomIn" title="larger">+</button><button id="zoomFit">fit</button></div>
            \(frameHTML)
            <div id="timeline" title="click to jump; ← → step between moments"><div id="head"></div></div>
            <div id="controls"><button id="prev">◀ previous</button><span id="time"></span><button id="next">next ▶</button></div>
            <p class="legend"><span class="k note">note</span> <span class="k marker">marker</span> <span class="k moment">moment</span></p>
            </section>
            <section id="trace">
            <div id="tools"><input id="search" type="search" placeholder="search the trace (view, recognizer, reason…)" autocomplete="off">
            <label><input type="checkbox" data-kind="hits" checked> hits</label>
            <label><input type="checkbox" data-kind="recognizers" checked> recognizers</label>
            <label><input type="checkbox" data-kind="controls" checked> controls</label>
            <label><input type="checkbox" data-kind="notes" checked> notes</label>
            <label><input type="checkbox" data-kind="other" checked> other</label>
            <span id="count"></span></div>
            \(linesHTML)
            </section>
            </main>
            <script>
            const duration = \(max(1, session.duration));
            const moments = [\(momentList)];
            const ticks = [\(ticks.joined(separator: ","))];
            const images = [
            \(imageList)
            ];
            \(HTMLReportAssets.script)
            </script>
            </body>
            </html>
            """
    }

    /// A JavaScript string literal that is safe inside a `<script>`: a JSON string (which
    /// JavaScript reads as its own), with `<` and the two line separators JavaScript once refused
    /// escaped.
    static func jsString(_ text: String) -> String {
        JSONWriter.compact(.string(text)).replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }
}
