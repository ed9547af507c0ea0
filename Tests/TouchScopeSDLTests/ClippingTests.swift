import CSDL2
import Foundation
import Testing
import TouchKit
import TouchScenes

@testable import TouchScopeSDL

extension SDLTests {
    /// `clipsToBounds` as drawn: what hit testing cannot reach is not drawn either.
    @Suite("Clipping: the picture never shows what is not there")
    struct ClippingTests {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)

        /// Draws `window` at 1:1 with no overlays.
        func draw(_ window: UIWindow) throws -> OffscreenTarget {
            let target = try OffscreenTarget(width: Int(window.bounds.width), height: Int(window.bounds.height))
            let frame = FrameRenderer(target: target)
            frame.overlays.layers = []
            frame.scene.options.showBorders = false
            frame.render(window: window, model: TraceModel(), status: .init(), area: target.size)
            return target
        }

        /// A 200x300 window with a scroll view at (0, 100, 200, 100) scrolled 150 pt into 400 pt
        /// of red content.
        func scrolledWindow(clips: Bool?) -> UIWindow {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
            window.backgroundColor = .white
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
            if let clips { scroll.clipsToBounds = clips }
            scroll.contentSize = CGSize(width: 200, height: 400)
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
            content.backgroundColor = red
            scroll.addSubview(content)
            scroll.contentOffset = CGPoint(x: 0, y: 150)
            window.addSubview(scroll)
            return window
        }

        @Test("a scroll view's content is drawn only inside the scroll view (UIKit: it clips by default)")
        func scrollContentClipped() throws {
            let target = try draw(scrolledWindow(clips: nil))
            for y in stride(from: 0, to: 300, by: 3) {
                let inside = y >= 100 && y < 200
                #expect(close(target.pixel(x: 100, y: y), inside ? red : .white), "y = \(y)")
            }
        }

        @Test("with clipsToBounds false, the same content is drawn beyond the scroll view, where UIKit draws it too")
        func unclippedContentOverflows() throws {
            let target = try draw(scrolledWindow(clips: false))
            // The content spans y -50...350 in the window: all of it red.
            #expect(close(target.pixel(x: 100, y: 50), red))
            #expect(close(target.pixel(x: 100, y: 250), red))
        }

        @Test("nested clips intersect: a child is cut by every clipping ancestor")
        func nestedClips() throws {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.backgroundColor = .white
            let outer = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
            outer.clipsToBounds = true
            let inner = UIView(frame: CGRect(x: 50, y: 50, width: 150, height: 100))
            inner.clipsToBounds = true
            let child = UIView(frame: CGRect(x: -100, y: -100, width: 400, height: 400))
            child.backgroundColor = red
            inner.addSubview(child)
            outer.addSubview(inner)
            window.addSubview(outer)
            let target = try draw(window)
            #expect(close(target.pixel(x: 75, y: 100), red), "inside both")
            #expect(close(target.pixel(x: 150, y: 100), .white), "inside inner, outside outer")
            #expect(close(target.pixel(x: 25, y: 100), .white), "inside outer, outside inner")
            #expect(close(target.pixel(x: 75, y: 175), .white), "below inner")
        }

        @Test("a rotated view clips its subviews to its rotated bounds, not to their bounding box")
        func rotatedClip() throws {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.backgroundColor = .white
            let diamond = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            diamond.transform = CGAffineTransform(rotationAngle: .pi / 4)
            diamond.clipsToBounds = true
            let child = UIView(frame: CGRect(x: -100, y: -100, width: 300, height: 300))
            child.backgroundColor = red
            diamond.addSubview(child)
            window.addSubview(diamond)
            let target = try draw(window)
            // A 100 pt square turned 45° about (100, 100): its corners are 70.7 pt from the centre.
            #expect(close(target.pixel(x: 100, y: 100), red))
            #expect(close(target.pixel(x: 100, y: 35), red))
            #expect(close(target.pixel(x: 165, y: 100), red))
            #expect(close(target.pixel(x: 55, y: 55), .white), "a corner of the bounding box is outside the diamond")
            #expect(close(target.pixel(x: 145, y: 145), .white))
        }

        @Test("a hidden clipping view's subviews are not drawn; shown as outlines, they are cut to it too")
        func hiddenClipper() throws {
            let window = scrolledWindow(clips: nil)
            window.subviews[0].isHidden = true
            let target = try draw(window)
            #expect(close(target.pixel(x: 100, y: 150), .white))
        }

        @Test("the axis-aligned clip (SDL's clip rect) and the polygon clip cut the same pixels", arguments: 0..<40)
        func clipRectMatchesPolygonClip(seed: Int) throws {
            var generator = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 7)
            let clip = CGRect(
                x: CGFloat(Int.random(in: 0...60, using: &generator)), y: CGFloat(Int.random(in: 0...60, using: &generator)),
                width: CGFloat(Int.random(in: 5...80, using: &generator)), height: CGFloat(Int.random(in: 5...80, using: &generator)))
            let angle = CGFloat.random(in: 0...(2 * .pi), using: &generator)
            let center = CGPoint(x: CGFloat.random(in: 20...100, using: &generator), y: CGFloat.random(in: 20...100, using: &generator))
            let half = CGFloat.random(in: 5...60, using: &generator)
            let quad = (0..<4).map { i -> CGPoint in
                let a = angle + CGFloat(i) * .pi / 2
                return CGPoint(x: center.x + cos(a) * half, y: center.y + sin(a) * half)
            }
            func mask(viaPolygon: Bool) throws -> [Bool] {
                let target = try OffscreenTarget(width: 128, height: 128)
                let canvas = Canvas(renderer: target.renderer, mapping: ViewportMapping())
                canvas.clear(.white)
                var region = Canvas.corners(clip)
                // A fifth, collinear corner: the same region, but not a rect, so it is cut as a polygon.
                if viaPolygon { region.insert(CGPoint(x: clip.midX, y: clip.minY), at: 1) }
                canvas.pushClip(pixels: region)
                #expect((canvas.clipPolygon == nil) != viaPolygon)
                canvas.fill(quad: quad, red)
                canvas.popClip()
                return (0..<128).flatMap { y in (0..<128).map { x in close(target.pixel(x: x, y: y), red, tolerance: 128) } }
            }
            let byRect = try mask(viaPolygon: false)
            let byPolygon = try mask(viaPolygon: true)
            let differing = zip(byRect, byPolygon).filter { $0 != $1 }.count
            // Both decide by pixel centres; only pixels a rounding away from an edge may differ.
            let perimeter = Int(2 * (clip.width + clip.height) + 8 * half)
            #expect(differing <= perimeter / 8, "\(differing) pixels differ (clip \(clip), quad \(quad))")
        }
    }
}
