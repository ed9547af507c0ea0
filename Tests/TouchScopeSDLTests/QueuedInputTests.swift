import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

extension SDLTests {
    /// An input made while paused is drawn where it will land until it is delivered.
    @Suite("Queued inputs drawn")
    struct QueuedInputTests {
        @Test("a queued touch-down draws a ring at its point; with nothing queued the spot stays white")
        func queuedRing() throws {
            func render(_ queued: [(finger: Int, phase: UITouch.Phase, point: CGPoint)]) throws -> OffscreenTarget {
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                window.backgroundColor = .white
                let size = FrameLayout.size(forScene: CGSize(width: 200, height: 200), overlays: true, showsPanel: true, hasTimeline: false)
                let target = try OffscreenTarget(width: Int(size.width), height: Int(size.height))
                let frame = FrameRenderer(target: target)
                frame.scene.options.showBorders = false
                var status = OverlayRenderer.Status()
                status.paused = true
                status.queued = queued
                frame.render(window: window, model: TraceModel(), status: status, area: target.size)
                return target
            }
            let radius = Int(Theme.emulatedFingerRadius)
            let queued = try render([(1, .began, CGPoint(x: 100, y: 100))])
            #expect((0...radius + 2).contains { !close(queued.pixel(x: 100 + $0, y: 100), .white) }, "a ring is drawn around (100, 100)")
            let empty = try render([])
            #expect((0...radius + 2).allSatisfy { close(empty.pixel(x: 100 + $0, y: 100), .white) })
        }
    }
}
