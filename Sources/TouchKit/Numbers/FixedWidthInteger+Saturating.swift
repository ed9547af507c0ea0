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
