import Foundation

/// A one-line text field (UIKit's `UITextField`), as far as it affects touch routing: a control
/// that a tap makes first responder (editing begins: `.editingDidBegin`), and that ends editing
/// when it resigns (`.editingDidEnd`, as when another responder takes over or the keyboard is
/// dismissed).
///
/// The tap is recognized by the field's own tap recognizer (`beginEditingRecognizer`, standing
/// for UIKit's private text-interaction recognizers): as the deepest recognizer on the touch it
/// recognizes before a superview's tap and prevents it, which is why the usual "tap anywhere to
/// dismiss the keyboard" recognizer does not stop a field being tapped into, while it does stop
/// buttons and table cells (they have no recognizer of their own). A touch dragged out of the
/// field begins nothing. Not modelled: text input, the keyboard, and the selection recognizers
/// UIKit adds once editing.
open class UITextField: UIControl {
    /// The text. UIKit default: empty.
    open var text: String? = ""
    /// The placeholder shown while the text is empty. UIKit default: nil.
    open var placeholder: String?
    /// Whether the field is being edited (it is first responder).
    public var isEditing: Bool { isFirstResponder }

    /// The field's own tap recognizer, which begins editing.
    public let beginEditingRecognizer = UITapGestureRecognizer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        beginEditingRecognizer.addTarget(self) { [unowned self] recognizer in
            guard recognizer.state == .ended, !self.isFirstResponder else { return }
            if self.becomeFirstResponder() { self.sendActions(for: .editingDidBegin) }
        }
        addGestureRecognizer(beginEditingRecognizer)
    }

    /// A text field may become first responder while enabled (UIKit's rule).
    open override var canBecomeFirstResponder: Bool {
        guard let interceptor else { return isEnabled }
        return interceptor.canBecomeFirstResponder(self) { isEnabled }
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let wasEditing = isFirstResponder
        guard super.resignFirstResponder() else { return false }
        if wasEditing { sendActions(for: .editingDidEnd) }
        return true
    }
}
