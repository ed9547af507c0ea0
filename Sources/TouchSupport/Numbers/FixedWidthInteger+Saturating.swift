import Foundation

/// The one conversion from a floating value to an integer that TouchScope uses.
///
/// Swift's `Int(_: Double)` traps on NaN, on infinities and on values past the type's range: a
/// number from a file (a golden's `t` of 1e13 µs, a coordinate of 1e300) crashed the tool through
/// it. Every such conversion in Sources goes through `init(saturating:)`, which cannot trap;
/// `tools/audit-float-conversions.sh` (run by CI) finds any that does not.
extension FixedWidthInteger {
    /// `value` rounded by `rule` (default: toward zero, as `Int(_:)` does), then clamped to the
    /// type's range; NaN gives 0.
    @inlinable
    package init<F: BinaryFloatingPoint>(saturating value: F, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= F(Self.max) {
            self = .max
        } else if rounded <= F(Self.min) {
            self = .min
        } else {
            self = Self(rounded)
        }
    }
}

extension Int {
    /// `init(saturating:rounding:)` for a `Double`, without generic dispatch: hit testing converts
    /// a point to a grid cell with it on every touch-down (the generic form, unspecialized across
    /// the protocol's witnesses, cost a quarter of dispatch speed).
    @inlinable @inline(__always)
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if rounded <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(exactly: rounded) ?? 0  // in range and integral: always exact
        }
    }

    /// The same for a `CGFloat`.
    @inlinable @inline(__always)
    package init(saturating value: CGFloat, rounding rule: FloatingPointRoundingRule = .towardZero) {
        self.init(saturating: Double(value), rounding: rule)
    }
}

extension Int64 {
    /// `init(saturating:rounding:)` for a `Double`, without generic dispatch: the trace converts
    /// times and coordinates with it on every entry.
    @inlinable @inline(__always)
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        self = Int64(Int(saturating: value, rounding: rule))
    }
}
