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
        if let references = reader.array(fields, "requireToFail", maximumCount: 64) {
            for (element, elementPath) in references {
                guard let id = reader.string(element, at: elementPath) else { continue }
                recognizer.requireToFail.append(id)
                recognizerReferences.append((id, elementPath, element))
            }
        }
        if let (delegateValue, delegatePath) = fields["delegate"] {
            recognizer.delegate = delegate(delegateValue, at: delegatePath)
        }
        recognizer.onStates = (reader.strings(fields, "on", allowed: Self.stateNames) ?? []).compactMap { name in
            RecognizerNames.states.first { $0.name == name }?.state
        }
        recognizer.effects = effects(fields, "do")
        return recognizer
    }

    mutating func delegate(_ value: JSONValue, at path: JSONPath) -> DelegateDescription? {
        let keys = ["shouldBegin", "shouldReceiveTouch", "recognizeSimultaneouslyWith", "requireFailureOf", "requiredToFailBy"]
        guard let fields = reader.object(value, at: path, allowed: keys) else { return nil }
        var delegate = DelegateDescription()
        delegate.shouldBegin = reader.bool(fields, "shouldBegin") ?? true
        delegate.shouldReceiveTouch = reader.bool(fields, "shouldReceiveTouch") ?? true
        func references(_ key: String, allowAny: Bool, _ context: inout DecodingContext) -> [String] {
            guard let elements = context.reader.array(fields, key, maximumCount: 64) else { return [] }
            var ids: [String] = []
            for (element, elementPath) in elements {
                guard let id = context.reader.string(element, at: elementPath) else { continue }
                ids.append(id)
                if !(allowAny && id == "*") { context.recognizerReferences.append((id, elementPath, element)) }
            }
            return ids
        }
        delegate.recognizeSimultaneouslyWith = references("recognizeSimultaneouslyWith", allowAny: true, &self)
        delegate.requireFailureOf = references("requireFailureOf", allowAny: false, &self)
        delegate.requiredToFailBy = references("requiredToFailBy", allowAny: false, &self)
        return delegate
    }
}
