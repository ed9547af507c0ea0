import Foundation

/// A scroll view of items whose cells are selected by touch (UIKit's `UICollectionView`); the
/// same selection rules as a table (`CellSelection.swift`). Items are the
/// `UICollectionViewCell`s among its subviews (no layout or data source: a scene places them).
open class UICollectionView: UIScrollView, CellSelecting {
    /// Whether a touch selects a cell. UIKit default: true.
    open var allowsSelection: Bool = true
    /// Whether several cells may be selected at once. UIKit default: false.
    open var allowsMultipleSelection: Bool = false
    /// Called when a touch selects a cell (UIKit's `collectionView(_:didSelectItemAt:)`).
    open var didSelectCell: ((UIView) -> Void)?
    /// Called when a cell is deselected (UIKit's `collectionView(_:didDeselectItemAt:)`).
    open var didDeselectCell: ((UIView) -> Void)?

    /// The selected cells, in the order they appear.
    public var selectedCells: [UIView] { _selectedCells }
}

/// A collection item (UIKit's `UICollectionViewCell`): highlights and is selected by its collection view.
open class UICollectionViewCell: UIView, SelectableCell {
    /// Whether the cell shows as pressed. UIKit default: false.
    open var isHighlighted: Bool = false
    /// Whether the cell is selected. UIKit default: false.
    open var isSelected: Bool = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { _cellTouchesBegan() }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { _cellTouchesEnded() }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { _cellTouchesCancelled() }
}
