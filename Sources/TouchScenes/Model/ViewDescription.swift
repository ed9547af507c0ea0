import Foundation
import TouchKit

/// The kinds of view a scene can create.
public enum ViewKind: String, CaseIterable, Sendable {
    case view, label, imageView, control, button, scrollView, `switch`, slider
    /// `UITableView` and its `UITableViewCell`s, `UICollectionView` and its `UICollectionViewCell`s:
    /// scroll views whose cells are selected by touch (TouchKit's `CellSelection`).
    case tableView, tableViewCell, collectionView, collectionViewCell
    /// `UITextField`: a control a tap makes first responder (editing begins).
    case textField
    /// A `UIHostingController`'s view holding a SwiftUI tree (`content`).
    case hosting

    /// Whether the kind is a scroll view (a table and a collection view are).
    public var isScrollView: Bool { self == .scrollView || self == .tableView || self == .collectionView }
    /// Whether the kind is a cell a list selects.
    public var isCell: Bool { self == .tableViewCell || self == .collectionViewCell }
}

/// One view of a scene, with its subviews.
public struct ViewDescription: Equatable, Sendable {
    public var kind: ViewKind
    /// The view's identifier (its `accessibilityIdentifier`, used in traces and by references).
    public var id: String?
    /// The class name to show (imported dumps keep UIKit's); TouchScope builds `kind`.
    public var className: String?
    /// Frame in the superview's coordinates (or bounds size and center, below).
    public var frame: CGRect?
    public var bounds: CGRect?
    public var center: CGPoint?
    public var transform: CGAffineTransform?
    public var isHidden = false
    public var alpha: CGFloat = 1
    /// nil means the kind's UIKit default (false for labels and image views).
    public var isUserInteractionEnabled: Bool?
    public var isMultipleTouchEnabled = false
    public var isExclusiveTouch = false
    /// Whether subviews are clipped; nil keeps the kind's UIKit default (true for scroll views,
    /// false for every other view).
    public var clipsToBounds: Bool?
    public var tag = 0
    public var backgroundColor: UIColor?
    /// Button title or label text.
    public var title: String?
    public var titleColor: UIColor?
    /// Image name for image views.
    public var image: String?
    /// Controls.
    public var isEnabled = true
    public var isSelected = false
    /// The margin the control's code tracks a touch with (`UIControl.trackingMargin`; nil:
    /// UIKit's, about 70 pt).
    public var trackingMargin: Double?
    /// Switches.
    public var isOn = false
    /// Sliders.
    public var value: Double?
    /// Scroll views.
    public var contentSize: CGSize?
    public var contentOffset: CGPoint?
    public var delaysContentTouches = true
    public var canCancelContentTouches = true
    public var isScrollEnabled = true
    /// A scroll view's `isPagingEnabled` (`"pagingEnabled"`; UIKit default false).
    public var isPagingEnabled = false
    /// Tables and collection views: UIKit's defaults, selection on, one at a time.
    public var allowsSelection = true
    public var allowsMultipleSelection = false
    /// Cells: what selecting and deselecting them does (the list's `didSelect`/`didDeselect`).
    public var didSelect: [Effect] = []
    public var didDeselect: [Effect] = []
    public var recognizers: [RecognizerDescription] = []
    /// Settings for the view's built-in recognizers (a scroll view's `pan` and `delay`).
    public var builtInRecognizers: [BuiltInRecognizerDescription] = []
    /// A `hosting` view's SwiftUI tree.
    public var content: SwiftUIViewDescription?
    public var actions: [ControlActionDescription] = []
    public var behaviours: [Behaviour] = []
    public var subviews: [ViewDescription] = []

    public init(kind: ViewKind, id: String? = nil, frame: CGRect? = nil) {
        self.kind = kind
        self.id = id
        self.frame = frame
    }

    /// This view and its descendants, depth first.
    public var allViews: [ViewDescription] {
        [self] + subviews.flatMap(\.allViews) + (content?.allNodes.flatMap(\.uiView).flatMap(\.allViews) ?? [])
    }
}

/// What a control does for some of its events.
public struct ControlActionDescription: Equatable, Sendable {
    public var events: [String]
    public var effects: [Effect]

    public init(events: [String], effects: [Effect]) {
        self.events = events
        self.effects = effects
    }
}
