import Foundation
import Testing

@testable import TouchKit

/// `init(saturating:)` is the conversion every floating-to-integer site uses: it never traps.
@Suite("Floating to integer: saturating, never trapping")
struct SaturatingConversionTests {
    @Test("NaN gives 0; infinities and values past the range give the bounds")
    func bounds() {
        #expect(Int(saturating: Double.nan) == 0)
        #expect(Int(saturating: Double.infinity) == .max)
        #expect(Int(saturating: -Double.infinity) == .min)
        #expect(Int64(saturating: 1e300) == .max)
        #expect(Int64(saturating: -1e300) == .min)
        #expect(Int32(saturating: CGFloat(1e13)) == .max)
        #expect(UInt8(saturating: -3.0) == 0)
        #expect(UInt8(saturating: 255.9) == 255)
        #expect(UInt8(saturating: 256.0) == 255)
        #expect(Int64(saturating: 9.223372036854775807e18) == .max)
    }

    @Test("inside the range it is Int(_:) after the rounding rule")
    func rounding() {
        #expect(Int(saturating: 2.7) == 2)
        #expect(Int(saturating: -2.7) == -2)
        #expect(Int(saturating: 2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(Int(saturating: -2.5, rounding: .down) == -3)
        var random = SeededRandomNumberGenerator(seed: 4)
        for _ in 0..<1000 {
            let value = Double.random(in: -1e15...1e15, using: &random)
            #expect(Int64(saturating: value) == Int64(value))
        }
    }
}
