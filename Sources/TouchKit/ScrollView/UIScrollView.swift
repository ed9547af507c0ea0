import Foundation

/// A view that scrolls its content by a pan (UIKit's `UIScrollView`), with UIKit's touch handling.
///
/// - `contentOffset` is the bounds origin, so scrolling shifts every subview.
/// - `delaysContentTouches` (default true): content views see `touchesBegan` only after
///   `scrollViewContentTouchDelay` (0.15 s) without the pan beginning, or at lift for a quick tap,
///   with the touch's original location and time. A drag that starts within the delay scrolls and
///   the content never sees the touch.
/// - Once content has the touch, the pan may still begin if `canCancelContentTouches` and
///   `touchesShouldCancel(in:)` agree; by default a `UIControl` keeps its touch (a drag that starts
///   on a tracking button does not scroll) and other views lose theirs (`touchesCancelled`).
/// - `touchesShouldBegin(_:with:in:)` may keep touches from a content view altogether.
/// - The scroll view handles its own touches and does not forward them up the responder chain.
/// Bouncing is not simulated: offsets are clamped to the content (listed in the README).
open class UIScrollView: UIView {
    /// Deceleration rates, as UIKit names them.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: UIKitDefaults.scrollViewDecelerationRateNormal)
        public static let fast = DecelerationRate(rawValue: UIKitDefaults.scrollViewDecelerationRateFast)
    }

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _scrollViewFields = RecordCell(UIScrollViewHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open override func _recordFields(label: String) -> Any? {
        label == "_scrollViewFields" ? _scrollViewFields.fields : super._recordFields(label: label)
    }

    /// The size of the content, in points. UIKit default: zero.
    open var contentSize: CGSize {
        get { _scrollViewFields.fields.contentSize }
        set { _scrollViewFields.fields.contentSize = newValue }
    }
    /// Extra scrollable space around the content. UIKit default: zero.
    open var contentInset: UIEdgeInsets {
        get { _scrollViewFields.fields.contentInset }
        set { _scrollViewFields.fields.contentInset = newValue }
    }
    /// Whether the pan scrolls. UIKit default: true.
    open var isScrollEnabled: Bool {
        get { _scrollViewFields.fields.isScrollEnabled }
        set { _scrollViewFields.fields.isScrollEnabled = newValue }
    }
    /// Whether content touches wait to see if the touch is a scroll. UIKit default: true.
    open var delaysContentTouches: Bool = true {
        didSet { _delayRecognizer.isEnabled = delaysContentTouches }
    }
    /// Whether scrolling may take touches content already has. UIKit default: true.
    open var canCancelContentTouches: Bool = true
    /// Whether the content may be dragged vertically even when it fits. UIKit default: false.
    open var alwaysBounceVertical: Bool {
        get { _scrollViewFields.fields.alwaysBounceVertical }
        set { _scrollViewFields.fields.alwaysBounceVertical = newValue }
    }
    /// Whether the content may be dragged horizontally even when it fits. UIKit default: false.
    open var alwaysBounceHorizontal: Bool {
        get { _scrollViewFields.fields.alwaysBounceHorizontal }
        set { _scrollViewFields.fields.alwaysBounceHorizontal = newValue }
    }
    /// Whether the scroll view stops on multiples of its bounds when the user scrolls (Apple's
    /// documentation): at lift it settles on a page, the next one in the direction of a flick.
    /// UIKit default: false.
    open var isPagingEnabled: Bool = false
    /// How quickly scrolling slows after a flick. UIKit default: `.normal`.
    open var decelerationRate: DecelerationRate = .normal
    /// Told about scrolling. Held weakly.
    open weak var delegate: UIScrollViewDelegate?

    /// The recognizer that scrolls the content.
    public let panGestureRecognizer: UIPanGestureRecognizer
    let _delayRecognizer: UIScrollViewDelayedTouchesRecognizer
    /// The recognizer that holds content touches while `delaysContentTouches` is on: UIKit's
    /// private `UIScrollViewDelayedTouchesBeganGestureRecognizer`, named here so that a scene,
    /// the inspector and `why` can address it (`<scroll view id>.delay`).
    public var delayedTouchesGestureRecognizer: UIGestureRecognizer { _delayRecognizer }
    var _dragStartOffset: CGPoint = .zero
    var _dragStartTranslation: CGPoint = .zero
    var _deceleration: (velocity: CGPoint, timer: ClockTimer)?
    /// With paging, the page offset the content is settling on (while `_deceleration` runs).
    var _pageTarget: CGPoint?

    /// Whether the user is dragging the content.
    public internal(set) var isDragging: Bool = false
    /// Whether the content is still moving after a drag.
    public var isDecelerating: Bool { _deceleration != nil }
    /// Whether a finger is on the scroll view.
    public var isTracking: Bool { panGestureRecognizer.numberOfTouches > 0 }

    deinit {
        let me = ObjectIdentifier(self)
        panGestureRecognizer._actions.removeAll { $0.owner == me }
    }

    public override init(frame: CGRect) {
        panGestureRecognizer = UIScrollViewPanGestureRecognizer(target: nil, action: nil)
        _delayRecognizer = UIScrollViewDelayedTouchesRecognizer(target: nil, action: nil)
        super.init(frame: frame)
        // An action without a target, holding the scroll view unretained: a weak target would
        // give the scroll view a side table and every retain of it the slow path. The scroll
        // view's deinit takes the action away, so it never runs without it (the pan may live
        // on, held elsewhere or moved to another view, as UIKit allows).
        panGestureRecognizer._actions.append(
            GestureAction(
                target: nil, hasTarget: false,
                body: { [unowned self] recognizer in self._handlePan(recognizer as! UIPanGestureRecognizer) },
                owner: ObjectIdentifier(self)))
        addGestureRecognizer(_delayRecognizer)
        addGestureRecognizer(panGestureRecognizer)
        // UIKit: a scroll view clips its content (clipsToBounds defaults to true, unlike UIView).
        clipsToBounds = true
    }

    /// The point of the content at the scroll view's top-left corner (the bounds origin).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// Sets the content offset; animation is not simulated.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        _stopDecelerating()
        self.contentOffset = contentOffset
    }

    /// Whether touches may be delivered to `view`, a content view. UIKit default: true.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// Whether scrolling may cancel the touches `view` has. UIKit default: false for a
    /// `UIControl`, true for any other view.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    /// UIKit's scroll view answers for its own pan: it begins only when scrolling is enabled and
    /// possible, and when it may take the touches its content already has.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else {
            return super.gestureRecognizerShouldBegin(gestureRecognizer)
        }
        return _panMayBegin()
    }

    // Touches that reach the scroll view itself stop here while it scrolls; with scrolling
    // disabled it "doesn't accept touch events; it forwards them up the responder chain" (Apple,
    // UIScrollView.isScrollEnabled; documented).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isScrollEnabled { super.touchesBegan(touches, with: event) }
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isScrollEnabled { super.touchesMoved(touches, with: event) }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isScrollEnabled { super.touchesEnded(touches, with: event) }
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isScrollEnabled { super.touchesCancelled(touches, with: event) }
    }

    override var _countsAsScrollView: Bool { true }

    override func _contentTouchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent, in view: UIView) -> Bool {
        touchesShouldBegin(touches, with: event, in: view)
    }

    override func _builtInRecognizerSuffix(for recognizer: UIGestureRecognizer) -> String? {
        guard recognizer === panGestureRecognizer || recognizer === _delayRecognizer else { return nil }
        let className = String(describing: type(of: recognizer))
        return Self.builtInRecognizers.first { $0.className == className }?.suffix
    }

    override func _boundsOriginDidChange() {
        let offset = contentOffset
        _trace?.record(.scrollOffset(view: traceName, x: Double(offset.x), y: Double(offset.y)))
        delegate?.scrollViewDidScroll(self)
    }
}

/// `UIScrollView`'s fields that every event reads or writes (see `RecordCell`).
struct UIScrollViewHotFields {
    var contentSize: CGSize = .zero
    var contentInset: UIEdgeInsets = .zero
    var isScrollEnabled: Bool = true
    var alwaysBounceVertical: Bool = false
    var alwaysBounceHorizontal: Bool = false
}
