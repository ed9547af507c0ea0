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

    /// Field reports (juejin 6926759190501261326, theewind 2016-07-22, SwipeCellKit#175): a
    /// horizontal scroll view at the leading edge keeps the swipe, and the page does not go back.
    @Test("a horizontal scroll view at the edge keeps the swipe: it begins, the pop fails, the stack stays")
    func horizontalScrollViewKeepsTheSwipe() throws {
        let scene = NavigationScene()
        scene.sim.drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 300, y: 200), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 2, "not popped")
        #expect(scene.states(scene.strip.panGestureRecognizer).first == .began, "the strip's pan took the swipe")
        #expect(scene.states(scene.navigation.interactivePopGestureRecognizer).last == .failed)
        // Away from the edge the content scrolls, as always.
        let away = NavigationScene()
        away.sim.drag(from: CGPoint(x: 300, y: 200), to: CGPoint(x: 100, y: 200), duration: 0.3, steps: 10)
        #expect(away.navigation.viewControllers.count == 2, "not popped")
        #expect(away.strip.contentOffset.x > 0, "the strip scrolled")
    }

    @Test("the fix people ship, strip.panGestureRecognizer.require(toFail: interactivePopGestureRecognizer), makes the pop win")
    func requireToFailMakesThePopWin() throws {
        let scene = NavigationScene()
        let pop = try #require(scene.navigation.interactivePopGestureRecognizer)
        scene.strip.panGestureRecognizer.require(toFail: pop)
        scene.sim.drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 300, y: 200), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 1, "popped")
        #expect(scene.states(scene.strip.panGestureRecognizer) == [.failed], "the strip's pan waited for the pop gesture, then failed")
        #expect(scene.strip.contentOffset == .zero)
    }

    @Test("the pop runs where no content pan claims the swipe: over a scroll view that scrolls only vertically, and beside the strip")
    func popWhereNoContentPanClaims() throws {
        let vertical = NavigationScene()
        vertical.strip.contentSize = CGSize(width: 390, height: 2000)
        vertical.sim.drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 300, y: 200), duration: 0.3, steps: 10)
        #expect(vertical.navigation.viewControllers.count == 1, "popped over a vertical scroll view")
        #expect(!vertical.states(vertical.strip.panGestureRecognizer).contains(.began))
        let beside = NavigationScene()
        beside.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 300, y: 500), duration: 0.3, steps: 10)
        #expect(beside.navigation.viewControllers.count == 1, "popped below the strip")
    }

    /// DNSSwipeableTableCell#6, MGSwipeTableCell#54, SwipeCellKit#231: a custom pan in the content
    /// (a swipeable cell) intercepts the back swipe; `require(toFail:)` gives it back.
    @Test("a custom pan in the content at the edge takes the swipe; requiring the pop to fail gives it back")
    func customContentPan() throws {
        for requiresPop in [false, true] {
            let scene = NavigationScene()
            let cell = UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 60))
            let pan = UIPanGestureRecognizer { _ in }
            pan.name = "cellPan"
            cell.addGestureRecognizer(pan)
            scene.detail.view.addSubview(cell)
            if requiresPop { pan.require(toFail: try #require(scene.navigation.interactivePopGestureRecognizer)) }
            scene.sim.drag(from: CGPoint(x: 5, y: 420), to: CGPoint(x: 300, y: 420), duration: 0.3, steps: 10)
            #expect(scene.navigation.viewControllers.count == (requiresPop ? 1 : 2), "requires the pop to fail: \(requiresPop)")
            #expect(scene.states(pan).first == (requiresPop ? .failed : .began))
        }
    }

    /// Apple, UINavigationController.interactiveContentPopGestureRecognizer (iOS 26).
    @Test("the iOS 26 SDK's content pop: a rightward pan anywhere in the content pops; before the iOS 26 SDK there is none")
    func contentPopByEra() throws {
        let before = NavigationScene()
        #expect(before.navigation.interactiveContentPopGestureRecognizer == nil)
        before.sim.drag(from: CGPoint(x: 150, y: 500), to: CGPoint(x: 380, y: 500), duration: 0.3, steps: 10)
        #expect(before.navigation.viewControllers.count == 2, "ios18: a pan in the middle pops nothing")
        let scene = NavigationScene()
        scene.sim.application.configuration.linkedSDK = 26
        let contentPop = try #require(scene.navigation.interactiveContentPopGestureRecognizer)
        scene.sim.drag(from: CGPoint(x: 150, y: 500), to: CGPoint(x: 380, y: 500), duration: 0.3, steps: 10)
        #expect(scene.navigation.viewControllers.count == 1, "ios26: popped from the middle")
        #expect(scene.states(contentPop).contains(.began))
    }

    @Test("the content pop leaves the edge to the edge pop, a leftward or vertical pan alone, and a horizontal scroll view its swipe")
    func contentPopLeavesOthersAlone() throws {
        func scene() -> NavigationScene {
            let scene = NavigationScene()
            scene.sim.application.configuration.linkedSDK = 26
            return scene
        }
        let edge = scene()
        edge.sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 300, y: 500), duration: 0.3, steps: 10)
        #expect(edge.navigation.viewControllers.count == 1)
        #expect(edge.states(edge.navigation.interactivePopGestureRecognizer).contains(.began), "the edge pop took it")
        #expect(!edge.states(edge.navigation.interactiveContentPopGestureRecognizer).contains(.began))
        for (from, to) in [(CGPoint(x: 300, y: 500), CGPoint(x: 100, y: 500)), (CGPoint(x: 150, y: 500), CGPoint(x: 160, y: 800))] {
            let other = scene()
            other.sim.drag(from: from, to: to, duration: 0.3, steps: 10)
            #expect(other.navigation.viewControllers.count == 2, "\(from) -> \(to) pops nothing")
        }
        let strip = scene()
        strip.sim.drag(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 380, y: 200), duration: 0.3, steps: 10)
        #expect(strip.navigation.viewControllers.count == 2, "the strip keeps its swipe")
        #expect(strip.states(strip.strip.panGestureRecognizer).first == .began)
        let off = scene()
        off.navigation.interactiveContentPopGestureRecognizer?.isEnabled = false
        off.sim.drag(from: CGPoint(x: 150, y: 500), to: CGPoint(x: 380, y: 500), duration: 0.3, steps: 10)
        #expect(off.navigation.viewControllers.count == 2, "turned off as Apple says")
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
            guard case .controlEvent(_, let event) = entry.event, event == .touchDown || event == .touchUpInside else { return nil }
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
