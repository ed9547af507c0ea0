import Foundation

/// A parsed JSON value with the line and column where it starts, so that errors can point at it.
///
/// Objects keep their keys in file order (and the parser rejects duplicate keys), numbers are
/// finite doubles, and `true`/`false` are never confused with numbers.
public struct JSONValue: Equatable, Sendable {
    /// The JSON value itself; members keep their order and duplicates (the loader reports them).
    public enum Kind: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// 1-based line of the value's first character (0 for values built in code).
    public var line: Int
    /// 1-based column of the value's first character (0 for values built in code).
    public var column: Int

    public init(_ kind: Kind, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// The JSON type's name, for error messages ("a number", "an object", ...).
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.kind == rhs.kind }

    // Convenience constructors for building documents in code.
    public static func number(_ value: Double) -> JSONValue { JSONValue(.number(value)) }
    public static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    public static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    public static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    /// The value for `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// One key and value of a JSON object, with where the key was written.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    public var keyLine: Int
    public var keyColumn: Int

    public init(key: String, value: JSONValue, keyLine: Int = 0, keyColumn: Int = 0) {
        self.key = key
        self.value = value
        self.keyLine = keyLine
        self.keyColumn = keyColumn
    }

    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}
