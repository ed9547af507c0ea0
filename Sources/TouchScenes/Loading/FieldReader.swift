import Foundation
import TouchKit

/// Reads typed fields out of JSON objects, collecting every problem instead of stopping at the
/// first: unknown fields (with a suggestion), wrong types, missing required fields, numbers out
/// of range. Each issue names the file, the position and the JSON path.
struct FieldReader {
    let file: String
    /// The problems kept, at most `SceneLoadError.maximumIssueCount`, in the order found.
    private(set) var issues: [SceneIssue] = []
    /// Problems found past the cap: counted, not kept.
    private(set) var omittedIssueCount = 0

    init(file: String) {
        self.file = file
    }

    mutating func report(_ message: String, at path: JSONPath, _ value: JSONValue?) {
        append(SceneIssue(file: file, path: path, line: value?.line ?? 0, column: value?.column ?? 0, message: message))
    }

    /// Keeps an issue, or counts it once the cap is reached (a hostile file cannot make the
    /// report, or the memory holding it, grow without bound).
    mutating func append(_ issue: SceneIssue) {
        guard issues.count < SceneLoadError.maximumIssueCount else {
            omittedIssueCount += 1
            return
        }
        var issue = issue
        if issue.message.count > SceneLoadError.maximumMessageLength {
            issue.message = String(issue.message.prefix(SceneLoadError.maximumMessageLength)) + "…"
        }
        issues.append(issue)
    }

    /// The members of an object, after checking it is one and has only `allowed` keys and every
    /// `required` key. Nil when the value is not an object.
    mutating func object(_ value: JSONValue, at path: JSONPath, allowed: [String], required: [String] = []) -> Fields? {
        guard case .object(let members) = value.kind else {
            report("expected an object, found \(value.typeName)", at: path, value)
            return nil
        }
        let fields = Fields(members: members, path: path, value: value)
        let allowedSet = Set(allowed)
        for member in members where !allowedSet.contains(member.key) {
            let hint = Self.hint(for: member.key, among: allowed)
            append(
                SceneIssue(
                    file: file, path: path.appending(member.key), line: member.keyLine, column: member.keyColumn,
                    message: "unknown field \"\(member.key)\"\(hint) (allowed: \(allowed.sorted().joined(separator: ", ")))"))
        }
        for key in required where !fields.has(key) {
            report("missing required field \"\(key)\"", at: path, value)
        }
        return fields
    }

    /// An object whose every key is allowed (a table of names, such as `state`).
    mutating func openObject(_ value: JSONValue, at path: JSONPath) -> Fields? {
        guard case .object(let members) = value.kind else {
            report("expected an object, found \(value.typeName)", at: path, value)
            return nil
        }
        return Fields(members: members, path: path, value: value)
    }

    /// The closest allowed key by edit distance, when it is close enough to be a typo.
    static func suggestion(for key: String, among allowed: [String]) -> String? {
        let scored = allowed.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 3) else { return nil }
        return best.0
    }

    /// `; did you mean "x"?` for the closest allowed name, or nothing.
    static func hint(for key: String, among allowed: [String]) -> String {
        suggestion(for: key, among: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The `"kind"` field as a case of `Kind`; an unknown name is reported as an unknown `what`,
    /// with a hint and the list of kinds.
    mutating func kind<Kind: RawRepresentable & CaseIterable>(_ fields: Fields, unknownAs what: String) -> Kind?
    where Kind.RawValue == String {
        guard let name = string(fields, "kind"), let (value, path) = fields["kind"] else { return nil }
        guard let kind = Kind(rawValue: name) else {
            let names = Kind.allCases.map(\.rawValue)
            report("unknown \(what) \"\(name)\"\(Self.hint(for: name, among: names)) (kinds: \(names.joined(separator: ", ")))", at: path, value)
            return nil
        }
        return kind
    }

    /// Reports each field that `table` reserves for other kinds than `kind`.
    mutating func reportFieldsOfOtherKinds<Kind: RawRepresentable & Equatable>(_ fields: Fields, kind: Kind, table: [String: [Kind]])
    where Kind.RawValue == String {
        for member in fields.members {
            if let kinds = table[member.key], !kinds.contains(kind) {
                report(
                    "\"\(member.key)\" applies to \(kinds.map(\.rawValue).joined(separator: ", ")), not \(kind.rawValue)",
                    at: fields.path.appending(member.key), member.value)
            }
        }
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: Scalars

    mutating func bool(_ fields: Fields, _ key: String) -> Bool? {
        guard let (value, path) = fields[key] else { return nil }
        return bool(value, at: path)
    }

    mutating func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
        guard case .bool(let flag) = value.kind else {
            report("expected true or false, found \(value.typeName)", at: path, value)
            return nil
        }
        return flag
    }

    mutating func string(_ fields: Fields, _ key: String, nonEmpty: Bool = true, maximumLength: Int = 10_000) -> String? {
        guard let (value, path) = fields[key] else { return nil }
        return string(value, at: path, nonEmpty: nonEmpty, maximumLength: maximumLength)
    }

    mutating func string(_ value: JSONValue, at path: JSONPath, nonEmpty: Bool = true, maximumLength: Int = 10_000) -> String? {
        guard case .string(let text) = value.kind else {
            report("expected a string, found \(value.typeName)", at: path, value)
            return nil
        }
        if nonEmpty && text.isEmpty {
            report("expected a non-empty string", at: path, value)
            return nil
        }
        if text.count > maximumLength {
            report("expected at most \(maximumLength) characters, found \(text.count)", at: path, value)
            return nil
        }
        return text
    }

    mutating func number(_ fields: Fields, _ key: String, in range: ClosedRange<Double>) -> Double? {
        guard let (value, path) = fields[key] else { return nil }
        return number(value, at: path, in: range)
    }

    mutating func number(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let number) = value.kind else {
            report("expected a number, found \(value.typeName)", at: path, value)
            return nil
        }
        guard range.contains(number) else {
            report(
                "expected a number from \(JSONWriter.number(range.lowerBound)) to \(JSONWriter.number(range.upperBound)), found \(JSONWriter.number(number))",
                at: path, value)
            return nil
        }
        return number
    }

    mutating func integer(_ fields: Fields, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let (value, path) = fields[key] else { return nil }
        guard case .number(let number) = value.kind, number == number.rounded() else {
            report("expected a whole number, found \(value.typeName == "a number" ? "a fraction" : value.typeName)", at: path, value)
            return nil
        }
        guard Double(range.lowerBound) <= number && number <= Double(range.upperBound) else {
            report("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(JSONWriter.number(number))", at: path, value)
            return nil
        }
        return Int(saturating: number)
    }

    // MARK: Arrays

    mutating func array(_ fields: Fields, _ key: String, maximumCount: Int = 100_000) -> [(JSONValue, JSONPath)]? {
        guard let (value, path) = fields[key] else { return nil }
        return array(value, at: path, maximumCount: maximumCount)
    }

    mutating func array(_ value: JSONValue, at path: JSONPath, maximumCount: Int = 100_000) -> [(JSONValue, JSONPath)]? {
        guard case .array(let elements) = value.kind else {
            report("expected an array, found \(value.typeName)", at: path, value)
            return nil
        }
        guard elements.count <= maximumCount else {
            report("expected at most \(maximumCount) elements, found \(elements.count)", at: path, value)
            return nil
        }
        return elements.enumerated().map { ($1, path.appending($0)) }
    }

    mutating func strings(_ fields: Fields, _ key: String, allowed: [String]? = nil) -> [String]? {
        guard let elements = array(fields, key) else { return nil }
        var result: [String] = []
        for (element, path) in elements {
            guard let text = string(element, at: path) else { continue }
            if let allowed, !allowed.contains(text) {
                let hint = Self.hint(for: text, among: allowed)
                report("unknown value \"\(text)\"\(hint) (allowed: \(allowed.joined(separator: ", ")))", at: path, element)
                continue
            }
            result.append(text)
        }
        return result
    }

    /// Exactly `count` numbers in `range`.
    mutating func numbers(_ value: JSONValue, at path: JSONPath, count: Int, in range: ClosedRange<Double>, what: String) -> [Double]? {
        guard case .array(let elements) = value.kind, elements.count == count else {
            report("expected \(what) (an array of \(count) numbers), found \(value.typeName)", at: path, value)
            return nil
        }
        var numbers: [Double] = []
        for (index, element) in elements.enumerated() {
            guard let number = number(element, at: path.appending(index), in: range) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    // MARK: Geometry

    /// Coordinates beyond this are refused as absurd, in points.
    static let coordinateLimit = 1_000_000.0
    /// Sizes beyond this are refused as absurd, in points.
    static let sizeLimit = 100_000.0

    mutating func rect(_ fields: Fields, _ key: String) -> CGRect? {
        guard let (value, path) = fields[key] else { return nil }
        return rect(value, at: path)
    }

    mutating func rect(_ value: JSONValue, at path: JSONPath) -> CGRect? {
        guard case .array(let elements) = value.kind, elements.count == 4 else {
            report("expected a rectangle [x, y, width, height], found \(value.typeName)", at: path, value)
            return nil
        }
        let c = Self.coordinateLimit
        guard let x = number(elements[0], at: path.appending(0), in: -c...c),
            let y = number(elements[1], at: path.appending(1), in: -c...c),
            let width = number(elements[2], at: path.appending(2), in: 0...Self.sizeLimit),
            let height = number(elements[3], at: path.appending(3), in: 0...Self.sizeLimit)
        else { return nil }
        return CGRect(x: x, y: y, width: width, height: height)
    }

    mutating func point(_ fields: Fields, _ key: String) -> CGPoint? {
        guard let (value, path) = fields[key] else { return nil }
        return point(value, at: path)
    }

    mutating func point(_ value: JSONValue, at path: JSONPath) -> CGPoint? {
        let c = Self.coordinateLimit
        guard let xy = numbers(value, at: path, count: 2, in: -c...c, what: "a point [x, y]") else { return nil }
        return CGPoint(x: xy[0], y: xy[1])
    }

    mutating func size(_ fields: Fields, _ key: String, minimum: Double = 0) -> CGSize? {
        guard let (value, path) = fields[key] else { return nil }
        guard let wh = numbers(value, at: path, count: 2, in: minimum...Self.sizeLimit, what: "a size [width, height]") else {
            return nil
        }
        return CGSize(width: wh[0], height: wh[1])
    }

    mutating func insets(_ fields: Fields, _ key: String) -> UIEdgeInsets? {
        guard let (value, path) = fields[key] else { return nil }
        if case .number = value.kind, let all = number(value, at: path, in: -Self.sizeLimit...Self.sizeLimit) {
            return UIEdgeInsets(top: all, left: all, bottom: all, right: all)
        }
        guard
            let edges = numbers(
                value, at: path, count: 4, in: -Self.sizeLimit...Self.sizeLimit, what: "insets [top, left, bottom, right] or one number")
        else { return nil }
        return UIEdgeInsets(top: edges[0], left: edges[1], bottom: edges[2], right: edges[3])
    }

    /// `{"rotation": degrees, "scale": s | [sx, sy], "translation": [tx, ty]}` (scale, then
    /// rotation, then translation), or the six numbers `[a, b, c, d, tx, ty]`.
    mutating func transform(_ fields: Fields, _ key: String) -> CGAffineTransform? {
        guard let (value, path) = fields[key] else { return nil }
        if case .array = value.kind {
            let c = Self.coordinateLimit
            guard let m = numbers(value, at: path, count: 6, in: -c...c, what: "a matrix [a, b, c, d, tx, ty]") else { return nil }
            return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        guard let parts = object(value, at: path, allowed: ["rotation", "scale", "translation"]) else { return nil }
        var t = CGAffineTransform.identity
        if let (scaleValue, scalePath) = parts["scale"] {
            if case .number = scaleValue.kind, let s = number(scaleValue, at: scalePath, in: -1000...1000) {
                t = t.concatenating(CGAffineTransform(scaleX: s, y: s))
            } else if let s = numbers(scaleValue, at: scalePath, count: 2, in: -1000...1000, what: "a scale [sx, sy] or one number") {
                t = t.concatenating(CGAffineTransform(scaleX: s[0], y: s[1]))
            }
        }
        if let degrees = number(parts, "rotation", in: -36_000...36_000) {
            t = t.concatenating(CGAffineTransform(rotationAngle: degrees * .pi / 180))
        }
        if let move = point(parts, "translation") {
            t = t.concatenating(CGAffineTransform(translationX: move.x, y: move.y))
        }
        return t
    }

    /// `"#RRGGBB"`, `"#RRGGBBAA"` or a UIKit colour name (`"systemBlue"`, `"clear"`, ...).
    mutating func color(_ fields: Fields, _ key: String) -> UIColor? {
        guard let (value, path) = fields[key], let text = string(value, at: path) else { return nil }
        if let color = Self.parseColor(text) { return color }
        report(
            "expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or one of \(Self.namedColors.keys.sorted().joined(separator: ", ")), found \"\(text)\"",
            at: path, value)
        return nil
    }

    static let namedColors: [String: UIColor] = [
        "clear": .clear, "black": .black, "white": .white, "gray": .gray, "darkGray": .darkGray,
        "lightGray": .lightGray, "red": .red, "green": .green, "blue": .blue, "yellow": .yellow,
        "orange": .orange, "purple": .purple, "cyan": .cyan, "magenta": .magenta, "brown": .brown,
        "systemBlue": .systemBlue,
    ]

    static func parseColor(_ text: String) -> UIColor? {
        if let named = namedColors[text] { return named }
        guard text.hasPrefix("#"), text.count == 7 || text.count == 9 else { return nil }
        let hex = text.dropFirst()
        guard hex.allSatisfy(\.isHexDigit), let raw = UInt32(hex, radix: 16) else { return nil }
        let value = hex.count == 6 ? (raw << 8) | 0xFF : raw
        func channel(_ shift: UInt32) -> CGFloat { CGFloat((value >> shift) & 0xFF) / 255 }
        return UIColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }
}

/// The members of one JSON object, with the path of each.
///
/// Look-ups scan the members of small objects and use an index for large ones, so that reading
/// every key of an object (a `state` table with thousands of flags) takes linear time.
struct Fields {
    let members: [JSONMember]
    let path: JSONPath
    let value: JSONValue
    /// Member positions by key, for objects with more than `indexThreshold` members.
    private let index: [String: Int]?
    private static let indexThreshold = 16

    init(members: [JSONMember], path: JSONPath, value: JSONValue) {
        self.members = members
        self.path = path
        self.value = value
        if members.count > Self.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for (position, member) in members.enumerated() where index[member.key] == nil { index[member.key] = position }
            self.index = index
        } else {
            index = nil
        }
    }

    private func member(_ key: String) -> JSONMember? {
        if let index { return index[key].map { members[$0] } }
        return members.first { $0.key == key }
    }

    subscript(key: String) -> (JSONValue, JSONPath)? {
        guard let member = member(key) else { return nil }
        return (member.value, path.appending(key))
    }

    func has(_ key: String) -> Bool { member(key) != nil }
}
