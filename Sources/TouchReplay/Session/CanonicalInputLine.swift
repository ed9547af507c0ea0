import Foundation
import TouchKit

/// A fast reader for input records exactly as `SessionFormat` writes them:
///
///     {"t":50000,"type":"input","touches":[{"finger":1,"phase":"ended","x":379,"y":690.5}]}
///
/// Long sessions are almost all such lines, and building a general JSON tree for each is most of
/// the cost of loading. Anything else (another key order, whitespace, escapes, exponents, long
/// numbers) returns nil and goes through the general parser, which gives the same values and the
/// located errors; so this changes speed, never meaning. Values are checked by the caller either way.
enum CanonicalInputLine {
    /// One touch as written, before range checks.
    struct Touch {
        var finger: Double
        var phase: UITouch.Phase
        var x: Double
        var y: Double
        var radius: Double?
    }

    /// The time of a canonical input line, with its touches in `touches` (emptied first, its
    /// storage kept); nil when the line is not one.
    static func parse(_ bytes: ArraySlice<UInt8>, into touches: inout [Touch]) -> Double? {
        touches.removeAll(keepingCapacity: true)
        var scanner = Scanner(bytes: bytes)
        guard scanner.literal(#"{"t":"#), let t = scanner.number(),
            scanner.literal(#","type":"input","touches":["#)
        else { return nil }
        repeat {
            guard scanner.literal(#"{"finger":"#), let finger = scanner.number(), scanner.literal(#","phase":""#),
                let phase = scanner.phase(), scanner.literal(#"","x":"#), let x = scanner.number(),
                scanner.literal(#","y":"#), let y = scanner.number()
            else { return nil }
            var radius: Double?
            if scanner.literal(#","radius":"#) {
                guard let r = scanner.number() else { return nil }
                radius = r
            }
            guard scanner.literal("}") else { return nil }
            touches.append(Touch(finger: finger, phase: phase, x: x, y: y, radius: radius))
        } while scanner.literal(",")
        guard scanner.literal("]}"), scanner.atEnd, !touches.isEmpty else { return nil }
        return t
    }

    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var index: Int
        let end: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
            end = bytes.endIndex
        }

        var atEnd: Bool {
            var i = index
            while i < end, bytes[i] == 0x0D { i += 1 }
            return i == end
        }

        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= end else { return false }
            let matches = text.withUTF8Buffer { expected in
                for k in 0..<count where bytes[index + k] != expected[k] { return false }
                return true
            }
            if matches { index += count }
            return matches
        }

        mutating func phase() -> UITouch.Phase? {
            guard index < end else { return nil }
            let (name, phase): (StaticString, UITouch.Phase)
            switch bytes[index] {
            case UInt8(ascii: "m"): (name, phase) = ("moved", .moved)
            case UInt8(ascii: "b"): (name, phase) = ("began", .began)
            case UInt8(ascii: "e"): (name, phase) = ("ended", .ended)
            case UInt8(ascii: "c"): (name, phase) = ("cancelled", .cancelled)
            default: return nil
            }
            return literal(name) ? phase : nil
        }

        /// A JSON number without exponent and with at most 15 significant digits. The value is
        /// one correctly rounded division of two exact doubles, so it equals what `Double(text)`
        /// (correctly rounded too) gives for the same text.
        mutating func number() -> Double? {
            var i = index
            let negative = i < end && bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            let integerStart = i
            var mantissa: Int64 = 0
            var digits = 0
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                guard digits < 15 else { return nil }
                mantissa = mantissa * 10 + Int64(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            let integerDigits = i - integerStart
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
            var fractionDigits = 0
            if i < end, bytes[i] == UInt8(ascii: ".") {
                i += 1
                while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                    guard digits < 15 else { return nil }
                    mantissa = mantissa * 10 + Int64(bytes[i] - 0x30)
                    digits += 1
                    fractionDigits += 1
                    i += 1
                }
                guard fractionDigits > 0 else { return nil }
            }
            guard i < end, bytes[i] != UInt8(ascii: "e"), bytes[i] != UInt8(ascii: "E") else { return nil }
            index = i
            let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -value : value
        }

        static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }
    }
}
