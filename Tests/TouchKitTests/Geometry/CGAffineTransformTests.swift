import Foundation
import Testing
import TouchKit

@Suite("CGAffineTransform follows CoreGraphics' conventions")
struct CGAffineTransformTests {
    @Test("a quarter turn maps the x axis onto the y axis (clockwise on a y-down screen)")
    func quarterTurn() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(approx(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 0, y: 1)))
        #expect(approx(CGPoint(x: 0, y: 1).applying(t), CGPoint(x: -1, y: 0)))
    }

    @Test("concatenating applies the receiver first")
    func concatenationOrder() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 2))
    }

    @Test("translatedBy, scaledBy and rotated prepend their operation, as CoreGraphics does")
    func prependingOperations() {
        let scaled = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint.zero.applying(scaled.translatedBy(x: 5, y: 0)) == CGPoint(x: 10, y: 0))
        let moved = CGAffineTransform(translationX: 5, y: 0)
        #expect(CGPoint(x: 1, y: 0).applying(moved.scaledBy(x: 3, y: 3)) == CGPoint(x: 8, y: 0))
        #expect(approx(CGPoint(x: 1, y: 0).applying(moved.rotated(by: .pi)), CGPoint(x: 4, y: 0)))
    }

    @Test("inverted undoes the transform")
    func inversion() {
        let t = CGAffineTransform(translationX: 10, y: 5).rotated(by: 0.3).scaledBy(x: 2, y: 0.5)
        let p = CGPoint(x: 7, y: -3)
        #expect(approx(p.applying(t).applying(t.inverted()), p))
        #expect(CGAffineTransform(translationX: 10, y: 5).inverted() == CGAffineTransform(translationX: -10, y: -5))
    }

    @Test("a singular matrix inverts to itself, as CoreGraphics returns it unchanged")
    func singularInverse() {
        let singular = CGAffineTransform(scaleX: 0, y: 2)
        #expect(singular.inverted() == singular)
    }

    @Test("identity is recognized and leaves points alone")
    func identity() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform().isIdentity)
        #expect(!CGAffineTransform(scaleX: 1, y: 1.0001).isIdentity)
        #expect(CGPoint(x: 3, y: 4).applying(.identity) == CGPoint(x: 3, y: 4))
    }

    @Test("a rect maps to the bounding box of its transformed corners")
    func rectBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(approx(rect.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGRect(x: -20, y: 0, width: 20, height: 10)))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(approx(diamond, CGRect(x: -sqrt(2), y: -sqrt(2), width: 2 * sqrt(2), height: 2 * sqrt(2))))
    }

    @Test("CGRect.contains is half-open: left and top edges in, right and bottom edges out")
    func halfOpenContainment() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.contains(CGPoint(x: 0, y: 0)))
        #expect(!rect.contains(CGPoint(x: 10, y: 5)))
        #expect(!rect.contains(CGPoint(x: 5, y: 10)))
        #expect(rect.contains(CGPoint(x: 9.999, y: 9.999)))
    }

    @Test("insets shrink a rect, negative insets grow it")
    func insets() {
        let rect = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 11, width: 14, height: 16))
        #expect(rect.inset(by: UIEdgeInsets(top: -10, left: -10, bottom: -10, right: -10)) == CGRect(x: 0, y: 0, width: 40, height: 40))
    }
}
