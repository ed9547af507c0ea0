import Foundation

/// Scrolling by the pan recognizer, clamping and deceleration on the virtual clock.
extension UIScrollView {
    /// Whether the content is larger than the bounds (or bouncing is forced) along x.
    var _canScrollX: Bool {
        isScrollEnabled && (contentSize.width + contentInset.left + contentInset.right > bounds.width || alwaysBounceHorizontal)
    }

    /// Whether the content is larger than the bounds (or bouncing is forced) along y.
    var _canScrollY: Bool {
        isScrollEnabled && (contentSize.height + contentInset.top + contentInset.bottom > bounds.height || alwaysBounceVertical)
    }

    /// The offset limited to the content (no rubber band).
    func _clamped(_ offset: CGPoint) -> CGPoint {
        let minX = -contentInset.left
        let minY = -contentInset.top
        let maxX = max(minX, contentSize.width + contentInset.right - bounds.width)
        let maxY = max(minY, contentSize.height + contentInset.bottom - bounds.height)
        return CGPoint(x: min(max(offset.x, minX), maxX), y: min(max(offset.y, minY), maxY))
    }

    func _panMayBegin() -> Bool {
        guard isScrollEnabled, _canScrollX || _canScrollY else { return false }
        for touch in panGestureRecognizer.recognizerContext.touches {
            guard let content = touch.view, content !== self, touch._viewHasTouch
            else { continue }
            if !canCancelContentTouches {
                _trace?.record(
                    .scrollDecision(view: traceName, content: content.traceName, decision: .cannotCancelContentTouches))
                return false
            }
            // Through the interceptor when there is one (a scene's `touchesShouldCancel` behaviour).
            let cancels =
                interceptor.map { $0.touchesShouldCancel(in: content) { touchesShouldCancel(in: content) } } ?? touchesShouldCancel(in: content)
            if !cancels {
                _trace?.record(
                    .scrollDecision(view: traceName, content: content.traceName, decision: .touchesShouldCancelRefused))
                return false
            }
            _trace?.record(
                .scrollDecision(view: traceName, content: content.traceName, decision: .scrollingCancelsContent))
        }
        return true
    }

    func _handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            _stopDecelerating()
            isDragging = true
            _dragStartOffset = contentOffset
            // The content follows the finger from where the pan began, without the hysteresis jump.
            _dragStartTranslation = pan.translation(in: self)
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let t = pan.translation(in: self)
            var target = contentOffset
            if _canScrollX { target.x = _dragStartOffset.x - (t.x - _dragStartTranslation.x) }
            if _canScrollY { target.y = _dragStartOffset.y - (t.y - _dragStartTranslation.y) }
            let clamped = _clamped(target)
            if clamped != contentOffset { contentOffset = clamped }
        case .ended:
            isDragging = false
            let v = pan.velocity(in: self)
            let velocity = CGPoint(x: _canScrollX ? -v.x : 0, y: _canScrollY ? -v.y : 0)
            if isPagingEnabled {
                let target = _pageTarget(velocity: velocity)
                _endDrag()
                let settles = target != contentOffset
                delegate?.scrollViewDidEndDragging(self, willDecelerate: settles)
                if settles { _startSettling(on: target) }
                return
            }
            _endDrag()
            let decelerate = hypot(velocity.x, velocity.y) > UIKitDefaults.scrollViewMinimumDecelerationSpeed
            delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
            if decelerate { _startDecelerating(velocity) }
        case .cancelled, .failed:
            isDragging = false
            _endDrag()
        case .possible:
            break
        }
    }

    /// Where the drag started belongs to the drag: a scroll view at rest holds none (so that one
    /// at rest is the same as a fresh one, which seeking relies on).
    private func _endDrag() {
        _dragStartOffset = .zero
        _dragStartTranslation = .zero
    }

    func _startDecelerating(_ velocity: CGPoint) {
        guard let clock = _window?._application?.clock else { return }
        let step = UIKitDefaults.scrollViewDecelerationStep
        let timer = clock.schedule(after: step, label: "deceleration") { [weak self] in self?._decelerationStep() }
        _deceleration = (velocity, timer)
    }

    /// The page a paging scroll view settles on at lift (rule `scrollView.paging`): pages are
    /// multiples of the bounds; a flick faster than `scrollViewPagingFlickSpeed` goes one page
    /// on from the page the drag began on, in its direction; slower, the nearest page.
    func _pageTarget(velocity: CGPoint) -> CGPoint {
        func axis(_ offset: CGFloat, start: CGFloat, speed: CGFloat, page: CGFloat, minimum: CGFloat, maximum: CGFloat) -> CGFloat {
            guard page > 0 else { return offset }
            let flick = UIKitDefaults.scrollViewPagingFlickSpeed
            let index: CGFloat =
                abs(speed) > flick ? (start / page).rounded() + (speed > 0 ? 1 : -1) : (offset / page).rounded()
            return min(max(index * page, minimum), maximum)
        }
        let limit = _clamped(CGPoint(x: CGFloat.greatestFiniteMagnitude, y: CGFloat.greatestFiniteMagnitude))
        let origin = _clamped(CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: -CGFloat.greatestFiniteMagnitude))
        return CGPoint(
            x: _canScrollX
                ? axis(contentOffset.x, start: _dragStartOffset.x, speed: velocity.x, page: bounds.width, minimum: origin.x, maximum: limit.x)
                : contentOffset.x,
            y: _canScrollY
                ? axis(contentOffset.y, start: _dragStartOffset.y, speed: velocity.y, page: bounds.height, minimum: origin.y, maximum: limit.y)
                : contentOffset.y)
    }

    /// Settles on `target` step by step on the virtual clock (`isDecelerating` meanwhile).
    func _startSettling(on target: CGPoint) {
        _pageTarget = target
        _startDecelerating(.zero)
    }

    func _decelerationStep() {
        if let target = _pageTarget {
            let fraction = UIKitDefaults.scrollViewPagingSettleFraction
            var next = CGPoint(
                x: contentOffset.x + (target.x - contentOffset.x) * fraction, y: contentOffset.y + (target.y - contentOffset.y) * fraction)
            if hypot(target.x - next.x, target.y - next.y) < 0.5 { next = target }
            contentOffset = next
            _deceleration = nil
            if next == target {
                _pageTarget = nil
                delegate?.scrollViewDidEndDecelerating(self)
            } else {
                _startDecelerating(.zero)
            }
            return
        }
        guard let (velocity, _) = _deceleration else { return }
        let step = UIKitDefaults.scrollViewDecelerationStep
        let factor = pow(decelerationRate.rawValue, CGFloat(step * 1000))
        var v = CGPoint(x: velocity.x * factor, y: velocity.y * factor)
        let target = CGPoint(x: contentOffset.x + v.x * CGFloat(step), y: contentOffset.y + v.y * CGFloat(step))
        let clamped = _clamped(target)
        if clamped.x != target.x { v.x = 0 }
        if clamped.y != target.y { v.y = 0 }
        if clamped != contentOffset { contentOffset = clamped }
        _deceleration = nil
        if hypot(v.x, v.y) > UIKitDefaults.scrollViewMinimumDecelerationSpeed {
            _startDecelerating(v)
        } else {
            delegate?.scrollViewDidEndDecelerating(self)
        }
    }

    func _stopDecelerating() {
        guard let deceleration = _deceleration else { return }
        deceleration.timer.invalidate()
        _deceleration = nil
        // A touch while the content settles on a page finishes it there (TouchScope's choice:
        // UIKit's animation is private).
        if let target = _pageTarget {
            _pageTarget = nil
            contentOffset = target
        }
        delegate?.scrollViewDidEndDecelerating(self)
    }
}

/// The scroll view's pan: it begins only for movement along an axis the content can scroll,
/// as UIKit's `_willScrollX`/`_willScrollY` decide.
final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    override func _shouldBegin(translation: CGPoint) -> Bool {
        guard let scrollView = UIScrollView._exactly(_view) ?? (view as? UIScrollView) else {
            return super._shouldBegin(translation: translation)
        }
        let threshold = configuration.panHysteresis
        let t = UIGestureRecognizer.vector(translation, toView: scrollView)
        return (scrollView._canScrollX && abs(t.x) >= threshold) || (scrollView._canScrollY && abs(t.y) >= threshold)
    }
}

/// UIKit's `UIScrollViewDelayedTouchesBeganGestureRecognizer`: it never recognizes; it exists
/// to hold content touches (`delaysTouchesBegan`) until it fails, after the delay or at lift.
final class UIScrollViewDelayedTouchesRecognizer: UIGestureRecognizer {
    override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView = UIScrollView._exactly(_view) ?? (view as? UIScrollView) else {
            return recognizerContext.fail(.notOnScrollView)
        }
        scrollView._stopDecelerating()
        if touches.allSatisfy({ $0.view === scrollView }) {
            return recognizerContext.fail(.touchOnScrollViewItself)
        }
        guard !recognizerContext.hasScheduledTimer else { return }
        // The delay is read again from the application's configuration when the timer fires (a
        // closure capturing it would be one more object per touch).
        recognizerContext.schedule(after: configuration.scrollViewContentTouchDelay, .delaysContentTouches) { recognizer in
            recognizer.recognizerContext.fail(.noScrollWithinDelay(delay: recognizer.configuration.scrollViewContentTouchDelay))
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.liftedWithinDelay)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.touchesCancelled)
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

extension UIScrollView {
    /// `view` as a scroll view when it is a plain `UIScrollView` (its exact type answers, without
    /// a dynamic cast: the scroll view's own recognizers ask on every touch); nil otherwise,
    /// subclasses included (cast those).
    @inline(__always)
    static func _exactly(_ view: UIView?) -> UIScrollView? {
        guard let view else { return nil }
        return _exactCast(view, to: UIScrollView.self)
    }
}
