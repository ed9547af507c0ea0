import Foundation

/// A control that picks a value by dragging a thumb along a track (UIKit's `UISlider`).
///
/// Tracking starts only on the thumb; while it moves, `value` follows the finger and
/// `.valueChanged` fires (continuously, or once at the end when `isContinuous` is false).
///
/// UIKit's rule ("Attaching gesture recognizers to UIKit controls"): a single-finger drag that
/// starts on the thumb and moves along the slider belongs to the slider; other views' pan and swipe
/// recognizers may not begin for it. A drag across the slider (vertical, for a scroll view) may.
open class UISlider: UIControl {
    /// The value, clamped to `minimumValue...maximumValue`. UIKit default: 0.
    open var value: Float = 0 {
        didSet { value = min(max(value, minimumValue), maximumValue) }
    }
    /// UIKit default: 0.
    open var minimumValue: Float = 0
    /// UIKit default: 1.
    open var maximumValue: Float = 1
    /// Whether `.valueChanged` fires during the drag. UIKit default: true.
    open var isContinuous: Bool = true
    /// Side of the thumb's square, in points (UIKit's default thumb is about 31 pt).
    public static let thumbSize: CGFloat = 31

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// The thumb's frame in the slider's coordinates.
    public var thumbRect: CGRect {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? CGFloat((value - minimumValue) / range) : 0
        let travel = max(0, bounds.width - Self.thumbSize)
        return CGRect(
            x: bounds.minX + travel * fraction, y: bounds.midY - Self.thumbSize / 2,
            width: Self.thumbSize, height: Self.thumbSize)
    }

    /// Where the tracked touch began, in the slider's coordinates.
    var _touchStart: CGPoint = .zero

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let margin = UIKitDefaults.sliderThumbTouchMargin
        let start = touch.location(in: self)
        guard thumbRect.insetBy(dx: -margin, dy: -margin).contains(start) else { return false }
        _touchStart = start
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let travel = max(1, bounds.width - Self.thumbSize)
        let x = touch.location(in: self).x - bounds.minX - Self.thumbSize / 2
        let fraction = Float(min(max(x / travel, 0), 1))
        let newValue = minimumValue + fraction * (maximumValue - minimumValue)
        if newValue != value {
            value = newValue
            if isContinuous { _sendActions(for: .valueChanged, with: event) }
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        _touchStart = .zero
        if !isContinuous { _sendActions(for: .valueChanged, with: event) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        _touchStart = .zero
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isTracking, gestureRecognizer.view !== self, gestureRecognizer.numberOfTouches == 1,
            gestureRecognizer.panRequirement != nil || gestureRecognizer is UISwipeGestureRecognizer,
            let touch = _tracking.touch, touch.location(in: self)._minus(_touchStart)._isAlongX
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
