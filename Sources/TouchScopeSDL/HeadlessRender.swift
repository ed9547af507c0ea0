import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Renders a scene, optionally after replaying a session up to a time, to a PNG, without a
/// display (SDL's offscreen driver and software renderer).
public enum HeadlessRender {
    /// What was drawn.
    public struct Summary: Sendable {
        public var width: Int
        public var height: Int
        public var traceEntries: Int
        public var atMicros: Int64
    }

    /// The default frame size for a scene: the scene at 1:1 plus the side panel.
    public static func defaultSize(for scene: LoadedScene, overlays: OverlayRenderer.Layers) -> (Int, Int) {
        pictureSize(for: scene, overlays: overlays, width: nil, height: nil)
    }

    /// Narrowest picture that keeps the side panel, in pixels: the panel and 120 px of scene.
    public static let minimumWidthWithPanel = Int(OverlayRenderer.panelWidth) + 120

    /// Whether a picture `width` pixels wide has room for the side panel.
    public static func hasRoomForPanel(width: Int) -> Bool { width >= minimumWidthWithPanel }

    /// The picture size for `width` and `height` as asked: both given, both used; one given, the
    /// other follows so that the scene keeps its aspect ratio (beside the panel, when there is
    /// room for it); none, the scene at 1:1 plus the panel.
    public static func pictureSize(for scene: LoadedScene, overlays: OverlayRenderer.Layers, width: Int?, height: Int?) -> (Int, Int) {
        let size = scene.window.bounds.size
        let panel = overlays.isEmpty ? 0 : OverlayRenderer.panelWidth
        func clamp(_ value: CGFloat) -> Int { max(1, min(8192, Int(value.rounded()))) }
        switch (width, height) {
        case (let w?, let h?):
            return (w, h)
        case (let w?, nil):
            let sceneWidth = panel > 0 && hasRoomForPanel(width: w) ? CGFloat(w) - panel : CGFloat(w)
            return (w, clamp(size.height * sceneWidth / size.width))
        case (nil, let h?):
            return (clamp(size.width * CGFloat(h) / size.height + panel), h)
        case (nil, nil):
            return (clamp(size.width + panel), clamp(size.height))
        }
    }

    /// Replays `session` (if any) to `micros` (the end when nil) on a scene from `makeScene`,
    /// draws the frame with `overlays`, and writes it to `output`. Returns the target too, for tests.
    @discardableResult
    public static func render(
        scene makeScene: @escaping () throws -> LoadedScene, session: Session?, at micros: Int64?,
        overlays: OverlayRenderer.Layers, showHiddenViews: Bool = false, size: (Int, Int)? = nil, output: String?
    ) throws -> (Summary, OffscreenTarget) {
        let showsPanel = size.map { hasRoomForPanel(width: $0.0) } ?? true
        let model = TraceModel()
        let window: UIWindow
        var position: Int64 = 0
        var replayer: SessionReplayer?
        let scene = try makeScene()
        if let session {
            let replay = try SessionReplayer(session: session, scene: makeScene)
            replay.trace.addListener { model.consume($0) }
            replay.run(until: micros ?? .max)
            position = replay.position
            window = replay.scene.window
            replayer = replay
        } else {
            let simulator = scene.makeSimulator()
            window = simulator.window
            replayer = nil
        }
        let (width, height) = size ?? defaultSize(for: scene, overlays: overlays)
        let target = try OffscreenTarget(width: width, height: height)
        let frame = FrameRenderer(target: target)
        frame.overlays.layers = overlays
        frame.overlays.showsPanel = showsPanel
        frame.scene.options.showHiddenViews = showHiddenViews
        var status = OverlayRenderer.Status()
        if let session { status.timeline = (position, session.duration) }
        frame.render(window: window, model: model, status: status, area: target.size)
        if let output { try target.savePNG(to: output) }
        withExtendedLifetime(replayer) {}
        return (Summary(width: width, height: height, traceEntries: replayer?.trace.entries.count ?? 0, atMicros: position), target)
    }
}
