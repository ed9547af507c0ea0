import Foundation

/// What a view holds that touches, effects or code can change, kept for a snapshot: geometry,
/// the flags hit testing reads, colours and text, control, switch, slider and scroll-view state,
/// and its recognizers' settings. Structure (class, number of subviews and recognizers) is kept
/// too, so that a snapshot is only ever put back on a tree of the same shape.
struct ViewSnapshot {
    struct Control {
        var isEnabled: Bool
        var isSelected: Bool
        var isHighlighted: Bool
    }

    struct Scroll {
        var contentSize: CGSize
        var contentInset: UIEdgeInsets
        var isScrollEnabled: Bool
        var delaysContentTouches: Bool
        var canCancelContentTouches: Bool
        var alwaysBounceVertical: Bool
        var alwaysBounceHorizontal: Bool
        var decelerationRate: UIScrollView.DecelerationRate
        var isPagingEnabled: Bool
        var isDragging: Bool
    }

    struct Recognizer {
        let type: ObjectIdentifier
        var isEnabled: Bool
        var cancelsTouchesInView: Bool
        var delaysTouchesBegan: Bool
        var delaysTouchesEnded: Bool
        var requiresExclusiveTouchType: Bool
        var name: String?
        /// The settings of the recognizer's own class (taps required, press duration, ...).
        var settings: [String: Double]
    }

    let type: ObjectIdentifier
    let subviewCount: Int
    var bounds: CGRect
    var center: CGPoint
    var transform: CGAffineTransform
    var isHidden: Bool
    var alpha: CGFloat
    var isUserInteractionEnabled: Bool
    var userInteractionWasSet: Bool
    var isMultipleTouchEnabled: Bool
    var isExclusiveTouch: Bool
    var clipsToBounds: Bool
    var tag: Int
    var accessibilityIdentifier: String?
    var backgroundColor: UIColor?
    var label: (text: String?, color: UIColor)?
    var image: UIImage?
    var control: Control?
    var titles: (titles: [UInt: String], colors: [UInt: UIColor])?
    var isOn: Bool?
    var slider: (value: Float, minimum: Float, maximum: Float, continuous: Bool)?
    var scroll: Scroll?
    var recognizers: [Recognizer]

    init(_ view: UIView) {
        type = ObjectIdentifier(Swift.type(of: view))
        subviewCount = view._subviews.count
        bounds = view.bounds
        center = view.center
        transform = view.transform
        isHidden = view.isHidden
        alpha = view.alpha
        isUserInteractionEnabled = view.isUserInteractionEnabled
        userInteractionWasSet = view._userInteractionWasSet
        isMultipleTouchEnabled = view.isMultipleTouchEnabled
        isExclusiveTouch = view.isExclusiveTouch
        clipsToBounds = view.clipsToBounds
        tag = view.tag
        accessibilityIdentifier = view.accessibilityIdentifier
        backgroundColor = view.backgroundColor
        if let label = view as? UILabel { self.label = (label.text, label.textColor) }
        if let imageView = view as? UIImageView { image = imageView.image }
        if let control = view as? UIControl {
            self.control = Control(
                isEnabled: control.isEnabled, isSelected: control.isSelected, isHighlighted: control.isHighlighted)
        }
        if let button = view as? UIButton { titles = (button._titles, button._titleColors) }
        if let toggle = view as? UISwitch { isOn = toggle.isOn }
        if let slider = view as? UISlider { self.slider = (slider.value, slider.minimumValue, slider.maximumValue, slider.isContinuous) }
        if let scroll = view as? UIScrollView {
            self.scroll = Scroll(
                contentSize: scroll.contentSize, contentInset: scroll.contentInset, isScrollEnabled: scroll.isScrollEnabled,
                delaysContentTouches: scroll.delaysContentTouches, canCancelContentTouches: scroll.canCancelContentTouches,
                alwaysBounceVertical: scroll.alwaysBounceVertical, alwaysBounceHorizontal: scroll.alwaysBounceHorizontal,
                decelerationRate: scroll.decelerationRate, isPagingEnabled: scroll.isPagingEnabled, isDragging: scroll.isDragging)
        }
        recognizers = view._gestureRecognizers.map { recognizer in
            Recognizer(
                type: ObjectIdentifier(Swift.type(of: recognizer)), isEnabled: recognizer.isEnabled,
                cancelsTouchesInView: recognizer.cancelsTouchesInView, delaysTouchesBegan: recognizer.delaysTouchesBegan,
                delaysTouchesEnded: recognizer.delaysTouchesEnded, requiresExclusiveTouchType: recognizer.requiresExclusiveTouchType,
                name: recognizer.name, settings: recognizer.describedSettings.values)
        }
    }

    /// Whether `view` has the shape this snapshot was taken of.
    func matches(_ view: UIView) -> Bool {
        type == ObjectIdentifier(Swift.type(of: view)) && subviewCount == view._subviews.count
            && recognizers.map(\.type) == view._gestureRecognizers.map { ObjectIdentifier(Swift.type(of: $0)) }
    }

    /// Puts the snapshot back on `view` (of the same shape), through the public setters so that
    /// every derived value (frame, hit index, hit-testing flags) follows.
    func restore(on view: UIView) {
        view.transform = transform
        view.bounds = bounds
        view.center = center
        view.isHidden = isHidden
        view.alpha = alpha
        view.isUserInteractionEnabled = isUserInteractionEnabled
        view._userInteractionWasSet = userInteractionWasSet
        view.isMultipleTouchEnabled = isMultipleTouchEnabled
        view.isExclusiveTouch = isExclusiveTouch
        view.clipsToBounds = clipsToBounds
        view.tag = tag
        view.accessibilityIdentifier = accessibilityIdentifier
        view.backgroundColor = backgroundColor
        if let label, let target = view as? UILabel {
            target.text = label.text
            target.textColor = label.color
        }
        if let imageView = view as? UIImageView { imageView.image = image }
        if let control, let target = view as? UIControl {
            target.isEnabled = control.isEnabled
            target.isSelected = control.isSelected
            target.isHighlighted = control.isHighlighted
            // Snapshots are taken at rest, when no control follows a touch.
            target._tracking = .idle
        }
        if let titles, let button = view as? UIButton {
            button._titles = titles.titles
            button._titleColors = titles.colors
        }
        if let isOn, let toggle = view as? UISwitch { toggle.isOn = isOn }
        if let slider, let target = view as? UISlider {
            target.minimumValue = slider.minimum
            target.maximumValue = slider.maximum
            target.value = slider.value
            target.isContinuous = slider.continuous
        }
        if let scroll, let target = view as? UIScrollView {
            target.contentSize = scroll.contentSize
            target.contentInset = scroll.contentInset
            target.isScrollEnabled = scroll.isScrollEnabled
            target.delaysContentTouches = scroll.delaysContentTouches
            target.canCancelContentTouches = scroll.canCancelContentTouches
            target.alwaysBounceVertical = scroll.alwaysBounceVertical
            target.alwaysBounceHorizontal = scroll.alwaysBounceHorizontal
            target.decelerationRate = scroll.decelerationRate
            target.isPagingEnabled = scroll.isPagingEnabled
            target.isDragging = scroll.isDragging
            // Bounds again: the offset is the bounds' origin, which content settings may have moved.
            target.bounds = bounds
        }
        for (recognizer, saved) in zip(view._gestureRecognizers, recognizers) {
            recognizer.cancelsTouchesInView = saved.cancelsTouchesInView
            recognizer.delaysTouchesBegan = saved.delaysTouchesBegan
            recognizer.delaysTouchesEnded = saved.delaysTouchesEnded
            recognizer.requiresExclusiveTouchType = saved.requiresExclusiveTouchType
            recognizer.name = saved.name
            recognizer.restoreSettings(saved.settings)
            // Last: disabling a recognizer that is at rest changes nothing else.
            recognizer.isEnabled = saved.isEnabled
        }
    }
}
