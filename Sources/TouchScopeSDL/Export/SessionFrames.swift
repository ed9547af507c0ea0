import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Frames of a session at times that only go forward, drawn exactly as `render --session S --at T`
/// draws them: the same replay, the same overlay model fed the same way, the same frame renderer.
/// Export (GIF, MP4, the HTML report) takes its pictures from here.
package final class SessionFrames {
    package let session: Session
    /// Picture size in pixels.
    package let width: Int
    package let height: Int
    private let overlays: OverlayRenderer.Layers
    private let showHiddenViews: Bool
    private let makeScene: () throws -> LoadedScene
    private var replayer: SessionReplayer
    private let model = TraceModel()
    private var follower: ModelFollower
    private let ticks: [TimelineTick]

    /// Prepares to draw `session` on scenes from `makeScene`, `width` pixels wide (nil: the
    /// scene at 1:1 with the panel and bars; the height keeps the aspect ratio).
    package init(
        session: Session, scene makeScene: @escaping () throws -> LoadedScene, overlays: OverlayRenderer.Layers,
        showHiddenViews: Bool = false, width: Int? = nil
    ) throws {
        self.session = session
        self.makeScene = makeScene
        self.overlays = overlays
        self.showHiddenViews = showHiddenViews
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        self.replayer = replayer
        follower = ModelFollower(model: model)
        follower.follow(replayer.application)
        let size = try HeadlessRender.pictureSize(for: replayer.scene, overlays: overlays, hasTimeline: true, width: width, height: nil)
        self.width = size.0
        self.height = size.1
        ticks = SessionTicks.collect(session, scene: makeScene)
    }

    /// The replay's trace so far (the HTML report reads it).
    package var trace: Trace { replayer.trace }

    /// The frame at `micros` (from a fresh replay when it is earlier than the last one asked),
    /// with the view named `inspecting` (an id or a trace name) outlined and inspected, when the
    /// scene has it then.
    package func frame(at micros: Int64, inspecting: String? = nil) throws -> OffscreenTarget {
        if micros < replayer.position {
            follower.stop()
            replayer = try SessionReplayer(session: session, scene: makeScene)
            follower = ModelFollower(model: model)
            follower.follow(replayer.application)
        }
        replayer.run(until: micros)
        var status = OverlayRenderer.Status()
        status.timeline = (replayer.position, session.duration)
        status.ticks = ticks
        status.now = replayer.position
        if let inspecting, let view = InspectorContent.view(named: inspecting, in: replayer.scene.window) {
            status.inspected = view
            status.inspection = InspectorContent.inspection(of: view, model: model, trace: replayer.trace)
        }
        return try HeadlessRender.draw(
            window: replayer.scene.window, model: model, status: status, overlays: overlays, showHiddenViews: showHiddenViews,
            size: (width, height))
    }

    /// The times of frames `fps` a second of playback, played at `speed`, from `from` to `to`
    /// (microseconds of session time), both ends included.
    /// Most frames one export draws. TouchScope's choice: 30 minutes at 20 fps; a longer stretch
    /// is refused before anything is drawn (choose --from/--to, a lower --fps or a higher --speed).
    package static let maximumFrameCount = 36_000

    /// How many frames `times` would give, computed without listing them (a 10-hour session at
    /// 20 fps is 720,000); nil when that is more than `maximumFrameCount`.
    package static func frameCount(from: Int64, to: Int64, fps: Double, speed: Double) -> Int? {
        guard to >= from, fps > 0, speed > 0 else { return 1 }
        let step = 1_000_000 * speed / fps
        let count = (Double(to - from) / step).rounded(.down) + 2
        guard count.isFinite, count <= Double(maximumFrameCount) else { return nil }
        return Int(saturating: count)
    }

    package static func times(from: Int64, to: Int64, fps: Double, speed: Double) -> [Int64] {
        guard to >= from, fps > 0, speed > 0 else { return [from] }
        let step = 1_000_000 * speed / fps
        var times: [Int64] = []
        var index = 0.0
        while true {
            let t = Int64(saturating: (Double(from) + index * step).rounded())
            if t > to { break }
            times.append(t)
            index += 1
        }
        if times.last != to { times.append(to) }
        return times
    }
}
