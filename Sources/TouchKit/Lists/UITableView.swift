import Foundation

/// A scroll view of rows whose cells are selected by touch (UIKit's `UITableView`); see
/// `CellSelection.swift` for the selection rules. Rows are the `UITableViewCell`s among its
/// subviews (no data source: a scene places them).
open class UITableView: UIScrollView, CellSelecting {
    /// Whether a touch selects a cell. UIKit default: true.
    open var allowsSelection: Bool = true
    /// Whether several cells may be selected at once (a touch on a selected one deselects it).
    /// UIKit default: false.
    open var allowsMultipleSelection: Bool = false
    /// Called when a touch selects a cell (UIKit's `tableView(_:didSelectRowAt:)`).
    open var didSelectCell: ((UIView) -> Void)?
    /// Called when a cell is deselected (UIKit's `tableView(_:didDeselectRowAt:)`).
    open var didDeselectCell: ((UIView) -> Void)?

    /// The selected cells, in the order they appear.
    public var selectedCells: [UIView] { _selectedCells }
}

/// A table row (UIKit's `UITableViewCell`): highlights and is selected by its table.
open class UITableViewCell: UIView, SelectableCell {
    /// Whether the cell shows as pressed. UIKit default: false.
    open var isHighlighted: Bool = false
    /// Whether the cell is selected. UIKit default: false.
    open var isSelected: Bool = false

    // The cell's touches select it; they go no further up the chain (the table handles them).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { _cellTouchesBegan() }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { _cellTouchesEnded() }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { _cellTouchesCancelled() }
}
