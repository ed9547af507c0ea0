import Foundation
import TouchKit

extension DecodingContext {
    static let conditionKeys = [
        "touchView", "touchViewIsControl", "touchViewKind", "touchViewClass", "location", "state", "equals", "otherKind", "otherView",
        "otherID", "not", "all", "any",
    ]

    /// A delegate answer: `true`/`false`, a list of recognizer ids (`"*"`: any), or a condition
    /// object (`TouchCondition`). `ids` says whether a list is allowed here.
    mutating func condition(_ value: JSONValue, at path: JSONPath, ids: Bool, depth: Int = 0) -> TouchCondition? {
        guard depth < 16 else {
            reader.report("conditions nest deeper than 16 levels", at: path, value)
            return nil
        }
        switch value.kind {
        case .bool(let constant):
            return .always(constant)
        case .array:
            guard ids else {
                reader.report("expected true, false or a condition object, found an array", at: path, value)
                return nil
            }
            return .otherID(recognizerIDList(value, at: path))
        case .object:
            break
        default:
            reader.report(
                "expected true, false\(ids ? ", a list of recognizer ids" : "") or a condition object, found \(value.typeName)", at: path,
                value)
            return nil
        }
        guard let fields = reader.object(value, at: path, allowed: Self.conditionKeys) else { return nil }
        let main = fields.members.filter { $0.key != "equals" }
        guard main.count == 1, let member = main.first else {
            reader.report(
                "a condition has exactly one of: \(Self.conditionKeys.filter { $0 != "equals" }.joined(separator: ", "))", at: path, value)
            return nil
        }
        if fields.has("equals") && member.key != "state" {
            reader.report("\"equals\" goes with \"state\" only", at: path, value)
        }
        let memberPath = path.appending(member.key)
        let inner = member.value
        switch member.key {
        case "touchView":
            guard let elements = reader.array(inner, at: memberPath, maximumCount: 64) else { return nil }
            let ids = elements.compactMap { element, elementPath -> String? in
                guard let id = reader.string(element, at: elementPath) else { return nil }
                viewReferences.append((id, elementPath, element))
                return id
            }
            return .touchViewIn(ids)
        case "touchViewIsControl":
            guard let flag = reader.bool(inner, at: memberPath) else { return nil }
            return flag ? .touchViewIsControl : .not(.touchViewIsControl)
        case "touchViewKind":
            guard let name = reader.string(inner, at: memberPath) else { return nil }
            guard let kind = ViewKind(rawValue: name) else {
                reader.report(
                    "unknown view kind \"\(name)\" (kinds: \(ViewKind.allCases.map(\.rawValue).joined(separator: ", ")))", at: memberPath, inner)
                return nil
            }
            return .touchViewKind(kind)
        case "touchViewClass":
            return reader.string(inner, at: memberPath, maximumLength: 200).map { .touchViewClass($0) }
        case "location":
            guard let location = reader.object(inner, at: memberPath, allowed: ["in", "rect"], required: ["in", "rect"]),
                let view = reader.string(location, "in"), let rect = reader.rect(location, "rect")
            else { return nil }
            if let (viewValue, viewPath) = location["in"] { viewReferences.append((view, viewPath, viewValue)) }
            return .location(view: view, rect: rect)
        case "state":
            guard let name = reader.string(inner, at: memberPath) else { return nil }
            stateReferences.append((name, memberPath, inner))
            return .state(name, equals: reader.bool(fields, "equals") ?? true)
        case "otherKind":
            guard let name = reader.string(inner, at: memberPath) else { return nil }
            guard let kind = RecognizerKind(rawValue: name) else {
                reader.report(
                    "unknown recognizer kind \"\(name)\" (kinds: \(RecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")))", at: memberPath,
                    inner)
                return nil
            }
            return .otherKind(kind)
        case "otherView":
            guard let id = reader.string(inner, at: memberPath) else { return nil }
            viewReferences.append((id, memberPath, inner))
            return .otherView(id)
        case "otherID":
            return .otherID(recognizerIDList(inner, at: memberPath))
        case "not":
            return condition(inner, at: memberPath, ids: false, depth: depth + 1).map { .not($0) }
        default:
            guard let elements = reader.array(inner, at: memberPath, maximumCount: 64) else { return nil }
            let items = elements.compactMap { condition($0.0, at: $0.1, ids: false, depth: depth + 1) }
            return member.key == "all" ? .all(items) : .any(items)
        }
    }

    /// A list of recognizer ids, each checked to exist once the file is read (`"*"`: any).
    mutating func recognizerIDList(_ value: JSONValue, at path: JSONPath) -> [String] {
        guard let elements = reader.array(value, at: path, maximumCount: 64) else { return [] }
        var ids: [String] = []
        for (element, elementPath) in elements {
            guard let id = reader.string(element, at: elementPath) else { continue }
            ids.append(id)
            if id != "*" { recognizerReferences.append((id, elementPath, element)) }
        }
        return ids
    }
}

extension TouchCondition {
    /// The recognizer ids the condition names (for `requireToFail` cycles).
    var namedRecognizerIDs: [String] {
        switch self {
        case .otherID(let ids): ids.filter { $0 != "*" }
        case .not(let inner): inner.namedRecognizerIDs
        case .all(let items), .any(let items): items.flatMap(\.namedRecognizerIDs)
        case .always, .touchViewIn, .touchViewIsControl, .touchViewKind, .touchViewClass, .location, .state, .otherKind, .otherView: []
        }
    }
}
