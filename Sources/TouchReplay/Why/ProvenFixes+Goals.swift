import Foundation
import TouchKit
import TouchScenes

/// Candidates for the goals beyond "recognizes" and "gets the touch": that a recognizer does
/// not recognize, that a control fires an event or does not, that a view hears the touch when
/// the finger goes down, that a scroll view scrolls or does not. Each is the spelling of a fix
/// people ship, re-run like every candidate (`ProvenFixes.find`).
extension ProvenFixes {
    /// The recognizers bound to the touch (every one that heard it), in order.
    static func bound(in window: [TraceEntry]) -> [String] {
        var names: [String] = []
        for entry in window {
            if case .gestureBound(let recognizer, _) = entry.event, !names.contains(recognizer) { names.append(recognizer) }
        }
        return names
    }

    /// The views the touch was given to.
    static func hitViews(in window: [TraceEntry]) -> [String] {
        var views: [String] = []
        for entry in window {
            if case .hitResult(_, let view?) = entry.event, !views.contains(view) { views.append(view) }
        }
        return views
    }

    static func goalCandidates(goal: FixGoal, scene: SceneDescription, window: [TraceEntry]) -> [Candidate] {
        let hits = hitViews(in: window).compactMap(sceneID(ofView:))
        switch goal {
        case .doesNotRecognize(let name):
            guard let id = sceneID(ofRecognizer: name) else { return [] }
            return swiftUIRefusalCandidates(label: id, scene: scene)
                + refusalCandidates(
                    id: id, scene: scene, others: bound(in: window).filter { $0 != name }.compactMap(sceneID(ofRecognizer:)), hits: hits)
        case .controlFires(let control, _):
            guard let controlID = sceneID(ofView: control) else { return [] }
            return viewCandidates(
                viewID: controlID, scene: scene, winners: winners(in: window).compactMap(sceneID(ofRecognizer:)),
                covering: hits.filter { $0 != controlID })
        case .controlDoesNotFire(let control, let event):
            guard let controlID = sceneID(ofView: control) else { return [] }
            var list: [Candidate] = []
            if [UIControl.Event.touchUpInside, .primaryActionTriggered, .touchDragInside, .valueChanged].contains(event) {
                // "touchUpInside should not fire when I lift 40 pt outside": the control's code
                // tracks with its bounds (UIKit keeps a private margin of about 70 pt).
                list.append(
                    Candidate(
                        change:
                            "\(controlID): override continueTracking(_:with:)/endTracking(_:with:) to count the touch inside only within its bounds (scene: trackingMargin 0)"
                    ) { scene in scene.editView(controlID) { $0.trackingMargin = 0 } })
                list.append(
                    Candidate(change: "\(controlID): track with a margin of 20 pt instead of UIKit's (scene: trackingMargin 20)") { scene in
                        scene.editView(controlID) { $0.trackingMargin = 20 }
                    })
                // Or the control stops tracking once the touch leaves it: no lift event follows.
                if let size = scene.allViews.first(where: { $0.id == controlID }).flatMap({ $0.frame?.size ?? $0.bounds?.size }) {
                    list.append(
                        Candidate(
                            change:
                                "\(controlID): override continueTracking(_:with:) to return false once the touch leaves its bounds (scene: continueTracking)"
                        ) { scene in
                            scene.editView(controlID) {
                                $0.behaviours.insert(.continueTracking(.location(view: controlID, rect: CGRect(origin: .zero, size: size))), at: 0)
                            }
                        })
                }
            }
            list.append(Candidate(change: "\(controlID).isEnabled = false") { scene in scene.editView(controlID) { $0.isEnabled = false } })
            return list
        case .feedbackAtTouchDown(let view):
            guard let viewID = sceneID(ofView: view) else { return [] }
            var list: [Candidate] = []
            for scrollID in scene.ancestry(of: viewID).dropFirst() where scene.allViews.first(where: { $0.id == scrollID })?.kind.isScrollView == true
            {
                list.append(
                    Candidate(change: "\(scrollID).delaysContentTouches = false") { scene in
                        scene.editView(scrollID) { $0.delaysContentTouches = false }
                    })
            }
            var delayers: [String] = []
            for entry in window {
                if case .touchDelayed(_, _, let by) = entry.event, !delayers.contains(by) { delayers.append(by) }
            }
            for delayer in delayers.compactMap(sceneID(ofRecognizer:)) where !delayer.hasSuffix(".delay") {
                list.append(
                    Candidate(change: "\(codeName(delayer)).delaysTouchesBegan = false") { scene in
                        editAny(&scene, delayer, plain: { $0.delaysTouchesBegan = false }, builtIn: { $0.delaysTouchesBegan = false })
                    })
            }
            return list
        case .scrolls(let view):
            guard let scrollID = sceneID(ofView: view) else { return [] }
            guard let scroll = scene.allViews.first(where: { $0.id == scrollID }) else {
                // A SwiftUI ScrollView: the SwiftUI gestures that kept the touch.
                return swiftUIScrollCandidates(scrollID: scrollID, scene: scene, winners: swiftUIWinners(in: window))
            }
            let pan = scrollID + ".pan"
            var list: [Candidate] = []
            if !scroll.isScrollEnabled {
                list.append(
                    Candidate(change: "\(scrollID).isScrollEnabled = true") { scene in scene.editView(scrollID) { $0.isScrollEnabled = true } })
            }
            if !scroll.delaysContentTouches {
                // Both ways: a drag that starts on a custom control scrolls once the scroll view
                // waits before handing it the touch.
                list.append(
                    Candidate(change: "\(scrollID).delaysContentTouches = true") { scene in
                        scene.editView(scrollID) { $0.delaysContentTouches = true }
                    })
            }
            if !scroll.canCancelContentTouches {
                list.append(
                    Candidate(change: "\(scrollID).canCancelContentTouches = true") { scene in
                        scene.editView(scrollID) { $0.canCancelContentTouches = true }
                    })
            }
            list.append(
                Candidate(change: "\(scrollID): override touchesShouldCancel(in:) to return true (a control in it no longer keeps the touch)") {
                    scene in
                    scene.editView(scrollID) { $0.behaviours.insert(.touchesShouldCancel(.always(true)), at: 0) }
                })
            for winner in winners(in: window).compactMap(sceneID(ofRecognizer:)) where winner != pan {
                list.append(failureRequirement(winner, toFail: pan))
            }
            list += recognizerCandidates(
                id: pan, scene: scene, competitors: winners(in: window).compactMap(sceneID(ofRecognizer:)).filter { $0 != pan })
            return list
        case .doesNotScroll(let view):
            guard let scrollID = sceneID(ofView: view) else { return [] }
            let pan = scrollID + ".pan"
            var list = refusalCandidates(
                id: pan, scene: scene, others: bound(in: window).compactMap(sceneID(ofRecognizer:)).filter { $0 != pan }, hits: hits)
            for hit in hits where hit != scrollID {
                list.append(
                    Candidate(change: "\(scrollID): override touchesShouldCancel(in:) to return false for \(hit)") { scene in
                        scene.editView(scrollID) { $0.behaviours.insert(.touchesShouldCancel(.not(.touchViewIn([hit]))), at: 0) }
                    })
            }
            list.append(Candidate(change: "\(scrollID).isScrollEnabled = false") { scene in scene.editView(scrollID) { $0.isScrollEnabled = false } })
            return list
        case .settlesOnPage(let view, _, _):
            guard let scrollID = sceneID(ofView: view), let scroll = scene.allViews.first(where: { $0.id == scrollID }) else { return [] }
            return scroll.isPagingEnabled
                ? []
                : [
                    Candidate(change: "\(scrollID).isPagingEnabled = true (it settles on a page at lift)") { scene in
                        scene.editView(scrollID) { $0.isPagingEnabled = true }
                    }
                ]
        case .recognizes, .viewGetsTouch, .swiftUIGestureFires:
            return []
        }
    }

    /// Changes that keep recognizer `id` from recognizing: it waits for another, its delegate
    /// refuses touches on the views hit, a threshold tightened, and, last, turned off.
    static func refusalCandidates(id: String, scene: SceneDescription, others: [String], hits: [String]) -> [Candidate] {
        var list: [Candidate] = []
        for other in others {
            list.append(failureRequirement(id, toFail: other))
        }
        for hit in hits {
            list.append(
                Candidate(change: "\(codeName(id)) delegate: gestureRecognizer(_:shouldReceive:) → false for touches in \(hit)") { scene in
                    refusing(id, touches: .touchViewIn([hit]), in: &scene)
                })
        }
        if let plain = scene.allViews.flatMap(\.recognizers).first(where: { $0.id == id }) {
            if plain.kind == .longPress {
                let longer = ((plain.minimumPressDuration ?? 0.5) * 2 * 100).rounded() / 100
                list.append(
                    Candidate(change: "\(codeName(id)).minimumPressDuration = \(JSONWriter.number(longer))") { scene in
                        scene.editRecognizer(id) { $0.minimumPressDuration = longer }
                    })
                let tighter = max(1, ((plain.allowableMovement ?? 10) / 3).rounded())
                list.append(
                    Candidate(change: "\(codeName(id)).allowableMovement = \(JSONWriter.number(tighter))") { scene in
                        scene.editRecognizer(id) { $0.allowableMovement = tighter }
                    })
            }
            if plain.kind == .pan {
                // Two fingers to pan: a one-finger drag is left to the views and recognizers around.
                let fingers = (plain.minimumNumberOfTouches ?? 1) + 1
                list.append(
                    Candidate(change: "\(codeName(id)).minimumNumberOfTouches = \(fingers)") { scene in
                        scene.editRecognizer(id) { $0.minimumNumberOfTouches = fingers }
                    })
            }
            if plain.kind == .tap {
                let taps = (plain.numberOfTapsRequired ?? 1) + 1
                list.append(
                    Candidate(change: "\(codeName(id)).numberOfTapsRequired = \(taps)") { scene in
                        scene.editRecognizer(id) { $0.numberOfTapsRequired = taps }
                    })
            }
        }
        list.append(
            Candidate(change: "\(codeName(id)).isEnabled = false") { scene in
                editAny(&scene, id, plain: { $0.isEnabled = false }, builtIn: { $0.isEnabled = false })
            })
        return list
    }
}
