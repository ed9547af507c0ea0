import Foundation

extension DecodingContext {
    /// Checks what could not be checked while reading: references to ids declared anywhere in
    /// the file, `requireToFail` cycles, and states that are tested but never declared or set.
    mutating func checkReferences(_ scene: SceneDescription) {
        for (id, path, value) in viewReferences where viewIDs[id] == nil {
            reader.report("no view or controller has the id \"\(id)\"", at: path, value)
        }
        for (id, path, value) in recognizerReferences where recognizerIDs[id] == nil {
            if id.hasSuffix(".pinch"), recognizerIDs[String(id.dropLast(6)) + ".pan"] != nil {
                reader.report(
                    "\"\(id)\": UIKit makes a scroll view's pinchGestureRecognizer only for zooming (minimumZoomScale < maximumZoomScale and a view for zooming), which TouchScope does not model; its built-in recognizers are .pan and .delay",
                    at: path, value)
                continue
            }
            let hint = FieldReader.hint(for: id, among: Array(recognizerIDs.keys))
            reader.report("no recognizer has the id \"\(id)\"\(hint)", at: path, value)
        }
        let setStates = Set(
            Self.effects(in: scene).compactMap { effect -> String? in
                if case .setState(let name, _) = effect { return name }
                return nil
            })
        for (name, path, value) in stateReferences where scene.state[name] == nil && !setStates.contains(name) {
            reader.report("the state \"\(name)\" is never declared in \"state\" nor set by an effect", at: path, value)
        }
        reportCycles(scene)
        reportMessageLoops()
    }

    /// Every `requireToFail` cycle, once, at the recognizer where it is first met.
    private mutating func reportCycles(_ scene: SceneDescription) {
        var edges: [String: [String]] = [:]
        for view in Self.allViews(in: scene) {
            for recognizer in view.recognizers {
                guard let id = recognizer.id else { continue }
                edges[id, default: []] += recognizer.requireToFail + (recognizer.delegate?.requireFailureOf.namedRecognizerIDs ?? [])
            }
            if let viewID = view.id {
                for builtIn in view.builtInRecognizers {
                    edges[builtIn.role.id(of: viewID), default: []] +=
                        builtIn.requireToFail + (builtIn.delegate?.requireFailureOf.namedRecognizerIDs ?? [])
                }
            }
        }
        for controller in Self.allControllers(in: scene) {
            guard let id = controller.id else { continue }
            for builtIn in controller.builtInRecognizers {
                edges[builtIn.role.id(of: id), default: []] += builtIn.requireToFail + (builtIn.delegate?.requireFailureOf.namedRecognizerIDs ?? [])
            }
        }
        var finished: Set<String> = []
        var reported: Set<Set<String>> = []
        for start in edges.keys.sorted() {
            var stack: [(String, [String])] = [(start, [start])]
            var visiting: Set<String> = []
            while let (node, trail) = stack.popLast() {
                if finished.contains(node) { continue }
                visiting.insert(node)
                for next in edges[node] ?? [] {
                    if let loopStart = trail.firstIndex(of: next) {
                        let cycle = Array(trail[loopStart...]) + [next]
                        if reported.insert(Set(cycle)).inserted, let declared = recognizerIDs[start] {
                            reader.report("requireToFail makes a cycle: \(cycle.joined(separator: " -> "))", at: declared.path, declared.value)
                        }
                    } else if !finished.contains(next) && trail.count < 64 {
                        stack.append((next, trail + [next]))
                    }
                }
            }
            finished.formUnion(visiting)
        }
    }

    static func allViews(in scene: SceneDescription) -> [ViewDescription] {
        scene.views.flatMap(\.allViews) + allControllers(in: scene).filter { $0.kind == .viewController }.flatMap(\.view.allViews)
            + scene.windows.compactMap(\.root).flatMap(\.allViews)
    }

    /// Every controller: the root, what it presents, a navigation controller's stack.
    static func allControllers(in scene: SceneDescription) -> [ControllerDescription] {
        var result: [ControllerDescription] = []
        var controllers = scene.rootController.map { [$0] } ?? []
        while let controller = controllers.popLast() {
            result.append(controller)
            controllers += controller.presents + controller.viewControllers
        }
        return result
    }

    static func effects(in scene: SceneDescription) -> [Effect] {
        func behaviourEffects(_ behaviour: Behaviour) -> [Effect] {
            switch behaviour {
            case .onTouches(_, let effects, _), .handleEvents(_, let effects, _), .touchUpInside(_, let effects):
                return effects
            case .firstResponder(let actions):
                return actions.keys.sorted().flatMap { actions[$0] ?? [] }
            case .when(_, _, let inner):
                return behaviourEffects(inner)
            case .enlargeHitArea, .passThrough, .catchAll, .shape, .preferSubviews, .hitTestSubviewsOutside, .redirectHit,
                .passThroughWhenHit, .passThroughOnNamedLayer, .beginTracking, .continueTracking,
                .gestureRecognizerShouldBegin, .touchesShouldCancel:
                return []
            }
        }
        var effects: [Effect] = []
        for view in allViews(in: scene) {
            effects += view.recognizers.flatMap(\.effects)
            effects += view.builtInRecognizers.flatMap(\.effects)
            effects += view.actions.flatMap(\.effects)
            effects += view.behaviours.flatMap(behaviourEffects)
            // A UIGestureRecognizerRepresentable's recognizer in the view's SwiftUI content.
            for node in view.content?.allNodes ?? [] {
                for case .representable(let recognizer) in node.modifiers { effects += recognizer.effects }
            }
        }
        for window in scene.windows { effects += window.behaviours.flatMap(behaviourEffects) }
        for controller in allControllers(in: scene) {
            effects += controller.behaviours.flatMap(behaviourEffects)
            effects += controller.builtInRecognizers.flatMap(\.effects)
        }
        return effects
    }
}
