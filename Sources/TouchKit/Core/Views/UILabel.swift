import Foundation

/// A view that draws a line of text (UIKit's `UILabel`). Like UIKit's, it does not take touches
/// by default: `isUserInteractionEnabled` starts false, the first thing to check when a tap
/// recognizer on a label never fires.
open class UILabel: UIView {
    /// The text drawn. UIKit default: nil.
    open var text: String?
    /// Text colour. UIKit default: black.
    open var textColor: UIColor = .black

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        _userInteractionWasSet = false
    }
}

/// A view that shows an image (UIKit's `UIImageView`). Like UIKit's, it does not take touches by
/// default: `isUserInteractionEnabled` starts false.
open class UIImageView: UIView {
    /// The image shown; TouchScope draws its name in a framed box.
    open var image: UIImage?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        _userInteractionWasSet = false
    }

    /// Creates an image view sized to nothing, showing `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: .zero)
        self.image = image
    }
}

/// A named image placeholder: TouchScope routes touches and does not decode pictures.
public struct UIImage: Hashable, Sendable {
    /// The image's name, as given to `init(named:)`.
    public let name: String

    /// An image known by name. Failable like UIKit's, but never nil: there is no asset catalog to miss.
    public init?(named name: String) {
        self.name = name
    }
}

extension UIView {
    /// When `isUserInteractionEnabled` is false only because of the class's UIKit default (a
    /// label or an image view that nothing turned on), the words that say so; nil otherwise.
    public var userInteractionDefaultNote: String? {
        guard !isUserInteractionEnabled, !_userInteractionWasSet, self is UILabel || self is UIImageView else { return nil }
        return "\(self is UILabel ? "UILabel" : "UIImageView")'s default; nothing sets it"
    }
}
