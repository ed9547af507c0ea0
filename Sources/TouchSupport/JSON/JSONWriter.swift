import Foundation

/// Writes JSON with keys in the order given and numbers in a fixed, shortest form, so files diff
/// cleanly and the same value always gives the same bytes.
package enum JSONWriter {
    /// One line, no spaces: for session records.
    package static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indentation, one member per line; short arrays of numbers stay on one line.
    package static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        return out + "\n"
    }

    /// `12`, `0.5`, `-3.25`: integers without a decimal point, others with up to 6 decimals.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(saturating: value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A JSON string literal with the escapes RFC 8259 requires, and every other invisible
    /// scalar (`InvisibleScalars`: DEL, C1, bidirectional controls, U+2028/9) as `\uXXXX` too, so
    /// JSON printed to a terminal or embedded in a page carries no control character.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where InvisibleScalars.contains(scalar):
                // `\uXXXX` takes four hex digits: a scalar beyond U+FFFF (a tag character) is
                // written as its UTF-16 surrogate pair, as RFC 8259 says.
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch value.kind {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += Self.number(number)
        case .string(let text): out += string(text)
        case .array(let values):
            if values.isEmpty {
                out += "[]"
                return
            }
            let flat = indent == nil || values.allSatisfy { if case .number = $0.kind { true } else { false } }
            out += "["
            for (i, element) in values.enumerated() {
                if i > 0 { out += flat && indent != nil ? ", " : "," }
                if !flat, let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                write(element, into: &out, indent: indent, level: level + 1)
            }
            if !flat, let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                out += string(member.key) + (indent == nil ? ":" : ": ")
                write(member.value, into: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "}"
        }
    }
}
