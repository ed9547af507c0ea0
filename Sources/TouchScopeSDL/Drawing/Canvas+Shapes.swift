import CSDL2
import Foundation
import TouchKit

/// Lines, outlines, discs and rings; each is a convex polygon for `fillPixelPolygon`, so clipping
/// applies to all of them.
extension Canvas {
    /// Outlines a polygon given in scene points, `width` pixels wide; dashed when asked.
    package func stroke(polygon points: [CGPoint], _ color: UIColor, width: CGFloat = 1, dashed: Bool = false) {
        strokePixels(polygon: points.map(mapping.pixel), color, width: width, dashed: dashed)
    }

    /// Outlines a polygon given in pixels.
    package func strokePixels(polygon pixels: [CGPoint], _ color: UIColor, width: CGFloat = 1, dashed: Bool = false) {
        guard pixels.count >= 2 else { return }
        for index in pixels.indices {
            linePixels(pixels[index], pixels[(index + 1) % pixels.count], color, width: width, dashed: dashed)
        }
    }

    /// Outlines a polygon (scene points) twice: a wide light-or-dark halo under the colour, so it
    /// reads on any background.
    package func haloStroke(polygon points: [CGPoint], _ color: UIColor, width: CGFloat, dashed: Bool = false) {
        let pixels = points.map(mapping.pixel)
        strokePixels(polygon: pixels, Theme.haloLight, width: width + 3, dashed: dashed)
        strokePixels(polygon: pixels, color, width: width, dashed: dashed)
    }

    /// A line between two pixel positions.
    package func linePixels(_ a: CGPoint, _ b: CGPoint, _ color: UIColor, width: CGFloat = 1, dashed: Bool = false) {
        let length = hypot(b.x - a.x, b.y - a.y)
        guard length > 0, length.isFinite else { return }
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

    /// A line drawn over a darker, wider one: visible on light and dark backgrounds alike.
    package func haloLinePixels(_ a: CGPoint, _ b: CGPoint, _ color: UIColor, width: CGFloat = 2) {
        linePixels(a, b, Theme.haloDark.withAlphaComponent(Theme.haloDark.alpha * color.alpha), width: width + 2)
        linePixels(a, b, color, width: width)
    }

    func thickSegment(_ a: CGPoint, _ b: CGPoint, _ color: UIColor, width: CGFloat) {
        let length = max(hypot(b.x - a.x, b.y - a.y), 0.0001)
        let nx = -(b.y - a.y) / length * width / 2
        let ny = (b.x - a.x) / length * width / 2
        let corners = [
            CGPoint(x: a.x + nx, y: a.y + ny), CGPoint(x: b.x + nx, y: b.y + ny), CGPoint(x: b.x - nx, y: b.y - ny),
            CGPoint(x: a.x - nx, y: a.y - ny),
        ]
        fillPixelPolygon(corners, Self.sdlColor(color))
    }

    /// A filled circle at a scene point, `radius` in pixels.
    package func disc(at point: CGPoint, radius: CGFloat, _ color: UIColor) {
        discPixels(at: mapping.pixel(point), radius: radius, color)
    }

    package func discPixels(at center: CGPoint, radius: CGFloat, _ color: UIColor) {
        guard radius > 0, center.x.isFinite, center.y.isFinite else { return }
        let segments = 24
        let polygon = (0..<segments).map { i -> CGPoint in
            let angle = CGFloat(i) / CGFloat(segments) * 2 * .pi
            return CGPoint(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
        }
        fillPixelPolygon(polygon, Self.sdlColor(color))
    }

    /// A ring (circle outline) at a scene point, `radius` in pixels.
    package func ring(at point: CGPoint, radius: CGFloat, _ color: UIColor, width: CGFloat = 2, dashed: Bool = false) {
        ringPixels(at: mapping.pixel(point), radius: radius, color, width: width, dashed: dashed)
    }

    package func ringPixels(at center: CGPoint, radius: CGFloat, _ color: UIColor, width: CGFloat = 2, dashed: Bool = false) {
        guard radius > 0, center.x.isFinite, center.y.isFinite else { return }
        let segments = 32
        for i in 0..<segments where !dashed || i % 2 == 0 {
            let a0 = CGFloat(i) / CGFloat(segments) * 2 * .pi
            let a1 = CGFloat(i + 1) / CGFloat(segments) * 2 * .pi
            thickSegment(
                CGPoint(x: center.x + cos(a0) * radius, y: center.y + sin(a0) * radius),
                CGPoint(x: center.x + cos(a1) * radius, y: center.y + sin(a1) * radius), color, width: width)
        }
    }
}
