import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// Seed 002's extension, as an app would write it.
extension UIView {
    var seedClosestViewController: UIViewController? {
        if let nextResponder = self.next as? UIViewController {
            return nextResponder
        } else if let nextResponder = self.next as? UIView {
            return nextResponder.seedClosestViewController
        } else {
            return nil
        }
    }
}

final class AppDelegateResponder: UIResponder, UIApplicationDelegate {}

final class NonResponderDelegate: UIApplicationDelegate {}

/// A responder whose `next` is whatever the test says, to build cycles.
final class LoopingResponder: UIResponder {
    weak var link: UIResponder?
    let label: String
    init(_ label: String) { self.label = label }
    override var next: UIResponder? { link }
}

@Suite("The responder chain")
struct ResponderChainTests {
    @Test("a root view answers its controller, the controller its window, the window its application, the application its delegate")
    func defaultChain() {
        let window = makeWindow()
        let controller = UIViewController()
        window.rootViewController = controller
        let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let middle = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        middle.addSubview(leaf)
        controller.view.addSubview(middle)
        let sim = TouchSimulator(window: window)
        let delegate = AppDelegateResponder()
        sim.application.delegate = delegate
        #expect(leaf.next === middle)
        #expect(middle.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(window.next === sim.application)
        #expect(sim.application.next === delegate)
        #expect(
            leaf.responderChain.map(\.traceName) == [
                "UIView@0.0.0", "UIView@0.0", "UIView@0", "UIViewController", "UIWindow", "UIApplication",
                "AppDelegateResponder",
            ])
    }

    @Test("an overridden next that loops ends the chain where it closes", arguments: [2, 3, 5000])
    func cyclicChain(length: Int) {
        let responders = (0..<length).map { LoopingResponder("r\($0)") }
        for (index, responder) in responders.enumerated() {
            responder.link = responders[(index + 1) % length]
        }
        #expect(responders[0].responderChain.count == length)
        // A tail leading into a loop that does not contain the start.
        let head = LoopingResponder("head")
        head.link = responders[1]
        let chain = head.responderChain.compactMap { ($0 as? LoopingResponder)?.label }
        #expect(chain.count == length + 1)
        #expect(chain.first == "head" && chain.last == "r0")
    }

    @Test("an application delegate that is not a responder ends the chain")
    func nonResponderDelegate() {
        let app = UIApplication()
        let delegate = NonResponderDelegate()
        app.delegate = delegate
        #expect(app.next == nil)
    }

    @Test("a presented controller's next is its presenting controller")
    func presentedController() {
        let window = makeWindow()
        let base = UIViewController()
        window.rootViewController = base
        let sim = TouchSimulator(window: window)
        let sheet = UIViewController()
        base.present(sheet, animated: true)
        #expect(sheet.next === base)
        #expect(base.presentedViewController === sheet)
        #expect(sheet.view.window === window)
        // The presented view is on top: it takes the touch.
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === sheet.view)
        base.dismiss(animated: true)
        #expect(sheet.next == nil)
        #expect(base.presentedViewController == nil)
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === base.view)
    }

    @Test("seed 002's closestViewController finds the controller through next")
    func closestViewController() {
        let window = makeWindow()
        let controller = UIViewController()
        window.rootViewController = controller
        let deep = UIView()
        let middle = UIView()
        middle.addSubview(deep)
        controller.view.addSubview(middle)
        #expect(deep.seedClosestViewController === controller)
        #expect(UIView().seedClosestViewController == nil)
        #expect(window.seedClosestViewController == nil)
    }

    @Test("an overridden next is read at delivery time: untouched touches travel the new chain")
    func overriddenNextAtDelivery() {
        let log = EventLog()
        let window = makeWindow()
        let catcher = LoggingView("catcher", frame: .zero, log: log)
        let rerouting = ReroutingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(rerouting)
        let sim = TouchSimulator(window: window)
        rerouting.reroute = catcher
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries == ["catcher began [1]", "catcher ended [1]"])
        #expect(sim.trace.lines.contains { $0.hasSuffix("touchesBegan forwarded ReroutingView@0 -> LoggingView#catcher") })
    }
}

/// A view that does not handle touches and whose next responder can be changed.
final class ReroutingView: UIView {
    var reroute: UIResponder?
    override var next: UIResponder? { reroute ?? super.next }
}

// MARK: - First responder and named actions (seed 002)

final class BlinkableView: UIView {
    let log: EventLog
    init(_ name: String, log: EventLog) {
        self.log = log
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        accessibilityIdentifier = name
    }

    override var canBecomeFirstResponder: Bool { true }

    func select() {
        becomeFirstResponder()
    }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == "performBlinkAction" || super.canPerformAction(action, withSender: sender)
    }

    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if action == "performBlinkAction" { log.append("\(accessibilityIdentifier!) blinks") }
    }
}

@Suite("First responder and actions sent along the chain")
struct FirstResponderTests {
    @Test("the blink action reaches the last BlinkableView that was selected")
    func blink() {
        let log = EventLog()
        let window = makeWindow()
        let first = BlinkableView("first", log: log)
        let second = BlinkableView("second", log: log)
        window.addSubview(first)
        window.addSubview(second)
        let sim = TouchSimulator(window: window)
        first.select()
        #expect(first.isFirstResponder)
        second.select()
        #expect(second.isFirstResponder && !first.isFirstResponder)
        #expect(sim.application.sendAction("performBlinkAction", to: nil, from: nil, for: nil))
        #expect(log.entries == ["second blinks"])
        #expect(sim.trace.lines.last?.hasSuffix("performBlinkAction from nil -> BlinkableView#second") == true)
    }

    @Test("a view outside any window, or one that cannot, does not become first responder")
    func refusals() {
        let log = EventLog()
        #expect(!BlinkableView("loose", log: log).becomeFirstResponder())
        let window = makeWindow()
        let plain = UIView()
        window.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
    }

    @Test("an action nobody performs returns false and is traced")
    func unperformed() {
        let window = makeWindow()
        let sim = TouchSimulator(window: window)
        #expect(!sim.application.sendAction("nobodyHasThis", to: nil, from: nil, for: nil))
        #expect(sim.trace.lines.last?.hasSuffix("nobodyHasThis from nil -> nobody") == true)
    }

    @Test("with no first responder the walk starts at the sender")
    func startsAtSender() {
        let log = EventLog()
        let window = makeWindow()
        let blinkable = BlinkableView("outer", log: log)
        let inner = UIView()
        blinkable.addSubview(inner)
        window.addSubview(blinkable)
        let sim = TouchSimulator(window: window)
        #expect(sim.application.sendAction("performBlinkAction", to: nil, from: inner, for: nil))
        #expect(log.entries == ["outer blinks"])
        #expect(inner.target(forAction: "performBlinkAction", withSender: nil) as? UIView === blinkable)
    }
}

// MARK: - The coordinator inserted into next (seed 002)

final class PushScreenEvent: UIEvent {
    let viewController: CoordinatedViewController
    override var type: UIEvent.EventType { .touches }
    init(viewController: CoordinatedViewController) {
        self.viewController = viewController
    }
}

final class Coordinator: UIResponder {
    weak var viewController: CoordinatedViewController?
    let log: EventLog
    init(log: EventLog) { self.log = log }

    override var next: UIResponder? { viewController?.originalNextResponder }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == "pushNewScreen"
    }

    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        guard let push = event as? PushScreenEvent else { return }
        log.append("push \(push.viewController.title ?? "?") over \(viewController?.title ?? "?")")
    }
}

class CoordinatedViewController: UIViewController {
    let log: EventLog
    private(set) var coordinator: Coordinator?
    private(set) var originalNextResponder: UIResponder?

    init(title: String, log: EventLog) {
        self.log = log
        super.init()
        self.title = title
    }

    override var canBecomeFirstResponder: Bool { true }
    override var next: UIResponder? { coordinator ?? super.next }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard coordinator == nil else { return }
        originalNextResponder = next
        coordinator = Coordinator(log: log)
        coordinator?.viewController = self
    }
}

@Suite("A coordinator inserted into the chain (seed 002)")
struct CoordinatorTests {
    @Test("the chain reads view -> controller -> coordinator -> window -> application -> delegate")
    func chain() {
        let log = EventLog()
        let window = makeWindow()
        let controller = CoordinatedViewController(title: "Home", log: log)
        window.rootViewController = controller
        let sim = TouchSimulator(window: window)
        sim.application.delegate = AppDelegateRetainer.shared
        let myView = UIView()
        controller.view.addSubview(myView)
        #expect(
            myView.responderChain.map { String(describing: type(of: $0)) } == [
                "UIView", "UIView", "CoordinatedViewController", "Coordinator", "UIWindow", "UIApplication",
                "AppDelegateResponder",
            ])
        #expect(controller.becomeFirstResponder())
        let newScreen = CoordinatedViewController(title: "Detail", log: log)
        #expect(sim.application.sendAction("pushNewScreen", to: nil, from: nil, for: PushScreenEvent(viewController: newScreen)))
        #expect(log.entries == ["push Detail over Home"])
    }
}

/// Keeps a delegate alive for the duration of a test (`delegate` is weak, as in UIKit).
enum AppDelegateRetainer {
    nonisolated(unsafe) static let shared = AppDelegateResponder()
}
