import CSDL2
import Foundation
import TouchKit

/// One frame: the scene on the left, scaled to fit, the side panel on the right, the status line
/// and timeline under the scene, and the overlays. The window, `render` and `export` all draw
/// with it, so a picture looks the same wherever it is made.
package final class FrameRenderer {
    package var scene = SceneRenderer()
    package var overlays = OverlayRenderer()
    let canvas: Canvas
    /// The layout of the last frame (the window maps clicks with it).
    package private(set) var layout = FrameLayout(area: CGSize(width: 1, height: 1), overlays: false, showsPanel: false, hasTimeline: false)

    init(renderer: OpaquePointer) {
        canvas = Canvas(renderer: renderer, mapping: ViewportMapping())
    }

    /// A renderer drawing into `target`.
    package convenience init(target: OffscreenTarget) {
        self.init(renderer: target.renderer)
    }

    /// The mapping for a frame of `area` pixels.
    package func mapping(for window: UIWindow, area: CGSize, hasTimeline: Bool, pixelDensity: CGFloat = 1) -> ViewportMapping {
        let layout = overlays.layout(area: area, hasTimeline: hasTimeline)
        return ViewportMapping.fit(sceneSize: window.bounds.size, into: layout.scene, pixelDensity: pixelDensity)
    }

    /// Draws one frame of `area` pixels.
    package func render(window: UIWindow, model: TraceModel, status: OverlayRenderer.Status, area: CGSize, pixelDensity: CGFloat = 1) {
        layout = overlays.layout(area: area, hasTimeline: status.timeline != nil)
        canvas.mapping = ViewportMapping.fit(sceneSize: window.bounds.size, into: layout.scene, pixelDensity: pixelDensity)
        canvas.clear(Theme.canvasBackground)
        // The window is the screen: nothing of the scene is drawn beyond it.
        canvas.pushClip(quad: Canvas.corners(window.bounds))
        scene.draw(window, on: canvas)
        if !overlays.layers.isEmpty {
            canvas.popClip()
            canvas.pushClip(pixels: Canvas.corners(layout.scene))
            overlays.drawOnScene(model: model, window: window, status: status, canvas: canvas, layout: layout)
            canvas.popClip()
            overlays.drawPanelAndBars(model: model, window: window, status: status, canvas: canvas, layout: layout)
        } else {
            canvas.popClip()
            if let rect = layout.timeline, let timeline = status.timeline {
                TimelineBar(rect: rect, duration: timeline.duration).draw(position: timeline.position, ticks: status.ticks, canvas: canvas)
            }
        }
        SDL_RenderFlush(canvas.renderer)
    }

    /// The scene point at a pixel of the last frame (tests and input use it).
    package var mapping: ViewportMapping { canvas.mapping }
}
