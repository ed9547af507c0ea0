import Foundation
import TouchKit
import TouchScenes

/// The scene changes worth re-running for one disagreement, read from the fact that differs
/// (`Reconciliation`), each with its UIKit spelling.
struct ReconcileCandidates {
    let scene: SceneDescription
    let application: UIApplication
    let disagreement: DeviceDisagreement
    let device: TouchOutcome
    let model: TouchOutcome

    typealias Candidate = ProvenFixes.Candidate

    func all() -> [Candidate] {
        switch disagreement.fact {
        case .hit(let finger): hitCandidates(device: device.hits[finger] ?? nil, model: model.hits[finger] ?? nil)
        case .recognizer(let name): recognizerCandidates(name)
        case .controls, .navigation: relationCandidates() + scrollCandidates(around: touchedViewIDs())
        }
    }

    // MARK: Which view

    func hitCandidates(device deviceView: String?, model modelView: String?) -> [Candidate] {
        var out: [Candidate] = []
        let deviceID = deviceView.flatMap(ProvenFixes.sceneID(ofView:))
        let deviceAncestry = deviceID.map(scene.ancestry(of:)) ?? []
        if let modelID = modelView.flatMap(ProvenFixes.sceneID(ofView:)) {
            // The view the model chose, or a superview of it that is not the device's, lets
            // the touch through, or hands it to the device's view.
            for id in scene.ancestry(of: modelID) where !deviceAncestry.contains(id) {
                let subviews = scene.allViews.first { $0.id == id }?.subviews.compactMap(\.id) ?? []
                out.append(
                    Candidate(
                        change:
                            "\(id): point(inside:with:) answers true only over its subviews, so touches elsewhere pass through (scene: passThrough)",
                        apply: { $0.editView(id) { $0.behaviours.append(.passThrough(exceptSubviews: subviews, exceptRects: [])) } }))
                if let deviceID, deviceAncestry.contains(id) == false, scene.ancestry(of: deviceID).contains(id) {
                    out.append(
                        Candidate(
                            change: "\(id): hitTest(_:with:) answers \(deviceID) where it would answer \(id) (scene: redirectHit)",
                            apply: { $0.editView(id) { $0.behaviours.append(.redirectHit(to: deviceID)) } }))
                }
            }
        }
        // The device's view took a touch outside its bounds: a grown hit area.
        if let deviceID, let view = findView(deviceView ?? ""), let window = view.window {
            let point = window.convert(disagreement.touch.location, to: view)
            let bounds = view.bounds
            if !bounds.contains(point) {
                let top = max(0, bounds.minY - point.y).rounded(.up) + 1
                let left = max(0, bounds.minX - point.x).rounded(.up) + 1
                let bottom = max(0, point.y - bounds.maxY).rounded(.up) + 1
                let right = max(0, point.x - bounds.maxX).rounded(.up) + 1
                let insets = UIEdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right)
                out.append(
                    Candidate(
                        change:
                            "\(deviceID): point(inside:with:) grows the bounds by \(Int(saturating: top)), \(Int(saturating: left)), \(Int(saturating: bottom)), \(Int(saturating: right)) pt (scene: enlargeHitArea)",
                        apply: { $0.editView(deviceID) { $0.behaviours.append(.enlargeHitArea(insets)) } }))
            }
        }
        return out
    }

    // MARK: Which recognizer

    func recognizerCandidates(_ name: String) -> [Candidate] {
        guard let id = ProvenFixes.sceneID(ofRecognizer: name) else { return relationCandidates() }
        let deviceRecognized = TouchOutcome.verdict(device.recognizers[name]).first != "did not recognize"
        let modelRecognized = TouchOutcome.verdict(model.recognizers[name]).first != "did not recognize"
        var out: [Candidate] = []
        let code = ProvenFixes.codeName(id)
        if modelRecognized && !deviceRecognized {
            // Where the touch decides: the part of the recognizer's view the touch was in.
            if let viewName = DeviceCauses(facts: [:], application: application).viewName(ofRecognizer: name),
                let viewID = ProvenFixes.sceneID(ofView: viewName), let view = findView(viewName), let window = view.window
            {
                let point = window.convert(disagreement.touch.location, to: view)
                for (part, rect) in halves(of: view.bounds) where rect.contains(point) {
                    out.append(
                        Candidate(
                            change: "\(code)'s delegate: gestureRecognizer(_:shouldReceive:) answers false for touches in the \(part) of \(viewID)",
                            apply: { scene in ProvenFixes.refusing(id, touches: .location(view: viewID, rect: rect), in: &scene) }))
                }
            }
            out.append(
                Candidate(
                    change: "\(code)'s delegate: gestureRecognizerShouldBegin(_:) answers false",
                    apply: { scene in
                        ProvenFixes.editAny(
                            &scene, id, plain: { Self.never(&$0.delegate) }, builtIn: { Self.never(&$0.delegate) })
                    }))
            // It waits for what won on the device.
            for winner in winners(device, notIn: model) {
                guard let other = ProvenFixes.sceneID(ofRecognizer: winner), other != id else { continue }
                out.append(ProvenFixes.failureRequirement(id, toFail: other))
            }
            // A scroll view's own pan that did not take the touch on the device.
            if id.hasSuffix(".pan") { out += scrollCandidates(around: [String(id.dropLast(4))]) }
        } else if deviceRecognized && !modelRecognized {
            out.append(
                Candidate(
                    change: "\(code)'s delegate: gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:) answers true",
                    apply: { scene in
                        ProvenFixes.editAny(&scene, id, plain: { Self.together(&$0.delegate) }, builtIn: { Self.together(&$0.delegate) })
                    }))
            out.append(
                Candidate(
                    change: "\(code) no longer waits for another recognizer to fail",
                    apply: { scene in
                        ProvenFixes.editAny(&scene, id, plain: { $0.requireToFail = [] }, builtIn: { $0.requireToFail = [] })
                    }))
            for winner in winners(model, notIn: device) {
                guard let other = ProvenFixes.sceneID(ofRecognizer: winner), other != id else { continue }
                out.append(ProvenFixes.failureRequirement(other, toFail: id))
            }
        }
        return out + relationCandidates()
    }

    /// Recognizers that took the touch in the model and not on the device: they stop
    /// cancelling the touch, or wait for one that won on the device.
    func relationCandidates() -> [Candidate] {
        var out: [Candidate] = []
        for winner in winners(model, notIn: device) {
            guard let id = ProvenFixes.sceneID(ofRecognizer: winner) else { continue }
            let code = ProvenFixes.codeName(id)
            out.append(
                Candidate(
                    change: "\(code).cancelsTouchesInView = false",
                    apply: { scene in
                        ProvenFixes.editAny(&scene, id, plain: { $0.cancelsTouchesInView = false }, builtIn: { $0.cancelsTouchesInView = false })
                    }))
            out.append(
                Candidate(
                    change: "\(code).delaysTouchesBegan = true",
                    apply: { scene in
                        ProvenFixes.editAny(&scene, id, plain: { $0.delaysTouchesBegan = true }, builtIn: { $0.delaysTouchesBegan = true })
                    }))
            for other in winners(device, notIn: model) {
                guard let otherID = ProvenFixes.sceneID(ofRecognizer: other), otherID != id else { continue }
                out.append(ProvenFixes.failureRequirement(id, toFail: otherID))
            }
        }
        return out
    }

    /// Scroll views among `ids` and their ancestors keep their content's touches, or deliver
    /// them at once (or late: the delay flipped).
    func scrollCandidates(around ids: [String]) -> [Candidate] {
        var out: [Candidate] = []
        var seen: Set<String> = []
        for id in ids.flatMap(scene.ancestry(of:)) where seen.insert(id).inserted {
            guard let view = scene.allViews.first(where: { $0.id == id }), view.kind.isScrollView else { continue }
            out.append(
                Candidate(
                    change: "\(id): override touchesShouldCancel(in:) to return false (scene: touchesShouldCancel)",
                    apply: { $0.editView(id) { $0.behaviours.append(.touchesShouldCancel(.always(false))) } }))
            let delays = view.delaysContentTouches
            out.append(Candidate(change: "\(id).delaysContentTouches = \(!delays)", apply: { $0.editView(id) { $0.delaysContentTouches = !delays } }))
            let cancels = view.canCancelContentTouches
            out.append(
                Candidate(change: "\(id).canCancelContentTouches = \(!cancels)", apply: { $0.editView(id) { $0.canCancelContentTouches = !cancels } })
            )
        }
        return out
    }

    // MARK: Helpers

    func touchedViewIDs() -> [String] {
        (Array(device.hits.values) + Array(model.hits.values)).compactMap { $0.flatMap(ProvenFixes.sceneID(ofView:)) }
            + (device.controls + model.controls).compactMap { ProvenFixes.sceneID(ofView: String($0.split(separator: " ").first ?? "")) }
    }

    /// Recognizers that recognized in `outcome` and not in `other`.
    func winners(_ outcome: TouchOutcome, notIn other: TouchOutcome) -> [String] {
        outcome.recognizerOrder.filter {
            TouchOutcome.verdict(outcome.recognizers[$0]).first != "did not recognize"
                && TouchOutcome.verdict(other.recognizers[$0]).first == "did not recognize"
        }
    }

    func halves(of bounds: CGRect) -> [(String, CGRect)] {
        let w = bounds.width / 2
        let h = bounds.height / 2
        return [
            ("top half", CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: h)),
            ("bottom half", CGRect(x: bounds.minX, y: bounds.minY + h, width: bounds.width, height: h)),
            ("left half", CGRect(x: bounds.minX, y: bounds.minY, width: w, height: bounds.height)),
            ("right half", CGRect(x: bounds.minX + w, y: bounds.minY, width: w, height: bounds.height)),
        ]
    }

    func findView(_ traceName: String) -> UIView? {
        application.view(traceName: traceName)
    }

    static func never(_ delegate: inout DelegateDescription?) {
        var answers = delegate ?? DelegateDescription()
        answers.shouldBegin = .always(false)
        delegate = answers
    }

    static func together(_ delegate: inout DelegateDescription?) {
        var answers = delegate ?? DelegateDescription()
        answers.recognizeSimultaneouslyWith = .otherID(["*"])
        delegate = answers
    }
}
