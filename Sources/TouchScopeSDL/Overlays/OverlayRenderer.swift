import Foundation
import TouchKit
import TouchSwiftUI

/// The overlays, drawn from a `TraceModel` (never from the engine's routing state): on the
/// scene, the described touch's hit-test path (the hit view outlined, visited views numbered,
/// skipped and unreached views with their reasons), every touch's marks, view ids and the
/// inspected view; in the side panel, the inspector, the pointer, the described touch's path and
/// responder chain, the recognizers with the winner and a time axis, control events, notes and
/// markers, and the help with its colour legend; under the scene, the status line and timeline.
package struct OverlayRenderer {
    /// Which overlays are on; each has a key in the window (see `KeyCommand`).
    package struct Layers: OptionSet, Hashable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let hitTestPath = Layers(rawValue: 1 << 0)
        package static let responderChain = Layers(rawValue: 1 << 1)
        package static let recognizers = Layers(rawValue: 1 << 2)
        package static let controlEvents = Layers(rawValue: 1 << 3)
        package static let trails = Layers(rawValue: 1 << 4)
        package static let pointer = Layers(rawValue: 1 << 5)
        package static let help = Layers(rawValue: 1 << 6)
        package static let notes = Layers(rawValue: 1 << 7)
        package static let viewIDs = Layers(rawValue: 1 << 8)
        package static let all: Layers = [.hitTestPath, .responderChain, .recognizers, .controlEvents, .notes, .trails, .pointer]
    }

    /// Width of the side panel, in pixels.
    package static let panelWidth = Theme.panelWidth

    package var layers: Layers
    /// SwiftUI's words for the window last drawn (its views do not change: a reload or a seek
    /// brings a new window, and the words are made again).
    private let words = WordsCache()
    /// Whether the side panel is drawn (a picture too narrow for it leaves it out); the
    /// overlays on the scene are drawn either way.
    package var showsPanel = true

    package init(layers: Layers = .all) {
        self.layers = layers
    }

    /// A note or marker on the timeline (declared with the model, which collects them).
    package typealias TimelineTick = TouchScopeSDL.TimelineTick

    /// Extra state the frame shows besides the trace.
    package struct Status {
        package var recording = false
        package var paused = false
        package var slowMotion: Double = 1
        /// The pointer, in window points.
        package var pointer: CGPoint?
        package var emulatedFingers: [CGPoint] = []
        /// Inputs made while paused and not delivered yet: where each finger is, and its phase.
        package var queued: [(finger: Int, phase: UITouch.Phase, point: CGPoint)] = []
        /// The playback position and the session's length (sessions only).
        package var timeline: (position: Int64, duration: Int64)?
        /// Notes and markers of the whole session, for the timeline.
        package var ticks: [TimelineTick] = []
        package var message: String?
        /// A line being typed (a marker's name), shown with a cursor.
        package var prompt: String?
        /// The time marks fade against (nil: the latest trace time).
        package var now: Int64?
        /// The view selected in the inspector, and what it shows.
        package var inspected: UIView?
        package var inspection: ViewInspection?
        /// Problems of a scene file that failed to reload (the last good scene stays).
        package var reloadProblems: [String] = []
        /// What the last reload changed in the routing: a summary, then each changed outcome.
        package var reloadReport: [String] = []
        /// The model held to the device (a live link): the summary, then the latest disagreement.
        package var device: DeviceSummary?
        /// The step sizes of ←/→ and Shift-←/→, as the help lists them.
        package var stepSizes = "←/→ 0.5 s, Shift 1/60 s"

        package init() {}
    }

    /// The layout of a frame of `area` pixels with these settings.
    package func layout(area: CGSize, hasTimeline: Bool) -> FrameLayout {
        FrameLayout(area: area, overlays: !layers.isEmpty, showsPanel: showsPanel, hasTimeline: hasTimeline)
    }

    /// Draws what goes over the scene (clipped to the scene's part of the frame by the caller).
    package func drawOnScene(model: TraceModel, window: UIWindow, status: Status, canvas: Canvas, layout: FrameLayout) {
        let views = Dictionary(window.subtree.map { ($0.traceName, $0) }, uniquingKeysWith: { first, _ in first })
        let now = status.now ?? model.now
        var placer = LabelPlacer(bounds: layout.scene)
        let scene = SceneOverlay(canvas: canvas, views: views, window: window)
        if layers.contains(.trails) { scene.reserveMarks(model: model, placer: &placer) }
        if let inspected = status.inspected { scene.drawInspected(inspected, placer: &placer) }
        if layers.contains(.hitTestPath), let touch = model.described { scene.drawHitPath(of: touch, placer: &placer) }
        if layers.contains(.controlEvents) { scene.drawTracking(placer: &placer) }
        if layers.contains(.trails) { scene.drawMarks(model: model, now: now, placer: &placer) }
        for finger in status.emulatedFingers { scene.drawEmulatedFinger(finger) }
        for (index, input) in status.queued.enumerated() { scene.drawQueued(input, number: index + 1, placer: &placer) }
        if layers.contains(.viewIDs) { scene.drawViewIDs(placer: &placer) }
    }

    /// Draws the status line, the timeline and the side panel.
    package func drawPanelAndBars(model: TraceModel, window: UIWindow, status: Status, canvas: Canvas, layout: FrameLayout) {
        let now = status.now ?? model.now
        if let rect = layout.status { drawStatusLine(status, model: model, in: rect, canvas: canvas) }
        if let rect = layout.timeline, let timeline = status.timeline {
            TimelineBar(rect: rect, duration: timeline.duration).draw(position: timeline.position, ticks: status.ticks, canvas: canvas)
        }
        guard let panelRect = layout.panel else { return }
        canvas.fillPixels(panelRect, Theme.panelBackground)
        var panel = PanelWriter(canvas: canvas, rect: panelRect)
        panel.words = words.words(for: window)
        panel.heading("TouchScope  (? for help)")
        if !status.reloadProblems.isEmpty { drawReloadProblems(status.reloadProblems, panel: &panel) }
        if !status.reloadReport.isEmpty { drawReloadReport(status.reloadReport, panel: &panel) }
        if let device = status.device { drawDevice(device, panel: &panel) }
        if layers.contains(.help) { drawHelp(status, panel: &panel) }
        if let inspection = status.inspection { drawInspector(inspection, panel: &panel) }
        if layers.contains(.pointer), let pointer = status.pointer { drawPointer(pointer, window: window, panel: &panel) }
        if !layers.isDisjoint(with: [.hitTestPath, .responderChain]) { drawTouchHeading(model, panel: &panel) }
        if layers.contains(.hitTestPath) { drawHitPathList(model.described, panel: &panel) }
        if layers.contains(.responderChain) { drawChain(model.described, panel: &panel) }
        if layers.contains(.recognizers) { drawRecognizers(model, now: now, panel: &panel) }
        if layers.contains(.controlEvents) { drawControlLog(model, panel: &panel) }
        if layers.contains(.notes) { drawNotes(model, panel: &panel) }
    }

    /// Device and model, side by side: how many touches agree, and the latest that does not.
    private func drawDevice(_ device: DeviceSummary, panel: inout PanelWriter) {
        panel.section("Device and model")
        panel.wrapped(device.summary, device.latest == nil ? Theme.hitOutline : Theme.passedOutline, maximumLines: Theme.wrapMedium)
        guard let latest = device.latest else { return }
        panel.wrapped(latest.touch, Theme.panelText, maximumLines: Theme.wrapMedium)
        panel.wrapped("device: " + latest.device, Theme.hitOutline, indent: 8, maximumLines: Theme.wrapMedium)
        panel.wrapped("model:  " + latest.model, Theme.passedOutline, indent: 8, maximumLines: Theme.wrapMedium)
        panel.wrapped(latest.cause, Theme.panelDim, indent: 8, maximumLines: Theme.wrapMedium)
    }

    /// The whole reload message, wrapped: the status line has room for its start only.
    private func drawReloadReport(_ report: [String], panel: inout PanelWriter) {
        panel.section("Reloaded")
        let shown = Theme.reloadChangesShown
        for (index, line) in report.prefix(shown + 1).enumerated() {
            panel.wrapped(line, index == 0 ? Theme.panelText : Theme.panelDim, indent: index == 0 ? 0 : 8, maximumLines: Theme.wrapMedium)
        }
        if report.count > shown + 1 { panel.line("and \(report.count - shown - 1) more", Theme.panelDim) }
    }

    private func drawReloadProblems(_ problems: [String], panel: inout PanelWriter) {
        panel.section("Scene file not reloaded (the last good scene stays)")
        let shown = Theme.reloadProblemsShown
        for problem in problems.prefix(shown) { panel.wrapped(problem, Theme.state(.failed), maximumLines: Theme.wrapMedium) }
        if problems.count > shown { panel.line("and \(problems.count - shown) more", Theme.panelDim) }
    }
}

/// The SwiftUI words of one window, made once (`SwiftUIWords.dictionary`): the panel says every
/// name in them.
final class WordsCache {
    private weak var window: UIWindow?
    private var cached: [String: String] = [:]

    func words(for window: UIWindow) -> [String: String] {
        if self.window !== window {
            self.window = window
            cached = SwiftUIWords.dictionary(in: window)
        }
        return cached
    }
}
