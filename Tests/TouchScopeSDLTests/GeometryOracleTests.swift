import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

/// The fast paths of drawing checked against plain definitions on generated inputs.
@Suite("Clipping, picking and label placement against their plain definitions")
struct GeometryOracleTests {
    /// A random convex polygon: points on a circle at sorted random angles, then an affine squash.
    static func convexPolygon(_ generator: inout SeededRandomNumberGenerator) -> [CGPoint] {
        let count = Int.random(in: 3...8, using: &generator)
        let angles = (0..<count).map { _ in CGFloat.random(in: 0..<(2 * .pi), using: &generator) }.sorted()
        let center = CGPoint(x: CGFloat.random(in: 20...80, using: &generator), y: CGFloat.random(in: 20...80, using: &generator))
        let radius = CGFloat.random(in: 5...50, using: &generator)
        let squash = CGFloat.random(in: 0.3...1, using: &generator)
        let polygon = angles.map { CGPoint(x: center.x + cos($0) * radius, y: center.y + sin($0) * radius * squash) }
        return Bool.random(using: &generator) ? polygon : polygon.reversed()
    }

    @Test("clipping one convex polygon by another keeps exactly the points inside both (500 pairs)")
    func clipMatchesMembership() {
        var generator = SeededRandomNumberGenerator(seed: 42)
        for _ in 0..<500 {
            let subject = Self.convexPolygon(&generator)
            let clip = Self.convexPolygon(&generator)
            let result = PolygonClipper.clip(subject, to: clip)
            for _ in 0..<40 {
                let p = CGPoint(x: CGFloat.random(in: 0...100, using: &generator), y: CGFloat.random(in: 0...100, using: &generator))
                let expected = PolygonClipper.contains(subject, p) && PolygonClipper.contains(clip, p)
                // Points within a hair of an edge may go either way.
                if distanceToEdges(p, subject) < 1e-6 || distanceToEdges(p, clip) < 1e-6 { continue }
                #expect(PolygonClipper.contains(result, p) == expected, "point \(p), subject \(subject), clip \(clip)")
            }
        }
    }

    func distanceToEdges(_ p: CGPoint, _ polygon: [CGPoint]) -> CGFloat {
        polygon.indices.map { index -> CGFloat in
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            let length = hypot(b.x - a.x, b.y - a.y)
            guard length > 0 else { return hypot(p.x - a.x, p.y - a.y) }
            let t = max(0, min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (length * length)))
            return hypot(p.x - (a.x + t * (b.x - a.x)), p.y - (a.y + t * (b.y - a.y)))
        }.min() ?? 0
    }

    @Test("an axis-aligned quad is recognised as a rect in either winding; a turned one is not")
    func axisAligned() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(PolygonClipper.axisAlignedRect(Canvas.corners(rect)) == rect)
        #expect(PolygonClipper.axisAlignedRect(Canvas.corners(rect).reversed()) == rect)
        let turned = Canvas.corners(rect).map { $0.applying(CGAffineTransform(rotationAngle: 0.1)) }
        #expect(PolygonClipper.axisAlignedRect(turned) == nil)
    }

    @Test("placed labels never overlap each other and stay inside the scene (300 random layouts)")
    func labelsNeverOverlap() {
        var generator = SeededRandomNumberGenerator(seed: 9)
        for _ in 0..<300 {
            let bounds = CGRect(
                x: 0, y: 0, width: CGFloat.random(in: 50...400, using: &generator), height: CGFloat.random(in: 50...400, using: &generator))
            var placer = LabelPlacer(bounds: bounds)
            var placed: [CGRect] = []
            for _ in 0..<30 {
                let box = CGRect(
                    x: CGFloat.random(in: -50...400, using: &generator), y: CGFloat.random(in: -50...400, using: &generator),
                    width: CGFloat.random(in: 0...200, using: &generator), height: CGFloat.random(in: 0...200, using: &generator))
                let size = CGSize(width: CGFloat.random(in: 10...120, using: &generator), height: 15)
                if let rect = placer.place(size: size, candidates: LabelPlacer.candidates(around: box, size: size)) {
                    #expect(bounds.contains(rect))
                    #expect(!placed.contains { $0.intersects(rect) })
                    placed.append(rect)
                }
            }
        }
    }

    @Test(
        "wrapping breaks at spaces, indents nothing itself, breaks a word wider than a line inside it (after a # in its second half), and marks text left over"
    )
    func wrapping() {
        let measure = { (text: String) in CGFloat(text.count) }
        #expect(
            PanelWriter.wrap("one two three four", width: 9, continuationIndent: 0, maximumLines: 5, measure: measure) == [
                "one two", "three", "four",
            ])
        #expect(PanelWriter.wrap("one two three four", width: 9, continuationIndent: 0, maximumLines: 2, measure: measure) == ["one two", "three …"])
        #expect(
            PanelWriter.wrap("averyveryverylongword x", width: 5, continuationIndent: 0, maximumLines: 5, measure: measure) == [
                "avery", "veryv", "erylo", "ngwor", "d x",
            ])
        #expect(
            PanelWriter.wrap("averyveryverylongword x", width: 5, continuationIndent: 0, maximumLines: 3, measure: measure) == [
                "avery", "veryv", "erylo …",
            ])
        // A trace name is broken after its '#', never cut short.
        #expect(
            PanelWriter.wrap("hit: UIView#cardDrag", width: 12, continuationIndent: 0, maximumLines: 3, measure: measure) == [
                "hit: UIView#", "cardDrag",
            ])
        #expect(
            PanelWriter.wrap("UIView#cardDrag", width: 12, continuationIndent: 2, maximumLines: 3, measure: measure).joined() == "UIView#cardDrag")
        #expect(PanelWriter.wrap("", width: 5, continuationIndent: 0, maximumLines: 3, measure: measure) == [])
    }
}

/// `ViewGeometry.drawnViews`: what the eye sees at a point, for the inspector's click.
@Suite("Picking the drawn view under the pointer")
struct DrawnViewPickingTests {
    func window() -> (UIWindow, back: UIView, overlay: UIView, clipped: UIView, outside: UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let overlay = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        overlay.isUserInteractionEnabled = false
        let clipper = UIView(frame: CGRect(x: 200, y: 0, width: 50, height: 50))
        clipper.clipsToBounds = true
        let clipped = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        clipper.addSubview(clipped)
        let parent = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
        let outside = UIView(frame: CGRect(x: 60, y: 0, width: 40, height: 40))
        parent.addSubview(outside)
        [back, overlay, clipper, parent].forEach(window.addSubview)
        return (window, back, overlay, clipped, outside)
    }

    @Test("topmost first, down to the window; interaction flags do not matter to the eye")
    func order() {
        let w = window()
        let stack = ViewGeometry.drawnViews(at: CGPoint(x: 50, y: 50), in: w.0)
        #expect(stack.map(ObjectIdentifier.init) == [w.overlay, w.back, w.0].map(ObjectIdentifier.init))
    }

    @Test("a part cut off by a clipping superview is not there to pick")
    func clipped() {
        let w = window()
        #expect(ViewGeometry.drawnViews(at: CGPoint(x: 220, y: 20), in: w.0).first === w.clipped)
        #expect(ViewGeometry.drawnViews(at: CGPoint(x: 280, y: 80), in: w.0).first === w.0)
    }

    @Test("a child drawn outside a non-clipping parent is picked there, though hit testing cannot reach it")
    func outsideParent() {
        let w = window()
        let point = CGPoint(x: 80, y: 220)
        #expect(ViewGeometry.drawnViews(at: point, in: w.0).first === w.outside)
        w.0.isHidden = false
        #expect(w.0.hitTest(point, with: nil) === w.0, "hit testing stops at the parent, whose bounds leave the point out")
    }

    @Test("hidden and transparent views are not drawn, so not picked")
    func hidden() {
        let w = window()
        w.overlay.isHidden = true
        #expect(ViewGeometry.drawnViews(at: CGPoint(x: 50, y: 50), in: w.0).first === w.back)
        w.back.alpha = 0.005
        #expect(ViewGeometry.drawnViews(at: CGPoint(x: 50, y: 50), in: w.0).first === w.0)
    }
}
