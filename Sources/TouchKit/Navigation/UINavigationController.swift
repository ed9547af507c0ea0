import Foundation

/// A stack of view controllers (UIKit's `UINavigationController`): the top controller's view
/// fills the navigation controller's view; `pushViewController` and `popViewController` change
/// the stack at once (no animation), and the interactive pop gesture pops it by a swipe from the
/// leading edge.
///
/// The pop gesture is UIKit's `interactivePopGestureRecognizer`: a screen-edge pan from the left
/// edge (`_UIParallaxTransitionPanGestureRecognizer`, as UIKit's own class is named), on this
/// controller's view, whose delegate is the navigation controller. UIKit's rules:
/// - It does not begin with one controller on the stack (the delegate's
///   `gestureRecognizerShouldBegin` says no). Observed.
/// - It has no failure relation with the content's recognizers: a content pan that can take the
///   swipe at the leading edge (a scroll view that scrolls horizontally, a custom pan, a swipeable
///   cell) is nearer the finger, begins first and keeps the touch; the content scrolls or
///   bounces and the pop fails. The pop runs where no content pan claims the touch (a scroll
///   view that scrolls only vertically does not begin on a horizontal swipe). Observed, field
///   reports 2014 to 2021: juejin.cn/post/6926759190501261326 ("UIScrollView and navigation
///   controller slide back gesture conflict"), theewind.github.io 2016-07-22, SwipeCellKit#175
///   and #231, DNSSwipeableTableCell#6, MGSwipeTableCell#54. The fix people ship,
///   `scrollView.panGestureRecognizer.require(toFail: navigationController.interactivePopGestureRecognizer)`,
///   makes the pop win. (An earlier TouchScope made content pans wait for the pop, as an issue
///   asked; the sources say otherwise, and a scene that wants that precedence writes the
///   `require(toFail:)` above.)
/// - It completes the pop when it ends past half the view's width or released fast to the right
///   (approximation: UIKit's values are private; TouchScope uses half the width or 500 pt/s), and
///   otherwise leaves the stack as it was.
/// - Setting its delegate to nil (a common workaround) lets it begin even at the root.
open class UINavigationController: UIViewController, UIGestureRecognizerDelegate {
    public private(set) var viewControllers: [UIViewController] = []
    /// UIKit's interactive pop gesture recognizer (nil until the view is loaded, as in UIKit).
    public private(set) var interactivePopGestureRecognizer: UIGestureRecognizer?

    /// The iOS 26 SDK's back swipe from anywhere in the content (nil before the iOS 26 SDK, and
    /// until the view is loaded). Apple: it pops "when a person initially pans horizontally in a
    /// leading to trailing direction in the view", "on the entire content area … in cases that
    /// are not covered by interactivePopGestureRecognizer" (documented). So it waits for the edge
    /// pop to fail, begins only on a first move towards the trailing side, and, as the edge pop,
    /// has no failure relation with the content's pans: a horizontal scroll view or a custom pan
    /// keeps its swipe (observed: apps that want the back swipe there write the content pan's
    /// `require(toFail:)` or a delegate answer, as react-native-pager-view does for its first
    /// page). Turned off with `isEnabled = false`, as Apple says.
    public var interactiveContentPopGestureRecognizer: UIGestureRecognizer? {
        _contentPopEnabledBySDK ? _contentPop : nil
    }

    /// The content pop, installed with the view; it exists for the app only from the iOS 26 SDK.
    var _contentPop: UIPanGestureRecognizer?

    /// Whether the application's linked SDK has the content pop (26 and later).
    var _contentPopEnabledBySDK: Bool {
        (viewIfLoaded?._window?._application?.configuration ?? .uikit).linkedSDK >= 26
    }

    /// Release speed to the right past which the interactive pop completes (approximation).
    public static let popCompletionSpeed: CGFloat = 500

    public init(rootViewController: UIViewController) {
        super.init()
        viewControllers = [rootViewController]
        _adopt(rootViewController)
    }

    public override init() {
        super.init()
    }

    /// The controller on top of the stack.
    public var topViewController: UIViewController? { viewControllers.last }

    /// The top controller decides where system gestures are deferred (approximation: UIKit's
    /// navigation controller forwards to it).
    open override var childForScreenEdgesDeferringSystemGestures: UIViewController? { topViewController }

    /// What is shown: the top controller (no modal presentation is modelled here).
    public var visibleViewController: UIViewController? { topViewController }

    open override func loadView() {
        let container = UILayoutContainerView(frame: .zero)
        container.navigationController = self
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        let pop = _UIParallaxTransitionPanGestureRecognizer(target: nil, action: nil)
        pop.edges = .left
        pop.delegate = self
        pop.addTarget(self) { [weak self] recognizer in self?._interactivePopChanged(recognizer) }
        view.addGestureRecognizer(pop)
        interactivePopGestureRecognizer = pop
        let contentPop = UIPanGestureRecognizer(target: nil, action: nil)
        contentPop.traceClass = "_UIContentPopGestureRecognizer"
        contentPop.delegate = self
        contentPop.require(toFail: pop)
        contentPop.addTarget(self) { [weak self] recognizer in self?._interactivePopChanged(recognizer) }
        view.addGestureRecognizer(contentPop)
        _contentPop = contentPop
        _showTop()
    }

    /// Replaces the stack.
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        for old in viewControllers where !controllers.contains(where: { $0 === old }) { _remove(old) }
        viewControllers = controllers
        for controller in controllers { _adopt(controller) }
        if isViewLoaded { _showTop() }
    }

    /// Pushes `controller` on the stack and shows it.
    open func pushViewController(_ controller: UIViewController, animated: Bool) {
        viewControllers.append(controller)
        _adopt(controller)
        if isViewLoaded { _showTop() }
    }

    /// Pops the top controller (never the root); returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        _remove(popped)
        if isViewLoaded { _showTop() }
        view?._trace?.record(
            .layer(
                LayerEvent(
                    layer: .navigation, kind: "pop", subject: traceName,
                    fields: [.init("popped", popped.traceName), .init("top", topViewController?.traceName ?? "none")])))
        return popped
    }

    // MARK: The interactive pop gesture's delegate

    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === _contentPop, let pan = _contentPop {
            // The iOS 26 SDK's content pop: a first move towards the trailing side, more
            // horizontal than vertical, with something to pop.
            guard _contentPopEnabledBySDK, viewControllers.count > 1 else { return false }
            let moved = pan.translation(in: viewIfLoaded)
            return moved.x > 0 && abs(moved.x) > abs(moved.y)
        }
        guard gestureRecognizer === interactivePopGestureRecognizer else { return true }
        return viewControllers.count > 1
    }

    // MARK: Private

    func _interactivePopChanged(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .ended, let pan = recognizer as? UIPanGestureRecognizer, let view = viewIfLoaded else { return }
        let moved = pan.translation(in: view).x
        let speed = pan.velocity(in: view).x
        if moved > view.bounds.width / 2 || speed > Self.popCompletionSpeed {
            popViewController(animated: true)
        }
    }

    func _adopt(_ controller: UIViewController) {
        guard controller.parent !== self else { return }
        addChild(controller)
    }

    func _remove(_ controller: UIViewController) {
        controller.viewIfLoaded?.removeFromSuperview()
        controller.removeFromParent()
    }

    /// Shows the top controller's view, filling this one, and nothing else.
    func _showTop() {
        for controller in viewControllers.dropLast() { controller.viewIfLoaded?.removeFromSuperview() }
        guard let top = topViewController else { return }
        let content = top.view!
        if content.superview !== view {
            content.frame = view.bounds
            view.insertSubview(content, at: 0)
        }
    }
}

/// A navigation controller's view (UIKit's `UILayoutContainerView`): the top controller's view
/// fills it whenever its size changes (the window sizes its root controller's view after loading).
///
/// Its pop gesture is its built-in recognizer: addressed as `<its id>.pop` (`nav.pop`).
final class UILayoutContainerView: UIView {
    weak var navigationController: UINavigationController?

    override func _builtInRecognizerSuffix(for recognizer: UIGestureRecognizer) -> String? {
        recognizer === navigationController?.interactivePopGestureRecognizer ? "pop" : nil
    }

    override var frame: CGRect {
        didSet { _fill() }
    }

    override var bounds: CGRect {
        didSet { _fill() }
    }

    func _fill() {
        for subview in subviews where subview.frame != bounds { subview.frame = bounds }
    }
}
