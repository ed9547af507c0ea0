import Foundation
import Testing

@testable import TouchKit

/// `TouchGeometry.length` stands in for `hypot` on every move: it must give hypot's answer (to
/// one unit in the last place) for screen distances, and hypot's where the squares overflow.
@Suite("Touch geometry: the length of a move")
struct TouchGeometryTests {
    @Test("on a grid of screen distances, the length is hypot's to one unit in the last place, exact on whole triangles")
    func agreesWithHypot() {
        var checked = 0
        for x in stride(from: -1200.0, through: 1200.0, by: 7.25) {
            for y in stride(from: -900.0, through: 900.0, by: 5.5) {
                let fast = TouchGeometry.length(CGFloat(x), CGFloat(y))
                let exact = hypot(CGFloat(x), CGFloat(y))
                #expect(abs(fast - exact) <= exact.ulp, "at (\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 100_000)
        #expect(TouchGeometry.length(6, 8) == 10)
        #expect(TouchGeometry.length(-30, 40) == 50)
        #expect(TouchGeometry.length(0, 0) == 0)
    }

    @Test("where the squares overflow, hypot answers (a finite length, not infinity)")
    func overflowFallsBackToHypot() {
        let big = CGFloat.greatestFiniteMagnitude / 2
        #expect(TouchGeometry.length(big, big) == hypot(big, big))
        #expect(TouchGeometry.length(big, big).isFinite)
        #expect(TouchGeometry.length(.infinity, 1) == .infinity)
        #expect(TouchGeometry.length(.nan, 1).isNaN)
    }
}
