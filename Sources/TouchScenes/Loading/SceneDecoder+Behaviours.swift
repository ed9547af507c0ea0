import Foundation
import TouchKit
import TouchSupport

extension DecodingContext {
    static let behaviourKinds: [String: [String]] = [
        "enlargeHitArea": ["insets"],
        "passThrough": ["exceptSubviews", "exceptRects"],
        "catchAll": [],
        "shape": ["polygon"],
        "preferSubviews": ["views"],
        "hitTestSubviewsOutside": ["views"],
        "redirectHit": ["to"],
        "passThroughWhenHit": ["views"],
        "passThroughOnNamedLayer": ["view"],
        "gestureRecognizerShouldBegin": ["answer"],
        "touchesShouldCancel": ["answer"],
        "beginTracking": ["answer"],
        "continueTracking": ["answer"],
        "when": ["state", "equals", "then"],
        "onTouches": ["phases", "do", "forward"],
        "handleEvents": ["events", "do", "forward"],
        "firstResponder": ["actions"],
        "touchUpInside": ["cancel", "do"],
    ]

    /// The `behaviours` array of a view or controller; `subviewIDs` are the ids a behaviour of
    /// this owner may name as its subviews.
    mutating func behaviours(_ fields: Fields, owner: String?, ownerPath: JSONPath, subviewIDs: Set<String>) -> [Behaviour] {
        guard let elements = reader.array(fields, "behaviours", maximumCount: 32) else { return [] }
        return elements.compactMap { behaviour($0.0, at: $0.1, ownerPath: ownerPath, subviewIDs: subviewIDs, nesting: 0) }
    }

    /// A view a pass-through behaviour compares with: `self`, `root` or the id of a view.
    private mutating func passThroughReference(_ value: JSONValue, at path: JSONPath) -> String? {
        guard let name = reader.string(value, at: path) else { return nil }
        if name != "self" && name != "root" { viewReferences.append((name, path, value)) }
        return name
    }

    mutating func behaviour(_ value: JSONValue, at path: JSONPath, ownerPath: JSONPath, subviewIDs: Set<String>, nesting: Int)
        -> Behaviour?
    {
        let kindName: String? = {
            if case .string(let name)? = value["kind"]?.kind { return name }
            return nil
        }()
        let allowed = ["kind"] + (kindName.flatMap { Self.behaviourKinds[$0] } ?? [])
        guard let fields = reader.object(value, at: path, allowed: allowed, required: ["kind"]) else { return nil }
        guard let kind = reader.string(fields, "kind"), let (kindValue, kindPath) = fields["kind"] else { return nil }
        guard Self.behaviourKinds[kind] != nil else {
            let names = Self.behaviourKinds.keys.sorted()
            let hint = FieldReader.hint(for: kind, among: names)
            reader.report("unknown behaviour \"\(kind)\"\(hint) (behaviours: \(names.joined(separator: ", ")))", at: kindPath, kindValue)
            return nil
        }
        switch kind {
        case "enlargeHitArea":
            guard let insets = reader.insets(fields, "insets") else {
                if !fields.has("insets") { reader.report("missing required field \"insets\"", at: path, value) }
                return nil
            }
            return .enlargeHitArea(insets)
        case "passThrough":
            let subviews = subviewReferences(fields, "exceptSubviews", subviewIDs: subviewIDs)
            var rects: [CGRect] = []
            if let elements = reader.array(fields, "exceptRects", maximumCount: 64) {
                rects = elements.compactMap { reader.rect($0.0, at: $0.1) }
            }
            return .passThrough(exceptSubviews: subviews, exceptRects: rects)
        case "catchAll":
            return .catchAll
        case "shape":
            guard let elements = reader.array(fields, "polygon", maximumCount: 1_000) else {
                reader.report("missing required field \"polygon\"", at: path, value)
                return nil
            }
            let points = elements.compactMap { reader.point($0.0, at: $0.1) }
            guard points.count >= 3 else {
                reader.report("a polygon needs at least 3 points", at: path.appending("polygon"), value)
                return nil
            }
            return .shape(points)
        case "preferSubviews":
            let views = subviewReferences(fields, "views", subviewIDs: subviewIDs)
            if views.isEmpty { reader.report("\"views\" must list at least one subview id", at: path, value) }
            return .preferSubviews(views)
        case "hitTestSubviewsOutside":
            let views = subviewReferences(fields, "views", subviewIDs: subviewIDs)
            if views.isEmpty { reader.report("\"views\" must list at least one subview id", at: path, value) }
            return .hitTestSubviewsOutside(views)
        case "redirectHit":
            guard let target = reader.string(fields, "to"), let (targetValue, targetPath) = fields["to"] else {
                if !fields.has("to") { reader.report("missing required field \"to\": the id of the view to return", at: path, value) }
                return nil
            }
            viewReferences.append((target, targetPath, targetValue))
            return .redirectHit(to: target)
        case "passThroughWhenHit":
            guard let elements = reader.array(fields, "views", maximumCount: 32), !elements.isEmpty else {
                reader.report("\"views\" must list at least one view: \"self\", \"root\" (the window's root view) or an id", at: path, value)
                return nil
            }
            return .passThroughWhenHit(elements.compactMap { passThroughReference($0.0, at: $0.1) })
        case "passThroughOnNamedLayer":
            guard let (referenceValue, referencePath) = fields["view"] else { return .passThroughOnNamedLayer("root") }
            return passThroughReference(referenceValue, at: referencePath).map { .passThroughOnNamedLayer($0) }
        case "gestureRecognizerShouldBegin":
            guard let (answerValue, answerPath) = fields["answer"] else {
                reader.report("missing required field \"answer\": true, false or a condition", at: path, value)
                return nil
            }
            return condition(answerValue, at: answerPath, ids: false).map { .gestureRecognizerShouldBegin($0) }
        case "beginTracking", "continueTracking":
            guard let (answerValue, answerPath) = fields["answer"] else {
                reader.report("missing required field \"answer\": true, false or a condition on the control and the touch", at: path, value)
                return nil
            }
            return condition(answerValue, at: answerPath, ids: false).map { kind == "beginTracking" ? .beginTracking($0) : .continueTracking($0) }
        case "touchesShouldCancel":
            guard let (answerValue, answerPath) = fields["answer"] else {
                reader.report("missing required field \"answer\": true, false or a condition on the content view", at: path, value)
                return nil
            }
            return condition(answerValue, at: answerPath, ids: false).map { .touchesShouldCancel($0) }
        case "when":
            guard let state = reader.string(fields, "state"), let equals = reader.bool(fields, "equals"),
                let (thenValue, thenPath) = fields["then"]
            else {
                for key in ["state", "equals", "then"] where !fields.has(key) {
                    reader.report("missing required field \"\(key)\"", at: path, value)
                }
                return nil
            }
            if let (stateValue, statePath) = fields["state"] { stateReferences.append((state, statePath, stateValue)) }
            guard nesting < 4 else {
                reader.report("\"when\" nests more than 4 levels", at: thenPath, thenValue)
                return nil
            }
            guard let inner = behaviour(thenValue, at: thenPath, ownerPath: ownerPath, subviewIDs: subviewIDs, nesting: nesting + 1)
            else { return nil }
            return .when(state: state, equals: equals, then: inner)
        case "onTouches":
            let names = reader.strings(fields, "phases", allowed: Behaviour.phaseNames.map(\.name)) ?? ["began"]
            let methods = names.compactMap { name in Behaviour.phaseNames.first { $0.name == name }?.method }
            return .onTouches(methods: methods, effects: effects(fields, "do"), forward: reader.bool(fields, "forward") ?? false)
        case "handleEvents":
            let names = reader.strings(fields, "events") ?? []
            if names.isEmpty { reader.report("\"events\" must list at least one event name", at: path, value) }
            let forward = reader.bool(fields, "forward") ?? false
            let emits = fields["do"].map { MessageHandler.emissions(in: $0.0, at: $0.1) } ?? []
            for name in names {
                messageHandlers.append(
                    MessageHandler(
                        owner: ownerPath.description, message: .event(name), path: path, value: value, forward: forward,
                        emits: emits))
            }
            return .handleEvents(names: names, effects: effects(fields, "do"), forward: forward)
        case "firstResponder":
            var actions: [String: [Effect]] = [:]
            if let (actionsValue, actionsPath) = fields["actions"],
                let table = reader.openObject(actionsValue, at: actionsPath)
            {
                for member in table.members {
                    let memberPath = actionsPath.appending(member.key)
                    actions[member.key] = effects(member.value, at: memberPath)
                    messageHandlers.append(
                        MessageHandler(
                            owner: ownerPath.description, message: .action(member.key), path: memberPath, value: member.value,
                            forward: false,
                            emits: MessageHandler.emissions(in: member.value, at: memberPath)))
                }
            }
            return .firstResponder(actions: actions)
        case "touchUpInside":
            var distance: Double?
            if let (cancelValue, cancelPath) = fields["cancel"] {
                if case .string(let word) = cancelValue.kind {
                    if word != "bounds" {
                        reader.report("expected \"bounds\" or a distance in points, found \"\(word)\"", at: cancelPath, cancelValue)
                    }
                } else {
                    distance = reader.number(cancelValue, at: cancelPath, in: 0...10_000)
                }
            }
            return .touchUpInside(cancelDistance: distance, effects: effects(fields, "do"))
        default:
            return nil
        }
    }

    private mutating func subviewReferences(_ fields: Fields, _ key: String, subviewIDs: Set<String>) -> [String] {
        guard let elements = reader.array(fields, key, maximumCount: 64) else { return [] }
        var ids: [String] = []
        for (element, path) in elements {
            guard let id = reader.string(element, at: path) else { continue }
            if !subviewIDs.contains(id) {
                reader.report("\"\(id)\" is not the id of a subview of this view", at: path, element)
                continue
            }
            ids.append(id)
        }
        return ids
    }

    // MARK: Effects

    static let effectKeys = ["note", "set", "setState", "toggleState", "sendAction", "route", "becomeFirstResponder", "dragView"]
    static let patchKeys = ["target", "frame", "center", "hidden", "alpha", "backgroundColor", "userInteractionEnabled", "title", "selected"]

    /// The placeholders a note may hold (`{value}`, a SwiftUI gesture's value).
    static let notePlaceholders = ["value"]

    /// Reports a `{word}` in a note that is a misspelling of a placeholder (`{valeu}`), which
    /// would otherwise be printed as it is; braces around other words are left as text.
    mutating func checkPlaceholders(_ text: String, at path: JSONPath, _ value: JSONValue) {
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let word = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            guard !word.isEmpty, word.count <= 40, word.allSatisfy({ $0.isLetter }), !Self.notePlaceholders.contains(word),
                let meant = FieldReader.suggestion(for: word, among: Self.notePlaceholders)
            else { continue }
            reader.report(
                "unknown placeholder {\(word)} in a note; did you mean {\(meant)}? (placeholders: {value}, a SwiftUI gesture's value)", at: path,
                value)
        }
    }

    mutating func effects(_ fields: Fields, _ key: String) -> [Effect] {
        guard let (value, path) = fields[key] else { return [] }
        return effects(value, at: path)
    }

    mutating func effects(_ value: JSONValue, at path: JSONPath) -> [Effect] {
        guard let elements = reader.array(value, at: path, maximumCount: 64) else { return [] }
        return elements.compactMap { effect($0.0, at: $0.1) }
    }

    mutating func effect(_ value: JSONValue, at path: JSONPath) -> Effect? {
        guard let fields = reader.object(value, at: path, allowed: Self.effectKeys) else { return nil }
        guard fields.members.count == 1, let member = fields.members.first else {
            reader.report("an effect has exactly one of: \(Self.effectKeys.joined(separator: ", "))", at: path, value)
            return nil
        }
        let memberPath = path.appending(member.key)
        switch member.key {
        case "note":
            guard let text = reader.string(member.value, at: memberPath) else { return nil }
            checkPlaceholders(text, at: memberPath, member.value)
            return .note(text)
        case "set":
            guard let patchFields = reader.object(member.value, at: memberPath, allowed: Self.patchKeys, required: ["target"]) else { return nil }
            guard let target = targetReference(patchFields, "target") else { return nil }
            var patch = ViewPatch()
            patch.frame = reader.rect(patchFields, "frame")
            patch.center = reader.point(patchFields, "center")
            patch.isHidden = reader.bool(patchFields, "hidden")
            patch.alpha = reader.number(patchFields, "alpha", in: 0...1).map { CGFloat($0) }
            patch.backgroundColor = reader.color(patchFields, "backgroundColor")
            patch.isUserInteractionEnabled = reader.bool(patchFields, "userInteractionEnabled")
            patch.title = reader.string(patchFields, "title", nonEmpty: false)
            patch.isSelected = reader.bool(patchFields, "selected")
            if patch.isEmpty { reader.report("\"set\" changes nothing; give at least one property", at: memberPath, member.value) }
            return .set(target: target, patch: patch)
        case "setState":
            guard let stateFields = reader.object(member.value, at: memberPath, allowed: ["name", "value"], required: ["name", "value"]),
                let name = reader.string(stateFields, "name"), let flag = reader.bool(stateFields, "value")
            else { return nil }
            return .setState(name, flag)
        case "toggleState":
            guard let name = reader.string(member.value, at: memberPath) else { return nil }
            stateReferences.append((name, memberPath, member.value))
            return .toggleState(name)
        case "sendAction":
            return reader.string(member.value, at: memberPath).map(Effect.sendAction)
        case "route":
            return reader.string(member.value, at: memberPath).map(Effect.route)
        case "becomeFirstResponder":
            return viewReference(member.value, at: memberPath).map(Effect.becomeFirstResponder)
        case "dragView":
            return viewReference(member.value, at: memberPath).map(Effect.dragView)
        default:
            return nil
        }
    }

    private mutating func targetReference(_ fields: Fields, _ key: String) -> String? {
        guard let (value, path) = fields[key] else { return nil }
        return viewReference(value, at: path)
    }

    /// A view or controller id, or `self`; checked once the whole scene is read.
    private mutating func viewReference(_ value: JSONValue, at path: JSONPath) -> String? {
        guard let id = reader.string(value, at: path) else { return nil }
        if id != "self" { viewReferences.append((id, path, value)) }
        return id
    }
}
