import Foundation
import TouchKit
import TouchSupport

/// Repeated views: a List of 20 rows is one entry. In a list of views (`views`, `subviews`, a
/// window's `root` excepted) an element `{"repeat": N, "as": "i", "step": [dx, dy], "view": {…}}`
/// stands for N copies of its view; in SwiftUI `children` and `rows`, `{"forEach": N, "as": "i",
/// "view": {…}}` does the same, as `ForEach(0..<N)` does. In each copy every string has `{i}`
/// replaced by the index (from 0) and `{i+1}` by the index from 1 (with the name `as` gives in
/// place of `i`), and a UIKit view's `frame` moves by `step` times the index. The copies are read
/// as if written out, so an id must use the index to stay unique, and every problem is reported at
/// the template's place.
extension DecodingContext {
    static let repeatKeys = ["repeat", "as", "step", "view"]
    static let forEachKeys = ["forEach", "as", "view"]
    /// Most copies one entry makes; TouchScope's choice (a scene holds at most `SceneDecoder.maximumViewCount` views).
    static let maximumRepeat = 1_000
    /// Most JSON values one entry's copies may hold in all (its template's values times its
    /// count): a small file cannot make a huge scene in memory.
    static let maximumRepeatedValues = 1_000_000

    /// `elements` with each repeat entry (its key: `repeat` or `forEach`) replaced by its copies.
    mutating func expandingRepeats(_ elements: [(JSONValue, JSONPath)], key: String) -> [(JSONValue, JSONPath)] {
        var result: [(JSONValue, JSONPath)] = []
        for (value, path) in elements {
            guard case .object(let members) = value.kind, members.contains(where: { $0.key == key }) else {
                result.append((value, path))
                continue
            }
            result += copies(of: value, at: path, key: key)
        }
        return result
    }

    private mutating func copies(of value: JSONValue, at path: JSONPath, key: String) -> [(JSONValue, JSONPath)] {
        let allowed = key == "repeat" ? Self.repeatKeys : Self.forEachKeys
        guard let fields = reader.object(value, at: path, allowed: allowed, required: [key, "view"]) else { return [] }
        guard let count = reader.integer(fields, key, in: 0...Self.maximumRepeat) else { return [] }
        let name = reader.string(fields, "as", maximumLength: 40) ?? "i"
        if let (nameValue, namePath) = fields["as"], !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            reader.report("\"as\" names the index in {…}: letters, digits and _ only", at: namePath, nameValue)
            return []
        }
        var step = CGPoint.zero
        if let (stepValue, stepPath) = fields["step"],
            let numbers = reader.numbers(stepValue, at: stepPath, count: 2, in: -100_000...100_000, what: "[dx, dy]")
        {
            step = CGPoint(x: numbers[0], y: numbers[1])
        }
        guard let (template, templatePath) = fields["view"] else { return [] }
        let size = Self.valueCount(template)
        if size * count > Self.maximumRepeatedValues {
            reader.report(
                "\(count) copies of this view would hold \(size * count) JSON values; at most \(Self.maximumRepeatedValues) (repeat fewer, or a smaller view)",
                at: path.appending(key), value)
            return []
        }
        if count > 1, let (id, idValue) = Self.fixedID(in: template, name: name) {
            reader.report(
                "the id \"\(id)\" would be the same in every copy: put {\(name)} in it (\"\(id){\(name)}\")", at: templatePath, idValue)
            return []
        }
        return (0..<count).map { index in
            var copy = Self.substituted(template, name: name, index: index)
            if step != .zero { copy = Self.moved(copy, by: CGPoint(x: step.x * CGFloat(index), y: step.y * CGFloat(index))) }
            return (copy, templatePath)
        }
    }

    /// How many JSON values `value` holds, itself included (stops counting past the budget).
    static func valueCount(_ value: JSONValue) -> Int {
        var count = 0
        var stack = [value]
        while let next = stack.popLast(), count <= maximumRepeatedValues {
            count += 1
            switch next.kind {
            case .array(let items): stack += items
            case .object(let members): stack += members.map(\.value)
            default: break
            }
        }
        return count
    }

    /// The first `id` in `template` (its own or a view's inside it) that does not use the index.
    static func fixedID(in template: JSONValue, name: String) -> (String, JSONValue)? {
        switch template.kind {
        case .object(let members):
            for member in members {
                if member.key == "id", case .string(let id) = member.value.kind, !id.contains("{\(name)") { return (id, member.value) }
                if let found = fixedID(in: member.value, name: name) { return found }
            }
        case .array(let items):
            for item in items { if let found = fixedID(in: item, name: name) { return found } }
        default:
            break
        }
        return nil
    }

    /// `value` with `{name}` and `{name+1}` replaced in every string, keys left alone.
    static func substituted(_ value: JSONValue, name: String, index: Int) -> JSONValue {
        var copy = value
        switch value.kind {
        case .string(let text) where text.contains("{"):
            copy.kind = .string(
                text.replacingOccurrences(of: "{\(name)+1}", with: String(index + 1)).replacingOccurrences(of: "{\(name)}", with: String(index)))
        case .array(let items):
            copy.kind = .array(items.map { substituted($0, name: name, index: index) })
        case .object(let members):
            copy.kind = .object(
                members.map { member in
                    var moved = member
                    moved.value = substituted(member.value, name: name, index: index)
                    return moved
                })
        default:
            break
        }
        return copy
    }

    /// A view's `frame` moved by `offset` (its x and y; a view without a frame is left as it is).
    static func moved(_ value: JSONValue, by offset: CGPoint) -> JSONValue {
        guard case .object(let members) = value.kind else { return value }
        var copy = value
        copy.kind = .object(
            members.map { member in
                guard member.key == "frame", case .array(let items) = member.value.kind, items.count == 4,
                    case .number(let x) = items[0].kind, case .number(let y) = items[1].kind
                else { return member }
                var moved = member
                var numbers = items
                numbers[0].kind = .number(x + Double(offset.x))
                numbers[1].kind = .number(y + Double(offset.y))
                moved.value.kind = .array(numbers)
                return moved
            })
        return copy
    }
}
