import Foundation
import TouchKit
import TouchSwiftUI

/// Edits of a scene's SwiftUI trees by id, for tools that try a change on a copy of a scene
/// (`why`'s proven fixes): a gesture attachment by its label (the attachment's `name`, else its
/// gesture's `id`, as its recognizer is named), a SwiftUI view by its `id`.
extension SceneDescription {
    /// The attachment labelled `label` and the id of the view it is on, if any.
    public func swiftUIAttachment(labelled label: String) -> (attachment: GestureAttachmentDescription, viewID: String?)? {
        for host in allViews where host.kind == .hosting {
            guard let content = host.content else { continue }
            for node in content.allNodes {
                for attachment in node.attachments where attachment.label == label { return (attachment, node.id) }
            }
        }
        return nil
    }

    /// The label of the gesture a SwiftUI view with `id` answers a tap with: a Button's own (its
    /// id), else the first gesture it attaches; nil for a view with none (or no such view).
    public func swiftUIGestureLabel(ofView id: String) -> String? {
        guard let node = swiftUIView(id) else { return nil }
        if node.kind == .button { return id }
        return node.attachments.first?.label
    }

    /// Whether `id` is a SwiftUI Button of the automatic style inside a List: no gesture of its
    /// own, the row's selection runs it (with every such Button of the row).
    public func isListRowButton(_ id: String) -> Bool {
        guard let node = swiftUIView(id), node.kind == .button, (node.buttonStyle ?? "automatic") == "automatic" else { return false }
        return swiftUIAncestry(of: id).contains { $0.kind == .list }
    }

    /// The SwiftUI view with `id`, if any.
    public func swiftUIView(_ id: String) -> SwiftUIViewDescription? {
        for host in allViews where host.kind == .hosting {
            if let found = host.content?.allNodes.first(where: { $0.id == id }) { return found }
        }
        return nil
    }

    /// Applies `edit` to the attachment labelled `label`; false when there is none.
    @discardableResult
    public mutating func editSwiftUIAttachment(_ label: String, _ edit: (inout GestureAttachmentDescription) -> Void) -> Bool {
        editSwiftUITrees { node in
            var done = false
            for index in node.modifiers.indices where !done {
                guard case .gesture(var attachment) = node.modifiers[index], attachment.label == label else { continue }
                edit(&attachment)
                node.modifiers[index] = .gesture(attachment)
                done = true
            }
            return done
        }
    }

    /// Applies `edit` to the SwiftUI view with `id`; false when there is none.
    @discardableResult
    public mutating func editSwiftUIView(_ id: String, _ edit: (inout SwiftUIViewDescription) -> Void) -> Bool {
        editSwiftUITrees { node in
            guard node.id == id else { return false }
            edit(&node)
            return true
        }
    }

    /// Offers every SwiftUI view of every hosting view to `body` until it answers true.
    private mutating func editSwiftUITrees(_ body: (inout SwiftUIViewDescription) -> Bool) -> Bool {
        for host in allViews where host.kind == .hosting {
            guard let hostID = host.id else { continue }
            var done = false
            editView(hostID) { view in
                guard var content = view.content else { return }
                done = content.visit(body)
                view.content = content
            }
            if done { return true }
        }
        return false
    }
}

extension SwiftUIViewDescription {
    /// The gesture attachments written on this view, in source order.
    public var attachments: [GestureAttachmentDescription] {
        modifiers.compactMap { modifier in
            if case .gesture(let attachment) = modifier { return attachment }
            return nil
        }
    }

    /// Offers this view, then its children and its overlays and backgrounds, to `body` until it
    /// answers true.
    mutating func visit(_ body: (inout SwiftUIViewDescription) -> Bool) -> Bool {
        if body(&self) { return true }
        for index in children.indices {
            if children[index].visit(body) { return true }
        }
        for index in modifiers.indices {
            switch modifiers[index] {
            case .overlay(var node):
                if node.visit(body) {
                    modifiers[index] = .overlay(node)
                    return true
                }
            case .background(var node):
                if node.visit(body) {
                    modifiers[index] = .background(node)
                    return true
                }
            default:
                continue
            }
        }
        return false
    }
}

extension SwiftUIViewDescription {
    /// Takes away the gesture attachment labelled `label` (a fix that moves it elsewhere).
    public mutating func removeGesture(labelled label: String) {
        modifiers.removeAll { modifier in
            if case .gesture(let attachment) = modifier { return attachment.label == label }
            return false
        }
    }
}

extension GestureAttachmentDescription {
    /// The name its recognizer and trace entries go by: the attachment's `name`, else its
    /// gesture's `id` (nil: neither).
    public var label: String? { name ?? gesture.id }
}

extension SceneDescription {
    /// The SwiftUI view with `id` and the views around it, nearest first (empty when not found;
    /// overlays and backgrounds count their view as around them).
    public func swiftUIAncestry(of id: String) -> [SwiftUIViewDescription] {
        func path(_ node: SwiftUIViewDescription) -> [SwiftUIViewDescription]? {
            if node.id == id { return [node] }
            let inner =
                node.children
                + node.modifiers.compactMap { modifier -> SwiftUIViewDescription? in
                    switch modifier {
                    case .overlay(let view), .background(let view): view
                    default: nil
                    }
                }
            for child in inner {
                if let found = path(child) { return found + [node] }
            }
            return nil
        }
        for host in allViews where host.kind == .hosting {
            if let content = host.content, let found = path(content) { return found }
        }
        return []
    }
}
