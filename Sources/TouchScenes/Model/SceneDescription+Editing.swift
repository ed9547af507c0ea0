import Foundation
import TouchKit
import TouchSwiftUI

/// Edits of a scene by id, for tools that try a change on a copy of a scene (`why`'s proven
/// fixes): every view in the window and in every controller's view is reached.
extension SceneDescription {
    /// Applies `edit` to the view with `id`; false when there is none.
    @discardableResult
    public mutating func editView(_ id: String, _ edit: (inout ViewDescription) -> Void) -> Bool {
        var done = false
        for index in views.indices where !done { done = views[index].edit(id, edit) }
        if !done, var controller = rootController {
            done = controller.edit(id, edit)
            rootController = controller
        }
        for index in windows.indices where !done {
            if var root = windows[index].root {
                done = root.edit(id, edit)
                windows[index].root = root
            }
        }
        return done
    }

    /// Applies `edit` to the recognizer with `id` (one listed in `recognizers`); false when none.
    @discardableResult
    public mutating func editRecognizer(_ id: String, _ edit: (inout RecognizerDescription) -> Void) -> Bool {
        guard let viewID = view(holdingRecognizer: id)?.id else { return false }
        return editView(viewID) { view in
            for index in view.recognizers.indices where view.recognizers[index].id == id { edit(&view.recognizers[index]) }
        }
    }

    /// Applies `edit` to a scroll view's built-in recognizer (`carousel.pan`), adding its
    /// settings entry when the scene has none; false when there is no such scroll view.
    @discardableResult
    public mutating func editBuiltIn(_ id: String, _ edit: (inout BuiltInRecognizerDescription) -> Void) -> Bool {
        guard let dot = id.lastIndex(of: "."), let role = BuiltInRecognizerRole(rawValue: String(id[id.index(after: dot)...])) else {
            return false
        }
        let viewID = String(id[..<dot])
        guard allViews.contains(where: { $0.id == viewID && $0.kind.isScrollView }) else { return false }
        return editView(viewID) { view in
            if !view.builtInRecognizers.contains(where: { $0.role == role }) {
                view.builtInRecognizers.append(BuiltInRecognizerDescription(role: role))
            }
            for index in view.builtInRecognizers.indices where view.builtInRecognizers[index].role == role { edit(&view.builtInRecognizers[index]) }
        }
    }

    /// Every view of the scene, depth first.
    public var allViews: [ViewDescription] {
        var result = views.flatMap(\.allViews)
        var controllers = rootController.map { [$0] } ?? []
        while let controller = controllers.popLast() {
            if controller.kind == .viewController { result += controller.view.allViews }
            controllers += controller.presents + controller.viewControllers
        }
        return result + windows.compactMap(\.root).flatMap(\.allViews)
    }

    /// The view whose `recognizers` list the recognizer with `id`.
    public func view(holdingRecognizer id: String) -> ViewDescription? {
        allViews.first { $0.recognizers.contains { $0.id == id } }
    }

    /// The ids of the view with `id` and its ancestors, nearest first (empty when not found).
    public func ancestry(of id: String) -> [String] {
        func path(_ view: ViewDescription) -> [ViewDescription]? {
            if view.id == id { return [view] }
            for subview in view.subviews {
                if let found = path(subview) { return found + [view] }
            }
            return nil
        }
        var roots = views
        var controllers = rootController.map { [$0] } ?? []
        while let controller = controllers.popLast() {
            if controller.kind == .viewController { roots.append(controller.view) }
            controllers += controller.presents + controller.viewControllers
        }
        for root in roots {
            if let found = path(root) { return found.compactMap(\.id) }
        }
        return []
    }
}

extension ViewDescription {
    mutating func edit(_ id: String, _ body: (inout ViewDescription) -> Void) -> Bool {
        if self.id == id {
            body(&self)
            return true
        }
        for index in subviews.indices {
            if subviews[index].edit(id, body) { return true }
        }
        return false
    }
}

extension ControllerDescription {
    mutating func edit(_ id: String, _ body: (inout ViewDescription) -> Void) -> Bool {
        if view.edit(id, body) { return true }
        for index in presents.indices {
            if presents[index].edit(id, body) { return true }
        }
        for index in viewControllers.indices {
            if viewControllers[index].edit(id, body) { return true }
        }
        return false
    }
}

extension SceneDescription {
    /// The scene with `era` as the app's era, UIKit's and SwiftUI's (the SDK and OS it may name
    /// left out): how `--eras` and a fix's re-run in every era build it.
    public func inEra(_ era: SwiftUIEra) -> SceneDescription {
        var version = self
        version.era = era
        version.swiftUI = SwiftUISettingsDescription(era: era)
        return version
    }
}
