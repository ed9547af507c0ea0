import Foundation
import Testing

@testable import TouchKit

/// Frames under transforms and rect conversion, against values UIKit gives on an iPhone (the
/// device measurements published with swift-win32's view tests: angles in radians, frames set
/// before transforms, bounds after).
@Suite("Frames under transforms and rect conversion")
struct RectConversionTests {
    /// root (1000 x 1000) > childA (transformed by `a`, bounds moved), childB (transformed by
    /// `b`) > grandChild (rotated 42 rad, bounds moved). By default A turns 110 rad and B -30 rad.
    func makeTree(
        a aTransform: CGAffineTransform = CGAffineTransform(rotationAngle: 110),
        b bTransform: CGAffineTransform = CGAffineTransform(rotationAngle: -30)
    ) -> (root: UIView, a: UIView, b: UIView, grandChild: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let a = UIView(frame: CGRect(x: 4, y: 92, width: 254, height: 17))
        a.transform = aTransform
        a.bounds = CGRect(x: 144, y: 23, width: 20, height: 15)
        let b = UIView(frame: CGRect(x: 12, y: 150, width: 400, height: 400))
        b.transform = bTransform
        let grandChild = UIView(frame: CGRect(x: 40, y: 113, width: 10, height: 10))
        grandChild.transform = CGAffineTransform(rotationAngle: 42)
        grandChild.bounds = CGRect(x: 4, y: 3, width: 20, height: 15)
        root.addSubview(a)
        root.addSubview(b)
        b.addSubview(grandChild)
        return (root, a, b, grandChild)
    }

    func close(_ r: CGRect, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, accuracy: CGFloat = 1e-9) -> Bool {
        abs(r.origin.x - x) < accuracy && abs(r.origin.y - y) < accuracy && abs(r.size.width - w) < accuracy && abs(r.size.height - h) < accuracy
    }

    @Test("UIKit rule: points convert exactly through rotations (iPhone values)")
    func points() {
        let tree = makeTree()
        let p = tree.grandChild.convert(CGPoint(x: 45, y: 115), to: tree.a)
        #expect(abs(p.x - -72.9941233911901) < 1e-9 && abs(p.y - -114.85495931677) < 1e-9, "\(p)")
        let q = tree.grandChild.convert(CGPoint(x: 45, y: 115), from: tree.a)
        #expect(abs(q.x - 80.12346855145998) < 1e-9 && abs(q.y - -140.97315764408575) < 1e-9, "\(q)")
    }

    @Test("UIKit rule: a rect converts up to the common ancestor and down again, a bounding box at each step (iPhone values)")
    func rects() {
        let tree = makeTree()
        let rect = CGRect(x: 45, y: 115, width: 13, height: 14)
        let toParent = tree.grandChild.convert(rect, to: tree.b)
        #expect(close(toParent, 123.17714789769627, 30.274792065592464, 18.031110765667435, 17.514574532740156), "\(toParent)")
        let across = tree.grandChild.convert(rect, to: tree.a)
        #expect(close(across, -91.9808292852884, -126.65734667117412, 19.295318391541684, 19.58870361060326), "\(across)")
        let back = tree.grandChild.convert(rect, from: tree.a)
        #expect(close(back, 69.16410886522763, -160.22950933436533, 19.295318391541684, 19.58870361060326), "\(back)")
    }

    @Test("UIKit rule: under scales and translations too (iPhone values)")
    func scales() {
        let tree = makeTree(a: CGAffineTransform(translationX: 68, y: 419), b: CGAffineTransform(scaleX: 7, y: 18))
        let rect = CGRect(x: 45, y: 115, width: 13, height: 14)
        #expect(
            close(
                tree.grandChild.convert(rect, to: tree.a), -370.7599647161262, -3194.0537428193356, 126.21777535967215, 315.26234158932266,
                accuracy: 1e-7))
        #expect(
            close(
                tree.grandChild.convert(rect, from: tree.a), -130.5701354815033, 97.83304592215717, 1.4556799635159337, 2.0132111355644327,
                accuracy: 1e-9))
        withExtendedLifetime(tree.root) {}  // views hold their superviews weakly
    }

    @Test("UIKit rule: setting frame under a scale of 0.5 gives bounds twice its size; reading it gives the frame back")
    func frameUnderScale() {
        let view = UIView(frame: .zero)
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.frame = CGRect(x: 10, y: 20, width: 100, height: 60)
        #expect(view.bounds.size == CGSize(width: 200, height: 120))
        #expect(view.center == CGPoint(x: 60, y: 50))
        #expect(approx(view.frame, CGRect(x: 10, y: 20, width: 100, height: 60)))
    }

    @Test("UIKit rule: a scaled view set with frame is hit where its frame is, not where an unscaled one would be")
    func hitUnderScale() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.isHidden = false
        let view = UIView(frame: .zero)
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        view.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        window.addSubview(view)
        #expect(window.hitTest(CGPoint(x: 290, y: 290), with: nil) === view, "inside the frame")
        #expect(window.hitTest(CGPoint(x: 95, y: 150), with: nil) === window, "left of the frame")
        #expect(view.bounds.size == CGSize(width: 100, height: 100))
    }

    @Test("setting frame under a rotation keeps the frame as the bounding box of the turned bounds")
    func frameUnderRotation() {
        let view = UIView(frame: .zero)
        view.transform = CGAffineTransform(rotationAngle: .pi / 6)
        view.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        #expect(approx(view.frame, CGRect(x: 0, y: 0, width: 120, height: 100), 1e-9))
    }
}
