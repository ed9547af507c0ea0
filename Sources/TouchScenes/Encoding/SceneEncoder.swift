import Foundation
import TouchKit

/// Writes a `SceneDescription` as `touchscope.scene` JSON that `SceneDecoder` reads back to an
/// equal description. Keys come in a fixed order and default values are left out, so files
/// stay short and diff well.
public enum SceneEncoder {
    /// The scene as pretty-printed JSON text.
    public static func json(_ scene: SceneDescription) -> String {
        JSONWriter.pretty(document(scene))
    }

    public static func document(_ scene: SceneDescription) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(SceneDescription.formatName)),
            ("version", .number(Double(SceneDescription.formatVersion))),
            ("name", .string(scene.name)),
        ]
        if let summary = scene.summary { members.append(("description", .string(summary))) }
        var window: [(String, JSONValue)] = [
            ("width", .number(Double(scene.windowSize.width))), ("height", .number(Double(scene.windowSize.height))),
        ]
        if let background = scene.windowBackground { window.append(("backgroundColor", .string(background.description))) }
        if scene.systemGestureGate { window.append(("systemGestureGate", .bool(true))) }
        members.append(("window", .object(window)))
        if !scene.state.isEmpty {
            members.append(("state", .object(scene.state.keys.sorted().map { ($0, .bool(scene.state[$0] ?? false)) })))
        }
        if let era = scene.era { members.append(("era", .string(era.rawValue))) }
        if let settings = scene.swiftUI {
            var swiftUI: [(String, JSONValue)] = []
            if let era = settings.era { swiftUI.append(("era", .string(era.rawValue))) }
            if let sdk = settings.sdk { swiftUI.append(("sdk", .number(Double(sdk)))) }
            if let os = settings.os { swiftUI.append(("os", .number(Double(os)))) }
            members.append(("swiftUI", .object(swiftUI)))
        }
        if let controller = scene.rootController { members.append(("rootViewController", encode(controller))) }
        if !scene.views.isEmpty { members.append(("views", .array(scene.views.map(encode)))) }
        if !scene.windows.isEmpty { members.append(("windows", .array(scene.windows.map(encode)))) }
        return .object(members)
    }

    static func encode(_ window: WindowDescription) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(window.id))]
        if window.level != 0 {
            let name = WindowDescription.levelNames.first { $0.1 == window.level }?.0
            members.append(("level", name.map { .string($0) } ?? .number(Double(window.level))))
        }
        if let frame = window.frame { members.append(("frame", rect(frame))) }
        if let background = window.backgroundColor { members.append(("backgroundColor", .string(background.description))) }
        if window.isHidden { members.append(("hidden", .bool(true))) }
        if let enabled = window.isUserInteractionEnabled { members.append(("userInteractionEnabled", .bool(enabled))) }
        if !window.behaviours.isEmpty { members.append(("behaviours", .array(window.behaviours.map(encode)))) }
        if let root = window.root { members.append(("root", encode(root))) }
        return .object(members)
    }

    static func encode(_ controller: ControllerDescription) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if controller.kind != .viewController { members.append(("kind", .string(controller.kind.rawValue))) }
        if let id = controller.id { members.append(("id", .string(id))) }
        if let className = controller.className { members.append(("class", .string(className))) }
        if let title = controller.title { members.append(("title", .string(title))) }
        if !controller.behaviours.isEmpty { members.append(("behaviours", .array(controller.behaviours.map(encode)))) }
        if controller.kind == .viewController { members.append(("view", encode(controller.view))) }
        if !controller.viewControllers.isEmpty { members.append(("viewControllers", .array(controller.viewControllers.map(encode)))) }
        if !controller.builtInRecognizers.isEmpty {
            members.append(("builtInRecognizers", .object(controller.builtInRecognizers.map { ($0.role.rawValue, encode($0)) })))
        }
        if let edges = controller.deferringEdges {
            let names = RecognizerNames.edges.filter { edges.contains($0.edge) }.map { JSONValue.string($0.name) }
            members.append(("preferredScreenEdgesDeferringSystemGestures", .array(names)))
        }
        if !controller.presents.isEmpty { members.append(("presents", .array(controller.presents.map(encode)))) }
        return .object(members)
    }

    static func encode(_ view: ViewDescription) -> JSONValue {
        var m: [(String, JSONValue)] = [("kind", .string(view.kind.rawValue))]
        if let id = view.id { m.append(("id", .string(id))) }
        if let className = view.className { m.append(("class", .string(className))) }
        if let frame = view.frame { m.append(("frame", rect(frame))) }
        if let bounds = view.bounds { m.append(("bounds", rect(bounds))) }
        if let center = view.center { m.append(("center", point(center))) }
        if let t = view.transform {
            m.append(("transform", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number(Double($0)) })))
        }
        if view.isHidden { m.append(("hidden", .bool(true))) }
        if view.alpha != 1 { m.append(("alpha", .number(Double(view.alpha)))) }
        if let interaction = view.isUserInteractionEnabled { m.append(("userInteractionEnabled", .bool(interaction))) }
        if view.isMultipleTouchEnabled { m.append(("multipleTouchEnabled", .bool(true))) }
        if view.isExclusiveTouch { m.append(("exclusiveTouch", .bool(true))) }
        if let clips = view.clipsToBounds { m.append(("clipsToBounds", .bool(clips))) }
        if view.tag != 0 { m.append(("tag", .number(Double(view.tag)))) }
        if let color = view.backgroundColor { m.append(("backgroundColor", .string(color.description))) }
        if let title = view.title { m.append((view.kind == .label || view.kind == .textField ? "text" : "title", .string(title))) }
        if let color = view.titleColor { m.append(("titleColor", .string(color.description))) }
        if let image = view.image { m.append(("image", .string(image))) }
        if !view.isEnabled { m.append(("enabled", .bool(false))) }
        if view.isSelected { m.append(("selected", .bool(true))) }
        if let margin = view.trackingMargin { m.append(("trackingMargin", .number(margin))) }
        if view.isOn { m.append(("on", .bool(true))) }
        if let value = view.value { m.append(("value", .number(value))) }
        if let size = view.contentSize {
            m.append(("contentSize", .array([.number(Double(size.width)), .number(Double(size.height))])))
        }
        if let offset = view.contentOffset { m.append(("contentOffset", point(offset))) }
        if !view.delaysContentTouches { m.append(("delaysContentTouches", .bool(false))) }
        if !view.canCancelContentTouches { m.append(("canCancelContentTouches", .bool(false))) }
        if !view.isScrollEnabled { m.append(("scrollEnabled", .bool(false))) }
        if view.isPagingEnabled { m.append(("pagingEnabled", .bool(true))) }
        if !view.allowsSelection { m.append(("allowsSelection", .bool(false))) }
        if view.allowsMultipleSelection { m.append(("allowsMultipleSelection", .bool(true))) }
        if !view.didSelect.isEmpty { m.append(("didSelect", effects(view.didSelect))) }
        if !view.didDeselect.isEmpty { m.append(("didDeselect", effects(view.didDeselect))) }
        if !view.recognizers.isEmpty { m.append(("recognizers", .array(view.recognizers.map(encode)))) }
        if !view.builtInRecognizers.isEmpty {
            m.append(("builtInRecognizers", .object(view.builtInRecognizers.map { ($0.role.rawValue, encode($0)) })))
        }
        if !view.actions.isEmpty {
            m.append(("actions", .array(view.actions.map { .object([("on", strings($0.events)), ("do", effects($0.effects))]) })))
        }
        if !view.behaviours.isEmpty { m.append(("behaviours", .array(view.behaviours.map(encode)))) }
        if let content = view.content { m.append(("content", encode(content))) }
        if !view.subviews.isEmpty { m.append(("subviews", .array(view.subviews.map(encode)))) }
        return .object(m)
    }

    static func encode(_ recognizer: RecognizerDescription) -> JSONValue {
        var m: [(String, JSONValue)] = [("kind", .string(recognizer.kind.rawValue))]
        if let id = recognizer.id { m.append(("id", .string(id))) }
        if !recognizer.isEnabled { m.append(("enabled", .bool(false))) }
        if !recognizer.cancelsTouchesInView { m.append(("cancelsTouchesInView", .bool(false))) }
        if recognizer.delaysTouchesBegan { m.append(("delaysTouchesBegan", .bool(true))) }
        if !recognizer.delaysTouchesEnded { m.append(("delaysTouchesEnded", .bool(false))) }
        let numbers: [(String, Double?)] = [
            ("numberOfTapsRequired", recognizer.numberOfTapsRequired.map(Double.init)),
            ("numberOfTouchesRequired", recognizer.numberOfTouchesRequired.map(Double.init)),
            ("minimumPressDuration", recognizer.minimumPressDuration), ("allowableMovement", recognizer.allowableMovement),
            ("minimumNumberOfTouches", recognizer.minimumNumberOfTouches.map(Double.init)),
            ("maximumNumberOfTouches", recognizer.maximumNumberOfTouches.map(Double.init)),
        ]
        for (key, value) in numbers { if let value { m.append((key, .number(value))) } }
        if !recognizer.edges.isEmpty {
            let names = recognizer.edges == .all ? ["all"] : RecognizerNames.edges.filter { recognizer.edges.contains($0.edge) }.map(\.name)
            m.append(("edges", strings(names)))
        }
        if let direction = recognizer.direction {
            m.append(("direction", strings(RecognizerNames.directions.filter { direction.contains($0.direction) }.map(\.name))))
        }
        m += relations(recognizer.requireToFail, recognizer.delegate, recognizer.onStates, recognizer.effects)
        return .object(m)
    }

    static func encode(_ builtIn: BuiltInRecognizerDescription) -> JSONValue {
        var m: [(String, JSONValue)] = []
        let flags: [(String, Bool?)] = [
            ("enabled", builtIn.isEnabled), ("cancelsTouchesInView", builtIn.cancelsTouchesInView),
            ("delaysTouchesBegan", builtIn.delaysTouchesBegan), ("delaysTouchesEnded", builtIn.delaysTouchesEnded),
        ]
        for (key, value) in flags { if let value { m.append((key, .bool(value))) } }
        if let minimum = builtIn.minimumNumberOfTouches { m.append(("minimumNumberOfTouches", .number(Double(minimum)))) }
        if let maximum = builtIn.maximumNumberOfTouches { m.append(("maximumNumberOfTouches", .number(Double(maximum)))) }
        m += relations(builtIn.requireToFail, builtIn.delegate, builtIn.onStates, builtIn.effects)
        return .object(m)
    }

    /// The fields every recognizer shares: its failure requirements, delegate, action states and effects.
    static func relations(
        _ requireToFail: [String], _ delegate: DelegateDescription?, _ onStates: [UIGestureRecognizer.State], _ effects: [Effect]
    ) -> [(String, JSONValue)] {
        var m: [(String, JSONValue)] = []
        if !requireToFail.isEmpty { m.append(("requireToFail", strings(requireToFail))) }
        if let delegate { m.append(("delegate", encode(delegate))) }
        if !onStates.isEmpty {
            m.append(("on", strings(onStates.compactMap { state in RecognizerNames.states.first { $0.state == state }?.name })))
        }
        if !effects.isEmpty { m.append(("do", self.effects(effects))) }
        return m
    }

    static func encode(_ delegate: DelegateDescription) -> JSONValue {
        let defaults = DelegateDescription()
        var d: [(String, JSONValue)] = []
        // The relation answers (the last three) may be a bare list of ids; the others may not.
        let answers: [(String, TouchCondition, TouchCondition, Bool)] = [
            ("shouldBegin", delegate.shouldBegin, defaults.shouldBegin, false),
            ("shouldReceiveTouch", delegate.shouldReceiveTouch, defaults.shouldReceiveTouch, false),
            ("recognizeSimultaneouslyWith", delegate.recognizeSimultaneouslyWith, defaults.recognizeSimultaneouslyWith, true),
            ("requireFailureOf", delegate.requireFailureOf, defaults.requireFailureOf, true),
            ("requiredToFailBy", delegate.requiredToFailBy, defaults.requiredToFailBy, true),
        ]
        for (key, answer, standard, listAllowed) in answers where answer != standard {
            d.append((key, encode(answer, listAllowed: listAllowed)))
        }
        return .object(d)
    }

    /// A condition as a scene file writes it: a constant as a Boolean; a list of ids as a bare
    /// list where the reader takes one (`listAllowed`: the top of a relation answer), else as
    /// `{"otherID": [...]}`, the form the reader takes everywhere.
    static func encode(_ condition: TouchCondition, listAllowed: Bool = false) -> JSONValue {
        switch condition {
        case .always(let value): .bool(value)
        case .otherID(let ids): listAllowed ? strings(ids) : .object([("otherID", strings(ids))])
        case .touchViewIn(let ids): .object([("touchView", strings(ids))])
        case .touchViewIsControl: .object([("touchViewIsControl", .bool(true))])
        case .touchViewKind(let kind): .object([("touchViewKind", .string(kind.rawValue))])
        case .touchViewClass(let name): .object([("touchViewClass", .string(name))])
        case .location(let view, let rect):
            .object([
                (
                    "location",
                    .object([
                        ("in", .string(view)),
                        ("rect", .array([rect.origin.x, rect.origin.y, rect.width, rect.height].map { .number(Double($0)) })),
                    ])
                )
            ])
        case .state(let name, let equals): .object([("state", .string(name)), ("equals", .bool(equals))])
        case .otherKind(let kind): .object([("otherKind", .string(kind.rawValue))])
        case .otherView(let id): .object([("otherView", .string(id))])
        case .not(.touchViewIsControl): .object([("touchViewIsControl", .bool(false))])
        case .not(let inner): .object([("not", encode(inner))])
        case .all(let items): .object([("all", .array(items.map { encode($0) }))])
        case .any(let items): .object([("any", .array(items.map { encode($0) }))])
        }
    }

    static func encode(_ behaviour: Behaviour) -> JSONValue {
        switch behaviour {
        case .enlargeHitArea(let i):
            return .object([("kind", .string("enlargeHitArea")), ("insets", .array([i.top, i.left, i.bottom, i.right].map { .number(Double($0)) }))])
        case .passThrough(let subviews, let rects):
            var m: [(String, JSONValue)] = [("kind", .string("passThrough"))]
            if !subviews.isEmpty { m.append(("exceptSubviews", strings(subviews))) }
            if !rects.isEmpty { m.append(("exceptRects", .array(rects.map(rect)))) }
            return .object(m)
        case .catchAll:
            return .object([("kind", .string("catchAll"))])
        case .shape(let polygon):
            return .object([("kind", .string("shape")), ("polygon", .array(polygon.map(point)))])
        case .preferSubviews(let ids):
            return .object([("kind", .string("preferSubviews")), ("views", strings(ids))])
        case .hitTestSubviewsOutside(let ids):
            return .object([("kind", .string("hitTestSubviewsOutside")), ("views", strings(ids))])
        case .redirectHit(let target):
            return .object([("kind", .string("redirectHit")), ("to", .string(target))])
        case .passThroughWhenHit(let references):
            return .object([("kind", .string("passThroughWhenHit")), ("views", strings(references))])
        case .passThroughOnNamedLayer(let reference):
            return .object([("kind", .string("passThroughOnNamedLayer")), ("view", .string(reference))])
        case .gestureRecognizerShouldBegin(let answer):
            return .object([("kind", .string("gestureRecognizerShouldBegin")), ("answer", encode(answer))])
        case .touchesShouldCancel(let answer):
            return .object([("kind", .string("touchesShouldCancel")), ("answer", encode(answer))])
        case .beginTracking(let answer):
            return .object([("kind", .string("beginTracking")), ("answer", encode(answer))])
        case .continueTracking(let answer):
            return .object([("kind", .string("continueTracking")), ("answer", encode(answer))])
        case .when(let state, let equals, let inner):
            return .object([("kind", .string("when")), ("state", .string(state)), ("equals", .bool(equals)), ("then", encode(inner))])
        case .onTouches(let methods, let list, let forward):
            let phases = strings(methods.map(Behaviour.phaseName(of:)))
            var m: [(String, JSONValue)] = [("kind", .string("onTouches")), ("phases", phases), ("do", effects(list))]
            if forward { m.append(("forward", .bool(true))) }
            return .object(m)
        case .handleEvents(let names, let list, let forward):
            var m: [(String, JSONValue)] = [("kind", .string("handleEvents")), ("events", strings(names)), ("do", effects(list))]
            if forward { m.append(("forward", .bool(true))) }
            return .object(m)
        case .firstResponder(let actions):
            return .object([
                ("kind", .string("firstResponder")),
                ("actions", .object(actions.keys.sorted().map { ($0, effects(actions[$0] ?? [])) })),
            ])
        case .touchUpInside(let distance, let list):
            return .object([
                ("kind", .string("touchUpInside")), ("cancel", distance.map { .number($0) } ?? .string("bounds")),
                ("do", effects(list)),
            ])
        }
    }

    static func effects(_ effects: [Effect]) -> JSONValue {
        .array(
            effects.map { effect in
                switch effect {
                case .note(let text): return .object([("note", .string(text))])
                case .set(let target, let patch):
                    var m: [(String, JSONValue)] = [("target", .string(target))]
                    if let frame = patch.frame { m.append(("frame", rect(frame))) }
                    if let center = patch.center { m.append(("center", point(center))) }
                    if let hidden = patch.isHidden { m.append(("hidden", .bool(hidden))) }
                    if let alpha = patch.alpha { m.append(("alpha", .number(Double(alpha)))) }
                    if let color = patch.backgroundColor { m.append(("backgroundColor", .string(color.description))) }
                    if let interaction = patch.isUserInteractionEnabled { m.append(("userInteractionEnabled", .bool(interaction))) }
                    if let title = patch.title { m.append(("title", .string(title))) }
                    if let selected = patch.isSelected { m.append(("selected", .bool(selected))) }
                    return .object([("set", .object(m))])
                case .setState(let name, let value):
                    return .object([("setState", .object([("name", .string(name)), ("value", .bool(value))]))])
                case .toggleState(let name): return .object([("toggleState", .string(name))])
                case .sendAction(let name): return .object([("sendAction", .string(name))])
                case .route(let name): return .object([("route", .string(name))])
                case .becomeFirstResponder(let target): return .object([("becomeFirstResponder", .string(target))])
                case .dragView(let target): return .object([("dragView", .string(target))])
                }
            })
    }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
    static func point(_ p: CGPoint) -> JSONValue { .array([.number(Double(p.x)), .number(Double(p.y))]) }
    static func rect(_ r: CGRect) -> JSONValue {
        .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map { .number(Double($0)) })
    }
}
