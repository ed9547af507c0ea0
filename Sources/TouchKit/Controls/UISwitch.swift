import Foundation

/// An on/off control (UIKit's `UISwitch`): a tap toggles it and fires `.valueChanged`.
///
/// Like a button, its single tap beats other views' single-tap recognizers (UIKit lists UISwitch
/// in the same rule).
open class UISwitch: UIControl {
    /// Whether the switch is on. UIKit default: false.
    open var isOn: Bool = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Sets the state without firing `.valueChanged` (as UIKit does).
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, _isInsideForTracking(touch) else { return }
        isOn.toggle()
        _sendActions(for: .valueChanged, with: event)
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.view !== self,
            tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

/// A control that picks a value by dragging a thumb along a track (UIKit's `UISlider`).
///
/// Tracking starts only on the thumb; while it moves, `value` follows the finger and
/// `.valueChanged` fires (continuously, or once at the end when `isContinuous` is false). A drag
/// that starts on the thumb is not taken by other views' pans or swipes (UIKit's rule for sliders).
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

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let margin = UIKitDefaults.sliderThumbTouchMargin
        return thumbRect.insetBy(dx: -margin, dy: -margin).contains(touch.location(in: self))
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
        if !isContinuous { _sendActions(for: .valueChanged, with: event) }
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isTracking, gestureRecognizer.view !== self,
            gestureRecognizer is UIPanGestureRecognizer || gestureRecognizer is UISwipeGestureRecognizer
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
