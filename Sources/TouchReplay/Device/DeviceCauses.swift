import Foundation
import TouchKit
import TouchSwiftUI

/// Reads the likely cause of a disagreement from the capture's code facts: the overrides and
/// delegate methods that could decide the differing fact, on the views and recognizers that
/// took part in the touch. Where none could, the cause is the model's own rules.
struct DeviceCauses {
    let facts: [String: CodeFacts]
    let application: UIApplication

    /// Methods that decide which view a touch goes to.
    static let hitMethods = ["hitTest(_:with:)", "point(inside:with:)"]
    /// Methods that decide whether and how a recognizer recognizes.
    static let recognizerMethods = [
        "gestureRecognizerShouldBegin(_:)", "canPrevent(_:)", "canBePrevented(by:)", "shouldRequireFailure(of:)",
        "shouldBeRequiredToFail(by:)", "touchesBegan(_:with:)", "touchesMoved(_:with:)", "touchesEnded(_:with:)",
        "touchesCancelled(_:with:)", "touchesShouldCancel(in:)",
    ]
    /// Methods that decide a control's events.
    static let controlMethods = [
        "touchesBegan(_:with:)", "touchesMoved(_:with:)", "touchesEnded(_:with:)", "touchesCancelled(_:with:)",
        "beginTracking(_:with:)", "continueTracking(_:with:)", "endTracking(_:with:)", "cancelTracking(with:)",
        "point(inside:with:)", "hitTest(_:with:)", "touchesShouldCancel(in:)", "gestureRecognizerShouldBegin(_:)",
    ]

    func cause(
        of fact: DeviceDisagreement.Fact, device: TouchOutcome, model: TouchOutcome, visited: [String], rules: [TouchRule]
    ) -> DeviceDisagreement.Cause {
        switch fact {
        case .hit(let finger):
            let candidates = [device.hits[finger] ?? nil, model.hits[finger] ?? nil].compactMap { $0 } + visited
            if let found = first(in: candidates, overriding: Self.hitMethods) {
                return .code(
                    found.facts,
                    "\(found.facts.subject): \(found.facts.className) overrides \(found.method), and the scene does not say what it answers.")
            }
            return .rules(Self.relevant(rules, ["hitTest."], otherwise: "hitTest.order"))
        case .recognizer(let name):
            if let own = facts[name], own.customRecognizer {
                return .code(own, "\(name): \(own.className) is a custom recognizer class, which the scene cannot hold.")
            }
            if let found = delegateOrOverride(among: [name] + involved(device, model).filter { $0 != name }) { return found }
            if let view = viewName(ofRecognizer: name), let found = first(in: [view] + ancestors(of: view), overriding: Self.recognizerMethods) {
                return .code(
                    found.facts,
                    "\(found.facts.subject): \(found.facts.className) overrides \(found.method), which decides \(name), and the scene does not say what it answers."
                )
            }
            return .rules(
                Self.relevant(
                    rules, ["recognizer.", "tap.", "longPress.", "pan.", "swiftui.", "scrollView.", "nav.", "control."],
                    otherwise: "recognizer.exclusive"))
        case .controls:
            let controls = (device.controls + model.controls).map { $0.split(separator: " ").dropLast().joined(separator: " ") }
            let unique = controls.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if let found = first(in: unique + unique.flatMap(ancestors(of:)), overriding: Self.controlMethods) {
                return .code(
                    found.facts,
                    "\(found.facts.subject): \(found.facts.className) overrides \(found.method), and the scene does not say what it answers.")
            }
            if let found = delegateOrOverride(among: involved(device, model)) { return found }
            return .rules(Self.relevant(rules, ["control.", "scrollView."], otherwise: "control.trackingMargin"))
        case .navigation:
            if let found = delegateOrOverride(among: involved(device, model)) { return found }
            // The device's stack changed and no recognizer took the touch there (no pop gesture):
            // the app's code did it, which no scene holds.
            let deviceRecognized = device.recognizerOrder.contains { TouchOutcome.verdict(device.recognizers[$0]).first != "did not recognize" }
            if device.navigation != nil, model.navigation == nil, !deviceRecognized {
                return .unseenCode(
                    "The app's own code changed the navigation stack (an action, not a gesture TouchScope models); a scene cannot hold it. The capture's snapshot after this touch replays the rest on the new screen."
                )
            }
            return .rules(Self.relevant(rules, ["nav.", "scrollView."], otherwise: "nav.popVsContentPans"))
        }
    }

    /// The rules among `rules` that can decide the fact (by their id's family), or the one named
    /// `otherwise` when none of them can.
    static func relevant(_ rules: [TouchRule], _ families: [String], otherwise: String) -> [TouchRule] {
        let kept = rules.filter { rule in families.contains { rule.id.hasPrefix($0) } }
        return kept.isEmpty ? (UIKitRules.all + SwiftUIRules.all).filter { $0.id == otherwise } : kept
    }

    /// The recognizers that changed state on either side.
    func involved(_ device: TouchOutcome, _ model: TouchOutcome) -> [String] {
        device.recognizerOrder + model.recognizerOrder.filter { device.recognizers[$0] == nil }
    }

    /// The first of `names` whose delegate implements a method or whose class overrides one
    /// that decides recognition.
    func delegateOrOverride(among names: [String]) -> DeviceDisagreement.Cause? {
        for name in names {
            guard let code = facts[name] else { continue }
            if code.customRecognizer {
                return .code(code, "\(name): \(code.className) is a custom recognizer class, which the scene cannot hold.")
            }
            if let method = code.implements.first {
                return .code(
                    code, "\(name): its delegate \(code.delegate ?? "?") implements \(method), and the scene does not say what it answers.")
            }
            if let method = code.overrides.first(where: Self.recognizerMethods.contains) {
                return .code(code, "\(name): \(code.className) overrides \(method), and the scene does not say what it answers.")
            }
        }
        return nil
    }

    func first(in names: [String], overriding methods: [String]) -> (facts: CodeFacts, method: String)? {
        for name in names {
            if let code = facts[name], let method = code.overrides.first(where: methods.contains) { return (code, method) }
        }
        return nil
    }

    /// The view a recognizer is on, from the model's tree.
    func viewName(ofRecognizer name: String) -> String? {
        let holder = application.windows.lazy.flatMap(\.subtree).first { ($0.gestureRecognizers ?? []).contains { $0.traceName == name } }
        if let holder { return holder.traceName }
        return name.range(of: "@").map { String(name[$0.upperBound...]) }
    }

    /// The superviews of the named view in the model's tree, nearest first.
    func ancestors(of name: String) -> [String] {
        var out: [String] = []
        var next = application.view(traceName: name)?.superview
        while let view = next {
            out.append(view.traceName)
            next = view.superview
        }
        return out
    }
}

extension UIApplication {
    /// The view with this trace name in the application's windows, depth first.
    func view(traceName: String) -> UIView? {
        for window in windows {
            if let found = window.subtree.first(where: { $0.traceName == traceName }) { return found }
        }
        return nil
    }
}
