import Foundation

/// A rectangular area that draws and takes touches (UIKit's `UIView`).
///
/// Geometry follows UIKit: `center` is in the superview's coordinates, `bounds` in the view's own
/// (a bounds origin shifts every subview, which is how scrolling works), and `transform` applies
/// around the center; `frame` is derived, the bounding box of the transformed bounds.
/// Hit testing, conversion, hierarchy and gesture handling live in `UIView+*.swift`; this file
/// holds storage and every method a subclass may override.
open class UIView: UIResponder {
    // MARK: Storage

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _viewFields = RecordCell(UIViewHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open override func _recordFields(label: String) -> Any? {
        label == "_viewFields" ? _viewFields.fields : super._recordFields(label: label)
    }

    var _center: CGPoint {
        get { _viewFields.fields._center }
        set { _viewFields.fields._center = newValue }
    }
    var _bounds: CGRect {
        get { _viewFields.fields._bounds }
        set { _viewFields.fields._bounds = newValue }
    }
    var _transform: CGAffineTransform {
        get { _viewFields.fields._transform }
        set { _viewFields.fields._transform = newValue }
    }
    var _inverseTransform: CGAffineTransform {
        get { _viewFields.fields._inverseTransform }
        set { _viewFields.fields._inverseTransform = newValue }
    }
    var _transformIsIdentity: Bool {
        get { _viewFields.fields._transformIsIdentity }
        set { _viewFields.fields._transformIsIdentity = newValue }
    }
    /// Whether `transform` has no inverse, so no point can be converted into this view.
    var _transformIsSingular: Bool {
        get { _viewFields.fields._transformIsSingular }
        set { _viewFields.fields._transformIsSingular = newValue }
    }
    /// The frame, kept in step with center, bounds and transform.
    var _frame: CGRect {
        get { _viewFields.fields._frame }
        set { _viewFields.fields._frame = newValue }
    }
    /// The frame grown by a rounding allowance: what hit testing's prefilter and the subview index
    /// test, so that they never leave out a view that UIKit's bounds test (computed through the
    /// center and the inverse transform, a different float path) would hit. See `_hitBoxSlop`.
    var _hitBox: CGRect {
        get { _viewFields.fields._hitBox }
        set { _viewFields.fields._hitBox = newValue }
    }
    /// Not retained: the superview owns its subviews and clears this link when it goes away. An
    /// `UnretainedLink` (UIKit's superview link is not retained either), so that walks up the
    /// tree (every touch makes several) read it without retaining each view; a weak reference
    /// would give every view a side table and each retain of it the slow path. Measured as a
    /// `weak var` (2026-11-28, release, three alternating runs): dispatch fell 15-27 % on the
    /// grid and wide shapes, 49-51 % on deep, 7-13 % through SwiftUI. `_superview` is the same
    /// link, strong.
    var _superviewLink: UnretainedLink<UIView>? {
        _read { yield _viewFields.fields._superviewLink }
        _modify { yield &_viewFields.fields._superviewLink }
    }
    var _superview: UIView? {
        get { _superviewLink?.object }
        set { _superviewLink = newValue.map { UnretainedLink($0) } }
    }
    var _subviews: [UIView] {
        _read { yield _viewFields.fields._subviews }
        _modify { yield &_viewFields.fields._subviews }
    }
    /// The window this view is in, kept in step by the hierarchy code (cleared by the window's
    /// deinit). Unretained (`UnretainedLink`): the window owns the view through its tree.
    var _windowLink: UnretainedLink<UIWindow>? {
        _read { yield _viewFields.fields._windowLink }
        _modify { yield &_viewFields.fields._windowLink }
    }
    var _window: UIWindow? {
        get { _windowLink?.object }
        set { _windowLink = newValue.map { UnretainedLink($0) } }
    }
    var _viewController: UIViewController? {
        _read { yield _viewFields.fields._viewController }
        _modify { yield &_viewFields.fields._viewController }
    }
    var _gestureRecognizers: [UIGestureRecognizer] {
        _read { yield _viewFields.fields._gestureRecognizers }
        _modify { yield &_viewFields.fields._gestureRecognizers }
    }
    /// Whether this class keeps UIKit's default `hitTest` and `point(inside:)` (see `HitTestOverrides`).
    var _keepsDefaultHitTesting: Bool {
        get { _viewFields.fields._keepsDefaultHitTesting }
        set { _viewFields.fields._keepsDefaultHitTesting = newValue }
    }
    /// Spatial index of the subviews, built on demand; nil when stale or not worth it.
    var _hitIndex: SubviewHitIndex? {
        _read { yield _viewFields.fields._hitIndex }
        _modify { yield &_viewFields.fields._hitIndex }
    }
    /// The hit-test pass that last ran UIKit's implementation on this view (trace bookkeeping).
    var _hitTestPass: UInt64 {
        get { _viewFields.fields._hitTestPass }
        set { _viewFields.fields._hitTestPass = newValue }
    }
    /// Set by `UIControl` while `isEnabled` is false: a disabled control is not hit.
    var _isDisabledForHitTesting: Bool {
        get { _viewFields.fields._isDisabledForHitTesting }
        set { _viewFields.fields._isDisabledForHitTesting = newValue }
    }
    /// TouchKit's hook for a layer's views that UIKit's hit testing never picks by themselves
    /// (SwiftUI's gesture containers, placed over their SwiftUI views): hit testing passes them
    /// and their subviews by (`HitTestSkipReason.layerView`), and their layer's hit testing hands
    /// them touches from an overridden `hitTest`. Not UIKit API. Default false.
    public var isPassedByHitTesting: Bool {
        get { _viewFields.fields.isPassedByHitTesting }
        set { _viewFields.fields.isPassedByHitTesting = newValue }
    }

    // MARK: Appearance and interaction

    /// Whether the view is hidden; hidden views are not drawn and not hit. UIKit default: false.
    open var isHidden: Bool {
        get { _viewFields.fields.isHidden }
        set { _viewFields.fields.isHidden = newValue }
    }
    /// Opacity, 0...1; views below 0.01 are not hit. UIKit default: 1.
    open var alpha: CGFloat {
        get { _viewFields.fields.alpha }
        set { _viewFields.fields.alpha = newValue }
    }
    /// Whether the view takes touches at all. UIKit default: true (false for labels and image views).
    open var isUserInteractionEnabled: Bool {
        get { _viewFields.fields.isUserInteractionEnabled }
        set {
            _viewFields.fields.isUserInteractionEnabled = newValue
            _userInteractionWasSet = true
        }
    }
    /// Whether anything set `isUserInteractionEnabled` after the class's own default (for
    /// explanations: "UIImageView's default; nothing sets it").
    var _userInteractionWasSet: Bool {
        get { _viewFields.fields._userInteractionWasSet }
        set { _viewFields.fields._userInteractionWasSet = newValue }
    }
    /// Whether the view receives more than one touch at a time. UIKit default: false.
    open var isMultipleTouchEnabled: Bool {
        get { _viewFields.fields.isMultipleTouchEnabled }
        set { _viewFields.fields.isMultipleTouchEnabled = newValue }
    }
    /// Whether a touch in this view blocks touches to every other view of the window. UIKit default: false.
    open var isExclusiveTouch: Bool {
        get { _viewFields.fields.isExclusiveTouch }
        set { _viewFields.fields.isExclusiveTouch = newValue }
    }
    /// Whether subviews are clipped when drawn. Hit testing ignores it: a point outside a view's
    /// bounds never reaches its subviews either way (UIKit's `point(inside:)` prunes the branch).
    open var clipsToBounds: Bool {
        get { _viewFields.fields.clipsToBounds }
        set { _viewFields.fields.clipsToBounds = newValue }
    }
    /// An integer you can use to find the view. UIKit default: 0.
    open var tag: Int = 0 {
        didSet { _invalidateTraceNames() }
    }
    /// The identifier tests and traces use to name the view.
    open var accessibilityIdentifier: String? {
        didSet { _invalidateTraceNames() }
    }
    /// Fill colour; nil draws nothing.
    open var backgroundColor: UIColor?

    // MARK: Initializers

    /// Creates a view with `frame` in its future superview's coordinates.
    public init(frame: CGRect) {
        let size = CGSize(width: frame.size.width, height: frame.size.height)
        let frame = CGRect(origin: frame.origin, size: size)
        _viewFields.fields._bounds = CGRect(origin: .zero, size: size)
        _viewFields.fields._center = CGPoint(x: frame.origin.x + size.width / 2, y: frame.origin.y + size.height / 2)
        _viewFields.fields._frame = frame
        _viewFields.fields._hitBox = Self._grownForRounding(frame)
        super.init()
        _keepsDefaultHitTesting = HitTestOverrides.keepsDefaults(type(of: self))
    }

    /// Creates a view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    deinit {
        for subview in _subviews {
            subview._superview = nil
            subview._setWindow(nil)
        }
        // A recognizer that outlives its view (someone else holds it) has no view, as in UIKit.
        for recognizer in _gestureRecognizers { recognizer._view = nil }
    }

    // MARK: Geometry

    /// The bounding box of the view in its superview's coordinates: of the transformed bounds
    /// when `transform` is not the identity. Setting it sets `center` to the frame's midpoint and
    /// `bounds.size` so that the transformed bounds' bounding box is the frame (UIKit's, from
    /// CALayer: under a scale of 0.5 the bounds are twice the frame's size). Under a transform
    /// whose bounding box cannot be inverted (a 45° rotation) the size is the frame's divided by
    /// the transform's scale along each axis.
    open var frame: CGRect {
        get { _frame }
        set {
            let size = newValue.size
            _center = CGPoint(x: newValue.origin.x + size.width / 2, y: newValue.origin.y + size.height / 2)
            _bounds.size = _transformIsIdentity ? size : Self._boundsSize(fitting: size, under: _transform)
            _geometryDidChange()
        }
    }

    /// The bounds size whose transformed bounding box is `frame`: solves
    /// `|a|·w + |c|·h = W`, `|b|·w + |d|·h = H`.
    static func _boundsSize(fitting frame: CGSize, under t: CGAffineTransform) -> CGSize {
        let a = abs(t.a)
        let b = abs(t.b)
        let c = abs(t.c)
        let d = abs(t.d)
        let determinant = a * d - b * c
        if abs(determinant) > 1e-9 {
            let w = (d * frame.width - c * frame.height) / determinant
            let h = (a * frame.height - b * frame.width) / determinant
            if w >= 0, h >= 0, w.isFinite, h.isFinite { return CGSize(width: w, height: h) }
        }
        let scaleX = hypot(t.a, t.b)
        let scaleY = hypot(t.c, t.d)
        return CGSize(width: scaleX > 0 ? frame.width / scaleX : frame.width, height: scaleY > 0 ? frame.height / scaleY : frame.height)
    }

    /// The view's own coordinate space: origin (scroll offset) and size.
    open var bounds: CGRect {
        get { _bounds }
        set {
            let originChanged = newValue.origin != _bounds.origin
            _bounds = newValue
            _geometryDidChange()
            if originChanged { _boundsOriginDidChange() }
        }
    }

    /// The center of the frame, in the superview's coordinates.
    open var center: CGPoint {
        get { _center }
        set {
            _center = newValue
            _geometryDidChange()
        }
    }

    /// Affine transform applied around the center. UIKit default: identity.
    open var transform: CGAffineTransform {
        get { _transform }
        set {
            _transform = newValue
            _transformIsIdentity = newValue.isIdentity
            _inverseTransform = newValue.inverted()
            _transformIsSingular = !newValue.isInvertible
            _geometryDidChange()
        }
    }

    // MARK: Hierarchy callbacks

    /// Called before the view moves to a new superview (nil when it is removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview.
    open func didMoveToSuperview() {}
    /// Called before the view moves to a new window (nil when it leaves its window).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view moved to a new window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Hit testing

    /// The farthest descendant that contains `point` (in this view's coordinates), or nil.
    ///
    /// UIKit's rules: a hidden view, a view with alpha below 0.01, a view with user interaction
    /// disabled (or a disabled control) returns nil; so does a view whose `point(inside:with:)` is
    /// false, which prunes its whole branch whatever `clipsToBounds` says; otherwise subviews are
    /// asked front to back (last added first) and the first answer wins, else the view itself.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let interceptor, interceptor.interceptsHitTesting else { return _uikitHitTest(point, with: event) }
        return interceptor.hitTest(self, point, event) { _uikitHitTest(point, with: event) }
    }

    /// Whether `point` (in this view's coordinates) is inside the view. UIKit default:
    /// `bounds.contains(point)`, half-open (left and top edges inside, right and bottom outside).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let interceptor, interceptor.interceptsHitTesting else { return _boundsContains(point) }
        return interceptor.pointInside(self, point, event) { _boundsContains(point) }
    }

    // MARK: Gesture recognizers

    /// Asked when a recognizer bound to this view's touches tries to leave `.possible`; false
    /// makes it fail. UIKit default: true (`UIButton` refuses other views' single taps).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    /// The recognizers attached to this view, in the order they were added; nil when none.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { _gestureRecognizers.isEmpty ? nil : _gestureRecognizers }
        set {
            for recognizer in _gestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer` (detaching it from any other view first).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        _addGestureRecognizer(gestureRecognizer)
    }

    /// Detaches `gestureRecognizer`; if it was tracking touches it stops and resets.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        _removeGestureRecognizer(gestureRecognizer)
    }

    // MARK: Responder

    /// A view controller's root view answers its controller; other views their superview.
    open override var next: UIResponder? {
        if let controller = _viewController { return controller }
        return _superview
    }

    open override var description: String {
        var parts = ["\(traceName)", "frame = \(Self._describe(frame))"]
        if _bounds.origin != .zero { parts.append("bounds = \(Self._describe(_bounds))") }
        if !_transformIsIdentity { parts.append("transform = \(_transform)") }
        if isHidden { parts.append("hidden") }
        if alpha != 1 { parts.append("alpha = \(TraceFormat.number(Double(alpha)))") }
        if !isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
        if !_gestureRecognizers.isEmpty { parts.append("\(_gestureRecognizers.count) gesture recognizers") }
        return "<" + parts.joined(separator: "; ") + ">"
    }

    // MARK: Engine hooks

    override var _firstResponderWindow: UIWindow? { _window }

    override var _trace: Trace? { _window?._application?.trace }

    override func _computeTraceName() -> String {
        _viewTraceName()
    }

    /// An interceptor that answers hit testing makes the view one hit testing must ask (as a
    /// subclass overriding `hitTest` or `point(inside:)` would), and its superview's index stale.
    override func _interceptorDidChange() {
        _keepsDefaultHitTesting = HitTestOverrides.keepsDefaults(type(of: self)) && !(interceptor?.interceptsHitTesting ?? false)
        _superview?._hitIndex = nil
    }

    override func _traceNameCacheDidChange() {
        _invalidateTraceNames()
    }

    /// Called after the frame changed (windows lay out their root view here).
    func _layoutDidChangeGeometry() {}

    /// Called after the bounds origin changed (scroll views report their offset here).
    func _boundsOriginDidChange() {}

    /// True for scroll views; windows count them so content delivery asks only when needed.
    var _countsAsScrollView: Bool { false }

    /// The scroll view's `touchesShouldBegin(_:with:in:)`, asked by the gesture environment of
    /// every scroll view above a touched view (through this hook, so the environment names no
    /// scroll view); a plain view lets every touch begin.
    func _contentTouchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent, in view: UIView) -> Bool { true }

    /// The suffix (`pan`, `delay`) of `recognizer` when it is one of this view's own built-in
    /// recognizers (a scroll view's), for `addressableID`; nil for a plain view.
    func _builtInRecognizerSuffix(for recognizer: UIGestureRecognizer) -> String? { nil }
}

extension UIView {
    static func _describe(_ rect: CGRect) -> String {
        "(\(TraceFormat.number(rect.origin.x)) \(TraceFormat.number(rect.origin.y)); "
            + "\(TraceFormat.number(rect.size.width)) \(TraceFormat.number(rect.size.height)))"
    }

    /// UIKit's default containment: half-open, like `CGRect.contains`.
    @inline(__always)
    func _boundsContains(_ point: CGPoint) -> Bool {
        let b = _bounds
        return point.x >= b.origin.x && point.x < b.origin.x + b.size.width
            && point.y >= b.origin.y && point.y < b.origin.y + b.size.height
    }

    /// `frame` grown on every side by a billionth of its coordinates' magnitude (at least 1e-9 pt):
    /// far above the few ulps by which two float paths to the same edge can differ, far below
    /// anything a touch can resolve (input is quantized to 1/1000 pt). Growing the prefilter only
    /// makes hit testing ask a view it could have skipped; the view's own bounds test decides.
    static func _grownForRounding(_ frame: CGRect) -> CGRect {
        let magnitude = abs(frame.origin.x) + abs(frame.origin.y) + frame.size.width + frame.size.height
        guard magnitude.isFinite else { return frame }
        let slop = max(1e-9, magnitude * 1e-9)
        return CGRect(
            x: frame.origin.x - slop, y: frame.origin.y - slop, width: frame.size.width + 2 * slop,
            height: frame.size.height + 2 * slop)
    }

    func _geometryDidChange() {
        if _transformIsIdentity {
            _frame = CGRect(
                x: _center.x - _bounds.size.width / 2, y: _center.y - _bounds.size.height / 2,
                width: _bounds.size.width, height: _bounds.size.height)
        } else {
            let local = CGRect(
                x: -_bounds.size.width / 2, y: -_bounds.size.height / 2,
                width: _bounds.size.width, height: _bounds.size.height)
            let box = local.applying(_transform)
            _frame = box.offsetBy(dx: _center.x, dy: _center.y)
        }
        _hitBox = Self._grownForRounding(_frame)
        _superview?._hitIndex = nil
        _layoutDidChangeGeometry()
    }
}

extension UnretainedLink where Object == UIView {
    /// The view's superview link, read without retaining the view (walks up the tree).
    @inline(__always)
    var _superviewLink: UnretainedLink<UIView>? { with { $0._superviewLink } }
}

/// `UIView`'s fields that every event reads or writes (see `RecordCell`).
struct UIViewHotFields {
    var isUserInteractionEnabled: Bool = true
    var _center: CGPoint = .zero
    var _bounds: CGRect = .zero
    var _transform: CGAffineTransform = .identity
    var _inverseTransform: CGAffineTransform = .identity
    var _transformIsIdentity: Bool = true
    var _transformIsSingular: Bool = false
    var _frame: CGRect = .zero
    var _hitBox: CGRect = .zero
    var _superviewLink: UnretainedLink<UIView>?
    var _subviews: [UIView] = []
    var _windowLink: UnretainedLink<UIWindow>?
    weak var _viewController: UIViewController?
    var _gestureRecognizers: [UIGestureRecognizer] = []
    var _keepsDefaultHitTesting: Bool = false
    var _hitIndex: SubviewHitIndex?
    var _hitTestPass: UInt64 = 0
    var _isDisabledForHitTesting: Bool = false
    var isPassedByHitTesting: Bool = false
    var isHidden: Bool = false
    var alpha: CGFloat = 1
    var _userInteractionWasSet: Bool = false
    var isMultipleTouchEnabled: Bool = false
    var isExclusiveTouch: Bool = false
    var clipsToBounds: Bool = false
}
