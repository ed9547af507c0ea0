import Foundation
import TouchKit
import TouchSwiftUI

/// A hosting view's SwiftUI tree as the scene format writes it: modifiers always in
/// `"modifiers"` (source order), so that what is read back is what was written.
extension SceneEncoder {
    static func encode(_ node: SwiftUIViewDescription) -> JSONValue {
        var m: [(String, JSONValue)] = [("view", .string(node.kind.rawValue))]
        if let id = node.id { m.append(("id", .string(id))) }
        if let frame = node.frame { m.append(("frame", rect(frame))) }
        if let spacing = node.spacing { m.append(("spacing", .number(spacing))) }
        if let alignment = node.alignment { m.append(("alignment", .string(alignment))) }
        if node.horizontal { m.append(("axes", .string("horizontal"))) }
        if let size = node.contentSize { m.append(("contentSize", .array([.number(Double(size.width)), .number(Double(size.height))]))) }
        if let style = node.buttonStyle { m.append(("buttonStyle", .string(style))) }
        if !node.action.isEmpty { m.append(("action", effects(node.action))) }
        if let uiView = node.uiView.first { m.append(("uiView", encode(uiView))) }
        if !node.modifiers.isEmpty { m.append(("modifiers", .array(node.modifiers.map(encode)))) }
        if !node.children.isEmpty { m.append((node.kind == .list ? "rows" : "children", .array(node.children.map(encode)))) }
        return .object(m)
    }

    static func encode(_ modifier: SwiftUIModifierDescription) -> JSONValue {
        switch modifier {
        case .contentShape(let shape): .object([("contentShape", .string(shape.rawValue))])
        case .allowsHitTesting(let allows): .object([("allowsHitTesting", .bool(allows))])
        case .opacity(let opacity): .object([("opacity", .number(opacity))])
        case .disabled(let disabled): .object([("disabled", .bool(disabled))])
        case .offset(let offset): .object([("offset", .array([.number(Double(offset.width)), .number(Double(offset.height))]))])
        case .zIndex(let z): .object([("zIndex", .number(z))])
        case .clipped(let clipped): .object([("clipped", .bool(clipped))])
        case .overlay(let node): .object([("overlay", encode(node))])
        case .background(let node): .object([("background", encode(node))])
        case .gesture(let attachment): encode(attachment)
        case .representable(let recognizer): .object([("modifier", .string("gesture")), ("representable", encode(recognizer))])
        }
    }

    static func encode(_ attachment: GestureAttachmentDescription) -> JSONValue {
        var m: [(String, JSONValue)] = [("modifier", .string(attachment.modifier.rawValue))]
        if attachment.including != "all" { m.append(("including", .string(attachment.including))) }
        if let name = attachment.name { m.append(("name", .string(name))) }
        if !attachment.isEnabled { m.append(("isEnabled", .bool(false))) }
        m.append(("gesture", encode(attachment.gesture)))
        if attachment.hasPressingChanged {
            m.append(("onPressingChanged", .object([("true", effects(attachment.onPressingTrue)), ("false", effects(attachment.onPressingFalse))])))
        }
        return .object(m)
    }

    static func encode(_ gesture: SwiftUIGestureDescription) -> JSONValue {
        func number(_ value: Double) -> JSONValue { .number(value) }
        func number(_ value: CGFloat) -> JSONValue { .number(Double(value)) }
        let parameters: JSONValue =
            switch gesture.kind {
            case .tap(let count): .object([("count", number(Double(count)))])
            case .spatialTap(let count, let global):
                .object([("count", number(Double(count))), ("coordinateSpace", .string(global ? "global" : "local"))])
            case .longPress(let duration, let distance): .object([("minimumDuration", number(duration)), ("maximumDistance", number(distance))])
            case .drag(let distance, let global):
                .object([("minimumDistance", number(distance)), ("coordinateSpace", .string(global ? "global" : "local"))])
            case .magnify(let delta): .object([("minimumScaleDelta", number(delta))])
            case .rotate(let degrees): .object([("minimumAngleDelta", number(degrees))])
            case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b): .array([encode(a), encode(b)])
            }
        var m: [(String, JSONValue)] = [(gesture.kind.name, parameters)]
        if let id = gesture.id { m.append(("id", .string(id))) }
        for (key, list) in [
            ("onChanged", gesture.onChanged), ("onEnded", gesture.onEnded), ("updating", gesture.updating), ("onReset", gesture.onReset),
        ]
        where !list.isEmpty {
            m.append((key, effects(list)))
        }
        return .object(m)
    }
}
