import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Renders a scene, optionally after replaying a session up to a time, to a PNG, without a
/// display (SDL's offscreen driver and software renderer). The frame is the window's: the same
/// overlays, panel, status line and timeline; at a session's end the last gesture's finger marks
/// show where each touch went down, moved and lifted.
package enum HeadlessRender {
    /// What was drawn.
    package struct Summary: Sendable {
        package var width: Int
        package var height: Int
        package var traceEntries: Int
        package var atMicros: Int64
        /// How many touches before the latest the described one is (0: the latest).
        package var touchesBack = 0
        /// The described touch's finger (nil: no touch yet).
        package var describedFinger: Int?
    }

    /// Draws one frame of `size` pixels: the picture `render` writes and the window shows.
    package static func draw(
        window: UIWindow, model: TraceModel, status: OverlayRenderer.Status, overlays: OverlayRenderer.Layers,
        showHiddenViews: Bool = false, size: (Int, Int)
    ) throws -> OffscreenTarget {
        let target = try OffscreenTarget(width: size.0, height: size.1)
        let frame = FrameRenderer(target: target)
        frame.overlays.layers = overlays
        frame.overlays.showsPanel = hasRoomForPanel(width: size.0)
        frame.scene.options.showHiddenViews = showHiddenViews
        frame.render(window: window, model: model, status: status, area: target.size)
        return target
    }

    /// `--inspect` named a view the scene does not have.
    package struct NoSuchView: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// Narrowest picture that keeps the side panel, in pixels: the panel and 120 px of scene.
    package static let minimumWidthWithPanel = Int(saturating: Theme.panelWidth) + 120

    /// Whether a picture `width` pixels wide has room for the side panel.
    package static func hasRoomForPanel(width: Int) -> Bool { width >= minimumWidthWithPanel }

    /// Replays `session` (if any) to `micros` (the end when nil) on a scene from `makeScene`,
    /// describes the touch `earlier` touches before the latest (as Shift-Tab that many times in
    /// the window; the oldest kept when there are fewer), draws the frame with `overlays`, and
    /// writes it to `output`, which may be none of `inputs` (checked before anything is drawn).
    /// Returns the target too, for tests.
    @discardableResult
    package static func render(
        scene makeScene: @escaping () throws -> LoadedScene, session: Session?, at micros: Int64?,
        overlays: OverlayRenderer.Layers, showHiddenViews: Bool = false, inspect: String? = nil, earlier: Int = 0,
        size: (Int, Int)? = nil, output: String?, inputs: [String] = []
    ) throws -> (Summary, OffscreenTarget) {
        if let output { try OutputGuard.check(output, inputs: inputs) }
        let model = TraceModel()
        let window: UIWindow
        var position: Int64 = 0
        var keepAlive: AnyObject?
        var status = OverlayRenderer.Status()
        let scene = try makeScene()
        if let session {
            let replay = try SessionReplayer(session: session, scene: makeScene)
            _ = TraceFollower.attach(to: replay) { model.consume($0) }
            HitVerdictFeed.attach(model: model, to: replay.application)
            replay.run(until: micros ?? .max)
            position = replay.position
            window = replay.scene.window
            keepAlive = replay
            status.timeline = (position, session.duration)
            status.ticks = SessionTicks.collect(session, scene: makeScene)
            status.now = position
            model.select(touchesBack: earlier)
            // A session captured from an app: the model held to the device, for the panel.
            if !session.device.isEmpty, let fresh = try? SessionReplayer(session: session, scene: makeScene) {
                status.device = DeviceSummary(DeviceComparison.compare(session: session, replayer: fresh))
            }
        } else {
            let simulator = scene.makeSimulator()
            window = simulator.window
            keepAlive = simulator
        }
        if let inspect {
            guard let view = InspectorContent.view(named: inspect, in: window) else {
                let ids = window.subtree.compactMap(\.accessibilityIdentifier).sorted()
                throw NoSuchView(
                    message:
                        "no view has the id or name \"\(TerminalText.line(inspect))\" (ids: \(ids.prefix(40).map(TerminalText.line).joined(separator: ", ")))"
                )
            }
            status.inspected = view
            let trace = (keepAlive as? SessionReplayer)?.trace ?? (keepAlive as? TouchSimulator)?.trace
            status.inspection =
                trace.map { InspectorContent.inspection(of: view, model: model, trace: $0, device: session?.device ?? []) }
                ?? ViewInspection(view: view)
        }
        let (width, height) = try size ?? pictureSize(for: scene, overlays: overlays, hasTimeline: session != nil, width: nil, height: nil)
        let target = try draw(
            window: window, model: model, status: status, overlays: overlays, showHiddenViews: showHiddenViews, size: (width, height))
        if let output { try target.savePNG(to: output, inputs: inputs) }
        let entries = (keepAlive as? SessionReplayer)?.trace.entries.count ?? 0
        withExtendedLifetime(keepAlive) {}
        return (
            Summary(
                width: width, height: height, traceEntries: entries, atMicros: position, touchesBack: model.describedDistanceFromLatest,
                describedFinger: model.described?.finger),
            target
        )
    }
}
