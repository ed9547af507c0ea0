import Foundation

/// The root of a view hierarchy, and the object that delivers touches to views (UIKit's `UIWindow`).
///
/// As in UIKit, a window is hidden until `makeKeyAndVisible()`; `rootViewController` installs the
/// controller's view filling the window; `next` is the application; `sendEvent(_:)` is where the
/// window hands touches to gesture recognizers and views, and can be overridden to observe them.
open class UIWindow: UIView {
    /// Window levels, as UIKit names them; higher levels are hit-tested first.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _windowFields = RecordCell(UIWindowHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open override func _recordFields(label: String) -> Any? {
        label == "_windowFields" ? _windowFields.fields : super._recordFields(label: label)
    }

    /// The application it is attached to. Unretained (`UnretainedLink`), not weak (every event
    /// reads it, and a weak reference is a slow load): the application clears it when it
    /// detaches the window and in its deinit.
    var _applicationLink: UnretainedLink<UIApplication>? {
        _read { yield _windowFields.fields._applicationLink }
        _modify { yield &_windowFields.fields._applicationLink }
    }
    var _application: UIApplication? {
        get { _applicationLink?.object }
        set { _applicationLink = newValue.map { UnretainedLink($0) } }
    }
    var _firstResponder: UIResponder? {
        _read { yield _windowFields.fields._firstResponder }
        _modify { yield &_windowFields.fields._firstResponder }
    }
    var _rootViewController: UIViewController? {
        _read { yield _windowFields.fields._rootViewController }
        _modify { yield &_windowFields.fields._rootViewController }
    }
    var _wantsKey: Bool {
        get { _windowFields.fields._wantsKey }
        set { _windowFields.fields._wantsKey = newValue }
    }
    /// Scroll views in this window (content delivery asks them `touchesShouldBegin` only if any).
    var _scrollViewCount: Int {
        get { _windowFields.fields._scrollViewCount }
        set { _windowFields.fields._scrollViewCount = newValue }
    }
    /// Objects that live as long as the window: what a scene builder made for it that nothing in
    /// the view tree holds (a JSON scene's runtime and its recognizer delegates, which views and
    /// recognizers refer to weakly). UIKit apps keep such objects in their controllers.
    package var _keptAlive: [AnyObject] = []

    /// Creates a hidden window with `frame` in screen coordinates.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
        _window = self
    }

    deinit {
        for view in subtree where view !== self { view._window = nil }
    }

    /// The level of the window; higher levels are above. UIKit default: `.normal`.
    open var windowLevel: Level {
        get { _windowFields.fields.windowLevel }
        set { _windowFields.fields.windowLevel = newValue }
    }

    /// The controller whose view fills the window. Setting it replaces the previous controller's view.
    open var rootViewController: UIViewController? {
        get { _rootViewController }
        set { _installRootViewController(newValue) }
    }

    /// Shows the window and makes it the key window of its application.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
        _rootViewController?._appear()
    }

    /// Makes the window key (the one whose first responder receives nil-targeted actions).
    open func makeKey() {
        _wantsKey = true
        _application?._becomeKey(self)
    }

    /// Whether the window is its application's key window.
    public var isKeyWindow: Bool { _application?.keyWindow === self }

    /// Delivers a touches event to gesture recognizers and views. Overridable: call `super` to
    /// keep delivering (the seeds' idle timer observes here or in `UIApplication.sendEvent`).
    open func sendEvent(_ event: UIEvent) {
        _application?._deliverTouches(event, in: self)
    }

    /// The window's next responder is its application.
    open override var next: UIResponder? { _application }

    override var _trace: Trace? { _application?.trace }

    override func _layoutDidChangeGeometry() {
        if let root = _rootViewController?.viewIfLoaded, root._superview === self {
            root.frame = bounds
        }
    }

    /// A subtree is leaving this window: its first responder resigns and its recognizers stop.
    func _viewWillLeaveWindow(_ view: UIView) {
        if let responder = _firstResponder as? UIView, responder.isDescendant(of: view) {
            _firstResponder = nil
            _trace?.record(.firstResponder(nil))
        }
        _application?._gestureEnvironment.viewWillLeaveWindow(view)
    }

    func _installRootViewController(_ controller: UIViewController?) {
        if let old = _rootViewController, old !== controller, let oldView = old.viewIfLoaded,
            oldView._superview === self
        {
            oldView.removeFromSuperview()
        }
        _rootViewController = controller
        guard let controller else { return }
        let view: UIView = controller.view
        view.frame = bounds
        if view._superview !== self { addSubview(view) }
        if !isHidden { controller._appear() }
    }
}

/// `UIWindow`'s fields that every event reads or writes (see `RecordCell`).
struct UIWindowHotFields {
    var _applicationLink: UnretainedLink<UIApplication>?
    weak var _firstResponder: UIResponder?
    var _rootViewController: UIViewController?
    var _wantsKey: Bool = false
    var _scrollViewCount: Int = 0
    var windowLevel: UIWindow.Level = .normal
}
