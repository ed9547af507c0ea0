import Foundation
import TouchKit

extension DecodingContext {
    static let recognizerKeys = [
        "kind", "id", "enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
        "numberOfTapsRequired", "numberOfTouchesRequired", "minimumPressDuration", "allowableMovement",
        "minimumNumberOfTouches", "maximumNumberOfTouches", "edges", "direction", "requireToFail", "delegate",
        "on", "do",
    ]

    static let recognizerSpecificKeys: [String: [RecognizerKind]] = [
        "numberOfTapsRequired": [.tap, .longPress], "numberOfTouchesRequired": [.tap, .longPress, .swipe],
        "minimumPressDuration": [.longPress], "allowableMovement": [.longPress],
        "minimumNumberOfTouches": [.pan, .screenEdgePan], "maximumNumberOfTouches": [.pan, .screenEdgePan],
        "edges": [.screenEdgePan], "direction": [.swipe],
    ]

    static let stateNames = RecognizerNames.states.map(\.name)

    mutating func recognizer(_ value: JSONValue, at path: JSONPath) -> RecognizerDescription? {
        recognizerCount += 1
        if recognizerCount == SceneDecoder.maximumRecognizerCount + 1 {
            reader.report("the scene has more than \(SceneDecoder.maximumRecognizerCount) recognizers", at: path, value)
        }
        guard recognizerCount <= SceneDecoder.maximumRecognizerCount else { return nil }
        guard let fields = reader.object(value, at: path, allowed: Self.recognizerKeys, required: ["kind"]) else { return nil }
        guard let kind: RecognizerKind = reader.kind(fields, unknownAs: "recognizer kind") else { return nil }
        reader.reportFieldsOfOtherKinds(fields, kind: kind, table: Self.recognizerSpecificKeys)
        var recognizer = RecognizerDescription(kind: kind)
        if let id = reader.string(fields, "id", maximumLength: 200), let (idValue, idPath) = fields["id"] {
            if let first = recognizerIDs[id] {
                reader.report("duplicate recognizer id \"\(id)\" (first used at \(first.path))", at: idPath, idValue)
            } else if let view = viewIDs[id] {
                reader.report(
                    "duplicate id \"\(id)\" (a view's id, at \(view); views and recognizers share one namespace)", at: idPath, idValue)
            } else {
                recognizerIDs[id] = (idPath, idValue)
                recognizer.id = id
            }
        }
        recognizer.isEnabled = reader.bool(fields, "enabled") ?? true
        recognizer.cancelsTouchesInView = reader.bool(fields, "cancelsTouchesInView") ?? true
        recognizer.delaysTouchesBegan = reader.bool(fields, "delaysTouchesBegan") ?? false
        recognizer.delaysTouchesEnded = reader.bool(fields, "delaysTouchesEnded") ?? true
        recognizer.numberOfTapsRequired = reader.integer(fields, "numberOfTapsRequired", in: kind == .longPress ? 0...10 : 1...10)
        recognizer.numberOfTouchesRequired = reader.integer(fields, "numberOfTouchesRequired", in: 1...10)
        recognizer.minimumPressDuration = reader.number(fields, "minimumPressDuration", in: 0...60)
        recognizer.allowableMovement = reader.number(fields, "allowableMovement", in: 0...10_000)
        recognizer.minimumNumberOfTouches = reader.integer(fields, "minimumNumberOfTouches", in: 1...10)
        recognizer.maximumNumberOfTouches = reader.integer(fields, "maximumNumberOfTouches", in: 1...10)
        if let minimum = recognizer.minimumNumberOfTouches, let maximum = recognizer.maximumNumberOfTouches, minimum > maximum,
            let (value, path) = fields["maximumNumberOfTouches"]
        {
            reader.report("maximumNumberOfTouches (\(maximum)) is below minimumNumberOfTouches (\(minimum))", at: path, value)
        }
        for name in reader.strings(fields, "edges", allowed: RecognizerNames.edges.map(\.name) + ["all"]) ?? [] {
            recognizer.edges.formUnion(name == "all" ? .all : RecognizerNames.edges.first { $0.name == name }?.edge ?? [])
        }
        if let names = reader.strings(fields, "direction", allowed: RecognizerNames.directions.map(\.name)) {
            recognizer.direction = names.reduce(into: UISwipeGestureRecognizer.Direction()) { direction, name in
                direction.formUnion(RecognizerNames.directions.first { $0.name == name }?.direction ?? [])
            }
        }
        (recognizer.requireToFail, recognizer.delegate, recognizer.onStates, recognizer.effects) = relations(fields)
        return recognizer
    }

    /// The fields every recognizer has, a scene's or a built-in: `requireToFail`, `delegate`,
    /// `on` and `do`.
    mutating func relations(_ fields: Fields) -> ([String], DelegateDescription?, [UIGestureRecognizer.State], [Effect]) {
        var requireToFail: [String] = []
        if let (value, path) = fields["requireToFail"] {
            requireToFail = recognizerIDList(value, at: path)
            if requireToFail.contains("*") {
                reader.report("requireToFail names the recognizers to wait for; \"*\" (any) is not one", at: path, value)
                requireToFail.removeAll { $0 == "*" }
            }
        }
        var answers: DelegateDescription?
        if let (value, path) = fields["delegate"] { answers = delegate(value, at: path) }
        let states = (reader.strings(fields, "on", allowed: Self.stateNames) ?? []).compactMap { name in
            RecognizerNames.states.first { $0.name == name }?.state
        }
        return (requireToFail, answers, states, effects(fields, "do"))
    }

    /// A view's built-in recognizers take ids from the view's (`carousel.pan`), declared here so
    /// that references to them check like any other.
    mutating func declareBuiltInRecognizers(of viewID: String, kind: ViewKind, fields: Fields, path: JSONPath, value: JSONValue) {
        for role in BuiltInRecognizerRole.roles(of: kind) {
            let id = role.id(of: viewID)
            if let first = recognizerIDs[id] {
                reader.report(
                    "duplicate recognizer id \"\(id)\" (the built-in \(role.rawValue) of view \"\(viewID)\"; first used at \(first.path))",
                    at: first.path, first.value)
            } else {
                let (idValue, idPath) = fields["id"] ?? (value, path)
                recognizerIDs[id] = (idPath, idValue)
            }
        }
    }

    static let builtInRecognizerKeys = [
        "enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "minimumNumberOfTouches", "maximumNumberOfTouches",
        "requireToFail", "delegate", "on", "do",
    ]

    /// A built-in recognizer's id (`nav.pop`), declared so that references to it check.
    mutating func declareBuiltIn(_ id: String, owner: String, at path: JSONPath, _ value: JSONValue) {
        if let first = recognizerIDs[id] {
            reader.report(
                "duplicate recognizer id \"\(id)\" (a built-in recognizer of \"\(owner)\"; first used at \(first.path))", at: first.path, first.value)
        } else {
            recognizerIDs[id] = (path, value)
        }
    }

    /// `"builtInRecognizers": {"pan": {...}, "delay": {...}}`: settings for a view's own recognizers
    /// (a scroll view's `pan` and `delay`, a navigation controller's `pop`).
    mutating func builtInRecognizers(
        _ value: JSONValue, at path: JSONPath, roles available: [BuiltInRecognizerRole] = [.pan, .delay]
    ) -> [BuiltInRecognizerDescription] {
        let roles = available.map(\.rawValue)
        guard let fields = reader.object(value, at: path, allowed: roles) else { return [] }
        var result: [BuiltInRecognizerDescription] = []
        for role in available {
            guard let (settingsValue, settingsPath) = fields[role.rawValue] else { continue }
            var allowed = Self.builtInRecognizerKeys
            if role != .pan { allowed.removeAll { $0.hasSuffix("NumberOfTouches") } }
            guard let settings = reader.object(settingsValue, at: settingsPath, allowed: allowed) else { continue }
            var builtIn = BuiltInRecognizerDescription(role: role)
            builtIn.isEnabled = reader.bool(settings, "enabled")
            builtIn.cancelsTouchesInView = reader.bool(settings, "cancelsTouchesInView")
            builtIn.delaysTouchesBegan = reader.bool(settings, "delaysTouchesBegan")
            builtIn.delaysTouchesEnded = reader.bool(settings, "delaysTouchesEnded")
            builtIn.minimumNumberOfTouches = reader.integer(settings, "minimumNumberOfTouches", in: 1...10)
            builtIn.maximumNumberOfTouches = reader.integer(settings, "maximumNumberOfTouches", in: 1...10)
            (builtIn.requireToFail, builtIn.delegate, builtIn.onStates, builtIn.effects) = relations(settings)
            result.append(builtIn)
        }
        return result
    }

    mutating func delegate(_ value: JSONValue, at path: JSONPath) -> DelegateDescription? {
        let keys = ["shouldBegin", "shouldReceiveTouch", "recognizeSimultaneouslyWith", "requireFailureOf", "requiredToFailBy"]
        guard let fields = reader.object(value, at: path, allowed: keys) else { return nil }
        var delegate = DelegateDescription()
        func answer(_ key: String, ids: Bool, _ context: inout DecodingContext) -> TouchCondition? {
            guard let (value, path) = fields[key] else { return nil }
            return context.condition(value, at: path, ids: ids)
        }
        if let answer = answer("shouldBegin", ids: false, &self) { delegate.shouldBegin = answer }
        if let answer = answer("shouldReceiveTouch", ids: false, &self) { delegate.shouldReceiveTouch = answer }
        if let answer = answer("recognizeSimultaneouslyWith", ids: true, &self) { delegate.recognizeSimultaneouslyWith = answer }
        if let answer = answer("requireFailureOf", ids: true, &self) { delegate.requireFailureOf = answer }
        if let answer = answer("requiredToFailBy", ids: true, &self) { delegate.requiredToFailBy = answer }
        return delegate
    }
}
