import Foundation
import Testing
import TouchKit
import TouchTestSupport

@Suite("UIView geometry and conversion")
struct UIViewGeometryTests {
    /// A window with a parent at (100, 100) 200x200 and a child at (50, 50) 100x100 inside it.
    /// (The window owns nothing above it: keep it alive for as long as the views are used.)
    struct Tree {
        let window = makeWindow(width: 400, height: 400)
        let parent = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))

        init() {
            parent.addSubview(child)
            window.addSubview(parent)
        }
    }

    @Test("frame, bounds and center stay consistent")
    func frameBoundsCenter() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.center == CGPoint(x: 25, y: 40))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -15, y: -20, width: 30, height: 40))
        view.bounds = CGRect(x: 5, y: 5, width: 10, height: 10)
        #expect(view.frame == CGRect(x: -5, y: -5, width: 10, height: 10))
    }

    @Test("a transform makes the frame the bounding box around the center")
    func transformedFrame() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(approx(view.frame, CGRect(x: 25, y: -25, width: 50, height: 100)))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(approx(view.frame, CGRect(x: -50, y: -25, width: 200, height: 100)))
        #expect(view.bounds.size == CGSize(width: 100, height: 50))
    }

    @Test("points convert through frames to the window and back")
    func plainConversion() {
        let tree = Tree()
        let (parent, child) = (tree.parent, tree.child)
        defer { withExtendedLifetime(tree) {} }
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 150, y: 150))
        #expect(child.convert(CGPoint(x: 150, y: 150), from: nil) == .zero)
        #expect(child.convert(CGPoint(x: 10, y: 10), to: parent) == CGPoint(x: 60, y: 60))
        #expect(parent.convert(CGPoint(x: 60, y: 60), to: child) == CGPoint(x: 10, y: 10))
    }

    @Test("a bounds origin shifts subviews the other way, as scrolling does")
    func boundsOffset() {
        let tree = Tree()
        let (parent, child) = (tree.parent, tree.child)
        defer { withExtendedLifetime(tree) {} }
        parent.bounds.origin = CGPoint(x: 0, y: 30)
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 150, y: 120))
        #expect(parent.convert(CGPoint.zero, to: nil) == CGPoint(x: 100, y: 70))
        #expect(child.convert(CGPoint(x: 150, y: 120), from: nil) == .zero)
    }

    @Test("scale applies around the center")
    func scaleConversion() {
        let tree = Tree()
        let child = tree.child
        defer { withExtendedLifetime(tree) {} }
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        // Top-left of the bounds: (-50, -50) from the center, doubled, plus center (100, 100).
        #expect(approx(child.convert(CGPoint.zero, to: nil), CGPoint(x: 100, y: 100)))
        #expect(approx(child.frame, CGRect(x: 0, y: 0, width: 200, height: 200)))
        #expect(approx(child.convert(CGPoint(x: 100, y: 100), from: nil), CGPoint.zero))
    }

    @Test("rotation applies around the center")
    func rotationConversion() {
        let tree = Tree()
        let child = tree.child
        defer { withExtendedLifetime(tree) {} }
        child.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // Middle of the right edge: (50, 0) from the center, turned to (0, 50), plus (100, 100).
        #expect(approx(child.convert(CGPoint(x: 100, y: 50), to: nil), CGPoint(x: 200, y: 250)))
        #expect(approx(child.convert(CGPoint(x: 200, y: 250), from: nil), CGPoint(x: 100, y: 50)))
    }

    @Test("rotation, scale and bounds offsets compose along the chain")
    func composedConversion() {
        let tree = Tree()
        let (window, parent, child) = (tree.window, tree.parent, tree.child)
        parent.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        parent.bounds.origin = CGPoint(x: 10, y: 0)
        child.transform = CGAffineTransform(rotationAngle: .pi)
        // Child point (0, 0): (-50, -50) from its center, turned half a turn to (50, 50), plus its
        // center (100, 100) = (150, 150) in the parent; minus the bounds center (110, 100) = (40, 50),
        // halved = (20, 25), plus the parent's center (200, 200) = (220, 225).
        #expect(approx(child.convert(CGPoint.zero, to: window), CGPoint(x: 220, y: 225)))
        let p = CGPoint(x: 13, y: 77)
        #expect(approx(child.convert(child.convert(p, to: nil), from: nil), p, 1e-9))
    }

    @Test("rects convert to the bounding box of their corners")
    func rectConversion() {
        let tree = Tree()
        let child = tree.child
        defer { withExtendedLifetime(tree) {} }
        child.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let converted = child.convert(CGRect(x: 0, y: 0, width: 100, height: 20), to: nil)
        #expect(approx(converted, CGRect(x: 230, y: 150, width: 20, height: 100)))
    }

    @Test("views in different windows meet in screen coordinates")
    func acrossWindows() {
        let a = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = UIWindow(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        let inA = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        let inB = UIView(frame: CGRect(x: 20, y: 0, width: 10, height: 10))
        a.addSubview(inA)
        b.addSubview(inB)
        #expect(inA.convert(CGPoint.zero, to: inB) == CGPoint(x: -210, y: 10))
    }
}
