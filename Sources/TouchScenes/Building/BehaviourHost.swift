import Foundation
import TouchKit
import TouchSwiftUI

/// The code behind scene behaviours: the `interceptor` of each scene view or controller that has
/// behaviours, so TouchKit hands it the overridable methods (`ResponderInterceptor`) with a
/// closure for `super`, on a plain view of the scene's kind (no subclass per UIKit class).
///
/// Hit-area behaviours (`enlargeHitArea`, `passThrough`, `catchAll`, `shape`) decide
/// `point(inside:)` in the order listed, the first active one winning; `when` makes a behaviour
/// active only while a scene state flag has a value; with none active, UIKit's answer stands.
final class BehaviourHost: ResponderInterceptor {
    let behaviours: [Behaviour]
    /// Weak: the window keeps the runtime alive, and a view inside a SwiftUI representable is
    /// reachable from the runtime (a strong reference would keep the scene alive for ever). With
    /// the scene gone, no behaviour is active.
    weak var runtime: SceneRuntime?

    init(behaviours: [Behaviour], runtime: SceneRuntime) {
        self.behaviours = behaviours
        self.runtime = runtime
    }

    /// Behaviours whose conditions hold now, with `when` unwrapped.
    var active: [Behaviour] {
        guard let runtime else { return [] }
        return behaviours.compactMap { resolve($0, runtime) }
    }

    private func resolve(_ behaviour: Behaviour, _ runtime: SceneRuntime) -> Behaviour? {
        if case .when(let state, let equals, let inner) = behaviour {
            return runtime.state[state, default: false] == equals ? resolve(inner, runtime) : nil
        }
        return behaviour
    }

    func pointInside(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> Bool) -> Bool {
        for behaviour in active {
            switch behaviour {
            case .enlargeHitArea(let grow):
                return view.bounds.inset(by: UIEdgeInsets(top: -grow.top, left: -grow.left, bottom: -grow.bottom, right: -grow.right))
                    .contains(point)
            case .passThrough(let subviews, let rects):
                if rects.contains(where: { $0.contains(point) }) { return true }
                return subviews.contains { id in
                    guard let subview = runtime?.view(id) else { return false }
                    return subview.point(inside: subview.convert(point, from: view), with: event)
                }
            case .catchAll:
                return true
            case .shape(let polygon):
                return Self.polygon(polygon, contains: point)
            case .preferSubviews, .hitTestSubviewsOutside, .redirectHit, .gestureRecognizerShouldBegin, .touchesShouldCancel, .when,
                .onTouches, .handleEvents, .firstResponder, .touchUpInside, .passThroughWhenHit, .passThroughOnNamedLayer, .beginTracking,
                .continueTracking:
                continue
            }
        }
        return uikit()
    }

    func hitTest(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> UIView?) -> UIView? {
        let behaviours = active
        for case .preferSubviews(let ids) in behaviours {
            // Seed 004's cell: UIKit's guards first, then the preferred buttons, then UIKit.
            guard view.isUserInteractionEnabled, !view.isHidden, view.alpha >= 0.01,
                view.point(inside: point, with: event)
            else { return nil }
            for id in ids {
                guard let subview = runtime?.view(id) else { continue }
                if subview.point(inside: view.convert(point, to: subview), with: event) { return subview }
            }
        }
        let found = uikit()
        for behaviour in behaviours {
            switch behaviour {
            case .hitTestSubviewsOutside(let ids) where found == nil:
                // QA1812: the override keeps UIKit's guards (a hidden or non-interactive view
                // reaches nothing), then asks each subview with the point in its coordinates.
                guard view.isUserInteractionEnabled, !view.isHidden, view.alpha >= 0.01 else { return nil }
                for id in ids {
                    guard let subview = runtime?.view(id) else { continue }
                    if let hit = subview.hitTest(view.convert(point, to: subview), with: event) { return hit }
                }
            case .redirectHit(let target) where found === view:
                if let other = runtime?.view(target) { return other }
            case .passThroughWhenHit(let references) where found != nil:
                guard let found else { continue }
                let seen = SwiftUIHostingView.viewAppCodeSees(for: found, at: point, in: view)
                let passes = seen.map { seen in references.contains { self.view($0, from: view) === seen } } ?? false
                if let hosting = SwiftUIHostingView.hosting(of: found), event != nil {
                    let answer = hosting.uikitAnswer(at: hosting.convert(point, from: view))
                    Self.trace(view, hosting: hosting, answer: answer.rawValue, passes: passes, rule: "swiftui.hostingView.answer.\(hosting.era)")
                }
                if passes { return nil }
            case .passThroughOnNamedLayer(let reference) where found != nil:
                // UIKit views' layers have no name; a hosting view's layer is named where SwiftUI
                // draws nothing.
                if let hosting = self.view(reference, from: view) as? SwiftUIHostingView {
                    let drawn = hosting.drawsContent(at: hosting.convert(point, from: view))
                    if event != nil {
                        Self.trace(
                            view, hosting: hosting, answer: drawn ? "unnamedLayer" : "namedLayer", passes: !drawn,
                            rule: "swiftui.hostingView.layerName")
                    }
                    if !drawn { return nil }
                }
            default:
                continue
            }
        }
        return found
    }

    /// Records a pass-through decision over a hosting view (a `scene` layer entry): what app code
    /// saw, whether the touch passed, and the era's rule behind it.
    private static func trace(_ view: UIView, hosting: SwiftUIHostingView, answer: String, passes: Bool, rule: String) {
        ((view.window ?? (view as? UIWindow))?.next as? UIApplication)?.trace.record(
            TraceEvent.layer(
                LayerEvent(
                    layer: .scene, kind: passes ? "passedThrough" : "kept", subject: view.traceName,
                    fields: [.init("over", hosting.traceName), .init("answer", answer), .init("rule", rule)])))
    }

    /// The view a pass-through behaviour names: `self`, `root` (the root view of the window
    /// `view` is in, or is), or a scene id.
    private func view(_ reference: String, from view: UIView) -> UIView? {
        switch reference {
        case "self": return view
        case "root": return ((view as? UIWindow) ?? view.window)?.rootViewController?.view
        default: return runtime?.view(reference)
        }
    }

    /// The view's `gestureRecognizerShouldBegin(_:)`: the first active behaviour answering it
    /// decides, else UIKit's answer stands.
    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer, uikit: () -> Bool) -> Bool {
        for case .gestureRecognizerShouldBegin(let answer) in active {
            return runtime?.evaluate(answer, recognizer: recognizer, touch: nil, other: recognizer) ?? uikit()
        }
        return uikit()
    }

    /// A control's `beginTracking`/`continueTracking`: the first active behaviour answering it
    /// decides, else UIKit's answer stands.
    func tracking(_ control: UIView, _ touch: UITouch, continuing: Bool, uikit: () -> Bool) -> Bool {
        guard let control = control as? UIControl else { return uikit() }
        for behaviour in active {
            switch behaviour {
            case .beginTracking(let answer) where !continuing, .continueTracking(let answer) where continuing:
                return runtime?.evaluate(answer, control: control, touch: touch) ?? uikit()
            default:
                continue
            }
        }
        return uikit()
    }

    /// A scroll view's `touchesShouldCancel(in:)`: the first active behaviour answering it
    /// decides, about the content view `view`; else UIKit's answer stands.
    func touchesShouldCancel(in view: UIView, uikit: () -> Bool) -> Bool {
        for case .touchesShouldCancel(let answer) in active {
            return runtime?.evaluate(answer, view: view) ?? uikit()
        }
        return uikit()
    }

    /// Runs matching `onTouches` behaviours. UIKit's method (`uikit`) runs when none matches,
    /// or first when a matching behaviour forwards.
    func intercept(_ method: TouchMethod, of responder: UIResponder, uikit: () -> Void) {
        let matching = active.compactMap { behaviour -> ([Effect], Bool)? in
            guard case .onTouches(let methods, let effects, let forward) = behaviour, methods.contains(method) else { return nil }
            return (effects, forward)
        }
        if matching.isEmpty || matching.contains(where: \.1) { uikit() }
        for (effects, _) in matching { runtime?.run(effects, from: responder) }
    }

    /// Runs matching `handleEvents` behaviours. The event goes on up the chain (`uikit`) when
    /// none matches, or first when a matching behaviour forwards (as seed 003's sun calls `super`
    /// before reporting its own click).
    func route<Event: ResponderChainEvent>(_ responder: UIResponder, event: Event, uikit: () -> Void) {
        let name = (event as? SceneEvent)?.name ?? String(describing: event)
        let matching = active.compactMap { behaviour -> ([Effect], Bool)? in
            guard case .handleEvents(let names, let effects, let forward) = behaviour, names.contains(name) else { return nil }
            return (effects, forward)
        }
        if matching.isEmpty || matching.contains(where: \.1) { uikit() }
        for (effects, _) in matching { runtime?.run(effects, from: responder) }
    }

    /// A `firstResponder` behaviour lets the responder become first responder, whatever UIKit says.
    func canBecomeFirstResponder(_ responder: UIResponder, uikit: () -> Bool) -> Bool {
        active.contains { if case .firstResponder = $0 { true } else { false } } || uikit()
    }

    /// The actions a `firstResponder` behaviour lists can be performed, besides UIKit's.
    func canPerformAction(_ action: Selector, of responder: UIResponder, uikit: () -> Bool) -> Bool {
        effects(forAction: action) != nil || uikit()
    }

    /// Runs the effects a `firstResponder` behaviour lists for `action` (UIKit's `perform` does
    /// nothing, so it is not called).
    func perform(_ action: Selector, of responder: UIResponder, sender: Any?, event: UIEvent?, uikit: () -> Void) {
        if let effects = effects(forAction: action) { runtime?.run(effects, from: responder) }
    }

    /// A scene view with behaviours answers hit testing through them (as the classes that
    /// overrode `hitTest` and `point(inside:)` did): hit testing asks it.
    var interceptsHitTesting: Bool { true }

    func effects(forAction action: Selector) -> [Effect]? {
        for case .firstResponder(let actions) in active {
            if let effects = actions[action.name] { return effects }
        }
        return nil
    }

    /// Even-odd rule.
    static func polygon(_ vertices: [CGPoint], contains point: CGPoint) -> Bool {
        var inside = false
        var j = vertices.count - 1
        for i in 0..<vertices.count {
            let a = vertices[i]
            let b = vertices[j]
            if (a.y > point.y) != (b.y > point.y) {
                let x = (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
                if point.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}
