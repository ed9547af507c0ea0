import Foundation
import Testing

@testable import TouchKit

/// An interceptor that grows its view's hit area, refuses one action name, handles one typed
/// event, and lets the view become first responder: what a subclass overriding those methods would do.
private final class Grower: ResponderInterceptor {
    var log: [String] = []
    let grow: CGFloat
    init(grow: CGFloat) { self.grow = grow }

    func intercept(_ method: TouchMethod, of responder: UIResponder, uikit: () -> Void) {
        log.append("\(method)")
        uikit()
    }
    var interceptsHitTesting: Bool { grow != 0 }
    func pointInside(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, uikit: () -> Bool) -> Bool {
        view.bounds.insetBy(dx: -grow, dy: -grow).contains(point)
    }
    func route<Event: ResponderChainEvent>(_ responder: UIResponder, event: Event, uikit: () -> Void) {
        log.append("route \(event)")
    }
    func canBecomeFirstResponder(_ responder: UIResponder, uikit: () -> Bool) -> Bool { true }
    func canPerformAction(_ action: Selector, of responder: UIResponder, uikit: () -> Bool) -> Bool { action.name == "paste" || uikit() }
    func perform(_ action: Selector, of responder: UIResponder, sender: Any?, event: UIEvent?, uikit: () -> Void) {
        log.append("perform \(action.name)")
    }
}

private struct Ping: ResponderChainEvent {}

/// The interceptor hook stands in front of a plain view's overridable methods, as a subclass's
/// overrides would, for every caller.
@Suite("The responder interceptor")
struct ResponderInterceptorTests {
    @Test(
        "a plain view whose interceptor grows its hit area is hit outside its frame, among 100 indexed siblings, and explanations say it overrides point(inside:)"
    )
    func hitTestingAsksTheInterceptor() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        for index in 0..<100 {
            window.addSubview(UIView(frame: CGRect(x: CGFloat(index % 10) * 40, y: CGFloat(index / 10) * 40 + 200, width: 4, height: 4)))
        }
        let small = UIView(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        small.accessibilityIdentifier = "small"
        window.addSubview(small)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 95, y: 95))
        #expect(sim.trace.entries.contains { if case .hitResult(_, let view) = $0.event { view == "UIWindow" } else { false } })
        // Set after the view joined its superview: the index forgets it, hit testing asks it.
        let grower = Grower(grow: 20)
        small.interceptor = grower
        #expect(window.hitTest(CGPoint(x: 95, y: 95), with: nil) === small)
        #expect(small._overridesPointInside && small._overridesHitTest)
        let explanation = HitExplanation(window: window, point: CGPoint(x: 95, y: 95))
        #expect(explanation.hit === small)
        #expect(ViewInspection(view: small).text.contains("point(inside:with:)"))
        sim.tap(at: CGPoint(x: 95, y: 95))
        #expect(grower.log.prefix(2) == ["touchesBegan", "touchesEnded"])
        // An interceptor that does not answer hit testing keeps the view on UIKit's fast path.
        small.interceptor = Grower(grow: 0)
        #expect(window.hitTest(CGPoint(x: 95, y: 95), with: nil) === window)
        #expect(!small._overridesPointInside)
    }

    @Test("first responder, actions and typed events go through the interceptor of a view and of a controller")
    func responderMethods() {
        let view = UIView(frame: .zero)
        #expect(!view.canBecomeFirstResponder && !view.canPerformAction("paste", withSender: nil))
        let grower = Grower(grow: 0)
        view.interceptor = grower
        #expect(view.canBecomeFirstResponder)
        #expect(view.canPerformAction("paste", withSender: nil) && !view.canPerformAction("copy", withSender: nil))
        view.perform("paste", sender: nil, event: nil)
        view.router(event: Ping())
        #expect(grower.log == ["perform paste", "route Ping()"])
        let controller = UIViewController()
        controller.interceptor = grower
        #expect(controller.canBecomeFirstResponder)
        // A text field's own rule (enabled) still holds beside the interceptor's answer.
        let field = UITextField(frame: .zero)
        field.isEnabled = false
        #expect(!field.canBecomeFirstResponder)
        field.interceptor = grower
        #expect(field.canBecomeFirstResponder)
    }
}
