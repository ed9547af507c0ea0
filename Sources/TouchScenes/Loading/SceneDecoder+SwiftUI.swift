import Foundation
import TouchKit
import TouchSwiftUI

/// Reading a `hosting` view's SwiftUI tree and the top-level `swiftUI` setting, with located
/// errors as for the rest of the file (docs/scene-format.md, "SwiftUI").
extension DecodingContext {
    static let swiftUINodeKeys = [
        "view", "id", "frame", "children", "rows", "contentShape", "allowsHitTesting", "opacity", "disabled", "offset", "zIndex", "clipped",
        "gestures", "modifiers", "spacing", "alignment", "axes", "contentSize", "buttonStyle", "action", "uiView",
    ]
    static let flatModifierKeys = ["contentShape", "allowsHitTesting", "opacity", "disabled", "offset", "zIndex", "clipped"]
    static let gestureKinds = SwiftUIGestureDescription.Kind.names
    static let gestureCallbackKeys = ["onChanged", "onEnded", "updating", "onReset"]

    /// `"swiftUI": {"era": "ios17"}` or `{"sdk": 18, "os": 17}`.
    mutating func swiftUISettings(_ value: JSONValue, at path: JSONPath) -> SwiftUISettingsDescription? {
        guard let fields = reader.object(value, at: path, allowed: ["era", "sdk", "os"]) else { return nil }
        var settings = SwiftUISettingsDescription()
        if let name = reader.string(fields, "era") {
            if let era = SwiftUIEra(rawValue: name) {
                settings.era = era
            } else if let (eraValue, eraPath) = fields["era"] {
                reader.report("unknown era \"\(name)\"; expected ios17, ios18 or ios26", at: eraPath, eraValue)
            }
        }
        settings.sdk = reader.integer(fields, "sdk", in: 13...99)
        settings.os = reader.integer(fields, "os", in: 13...99)
        if settings.era != nil, settings.sdk != nil || settings.os != nil {
            reader.report("give the era, or the sdk and os it comes from, not both", at: path, value)
        }
        return settings
    }

    /// One SwiftUI view of a hosting view's content.
    mutating func swiftUINode(_ value: JSONValue, at path: JSONPath, depth: Int) -> SwiftUIViewDescription? {
        viewCount += 1
        guard viewCount <= SceneDecoder.maximumViewCount else { return nil }
        guard depth <= SceneDecoder.maximumViewDepth else {
            reader.report("SwiftUI views nest deeper than \(SceneDecoder.maximumViewDepth) levels", at: path, value)
            return nil
        }
        guard let fields = reader.object(value, at: path, allowed: Self.swiftUINodeKeys, required: ["view"]) else { return nil }
        var kind = SwiftUINode.Kind.vstack
        var known = false
        if let name = reader.string(fields, "view") {
            if let found = SwiftUINode.Kind(rawValue: name) {
                kind = found
                known = true
            } else if let (kindValue, kindPath) = fields["view"] {
                let names = SwiftUINode.Kind.allCases.map(\.rawValue)
                reader.report(
                    "unknown SwiftUI view \"\(name.prefix(40))\"\(FieldReader.hint(for: name, among: names)); expected one of \(names.joined(separator: ", "))",
                    at: kindPath, kindValue)
            }
        }
        var node = SwiftUIViewDescription(kind: kind, id: declareViewID(fields))
        // A ScrollView's or List's UIScrollView has its pan and its delay (`feed.pan`): UIKit code
        // (a representable's delegate, a requireToFail) may name them.
        if kind == .scrollView || kind == .list, let id = node.id {
            declareBuiltInRecognizers(of: id, kind: .scrollView, fields: fields, path: path, value: value)
        }
        node.frame = reader.rect(fields, "frame")
        let childrenKey = kind == .list ? "rows" : "children"
        let otherKey = kind == .list ? "children" : "rows"
        if let (extra, extraPath) = fields[otherKey] {
            reader.report(kind == .list ? "a list's views are its \"rows\"" : "\"rows\" belong to a list", at: extraPath, extra)
        }
        if let children = reader.array(fields, childrenKey, maximumCount: 1_000) {
            node.children = expandingRepeats(children, key: "forEach").compactMap { swiftUINode($0.0, at: $0.1, depth: depth + 1) }
        }
        let flat = Self.flatModifierKeys.filter { fields.has($0) } + (fields.has("gestures") ? ["gestures"] : [])
        if let modifiers = reader.array(fields, "modifiers", maximumCount: 64) {
            if let first = flat.first, let (flatValue, flatPath) = fields[first] {
                reader.report("give the modifiers flat or in \"modifiers\" (in source order), not both", at: flatPath, flatValue)
            }
            node.modifiers = modifiers.compactMap { swiftUIModifier($0.0, at: $0.1, depth: depth) }
        } else {
            node.modifiers = flatModifiers(fields)
            if let gestures = reader.array(fields, "gestures", maximumCount: 16) {
                node.modifiers += gestures.compactMap { gestureModifier($0.0, at: $0.1) }
            }
        }
        node.spacing = reader.number(fields, "spacing", in: 0...10_000)
        if let text = reader.string(fields, "alignment") {
            let allowed = ["leading", "center", "trailing", "top", "bottom"]
            if allowed.contains(text) {
                node.alignment = text
            } else if let (v, p) = fields["alignment"] {
                reader.report("unknown alignment \"\(text.prefix(40))\"; expected \(allowed.joined(separator: ", "))", at: p, v)
            }
        }
        if let axes = reader.string(fields, "axes") {
            if axes == "horizontal" {
                node.horizontal = true
            } else if axes != "vertical", let (v, p) = fields["axes"] {
                reader.report("unknown axes \"\(axes.prefix(40))\"; expected vertical or horizontal", at: p, v)
            }
        }
        node.contentSize = reader.size(fields, "contentSize")
        if let style = reader.string(fields, "buttonStyle") {
            if ["automatic", "plain", "borderless"].contains(style) {
                node.buttonStyle = style
            } else if let (v, p) = fields["buttonStyle"] {
                reader.report("unknown buttonStyle \"\(style.prefix(40))\"; expected automatic, plain or borderless", at: p, v)
            }
        }
        node.action = effects(fields, "action")
        if let (viewValue, viewPath) = fields["uiView"], let uiView = view(viewValue, at: viewPath, depth: depth + 1, parent: path.description) {
            node.uiView = [uiView]
        }
        if known {
            let only: [(String, [SwiftUINode.Kind])] = [
                ("spacing", [.vstack, .hstack, .scrollView]), ("alignment", [.vstack, .hstack, .zstack, .scrollView]),
                ("axes", [.scrollView]), ("contentSize", [.scrollView, .list]), ("action", [.button]),
                ("uiView", [.uikit]), ("buttonStyle", [.button]),
            ]
            for (key, kinds) in only where !kinds.contains(kind) {
                if let (v, p) = fields[key] {
                    reader.report("\"\(key)\" belongs to \(kinds.map(\.rawValue).joined(separator: ", ")), not \(kind.rawValue)", at: p, v)
                }
            }
            if kind == .uikit && !fields.has("uiView") { reader.report("a uikit view needs \"uiView\": the UIKit view it holds", at: path, value) }
        }
        return known ? node : nil
    }

    /// The flat modifiers, in a fixed order (order matters only with `"modifiers"`).
    mutating func flatModifiers(_ fields: Fields) -> [SwiftUIModifierDescription] {
        var result: [SwiftUIModifierDescription] = []
        if let name = reader.string(fields, "contentShape") {
            if let shape = SwiftUINode.Shape(rawValue: name) {
                result.append(.contentShape(shape))
            } else if let (v, p) = fields["contentShape"] {
                reader.report("unknown shape \"\(name.prefix(40))\"; expected rectangle, circle, capsule or ellipse", at: p, v)
            }
        }
        if let allows = reader.bool(fields, "allowsHitTesting") { result.append(.allowsHitTesting(allows)) }
        if let opacity = reader.number(fields, "opacity", in: 0...1) { result.append(.opacity(opacity)) }
        if let disabled = reader.bool(fields, "disabled") { result.append(.disabled(disabled)) }
        if let offset = reader.point(fields, "offset") { result.append(.offset(CGSize(width: offset.x, height: offset.y))) }
        if let z = reader.number(fields, "zIndex", in: -1_000_000...1_000_000) { result.append(.zIndex(z)) }
        if let clipped = reader.bool(fields, "clipped") { result.append(.clipped(clipped)) }
        return result
    }

    /// One entry of `"modifiers"`: a gesture attachment (it has `"modifier"`) or one modifier.
    mutating func swiftUIModifier(_ value: JSONValue, at path: JSONPath, depth: Int) -> SwiftUIModifierDescription? {
        if case .object(let members) = value.kind, members.contains(where: { $0.key == "modifier" }) {
            return gestureModifier(value, at: path)
        }
        let keys = Self.flatModifierKeys + ["overlay", "background"]
        guard let fields = reader.object(value, at: path, allowed: keys) else { return nil }
        guard fields.members.count == 1, let key = fields.members.first?.key else {
            reader.report("a modifier is one of \(keys.joined(separator: ", ")), or a gesture with \"modifier\"; one a entry", at: path, value)
            return nil
        }
        if key == "overlay" || key == "background", let (v, p) = fields[key] {
            guard let node = swiftUINode(v, at: p, depth: depth + 1) else { return nil }
            return key == "overlay" ? .overlay(node) : .background(node)
        }
        return flatModifiers(fields).first
    }

    static let attachmentKeys = ["modifier", "including", "name", "isEnabled", "gesture", "perform", "onPressingChanged"]

    /// A gesture modifier: a SwiftUI gesture (`gestureAttachment`), or `{"modifier": "gesture",
    /// "representable": R}` with R a UIKit recognizer as `recognizers` list them (a
    /// `UIGestureRecognizerRepresentable`, attached with `.gesture(_:)`).
    mutating func gestureModifier(_ value: JSONValue, at path: JSONPath) -> SwiftUIModifierDescription? {
        guard case .object(let members) = value.kind, members.contains(where: { $0.key == "representable" }) else {
            return gestureAttachment(value, at: path).map(SwiftUIModifierDescription.gesture)
        }
        guard let fields = reader.object(value, at: path, allowed: ["modifier", "representable"], required: ["modifier", "representable"])
        else { return nil }
        if let name = reader.string(fields, "modifier"), name != "gesture", let (v, p) = fields["modifier"] {
            reader.report("a UIGestureRecognizerRepresentable is attached with .gesture(_:), not .\(name.prefix(40))", at: p, v)
            return nil
        }
        guard let (recognizerValue, recognizerPath) = fields["representable"] else { return nil }
        return recognizer(recognizerValue, at: recognizerPath).map { .representable($0) }
    }

    /// `{"modifier": "gesture", "including": "all", "name", "isEnabled", "gesture": G}`.
    mutating func gestureAttachment(_ value: JSONValue, at path: JSONPath) -> GestureAttachmentDescription? {
        guard let fields = reader.object(value, at: path, allowed: Self.attachmentKeys, required: ["modifier"]) else { return nil }
        let names = ["gesture", "highPriorityGesture", "simultaneousGesture", "onTapGesture", "onLongPressGesture"]
        guard let name = reader.string(fields, "modifier") else { return nil }
        guard let modifier = GestureAttachment.Modifier(rawValue: name), names.contains(name) else {
            if let (v, p) = fields["modifier"] {
                reader.report("unknown gesture modifier \"\(name.prefix(40))\"; expected \(names.joined(separator: ", "))", at: p, v)
            }
            return nil
        }
        var gesture: SwiftUIGestureDescription?
        if let (g, gPath) = fields["gesture"] {
            gesture = swiftUIGesture(g, at: gPath)
        } else if modifier == .onTapGesture {
            gesture = SwiftUIGestureDescription(kind: .tap(count: 1))
        } else if modifier == .onLongPressGesture {
            gesture = SwiftUIGestureDescription(kind: .longPress(minimumDuration: 0.5, maximumDistance: 10))
        } else {
            reader.report("missing required field \"gesture\"", at: path, value)
        }
        guard var gesture else { return nil }
        if modifier == .onTapGesture, gesture.kind.tapCount == nil, let (g, gPath) = fields["gesture"] {
            reader.report("onTapGesture takes a tap (or spatialTap) gesture, not \(gesture.kind.name)", at: gPath, g)
        }
        if modifier == .onLongPressGesture, gesture.kind.name != "longPress", let (g, gPath) = fields["gesture"] {
            reader.report("onLongPressGesture takes a longPress gesture, not \(gesture.kind.name)", at: gPath, g)
        }
        // `perform` is the gesture's onEnded, as SwiftUI's onTapGesture and onLongPressGesture say.
        gesture.onEnded += effects(fields, "perform")
        var attachment = GestureAttachmentDescription(modifier: modifier, gesture: gesture)
        if let including = reader.string(fields, "including") {
            if ["all", "gesture", "subviews", "none"].contains(including) {
                attachment.including = including
            } else if let (v, p) = fields["including"] {
                reader.report("unknown mask \"\(including.prefix(40))\"; expected all, gesture, subviews or none", at: p, v)
            }
        }
        if let attachmentName = reader.string(fields, "name", maximumLength: 200), let (v, p) = fields["name"] {
            attachment.name = attachmentName
            declareSwiftUIGestureID(attachmentName, at: p, v)
        }
        attachment.isEnabled = reader.bool(fields, "isEnabled") ?? true
        if let (pressing, pressingPath) = fields["onPressingChanged"] {
            if modifier != .onLongPressGesture {
                reader.report("onPressingChanged belongs to onLongPressGesture", at: pressingPath, pressing)
            } else if let pressingFields = reader.object(pressing, at: pressingPath, allowed: ["true", "false"]) {
                attachment.onPressingTrue = effects(pressingFields, "true")
                attachment.onPressingFalse = effects(pressingFields, "false")
                attachment.hasPressingChanged = true
            }
        }
        return attachment
    }

    /// A gesture: one kind key with its parameters, an optional id and callbacks.
    mutating func swiftUIGesture(_ value: JSONValue, at path: JSONPath, depth: Int = 0) -> SwiftUIGestureDescription? {
        guard depth < 16 else {
            reader.report("gestures combine more than 16 deep", at: path, value)
            return nil
        }
        guard let fields = reader.object(value, at: path, allowed: Self.gestureKinds + ["id"] + Self.gestureCallbackKeys) else { return nil }
        let kinds = Self.gestureKinds.filter { fields.has($0) }
        guard kinds.count == 1, let kindName = kinds.first, let (params, paramsPath) = fields[kindName] else {
            reader.report("a gesture has exactly one of \(Self.gestureKinds.joined(separator: ", "))", at: path, value)
            return nil
        }
        var kind: SwiftUIGestureDescription.Kind?
        switch kindName {
        case "simultaneously", "sequenced", "exclusively":
            guard let parts = reader.array(params, at: paramsPath, maximumCount: 2), parts.count == 2 else {
                reader.report("\(kindName) combines exactly two gestures: [G, G]", at: paramsPath, params)
                return nil
            }
            guard let a = swiftUIGesture(parts[0].0, at: parts[0].1, depth: depth + 1),
                let b = swiftUIGesture(parts[1].0, at: parts[1].1, depth: depth + 1)
            else { return nil }
            kind = kindName == "simultaneously" ? .simultaneously(a, b) : kindName == "sequenced" ? .sequenced(a, b) : .exclusively(a, b)
        default:
            let allowed: [String] =
                switch kindName {
                case "tap": ["count"]
                case "spatialTap": ["count", "coordinateSpace"]
                case "longPress": ["minimumDuration", "maximumDistance"]
                case "drag": ["minimumDistance", "coordinateSpace"]
                case "magnify": ["minimumScaleDelta"]
                default: ["minimumAngleDelta"]
                }
            guard let p = reader.object(params, at: paramsPath, allowed: allowed) else { return nil }
            var global = false
            if let space = reader.string(p, "coordinateSpace") {
                if space == "global" {
                    global = true
                } else if space != "local", let (v, sp) = p["coordinateSpace"] {
                    reader.report("unknown coordinateSpace \"\(space.prefix(40))\"; expected local or global", at: sp, v)
                }
            }
            switch kindName {
            case "tap": kind = .tap(count: reader.integer(p, "count", in: 1...10) ?? 1)
            case "spatialTap": kind = .spatialTap(count: reader.integer(p, "count", in: 1...10) ?? 1, global: global)
            case "longPress":
                kind = .longPress(
                    minimumDuration: reader.number(p, "minimumDuration", in: 0...60) ?? 0.5,
                    maximumDistance: CGFloat(reader.number(p, "maximumDistance", in: 0...10_000) ?? 10))
            case "drag": kind = .drag(minimumDistance: CGFloat(reader.number(p, "minimumDistance", in: 0...10_000) ?? 10), global: global)
            case "magnify": kind = .magnify(minimumScaleDelta: CGFloat(reader.number(p, "minimumScaleDelta", in: 0...100) ?? 0.01))
            default: kind = .rotate(minimumAngleDelta: CGFloat(reader.number(p, "minimumAngleDelta", in: 0...360) ?? 1))
            }
        }
        guard let kind else { return nil }
        var gesture = SwiftUIGestureDescription(kind: kind)
        if let id = reader.string(fields, "id", maximumLength: 200), let (v, p) = fields["id"] {
            gesture.id = id
            declareSwiftUIGestureID(id, at: p, v)
        }
        gesture.onChanged = effects(fields, "onChanged")
        gesture.onEnded = effects(fields, "onEnded")
        gesture.updating = effects(fields, "updating")
        gesture.onReset = effects(fields, "onReset")
        return gesture
    }

    /// A gesture's id or a modifier's name: one namespace with views and recognizers, and a
    /// recognizer id UIKit recognizers may name (iOS 18's `gesture(_:name:)`).
    mutating func declareSwiftUIGestureID(_ id: String, at path: JSONPath, _ value: JSONValue) {
        if id == "self" || id == "*" {
            reader.report("\"\(id)\" is reserved; choose another id", at: path, value)
            return
        }
        if let first = recognizerIDs[id] {
            reader.report("duplicate recognizer id \"\(id)\" (first used at \(first.path))", at: path, value)
            return
        }
        if let first = viewIDs[id] {
            reader.report("duplicate id \"\(id)\" (first used at \(first))", at: path, value)
            return
        }
        recognizerIDs[id] = (path, value)
    }
}
