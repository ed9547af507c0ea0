import Foundation

/// An object that manages a view hierarchy (UIKit's `UIViewController`).
///
/// `view` is loaded on first access (`loadView()`, then `viewDidLoad()`), and settable. In the
/// responder chain the root view's `next` is the controller, and the controller's `next` is its
/// presenting controller when it was presented, otherwise its view's superview (the window, for a
/// window's root controller).
open class UIViewController: UIResponder {
    var _view: UIView?
    weak var _parent: UIViewController?
    var _children: [UIViewController] = []
    var _presented: UIViewController?
    weak var _presenting: UIViewController?
    var _hasAppeared = false

    /// A title, for traces and the window's panel.
    open var title: String?

    public override init() {
        super.init()
    }

    // MARK: View

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return _view
        }
        set {
            if let old = _view, old._viewController === self { old._viewController = nil }
            _view = newValue
            newValue?._viewController = self
            newValue?._invalidateTraceNames()
        }
    }

    /// The root view if it has been loaded, else nil (does not load it).
    public var viewIfLoaded: UIView? { _view }

    /// Whether the root view has been loaded.
    public var isViewLoaded: Bool { _view != nil }

    /// Creates the root view. Default: a plain `UIView` with a zero frame (the window sizes it).
    open func loadView() {
        view = UIView(frame: .zero)
    }

    /// The screen edges where this controller asks the system to defer its own gestures, so that
    /// touches there reach the app at once (UIKit's `preferredScreenEdgesDeferringSystemGestures`;
    /// default none). Override it; the system gesture gate reads it.
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }

    /// The child whose `preferredScreenEdgesDeferringSystemGestures` counts instead of this one's
    /// (UIKit's `childForScreenEdgesDeferringSystemGestures`; default nil).
    open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }

    /// Called once after the root view is loaded.
    open func viewDidLoad() {}

    /// Called before the view appears in a visible window.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called after the view appeared in a visible window.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the view is removed from the window by a dismissal.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called after the view was removed by a dismissal.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard _view == nil else { return }
        loadView()
        if _view == nil { view = UIView(frame: .zero) }
        viewDidLoad()
    }

    // MARK: Containment

    /// The parent controller, if this one is a child.
    public var parent: UIViewController? { _parent }

    /// The child controllers, in the order they were added.
    public var children: [UIViewController] { _children }

    /// Adds `child` as a child controller (its view is not added: do that yourself, as in UIKit).
    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        child.willMove(toParent: self)
        _children.append(child)
        child._parent = self
    }

    /// Removes this controller from its parent.
    open func removeFromParent() {
        guard let parent = _parent else { return }
        parent._children.removeAll { $0 === self }
        _parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    /// The controller this one presented, if any.
    public var presentedViewController: UIViewController? { _presented }

    /// The controller that presented this one, if any.
    public var presentingViewController: UIViewController? { _presenting }

    /// Presents `controller` full screen over this controller's window. Animation is not
    /// simulated: the view is installed at once and `completion` runs before returning.
    open func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard _presented == nil, let window = viewIfLoaded?.window ?? _presenting?.viewIfLoaded?.window else {
            completion?()
            return
        }
        _presented = controller
        controller._presenting = self
        let presentedView: UIView = controller.view
        presentedView.frame = window.bounds
        window.addSubview(presentedView)
        controller._appear()
        completion?()
    }

    /// Dismisses the controller this one presented (or this one, if it was presented).
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let target = _presented ?? self
        guard let presenting = target._presenting else {
            completion?()
            return
        }
        if let nested = target._presented { nested.dismiss(animated: animated) }
        target.viewWillDisappear(animated)
        target.viewIfLoaded?.removeFromSuperview()
        target._hasAppeared = false
        target.viewDidDisappear(animated)
        presenting._presented = nil
        target._presenting = nil
        completion?()
    }

    // MARK: Responder

    /// The presenting controller for a presented controller; otherwise the view's superview.
    open override var next: UIResponder? {
        if let presenting = _presenting { return presenting }
        return _view?._superview
    }

    override var _firstResponderWindow: UIWindow? { _view?._window }

    override var _trace: Trace? { _view?._window?._application?.trace }

    override func _computeTraceName() -> String {
        let className = _traceClassName
        if let identifier = _view?.accessibilityIdentifier, !identifier.isEmpty {
            return className + "(#" + identifier + ")"
        }
        return className
    }

    func _appear() {
        guard !_hasAppeared else { return }
        _hasAppeared = true
        viewWillAppear(false)
        viewDidAppear(false)
    }
}
