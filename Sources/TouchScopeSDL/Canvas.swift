import CSDL2
import Foundation
import TouchKit

/// Drawing primitives on an SDL renderer, in scene points: a `ViewportMapping` turns points into
/// pixels, so callers never think about window size or display density.
///
/// Shapes are drawn as triangles (`SDL_RenderGeometry`), so rotated views come out as rotated
/// quads; colours blend with their alpha. Text uses SDL_ttf with the DejaVu font, cached as
/// textures; without the font, text is left out.
public final class Canvas {
    let renderer: OpaquePointer
    public var mapping: ViewportMapping
    private var fonts: [Int: OpaquePointer] = [:]
    private var textCache: [String: (texture: OpaquePointer, width: Int32, height: Int32)] = [:]

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

    public func clear(_ color: UIColor) {
        setColor(color)
        SDL_RenderClear(renderer)
    }

    private func setColor(_ color: UIColor) {
        let c = Self.sdlColor(color)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    static func sdlColor(_ color: UIColor, alpha: CGFloat = 1) -> SDL_Color {
        func byte(_ v: CGFloat) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return SDL_Color(r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.alpha * alpha))
    }

    /// Fills the quad with corners `points` (scene points, in order).
    public func fill(quad points: [CGPoint], _ color: UIColor) {
        guard points.count == 4, color.alpha > 0 else { return }
        fillPixelQuad(points.map(mapping.pixel), Self.sdlColor(color))
    }

    /// Fills a quad given in pixels: as a rect when it is axis-aligned, else as two triangles.
    private func fillPixelQuad(_ pixels: [CGPoint], _ c: SDL_Color) {
        if let rect = Self.axisAlignedPixelRect(pixels) {
            fillPixelRect(rect, c)
            return
        }
        var vertices = pixels.map { SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0)) }
        var indices: [Int32] = [0, 1, 2, 0, 2, 3]
        SDL_RenderGeometry(renderer, nil, &vertices, 4, &indices, 6)
    }

    /// The pixels an axis-aligned quad covers (those whose centres lie inside, as the triangle
    /// rasterizer decides), or nil when the quad is rotated. Axis-aligned quads are filled as
    /// rects: the software renderer fills a rect many times faster than two triangles.
    static func axisAlignedPixelRect(_ p: [CGPoint]) -> SDL_Rect? {
        let horizontalFirst = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
        let verticalFirst = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        let minX = min(p[0].x, p[2].x), maxX = max(p[0].x, p[2].x)
        let minY = min(p[0].y, p[2].y), maxY = max(p[0].y, p[2].y)
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        // Far beyond any target; clamping keeps the conversion to Int32 safe for absurd frames.
        func edge(_ v: CGFloat) -> Int32 { Int32(max(-1e7, min(1e7, (v - 0.5).rounded(.up)))) }
        let x0 = edge(minX), x1 = edge(maxX)
        let y0 = edge(minY), y1 = edge(maxY)
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

    /// Fills an axis-aligned rect given in scene points.
    public func fill(_ rect: CGRect, _ color: UIColor) {
        fill(quad: Self.corners(rect), color)
    }

    /// Fills a rect given in pixels (panels and text backgrounds).
    public func fillPixels(_ rect: CGRect, _ color: UIColor) {
        setColor(color)
        let opaque = Self.sdlColor(color).a == 255
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        var r = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderFillRectF(renderer, &r)
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    /// Outlines a polygon given in scene points, `width` pixels wide; dashed when asked.
    public func stroke(polygon points: [CGPoint], _ color: UIColor, width: CGFloat = 1, dashed: Bool = false) {
        guard points.count >= 2 else { return }
        for index in points.indices {
            let a = mapping.pixel(points[index])
            let b = mapping.pixel(points[(index + 1) % points.count])
            linePixels(a, b, color, width: width, dashed: dashed)
        }
    }

    /// A line between two pixel positions.
    public func linePixels(_ a: CGPoint, _ b: CGPoint, _ color: UIColor, width: CGFloat = 1, dashed: Bool = false) {
        let length = hypot(b.x - a.x, b.y - a.y)
        guard length > 0 else { return }
        let dash: CGFloat = 6
        var start: CGFloat = 0
        while start < length {
            let end = dashed ? min(length, start + dash) : length
            let p = CGPoint(x: a.x + (b.x - a.x) * start / length, y: a.y + (b.y - a.y) * start / length)
            let q = CGPoint(x: a.x + (b.x - a.x) * end / length, y: a.y + (b.y - a.y) * end / length)
            thickSegment(p, q, color, width: width)
            start = end + (dashed ? dash : 0)
        }
    }

    private func thickSegment(_ a: CGPoint, _ b: CGPoint, _ color: UIColor, width: CGFloat) {
        let length = max(hypot(b.x - a.x, b.y - a.y), 0.0001)
        let nx = -(b.y - a.y) / length * width / 2
        let ny = (b.x - a.x) / length * width / 2
        let corners = [CGPoint(x: a.x + nx, y: a.y + ny), CGPoint(x: b.x + nx, y: b.y + ny), CGPoint(x: b.x - nx, y: b.y - ny), CGPoint(x: a.x - nx, y: a.y - ny)]
        fillPixelQuad(corners, Self.sdlColor(color))
    }

    /// A filled circle at a scene point, `radius` in pixels.
    public func disc(at point: CGPoint, radius: CGFloat, _ color: UIColor) {
        discPixels(at: mapping.pixel(point), radius: radius, color)
    }

    public func discPixels(at center: CGPoint, radius: CGFloat, _ color: UIColor) {
        let c = Self.sdlColor(color)
        let segments = 24
        var vertices = [SDL_Vertex(position: SDL_FPoint(x: Float(center.x), y: Float(center.y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))]
        for i in 0...segments {
            let angle = CGFloat(i) / CGFloat(segments) * 2 * .pi
            vertices.append(SDL_Vertex(
                position: SDL_FPoint(x: Float(center.x + cos(angle) * radius), y: Float(center.y + sin(angle) * radius)),
                color: c, tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
        var indices: [Int32] = []
        for i in 1...segments { indices += [0, Int32(i), Int32(i + 1)] }
        SDL_RenderGeometry(renderer, nil, &vertices, Int32(vertices.count), &indices, Int32(indices.count))
    }

    /// A ring (circle outline) at a scene point.
    public func ring(at point: CGPoint, radius: CGFloat, _ color: UIColor, width: CGFloat = 2) {
        let center = mapping.pixel(point)
        let segments = 32
        for i in 0..<segments {
            let a0 = CGFloat(i) / CGFloat(segments) * 2 * .pi
            let a1 = CGFloat(i + 1) / CGFloat(segments) * 2 * .pi
            thickSegment(
                CGPoint(x: center.x + cos(a0) * radius, y: center.y + sin(a0) * radius),
                CGPoint(x: center.x + cos(a1) * radius, y: center.y + sin(a1) * radius), color, width: width)
        }
    }

    // MARK: Text

    private func font(_ size: Int) -> OpaquePointer? {
        if let font = fonts[size] { return font }
        guard let path = SDLContext.fontPath, let font = TTF_OpenFont(path, Int32(size)) else { return nil }
        fonts[size] = font
        return font
    }

    /// Draws `text` with its top-left corner at a pixel position; returns its size in pixels.
    @discardableResult
    public func textPixels(_ text: String, at origin: CGPoint, size: Int = 13, _ color: UIColor = .black, alpha: CGFloat = 1) -> CGSize {
        guard !text.isEmpty, let entry = texture(text, size: size, color) else { return .zero }
        SDL_SetTextureAlphaMod(entry.texture, UInt8(max(0, min(255, (alpha * 255).rounded()))))
        var destination = SDL_FRect(x: Float(origin.x.rounded()), y: Float(origin.y.rounded()), w: Float(entry.width), h: Float(entry.height))
        SDL_RenderCopyF(renderer, entry.texture, nil, &destination)
        return CGSize(width: CGFloat(entry.width), height: CGFloat(entry.height))
    }

    /// The size `text` would take, in pixels.
    public func measure(_ text: String, size: Int = 13) -> CGSize {
        guard let font = font(size) else { return .zero }
        var width: Int32 = 0
        var height: Int32 = 0
        TTF_SizeUTF8(font, text, &width, &height)
        return CGSize(width: CGFloat(width), height: CGFloat(height))
    }

    private func texture(_ text: String, size: Int, _ color: UIColor) -> (texture: OpaquePointer, width: Int32, height: Int32)? {
        let key = "\(size)|\(color.description)|\(text)"
        if let cached = textCache[key] { return cached }
        guard let font = font(size) else { return nil }
        guard let surface = TTF_RenderUTF8_Blended(font, text, Self.sdlColor(color)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        if textCache.count > 1024 {
            for entry in textCache.values { SDL_DestroyTexture(entry.texture) }
            textCache.removeAll()
        }
        let entry = (texture, surface.pointee.w, surface.pointee.h)
        textCache[key] = entry
        return entry
    }

    static func corners(_ rect: CGRect) -> [CGPoint] {
        [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
    }
}

/// How scene points map to pixels: the scene is scaled to fit the drawable area (keeping its
/// aspect ratio) and centred; the drawable may be larger than the window on high-DPI displays.
public struct ViewportMapping: Equatable, Sendable {
    public var scale: CGFloat
    public var offset: CGPoint
    /// Pixels per window coordinate (2 on a Retina-class display).
    public var pixelDensity: CGFloat

    public init(scale: CGFloat = 1, offset: CGPoint = .zero, pixelDensity: CGFloat = 1) {
        self.scale = scale
        self.offset = offset
        self.pixelDensity = pixelDensity
    }

    /// Fits a scene of `sceneSize` into `area` (pixels), leaving `reserved` pixels on the right.
    public static func fit(sceneSize: CGSize, into area: CGSize, reservedRight: CGFloat = 0, pixelDensity: CGFloat = 1) -> ViewportMapping {
        let available = CGSize(width: max(1, area.width - reservedRight), height: max(1, area.height))
        let scale = min(available.width / sceneSize.width, available.height / sceneSize.height)
        let offset = CGPoint(x: ((available.width - sceneSize.width * scale) / 2).rounded(), y: ((available.height - sceneSize.height * scale) / 2).rounded())
        return ViewportMapping(scale: scale, offset: offset, pixelDensity: pixelDensity)
    }

    /// A scene point's pixel position.
    public func pixel(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x * scale + offset.x, y: point.y * scale + offset.y)
    }

    /// The scene point under a pixel position.
    public func point(atPixel pixel: CGPoint) -> CGPoint {
        CGPoint(x: (pixel.x - offset.x) / scale, y: (pixel.y - offset.y) / scale)
    }

    /// The scene point under a window coordinate (SDL mouse events use window coordinates).
    public func point(atWindowCoordinate coordinate: CGPoint) -> CGPoint {
        point(atPixel: CGPoint(x: coordinate.x * pixelDensity, y: coordinate.y * pixelDensity))
    }
}
