import Foundation
import TouchKit

/// The side panel's sections about the described touch and the gesture.
extension OverlayRenderer {
    func drawTouchHeading(_ model: TraceModel, panel: inout PanelWriter) {
        guard let touch = model.described else {
            panel.section("Touch")
            panel.line("no touch yet", Theme.panelDim)
            return
        }
        let gesture = model.describedGesture
        let index = (gesture.touches.firstIndex { $0.id == touch.id } ?? 0) + 1
        let state = touch.isDown ? "down" : (touch.cancelled ? "cancelled" : "lifted")
        var title = "Finger \(touch.finger): \(state), at \(Self.point(touch.down))"
        if gesture.touches.count > 1 { title = "Finger \(touch.finger) (\(index) of \(gesture.touches.count)): \(state)" }
        panel.section(title)
        if gesture.isEarlier {
            let back = model.describedDistanceFromLatest
            panel.wrapped(
                "an earlier gesture, at \(Self.seconds(TimeInterval(gesture.start) / 1_000_000)) s, \(TraceModel.touchesBack(back)); Shift-Tab: earlier, Tab: later",
                Theme.panelDim, maximumLines: Theme.wrapShort)
        } else if gesture.touches.count > 1 || !model.earlierGestures.isEmpty {
            panel.line(
                model.followsLatest ? "following the latest touch; Tab / Shift-Tab pick another" : "picked with Tab; Tab past the latest follows it",
                Theme.panelDim)
        }
    }

    func drawHitPathList(_ touch: TouchRecord?, panel: inout PanelWriter) {
        guard let touch else { return }
        panel.section("Hit-test path")
        guard !touch.hitPath.isEmpty else {
            panel.line("not hit-tested (the touch was dropped)", Theme.panelDim)
            return
        }
        var order = 0
        let named = touch.verdicts != nil
        for step in touch.hitPath {
            switch step {
            case .visit(let name):
                order += 1
                panel.wrapped("\(order). visit \(name)", Theme.visitOutline, maximumLines: Theme.wrapShort)
            case .passed(let name, let reason):
                panel.wrapped(
                    "skip \(name): \(HitVerdict.explain(reason))", Theme.passedOutline, indent: Theme.detailIndent, maximumLines: Theme.wrapMedium)
            case .skipped(let name, let count):
                // With the verdicts, the views under the point are named below; these are not under it.
                if !named { panel.line("\(count) subviews of \(name) do not contain the point", Theme.panelDim, indent: Theme.detailIndent) }
            case .override(let name, let result):
                panel.wrapped("\(name).hitTest override chose \(result ?? "nil")", .yellow, indent: Theme.detailIndent, maximumLines: Theme.wrapShort)
            case .hit(let name):
                // Wrapped, never cut: the view's id is the part that identifies it.
                panel.wrapped("→ hit view: \(name ?? "none (the touch goes nowhere)")", Theme.hitOutline, maximumLines: Theme.wrapShort)
            }
        }
        let unreached = touch.unreached
        guard !unreached.isEmpty else { return }
        panel.line("Under the touch, not reached:", Theme.panelDim)
        for (name, verdict) in unreached.prefix(Theme.unreachedShown) {
            panel.wrapped("\(name) \(verdict.description)", Theme.unreachedOutline, indent: Theme.detailIndent, maximumLines: Theme.wrapMedium)
        }
        if unreached.count > Theme.unreachedShown {
            panel.line(
                "and \(unreached.count - Theme.unreachedShown) more (the inspector has each)", Theme.panelDim, indent: Theme.detailIndent)
        }
    }

    func drawChain(_ touch: TouchRecord?, panel: inout PanelWriter) {
        guard let touch else { return }
        panel.section("Responder chain")
        guard !touch.chain.isEmpty else {
            panel.line(touch.hitTested ? "none yet (delivery held or blocked)" : "none", Theme.panelDim)
            return
        }
        for (index, responder) in touch.chain.prefix(Theme.chainShown).enumerated() {
            let indent = CGFloat(min(index, Theme.chainIndentMaximumDepth)) * Theme.chainIndentStep
            panel.wrapped(
                (index == 0 ? "" : "› ") + responder, index == 0 ? Theme.panelText : Theme.panelDim, indent: indent, maximumLines: Theme.wrapShort)
        }
        if touch.chain.count > Theme.chainShown { panel.line("and \(touch.chain.count - Theme.chainShown) more", Theme.panelDim) }
    }

    func drawRecognizers(_ model: TraceModel, now: Int64, panel: inout PanelWriter) {
        panel.section("Gesture recognizers")
        let gesture = model.describedGesture
        guard !gesture.recognizers.isEmpty else {
            panel.line("none saw this gesture", Theme.panelDim)
            return
        }
        let start = gesture.start
        let end = Self.axisEnd(gesture, modelNow: model.now, now: now)
        let described = model.described?.id
        // Countdowns are the current gesture's: an earlier gesture's timers are long decided.
        let clock = gesture.isEarlier ? nil : model.pendingTimers?()
        for timeline in gesture.recognizers.prefix(Theme.recognizersShown) {
            let won = timeline.name == gesture.winner
            let bound = described.map { timeline.touchIDs.contains($0) } ?? false
            let prefix = won ? "★ " : (bound ? "• " : "  ")
            let state = timeline.outcome
            panel.wrappingPair(
                prefix + panel.recognizerLabel(timeline.name), state, bound || won ? Theme.panelText : Theme.panelDim, Theme.state(timeline.state))
            panel.strip { rect, canvas in
                canvas.fillPixels(rect, Theme.stateBarBackground)
                for segment in Self.stateSegments(timeline.changes, start: start, end: end, width: rect.width) {
                    canvas.fillPixels(
                        CGRect(x: rect.minX + segment.from, y: rect.minY, width: segment.to - segment.from, height: rect.height),
                        Theme.state(segment.state))
                }
            }
            if let waiting = timeline.waitingFor {
                let text: String
                if let clock, let timer = clock.timers[waiting] {
                    // The recognizer it waits for fails when its own timer fires (a double tap's
                    // window for the next tap): say when.
                    text =
                        "\(timeline.state == .possible ? "recognizes" : "goes on") when \(panel.recognizerLabel(waiting)) fails, in \(Self.seconds(timer.fireTime - clock.now)) s (\(Self.timerMeaning(timer.label)))"
                } else {
                    text = "waiting for \(panel.recognizerLabel(waiting)) to fail"
                }
                panel.wrapped(text, Theme.panelDim, indent: Theme.detailIndent, maximumLines: Theme.wrapMedium)
            } else if let clock, let timer = clock.timers[timeline.name], !timeline.state.isFinal {
                panel.wrapped(
                    Self.countdown(timer, now: clock.now), Theme.panelDim, indent: Theme.detailIndent, maximumLines: Theme.wrapShort)
            } else if let last = timeline.lastCause {
                let reset = timeline.changes.last?.cause == "reset" ? " (then reset)" : ""
                panel.wrapped(
                    "\(last.state): \(RecognizerLabel.relabel(last.cause))\(reset)", Theme.panelDim, indent: Theme.detailIndent,
                    maximumLines: Theme.wrapMedium)
            }
        }
        if gesture.recognizers.count > Theme.recognizersShown {
            panel.line("and \(gesture.recognizers.count - Theme.recognizersShown) more", Theme.panelDim)
        }
        drawTimeAxis(milliseconds: Double(end - start) / 1000, panel: &panel)
    }

    /// A pending timer as the lane says it: `begins in 0.20 s if the finger stays (minimumPressDuration)`.
    static func countdown(_ timer: PendingRecognizerTimer, now: TimeInterval) -> String {
        let left = seconds(timer.fireTime - now)
        switch timer.label {
        case RecognizerTimer.minimumPressDuration.rawValue: return "begins in \(left) s if the finger stays (minimumPressDuration)"
        case RecognizerTimer.maximumTapDuration.rawValue: return "fails in \(left) s if the finger stays down"
        case RecognizerTimer.maximumIntervalBetweenSuccessiveTaps.rawValue: return "fails in \(left) s unless the next tap comes"
        case RecognizerTimer.maximumDuration.rawValue: return "fails in \(left) s unless it swipes far enough"
        case RecognizerTimer.delaysContentTouches.rawValue: return "delivers the held touchesBegan in \(left) s (delaysContentTouches)"
        case "swiftUIGesture": return "its SwiftUI gesture decides in \(left) s (a tap's window or limit, a press's duration)"
        default: return "\(timer.label) fires in \(left) s"
        }
    }

    /// What a timer's firing means for the recognizer waiting on it, briefly.
    static func timerMeaning(_ label: String) -> String {
        switch label {
        case RecognizerTimer.maximumIntervalBetweenSuccessiveTaps.rawValue: "unless the next tap comes"
        case RecognizerTimer.minimumPressDuration.rawValue: "unless it is held"
        case "swiftUIGesture": "when its SwiftUI gesture's deadline passes"
        default: label
        }
    }

    static func seconds(_ value: TimeInterval) -> String { String(format: "%.2f", max(0, value)) }

    /// The end of the lanes' time axis: now while a finger is down or a recognizer is still at
    /// work; once the gesture is over, its last transition plus a margin (a fifth of the span, at
    /// least 50 ms), so that the bars keep the gesture's proportions however long ago it was.
    static func axisEnd(_ model: TraceModel, now: Int64) -> Int64 {
        axisEnd(model.describedGesture, modelNow: model.now, now: now)
    }

    /// `axisEnd` for one gesture, the current one or an earlier one (never live).
    static func axisEnd(_ gesture: GestureRecord, modelNow: Int64, now: Int64) -> Int64 {
        let start = gesture.start
        let current = max(max(modelNow, now), start + 1)
        guard !gesture.isLive, let last = gesture.recognizers.flatMap({ $0.changes.map(\.micros) }).max() else { return current }
        let lastTouch = gesture.touches.compactMap(\.lifted).max() ?? start
        let finished = max(last, lastTouch)
        let margin = max(50_000, (finished - start) / 5)
        return min(current, max(finished + margin, start + 1))
    }

    /// Where each state's segment goes on a bar `width` pixels wide. A state that lasted no time
    /// (ended, then reset at once) still gets `Theme.instantStateWidth`, so that every state it went
    /// through shows.
    static func stateSegments(
        _ changes: [RecognizerTimeline.Change], start: Int64, end: Int64, width: CGFloat
    ) -> [(from: CGFloat, to: CGFloat, state: UIGestureRecognizer.State)] {
        let span = CGFloat(max(1, end - start))
        func x(_ micros: Int64) -> CGFloat { width * CGFloat(min(max(0, micros - start), end - start)) / span }
        var segments: [(from: CGFloat, to: CGFloat, state: UIGestureRecognizer.State)] = []
        var cursor: CGFloat = 0
        for (index, change) in changes.enumerated() {
            let next = index + 1 < changes.count ? changes[index + 1].micros : end
            let from = min(max(x(change.micros), cursor), width)
            let to = min(max(x(next), from + (index + 1 < changes.count ? Theme.instantStateWidth : 0)), width)
            if to > from { segments.append((from, to, change.state)) }
            cursor = to
        }
        return segments
    }

    /// The time axis under the state bars: the gesture's start to now, in milliseconds.
    private func drawTimeAxis(milliseconds: Double, panel: inout PanelWriter) {
        panel.strip(height: Theme.axisHeight) { rect, canvas in
            canvas.fillPixels(CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: 1), Theme.panelDim)
            for step in 0...Theme.axisDivisions {
                let x = rect.minX + rect.width * CGFloat(step) / CGFloat(Theme.axisDivisions)
                canvas.fillPixels(CGRect(x: x - 0.5, y: rect.minY, width: 1, height: Theme.axisTickHeight), Theme.panelDim)
            }
            let textY = rect.minY + Theme.axisTextTop
            canvas.textPixels("0", at: CGPoint(x: rect.minX, y: textY), size: Theme.axisTextSize, Theme.panelDim)
            let end = "+\(Int(saturating: milliseconds.rounded())) ms"
            let width = canvas.measure(end, size: Theme.axisTextSize).width
            canvas.textPixels(end, at: CGPoint(x: rect.maxX - width, y: textY), size: Theme.axisTextSize, Theme.panelDim)
        }
    }

    func drawControlLog(_ model: TraceModel, panel: inout PanelWriter) {
        panel.section("Control events")
        if model.controlLog.isEmpty { panel.line("none yet", Theme.panelDim) }
        for item in model.controlLog.suffix(Theme.controlEventsShown) {
            // Wrapped, never cut: the control's id ends the line (`UITableViewCell#shortcuts`).
            panel.wrapped("\(TimelineBar.seconds(item.micros)) s  \(item.event)  \(item.control)", Theme.panelText, maximumLines: Theme.wrapShort)
        }
    }

    func drawNotes(_ model: TraceModel, panel: inout PanelWriter) {
        let shown = Theme.notesShown
        panel.section(model.noteCount > shown ? "Notes and markers (last \(shown) of \(model.noteCount))" : "Notes and markers")
        if model.notes.isEmpty { panel.line("none yet", Theme.panelDim) }
        for item in model.notes.suffix(shown) {
            let color = item.kind == .marker ? Theme.markerTick : Theme.noteTick
            panel.wrapped("\(TimelineBar.seconds(item.micros)) s  \(item.kind.rawValue): \(item.text)", color, maximumLines: Theme.wrapShort)
        }
    }

    func drawPointer(_ pointer: CGPoint, window: UIWindow, panel: inout PanelWriter) {
        panel.section("Pointer  \(Self.point(pointer))")
        let hit = window.hitTest(pointer, with: nil)
        if let hit, !(hit is UIWindow) {
            panel.wrapped("a touch here goes to \(hit.traceName)", Theme.hitOutline, maximumLines: Theme.wrapShort)
            panel.line("at \(Self.point(hit.convert(pointer, from: window))) in its bounds", Theme.panelDim, indent: Theme.detailIndent)
        } else {
            panel.line(hit == nil ? "a touch here goes to no view" : "a touch here goes to the window", Theme.panelDim)
        }
        if let top = ViewGeometry.drawnViews(at: pointer, in: window).first, top !== hit, !(top is UIWindow) {
            panel.wrapped("drawn on top: \(top.traceName) (Ctrl-click to ask why)", Theme.unreachedOutline, maximumLines: Theme.wrapShort)
        }
    }

    func drawInspector(_ inspection: ViewInspection, panel: inout PanelWriter) {
        for (index, section) in inspection.sections.enumerated() {
            // A recognizer's section is titled by its label, id or view first, so a cut keeps them.
            let title = section.recognizer.map(panel.recognizerLabel) ?? section.title
            panel.section(index == 0 ? "Inspector: \(title)" : title)
            for line in section.lines {
                panel.wrapped("\(line.label): \(line.value)", Theme.panelText, indent: Theme.inspectorIndent, maximumLines: Theme.wrapLong)
            }
        }
    }

    func drawHelp(_ status: Status, panel: inout PanelWriter) {
        panel.section("Keys")
        for line in KeyHelp.lines(stepSizes: status.stepSizes) { panel.wrapped(line, Theme.panelText, maximumLines: Theme.wrapShort) }
        panel.section("Colours")
        for entry in Theme.legend { panel.swatch(entry.color, entry.label) }
        panel.wrapped(
            "finger marks: ● down, ○× lifted, ○/ cancelled, dashed ring: the touch described", Theme.panelDim, maximumLines: Theme.wrapShort)
        for state in [UIGestureRecognizer.State.possible, .began, .changed, .ended, .cancelled, .failed] {
            panel.swatch(Theme.state(state), "recognizer \(state)")
        }
    }

    func drawStatusLine(_ status: Status, model: TraceModel, in rect: CGRect, canvas: Canvas) {
        canvas.fillPixels(rect, Theme.barBackground)
        var x = rect.minX + Theme.barPadding
        let y = rect.minY + Theme.barTextTop
        let gap = Theme.barItemGap
        if status.recording {
            canvas.discPixels(at: CGPoint(x: x + Theme.recordingDotRadius, y: rect.midY), radius: Theme.recordingDotRadius, .red)
            let room = Theme.recordingDotRoom
            x += room + canvas.textPixels("REC", at: CGPoint(x: x + room, y: y), size: Theme.bodySize, .red).width + gap
        }
        if status.paused { x += canvas.textPixels("PAUSED", at: CGPoint(x: x, y: y), size: Theme.bodySize, .orange).width + gap }
        if status.slowMotion != 1 {
            x += canvas.textPixels("x\(status.slowMotion)", at: CGPoint(x: x, y: y), size: Theme.bodySize, .orange).width + gap
        }
        let time = "t \(TimelineBar.seconds(status.now ?? model.now)) s"
        let timeWidth = canvas.measure(time, size: Theme.smallSize).width
        let text = status.prompt.map { "marker name: \($0)▏ (Enter saves, Esc cancels)" } ?? status.message
        if let text {
            canvas.textPixels(
                canvas.elided(text, width: rect.maxX - x - timeWidth - Theme.barTimeGap), at: CGPoint(x: x, y: y), size: Theme.bodySize, Theme.barText
            )
        }
        canvas.textPixels(time, at: CGPoint(x: rect.maxX - timeWidth - Theme.barPadding, y: y + 1), size: Theme.smallSize, Theme.barText)
    }

    static func point(_ p: CGPoint) -> String {
        "(\(number(p.x)), \(number(p.y)))"
    }

    static func number(_ value: CGFloat) -> String {
        String(format: "%.1f", Double(value))
    }
}
