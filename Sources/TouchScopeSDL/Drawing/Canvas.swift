import CSDL2
import Foundation
import TouchKit

/// Drawing primitives on an SDL renderer, in scene points: a `ViewportMapping` turns points into
/// pixels, so callers never think about window size or display density.
///
/// Shapes are drawn as triangles (`SDL_RenderGeometry`), so rotated views come out as rotated
/// quads; colours blend with their alpha. Drawing can be clipped to a stack of convex regions
/// (a view that clips its subviews pushes its bounds): an axis-aligned region clips through
/// SDL's clip rect, a rotated one by clipping each shape's polygon (`PolygonClipper`); text is
/// clipped to the region's bounding box. Text uses SDL_ttf with the DejaVu font, cached as
/// textures; without the font, text is left out.
package final class Canvas {
    let renderer: OpaquePointer
    package var mapping: ViewportMapping
    var fonts: [Int: OpaquePointer] = [:]
    var textCache: [String: (texture: OpaquePointer, width: Int32, height: Int32)] = [:]
    /// The clip regions, innermost last: each the intersection of those before it, in pixels.
    private var clips: [Clip] = []

    struct Clip {
        /// The region, a convex polygon in pixels (empty: nothing shows).
        var polygon: [CGPoint]
        /// The region when it is an axis-aligned rect (SDL's clip rect does all the work).
        var rect: CGRect?
    }

    init(renderer: OpaquePointer, mapping: ViewportMapping) {
        self.renderer = renderer
        self.mapping = mapping
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        for entry in textCache.values { SDL_DestroyTexture(entry.texture) }
        for font in fonts.values { TTF_CloseFont(font) }
    }

    // MARK: Basics

    package func clear(_ color: UIColor) {
        setColor(color)
        SDL_RenderClear(renderer)
    }

    func setColor(_ color: UIColor) {
        let c = Self.sdlColor(color)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    static func sdlColor(_ color: UIColor, alpha: CGFloat = 1) -> SDL_Color {
        func byte(_ v: CGFloat) -> UInt8 { UInt8(clamping: Int(saturating: Double(v * 255), rounding: .toNearestOrAwayFromZero)) }
        return SDL_Color(r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.alpha * alpha))
    }

    // MARK: Clipping

    /// Clips what is drawn next to the quad `points` (scene points), within any clip already
    /// pushed, until the matching `popClip()`.
    package func pushClip(quad points: [CGPoint]) {
        pushClip(pixels: points.map(mapping.pixel))
    }

    /// Clips to a convex polygon given in pixels.
    package func pushClip(pixels polygon: [CGPoint]) {
        let region: [CGPoint]
        if let current = clips.last {
            region = current.polygon.isEmpty ? [] : PolygonClipper.clip(polygon, to: current.polygon)
        } else {
            region = polygon.count >= 3 && PolygonClipper.signedArea(polygon) != 0 ? polygon : []
        }
        let rect = PolygonClipper.axisAlignedRect(region)
        clips.append(Clip(polygon: region, rect: rect))
        applyClipRect()
    }

    /// Ends the innermost clip.
    package func popClip() {
        guard !clips.isEmpty else { return }
        clips.removeLast()
        applyClipRect()
    }

    /// Whether a clip leaves nothing to draw.
    var isClippedAway: Bool { clips.last.map(\.polygon.isEmpty) ?? false }

    /// The polygon shapes must be cut to (nil: SDL's clip rect is enough or there is no clip).
    var clipPolygon: [CGPoint]? {
        guard let clip = clips.last, clip.rect == nil, !clip.polygon.isEmpty else { return nil }
        return clip.polygon
    }

    /// SDL's clip rect: the region's bounding box (exact for an axis-aligned region).
    private func applyClipRect() {
        guard let clip = clips.last else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        let xs = clip.polygon.map(\.x)
        let ys = clip.polygon.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else {
            var nothing = SDL_Rect(x: -2, y: -2, w: 1, h: 1)
            SDL_RenderSetClipRect(renderer, &nothing)
            return
        }
        // Pixels whose centres lie inside, as fills decide.
        func edge(_ v: CGFloat) -> Int32 { Int32(clamping: max(-10_000_000, min(10_000_000, Int(saturating: Double(v - 0.5), rounding: .up)))) }
        let x0 = edge(minX)
        let x1 = edge(maxX)
        let y0 = edge(minY)
        let y1 = edge(maxY)
        var rect = SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
        if rect.w == 0 || rect.h == 0 { rect = SDL_Rect(x: -2, y: -2, w: 1, h: 1) }
        SDL_RenderSetClipRect(renderer, &rect)
    }

    // MARK: Fills

    /// Fills the quad with corners `points` (scene points, in order).
    package func fill(quad points: [CGPoint], _ color: UIColor) {
        guard points.count == 4, color.alpha > 0 else { return }
        fillPixelPolygon(points.map(mapping.pixel), Self.sdlColor(color))
    }

    /// Fills an axis-aligned rect given in scene points.
    package func fill(_ rect: CGRect, _ color: UIColor) {
        fill(quad: Self.corners(rect), color)
    }

    /// Fills a convex polygon given in pixels: as a rect when it is an axis-aligned quad, else as
    /// a triangle fan; cut to the clip region first when that is rotated.
    func fillPixelPolygon(_ pixels: [CGPoint], _ c: SDL_Color) {
        guard !isClippedAway, pixels.count >= 3 else { return }
        var polygon = pixels
        if let clip = clipPolygon {
            polygon = PolygonClipper.clip(polygon, to: clip)
            guard !polygon.isEmpty else { return }
        }
        if polygon.count == 4, let rect = Self.axisAlignedPixelRect(polygon) {
            fillPixelRect(rect, c)
            return
        }
        var vertices = polygon.map { SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0)) }
        var indices: [Int32] = []
        indices.reserveCapacity((polygon.count - 2) * 3)
        for i in 1..<(polygon.count - 1) { indices += [0, Int32(i), Int32(i + 1)] }
        SDL_RenderGeometry(renderer, nil, &vertices, Int32(vertices.count), &indices, Int32(indices.count))
    }

    /// The pixels an axis-aligned quad covers (those whose centres lie inside, as the triangle
    /// rasterizer decides), or nil when the quad is rotated. Axis-aligned quads are filled as
    /// rects: the software renderer fills a rect many times faster than two triangles.
    static func axisAlignedPixelRect(_ p: [CGPoint]) -> SDL_Rect? {
        guard let rect = PolygonClipper.axisAlignedRect(p) else { return nil }
        guard rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else { return nil }
        // Far beyond any target; clamping keeps the conversion to Int32 safe for absurd frames.
        func edge(_ v: CGFloat) -> Int32 { Int32(clamping: max(-10_000_000, min(10_000_000, Int(saturating: Double(v - 0.5), rounding: .up)))) }
        let x0 = edge(rect.minX)
        let x1 = edge(rect.maxX)
        let y0 = edge(rect.minY)
        let y1 = edge(rect.maxY)
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    private func fillPixelRect(_ rect: SDL_Rect, _ c: SDL_Color) {
        guard rect.w > 0, rect.h > 0 else { return }
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        // An opaque fill needs no blending; the software renderer then copies pixels outright.
        if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        var r = rect
        SDL_RenderFillRect(renderer, &r)
        if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    /// Fills a rect given in pixels (panels and text backgrounds); clipped like everything else.
    package func fillPixels(_ rect: CGRect, _ color: UIColor) {
        guard !isClippedAway else { return }
        setColor(color)
        let opaque = Self.sdlColor(color).a == 255
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        var r = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderFillRectF(renderer, &r)
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    static func corners(_ rect: CGRect) -> [CGPoint] {
        [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY),
            CGPoint(x: rect.minX, y: rect.maxY),
        ]
    }
}
