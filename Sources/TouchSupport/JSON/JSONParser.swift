import Foundation

/// Why a text is not acceptable JSON, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON parser (RFC 8259) that never recurses deeper than `maximumDepth` and never
/// trusts a number it cannot represent.
///
/// Why not `JSONSerialization`: its errors carry no position, it accepts duplicate keys, it turns
/// booleans into numbers on some platforms, and deeply nested input can exhaust the stack. Hostile
/// scene and session files must get a clear message instead.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted. TouchScope's choice; scenes need far less.
    public static let defaultMaximumDepth = 200

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let maximumDepth: Int

    /// Parses `text` as one JSON document.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses UTF-8 bytes as one JSON document.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipWhitespace()
        if parser.index == bytes.count { throw parser.error("the text is empty; expected a JSON value") }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        let (startLine, startColumn) = (line, column)
        func make(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else { throw error("objects and arrays nest deeper than \(maximumDepth) levels") }
            return make(.object(try parseObject(depth: depth + 1)))
        case UInt8(ascii: "["):
            guard depth < maximumDepth else { throw error("objects and arrays nest deeper than \(maximumDepth) levels") }
            return make(.array(try parseArray(depth: depth + 1)))
        case UInt8(ascii: "\""):
            return make(.string(try parseString()))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return make(.bool(true))
        case UInt8(ascii: "f"):
            try expectWord("false")
            return make(.bool(false))
        case UInt8(ascii: "n"):
            try expectWord("null")
            return make(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return make(.number(try parseNumber()))
        default:
            throw error("unexpected character \(describe(bytes[index])); expected a JSON value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        var end = index
        while end < bytes.count, end - index < 24, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20) {
            end += 1
        }
        guard Array(bytes[index..<end]) == expected else {
            let found = String(decoding: bytes[index..<end], as: UTF8.self)
            throw error("unexpected word \"\(found)\"; expected a JSON value")
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> [JSONMember] {
        index += 1
        var members: [JSONMember] = []
        // Duplicate keys: a linear scan while the object is small, a set once it is not, so that
        // an object with many keys is still read in linear time.
        var keys: Set<String>?
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count ? "expected a quoted key" : "the text ends inside an object")
            }
            let (keyLine, keyColumn) = (line, column)
            let key = try parseString()
            let duplicate: Bool
            if var seen = keys {
                keys = nil
                duplicate = !seen.insert(key).inserted
                keys = seen
            } else if members.count >= 16 {
                var seen = Set(members.map(\.key))
                duplicate = !seen.insert(key).inserted
                keys = seen
            } else {
                duplicate = members.contains { $0.key == key }
            }
            if duplicate {
                throw JSONParseError(message: "duplicate key \"\(key)\"", line: keyLine, column: keyColumn)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, value: value, keyLine: keyLine, keyColumn: keyColumn))
            skipWhitespace()
            guard index < bytes.count else { throw error("the text ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            throw error("expected ',' or '}' in the object")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return values
        }
        while true {
            values.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the text ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return values
            }
            throw error("expected ',' or ']' in the array")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let begin = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - begin
        }
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("expected digits in the number") }
        if integerDigits > 1 && bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0") {
            throw error("numbers may not have leading zeros")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected digits after the decimal point") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(message: "the number \(text) is too large to represent", line: line, column: start - lineStart + 1)
        }
        return value
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Most strings have no escapes: one scan, one String made from the bytes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("the text ends inside a string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("the text ends inside a string") }
                let escape = bytes[index]
                index += 1
                let scalar: UnicodeScalar
                switch escape {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a high surrogate must be followed by a low surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let decoded = UnicodeScalar(code) else { throw error("invalid unicode escape") }
                    scalar = decoded
                default:
                    throw error("invalid escape \\\(Character(UnicodeScalar(escape)))")
                }
                utf8.append(contentsOf: String(scalar).utf8)
            case 0x00..<0x20:
                throw error(byte == 0x0A ? "the string is not closed before the end of the line" : "control character in a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("the text ends inside a unicode escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a unicode escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
