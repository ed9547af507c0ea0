import Foundation

/// Convex polygon clipping (Sutherland–Hodgman), for views that clip their subviews while
/// rotated or scaled: a view's bounds in the window are a parallelogram, so every clip region,
/// and the intersection of nested ones, is a convex polygon.
enum PolygonClipper {
    /// The part of `subject` inside the convex polygon `clip` (either winding); empty when they
    /// do not overlap. `subject` may be any simple polygon that is convex (fills, segments, discs).
    static func clip(_ subject: [CGPoint], to clip: [CGPoint]) -> [CGPoint] {
        guard subject.count >= 3, clip.count >= 3 else { return [] }
        let orientation: CGFloat = signedArea(clip) >= 0 ? 1 : -1
        var output = subject
        for index in clip.indices {
            guard !output.isEmpty else { return [] }
            let a = clip[index]
            let b = clip[(index + 1) % clip.count]
            // Inside: on the polygon's side of the edge a->b (or on it).
            func side(_ p: CGPoint) -> CGFloat { orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let input = output
            output = []
            for (i, current) in input.enumerated() {
                let previous = input[(i + input.count - 1) % input.count]
                let currentSide = side(current)
                let previousSide = side(previous)
                if currentSide >= 0 {
                    if previousSide < 0 { output.append(intersection(previous, current, previousSide, currentSide)) }
                    output.append(current)
                } else if previousSide >= 0 {
                    output.append(intersection(previous, current, previousSide, currentSide))
                }
            }
        }
        return output.count >= 3 ? output : []
    }

    /// Where segment p->q crosses the edge, from the two signed distances.
    private static func intersection(_ p: CGPoint, _ q: CGPoint, _ dp: CGFloat, _ dq: CGFloat) -> CGPoint {
        let t = dp / (dp - dq)
        return CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    /// Twice the signed area (positive when counter-clockwise in a y-up frame).
    static func signedArea(_ polygon: [CGPoint]) -> CGFloat {
        var sum: CGFloat = 0
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// The rect `polygon` is, when it is a rect with axis-aligned edges; nil otherwise.
    static func axisAlignedRect(_ polygon: [CGPoint]) -> CGRect? {
        guard polygon.count == 4 else { return nil }
        let p = polygon
        let horizontalFirst = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
        let verticalFirst = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        let minX = min(p[0].x, p[2].x)
        let maxX = max(p[0].x, p[2].x)
        let minY = min(p[0].y, p[2].y)
        let maxY = max(p[0].y, p[2].y)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `point` lies inside the convex polygon (or on its edge).
    static func contains(_ polygon: [CGPoint], _ point: CGPoint) -> Bool {
        guard polygon.count >= 3 else { return false }
        let orientation: CGFloat = signedArea(polygon) >= 0 ? 1 : -1
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            if orientation * ((b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)) < 0 { return false }
        }
        return true
    }
}
