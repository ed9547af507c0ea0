import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// A navigation controller with a root and a pushed controller, whose top view holds a
/// horizontally scrolling strip.
struct NavigationScene {
    let window = makeWindow()
    let navigation: UINavigationController
    let root = UIViewController()
    let detail = UIViewController()
    let strip = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 200))
    let sim: TouchSimulator

    init(pushed: Bool = true) {
        root.title = "root"
        detail.title = "detail"
        navigation = UINavigationController(rootViewController: root)
        navigation.view.frame = window.bounds
        window.rootViewController = navigation
        strip.accessibilityIdentifier = "strip"
        strip.contentSize = CGSize(width: 2000, height: 200)
        detail.view.addSubview(strip)
        if pushed { navigation.pushViewController(detail, animated: false) }
        sim = TouchSimulator(window: window)
    }

    func states(_ recognizer: UIGestureRecognizer?) -> [UIGestureRecognizer.State] {
        guard let recognizer else { return [] }
        return sim.trace.entries.compactMap { entry in
            if case .gestureState(let name, _, let to, _) = entry.event, name == recognizer.traceName { return to }
            return nil
        }
    }
}

@Suite("UINavigationController's interactive pop gesture")
struct NavigationTests {
    @Test("a swipe from the left edge pops the top controller; the trace says so")
    func edgeSwipePops() throws {
        let scene = NavigationScene()
        #expect(scene.navigation.viewControllers.count == 2)
        scene.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 300, y: 500), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 1)
        #expect(scene.navigation.topViewController === scene.root)
        #expect(scene.root.view.superview === scene.navigation.view)
        #expect(scene.detail.viewIfLoaded?.superview == nil)
        #expect(scene.sim.trace.lines.contains { $0.contains("pop popped=") })
    }

    @Test("the pop gesture beats a content pan that starts at the edge; away from the edge the content scrolls")
    func beatsContentPan() throws {
        var scene = NavigationScene()
        scene.sim.drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 300, y: 200), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 1, "popped")
        #expect(scene.states(scene.strip.panGestureRecognizer) == [.failed], "the strip's pan waited for the pop gesture, then failed")
        #expect(scene.strip.contentOffset == .zero)
        scene = NavigationScene()
        scene.sim.drag(from: CGPoint(x: 300, y: 200), to: CGPoint(x: 100, y: 200), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 2, "not popped")
        #expect(scene.strip.contentOffset.x > 0, "the strip scrolled")
    }

    @Test("a short swipe or a vertical drag from the edge does not pop; at the root it never begins")
    func doesNotPop() throws {
        var scene = NavigationScene()
        scene.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 60, y: 500), duration: 0.5, steps: 10)
        #expect(scene.navigation.viewControllers.count == 2, "a short, slow swipe leaves the stack")
        #expect(scene.states(scene.navigation.interactivePopGestureRecognizer).contains(.ended))
        scene = NavigationScene()
        scene.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 8, y: 300), duration: 0.3, steps: 10)
        #expect(scene.states(scene.navigation.interactivePopGestureRecognizer).last == .failed)
        #expect(scene.navigation.viewControllers.count == 2)
        scene = NavigationScene(pushed: false)
        scene.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 300, y: 500), duration: 0.3, steps: 10)
        #expect(!scene.states(scene.navigation.interactivePopGestureRecognizer).contains(.began), "one controller: it never begins")
        #expect(scene.navigation.viewControllers.count == 1)
    }

    @Test("disabled, the pop gesture never sees the swipe")
    func disabled() throws {
        let scene = NavigationScene()
        scene.navigation.interactivePopGestureRecognizer?.isEnabled = false
        scene.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 300, y: 500), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 2)
    }
}

/// A button at the bottom of a window with the system gesture gate on.
final class DeferringController: UIViewController {
    var deferring: UIRectEdge = []
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { deferring }
}

@Suite("The system gesture gate")
struct SystemGestureGateTests {
    /// The control events of a button at the bottom edge, with their times.
    func events(gate: Bool, deferring: UIRectEdge = [], at point: CGPoint = CGPoint(x: 195, y: 830), hold: TimeInterval) -> [String] {
        let window = makeWindow()
        let controller = DeferringController()
        controller.deferring = deferring
        controller.view.frame = window.bounds
        window.rootViewController = controller
        let button = UIButton(frame: CGRect(x: 0, y: 700, width: 390, height: 144))
        button.accessibilityIdentifier = "bottom"
        controller.view.addSubview(button)
        window.isSystemGestureGateEnabled = gate
        let sim = TouchSimulator(window: window)
        sim.tap(at: point, holdDuration: hold)
        return sim.trace.entries.compactMap { entry in
            guard case .controlEvent(_, let event) = entry.event, event == "touchDown" || event == "touchUpInside" else { return nil }
            return "\(event) \(entry.micros)"
        }
    }

    @Test("a quick tap at the bottom edge gets touchDown only at the lift; a held one after the gate's delay")
    func holdsBottomTouches() {
        #expect(events(gate: true, hold: 0.05) == ["touchDown 50000", "touchUpInside 50000"])
        #expect(events(gate: true, hold: 0.5) == ["touchDown 250000", "touchUpInside 500000"])
    }

    @Test("away from the edges, with the edge deferred, or with the gate off, touchDown comes at once")
    func passes() {
        #expect(events(gate: true, at: CGPoint(x: 195, y: 720), hold: 0.05) == ["touchDown 0", "touchUpInside 50000"])
        #expect(events(gate: true, deferring: .bottom, hold: 0.05) == ["touchDown 0", "touchUpInside 50000"])
        #expect(events(gate: false, hold: 0.05) == ["touchDown 0", "touchUpInside 50000"])
    }
}
