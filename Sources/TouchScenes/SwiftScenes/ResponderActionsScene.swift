import Foundation
import TouchKit

/// Seed 002's BlinkableView: it can become first responder and performs `performBlinkAction`.
final class BlinkableView: UIView {
    override var canBecomeFirstResponder: Bool { true }

    func select() {
        becomeFirstResponder()
    }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == "performBlinkAction" || super.canPerformAction(action, withSender: sender)
    }

    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        guard action == "performBlinkAction" else { return }
        alpha = alpha == 1 ? 0.4 : 1
        window?.next.flatMap { $0 as? UIApplication }?.trace.note("\(traceName) blinks")
    }
}

/// Seed 002's PushScreenEvent: a UIEvent subclass carrying the controller to push.
final class PushScreenEvent: UIEvent {
    let title: String
    init(title: String) {
        self.title = title
    }
}

/// Seed 002's Coordinator, inserted between a controller and its window in the chain.
final class Coordinator: UIResponder {
    weak var viewController: CoordinatedViewController?

    override var next: UIResponder? { viewController?.originalNextResponder }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == "pushNewScreen"
    }

    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        guard let push = event as? PushScreenEvent else { return }
        viewController?.view.window?.next.flatMap { $0 as? UIApplication }?.trace.note("coordinator pushes \(push.title)")
    }
}

/// Seed 002's CoordenableViewController: fills in its coordinator once it has appeared.
class CoordinatedViewController: UIViewController {
    private(set) var coordinator: Coordinator?
    /// Weak: it is the window, which holds this controller as its root.
    private(set) weak var originalNextResponder: UIResponder?

    override var next: UIResponder? { coordinator ?? super.next }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard coordinator == nil else { return }
        originalNextResponder = next
        coordinator = Coordinator()
        coordinator?.viewController = self
    }
}

enum ResponderActionsScene {
    static func make() -> LoadedScene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.backgroundColor = .white
        let controller = CoordinatedViewController()
        controller.title = "Home"
        window.rootViewController = controller
        let root: UIView = controller.view
        root.accessibilityIdentifier = "home"
        let colors: [UIColor] = [.orange, .cyan, .magenta]
        for (index, color) in colors.enumerated() {
            let card = BlinkableView(frame: CGRect(x: 30 + CGFloat(index) * 115, y: 120, width: 100, height: 100))
            card.accessibilityIdentifier = "card\(index + 1)"
            card.backgroundColor = color
            card.onTouchUpInside { [unowned card] in card.select() }
            root.addSubview(card)
        }
        let blink = UIButton(type: .system)
        blink.frame = CGRect(x: 30, y: 300, width: 150, height: 50)
        blink.accessibilityIdentifier = "blink"
        blink.setTitle("Blink", for: .normal)
        blink.backgroundColor = UIColor(white: 0.9, alpha: 1)
        blink.addAction(
            UIAction(title: "blink") { [unowned blink] _ in
                _ = blink.window?.next.flatMap { $0 as? UIApplication }?.sendAction("performBlinkAction", to: nil, from: nil, for: nil)
            }, for: .touchUpInside)
        root.addSubview(blink)
        let push = UIButton(type: .system)
        push.frame = CGRect(x: 210, y: 300, width: 150, height: 50)
        push.accessibilityIdentifier = "push"
        push.setTitle("Push", for: .normal)
        push.backgroundColor = UIColor(white: 0.9, alpha: 1)
        push.addAction(
            UIAction(title: "push") { [unowned push] _ in
                _ = push.window?.next.flatMap { $0 as? UIApplication }?.sendAction(
                    "pushNewScreen", to: nil, from: push, for: PushScreenEvent(title: "Detail"))
            }, for: .touchUpInside)
        root.addSubview(push)
        return .swift(name: "responder-actions", summary: SwiftScenes.all[1].summary, window: window, retaining: [controller])
    }
}
