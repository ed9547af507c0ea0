import CSDL2
import Foundation
import TouchKit

/// One frame: the scene on the left, scaled to fit, and the overlays and side panel.
public final class FrameRenderer {
    public var scene = SceneRenderer()
    public var overlays = OverlayRenderer()
    let canvas: Canvas

    init(renderer: OpaquePointer) {
        canvas = Canvas(renderer: renderer, mapping: ViewportMapping())
    }

    /// A renderer drawing into `target`.
    public convenience init(target: OffscreenTarget) {
        self.init(renderer: target.renderer)
    }

    /// The mapping for a frame of `area` pixels with the panel on the right (when overlays are on).
    public func mapping(for window: UIWindow, area: CGSize, pixelDensity: CGFloat = 1) -> ViewportMapping {
        ViewportMapping.fit(sceneSize: window.bounds.size, into: area, reservedRight: overlays.reservedWidth, pixelDensity: pixelDensity)
    }

    /// Draws one frame of `area` pixels.
    public func render(window: UIWindow, model: TraceModel, status: OverlayRenderer.Status, area: CGSize, pixelDensity: CGFloat = 1) {
        canvas.mapping = mapping(for: window, area: area, pixelDensity: pixelDensity)
        canvas.clear(UIColor(white: 0.9, alpha: 1))
        scene.draw(window, on: canvas)
        if !overlays.layers.isEmpty {
            overlays.draw(model: model, window: window, status: status, canvas: canvas, area: area)
        }
        SDL_RenderFlush(canvas.renderer)
    }

    /// The scene point at a pixel of the last frame (tests and input use it).
    public var mapping: ViewportMapping { canvas.mapping }
}
