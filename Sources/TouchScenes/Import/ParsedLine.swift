import Foundation
import TouchKit

/// One view line of a `recursiveDescription` dump, split into what TouchScope understands.
struct ParsedLine {
    var depth = 0
    var className = ""
    /// The object's address in the dump (`0x7fb1c2c0c8a0`), when it has one.
    var address: String?
    var baseClass: String?
    /// A slider's `value`.
    var value: Double?
    var frame: CGRect?
    var bounds: CGRect?
    var transform: CGAffineTransform?
    var hidden = false
    var alpha: CGFloat = 1
    var userInteractionEnabled: Bool?
    var clipsToBounds = false
    var tag = 0
    var text: String?
    var contentOffset: CGPoint?
    var contentSize: CGSize?
    var mentionsRecognizers = false
    var truncated = false
    var unknownAttributes: [String] = []
}

/// Attributes that carry nothing TouchScope uses, skipped without a note.
private let silentlyIgnored: Set<String> = [
    "layer", "opaque", "autoresize", "layout", "animations", "baseClass", "dataSource", "delegate",
    "adjustedContentInset", "contentInset", "font", "textColor", "image", "tintColor", "backgroundColor",
    "alpha", "hidden", "frame", "bounds", "transform", "text", "tag", "clipsToBounds", "userInteractionEnabled",
    "gestureRecognizers", "contentOffset", "contentSize", "lineBreak", "numberOfLines", "textAlignment",
    "title", "placeholder", "borderStyle", "image = <UIImage", "sectionHeaderHeight", "sectionFooterHeight",
    "estimatedRowHeight", "rowHeight", "position", "anchorPoint", "sublayers", "name", "role", "text-color",
]

extension RecursiveDescriptionImporter {
    /// Parses `   |    | <UIButton: 0x7fb1; frame = (20 40; 100 44); layer = <CALayer: 0x60>>`, or nil
    /// for a line that is not a view line.
    static func parseLine(_ raw: String) -> ParsedLine? {
        var parsed = ParsedLine()
        var chars = Substring(raw)
        while let first = chars.first, first == " " || first == "|" || first == "\t" {
            if first == "|" { parsed.depth += 1 }
            chars = chars.dropFirst()
        }
        guard chars.first == "<" else { return nil }
        let body = chars.dropFirst()
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let className = body[..<colon].trimmingCharacters(in: .whitespaces)
        guard !className.isEmpty, className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return nil
        }
        parsed.className = className
        var rest = body[body.index(after: colon)...]
        // The address: " 0x7fb1c2d0a6b0".
        if let semicolon = topLevelIndex(of: ";", in: rest) {
            let address = rest[..<semicolon].trimmingCharacters(in: .whitespaces)
            if address.hasPrefix("0x"), address.count > 2, address.dropFirst(2).allSatisfy(\.isHexDigit) { parsed.address = address }
            rest = rest[rest.index(after: semicolon)...]
        } else {
            parsed.truncated = !rest.hasSuffix(">")
            return parsed
        }
        // The closing '>' of the view, if the line is complete.
        var content = String(rest)
        if let closing = matchingClose(in: content) {
            content = String(content[..<closing])
        } else {
            parsed.truncated = true
        }
        for attribute in splitTopLevel(content) {
            apply(attribute.trimmingCharacters(in: .whitespaces), to: &parsed)
        }
        return parsed
    }

    private static func apply(_ attribute: String, to parsed: inout ParsedLine) {
        guard !attribute.isEmpty else { return }
        let separator = attribute.range(of: " = ") ?? attribute.range(of: ": ")
        guard let separator else {
            parsed.unknownAttributes.append(attribute)
            return
        }
        let key = attribute[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
        let value = attribute[separator.upperBound...].trimmingCharacters(in: .whitespaces)
        switch key {
        case "frame": parsed.frame = rect(value)
        case "bounds": parsed.bounds = rect(value)
        case "transform": parsed.transform = transform(value)
        case "hidden": parsed.hidden = value == "YES"
        case "alpha": parsed.alpha = CGFloat(Double(value).flatMap { $0.isFinite ? $0 : nil } ?? 1).clamped(to: 0...1)
        case "userInteractionEnabled": parsed.userInteractionEnabled = value != "NO"
        case "clipsToBounds": parsed.clipsToBounds = value == "YES"
        case "tag": parsed.tag = Int(value).flatMap { abs($0) <= 1_000_000_000 ? $0 : nil } ?? 0
        case "text", "title":
            var text = value
            if text.hasPrefix("'") { text.removeFirst() }
            if text.hasSuffix("'") { text.removeLast() }
            parsed.text = text
        case "baseClass": parsed.baseClass = value
        case "value": parsed.value = Double(value).flatMap { $0.isFinite && abs($0) <= 1_000_000 ? $0 : nil }
        case "gestureRecognizers": parsed.mentionsRecognizers = true
        case "contentOffset": parsed.contentOffset = pair(value).map { CGPoint(x: $0.0, y: $0.1) }
        case "contentSize":
            parsed.contentSize = pair(value).flatMap { isSize($0.0) && isSize($0.1) ? CGSize(width: max(0, $0.0), height: max(0, $0.1)) : nil }
        default:
            if !silentlyIgnored.contains(key) { parsed.unknownAttributes.append(String(key)) }
        }
    }

    /// `(20 40; 100 44)`.
    static func rect(_ text: String) -> CGRect? {
        let cleaned = text.trimmingCharacters(in: CharacterSet(charactersIn: "()"))
        let halves = cleaned.split(separator: ";")
        guard halves.count == 2 else { return nil }
        let origin = halves[0].split(separator: " ").compactMap { Double($0) }
        let size = halves[1].split(separator: " ").compactMap { Double($0) }
        guard origin.count == 2, size.count == 2, origin.allSatisfy(Self.isCoordinate), size.allSatisfy(Self.isSize) else { return nil }
        return CGRect(x: origin[0], y: origin[1], width: max(0, size[0]), height: max(0, size[1]))
    }

    /// `[0.707, 0.707, -0.707, 0.707, 0, 0]`.
    static func transform(_ text: String) -> CGAffineTransform? {
        let numbers = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 6, numbers.allSatisfy(Self.isCoordinate) else { return nil }
        return CGAffineTransform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
    }

    /// `{0, -64}`.
    static func pair(_ text: String) -> (Double, Double)? {
        let numbers = text.trimmingCharacters(in: CharacterSet(charactersIn: "{}")).split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 2, numbers.allSatisfy(Self.isCoordinate) else { return nil }
        return (numbers[0], numbers[1])
    }

    /// Values the scene loader accepts (`FieldReader` limits): an attribute with a number beyond
    /// them is left unread, so an imported scene always loads.
    static func isCoordinate(_ value: Double) -> Bool { value.isFinite && abs(value) <= 1_000_000 }
    static func isSize(_ value: Double) -> Bool { value.isFinite && abs(value) <= 100_000 }

    /// Walks `text`, skipping what stands inside single quotes, and calls `visit` with each other
    /// character, its index and the bracket depth before it (`<`, `(`, `{`, `[` open; `>`, `)`,
    /// `}`, `]` close), until `visit` returns true; answers that index.
    static func firstTopLevelIndex(
        in text: some StringProtocol, where visit: (String.Index, Character, Int) -> Bool
    ) -> String.Index? {
        var depth = 0
        var quoted = false
        for index in text.indices {
            let c = text[index]
            if c == "'" { quoted.toggle() }
            if quoted { continue }
            if visit(index, c, depth) { return index }
            if "<({[".contains(c) { depth += 1 }
            if ">)}]".contains(c) { depth -= 1 }
        }
        return nil
    }

    /// Index of the first `character` outside `<...>`, `(...)`, `{...}`, `[...]` and quotes.
    static func topLevelIndex(of character: Character, in text: Substring) -> String.Index? {
        firstTopLevelIndex(in: text) { _, c, depth in c == character && depth == 0 }
    }

    /// Index of the `>` closing the view (the first one at depth -1), if the line has it.
    static func matchingClose(in text: String) -> String.Index? {
        firstTopLevelIndex(in: text) { _, c, depth in c == ">" && depth == 0 }
    }

    /// Splits on `;` outside brackets and quotes.
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var start = text.startIndex
        _ = firstTopLevelIndex(in: text) { index, c, depth in
            if c == ";" && depth == 0 {
                parts.append(String(text[start..<index]))
                start = text.index(after: index)
            }
            return false
        }
        let last = text[start...]
        if !last.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(String(last)) }
        return parts
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
