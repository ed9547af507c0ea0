import Foundation

/// A control that performs an action on a tap (UIKit's `UIButton`).
///
/// Besides `UIControl`'s tracking, a button keeps UIKit's rule (iOS 6 and later, "Interacting with
/// other user interface controls"): its default action beats a single-finger, single-tap
/// recognizer attached to another view, such as an ancestor's tap, which fails instead. Double
/// taps, pans, long presses and recognizers on the button itself are not affected. A plain
/// `UIControl` does not have this rule and loses its touch to an ancestor's tap.
/// After `.touchUpInside` a button also fires `.primaryActionTriggered`.
open class UIButton: UIControl {
    /// Button types, as UIKit names them; TouchScope draws `.system` titles in the tint colour.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    /// The type the button was created with.
    public let buttonType: ButtonType
    var _titles: [UInt: String] = [:]
    var _titleColors: [UInt: UIColor] = [:]

    /// A custom-type button (UIKit's `init(frame:)`).
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    /// A button of `buttonType` with a zero frame.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    /// Sets the title for a state (`.normal` is used when a state has none).
    open func setTitle(_ title: String?, for state: State) {
        _titles[state.rawValue] = title
    }

    /// The title set for `state`.
    open func title(for state: State) -> String? {
        _titles[state.rawValue]
    }

    /// The title shown now.
    open var currentTitle: String? {
        _titles[state.rawValue] ?? _titles[State.normal.rawValue]
    }

    /// Sets the title colour for a state.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        _titleColors[state.rawValue] = color
    }

    /// The title colour shown now (system buttons default to the tint colour, custom ones to white).
    open var currentTitleColor: UIColor {
        _titleColors[state.rawValue] ?? _titleColors[State.normal.rawValue]
            ?? (buttonType == .custom ? .white : .systemBlue)
    }

    /// UIKit's rule: refuse other views' single-finger single taps, so the button's action wins.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self, gestureRecognizer.tapRequirement?.isSingleTap == true {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override var _sendsPrimaryActionAfterTouchUpInside: Bool { true }
}
