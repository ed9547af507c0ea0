import Foundation

/// What a list (a `UITableView` or a `UICollectionView`) does with its cells' touches, as UIKit
/// does it observably (UIKit's own implementation is private):
///
/// - A cell highlights when its `touchesBegan` arrives: after the scroll view's content-touch
///   delay (0.15 s) when the finger rests, or at the lift for a quick tap.
/// - It unhighlights when the touch is cancelled (the list starts scrolling, a recognizer with
///   `cancelsTouchesInView` takes it: the classic "tap recognizer breaks didSelectRow").
/// - At the lift it unhighlights and is selected (`didSelect`); with single selection the
///   previously selected cell is deselected first (`didDeselect`); with multiple selection a
///   selected cell is deselected instead. With `allowsSelection` false nothing highlights.
/// Each step is a `layer` trace entry (`list: highlight`, `select`, ...).
/// Not modelled: index paths, editing, `shouldHighlight`/`willSelect` delegate vetoes, the
/// highlight while the finger slides off the cell.
protocol CellSelecting: UIScrollView {
    var allowsSelection: Bool { get }
    var allowsMultipleSelection: Bool { get }
    var didSelectCell: ((UIView) -> Void)? { get }
    var didDeselectCell: ((UIView) -> Void)? { get }
}

/// A cell's selection state, kept by the cell.
protocol SelectableCell: UIView {
    var isHighlighted: Bool { get set }
    var isSelected: Bool { get set }
}

extension SelectableCell {
    /// The list the cell is in: its nearest `CellSelecting` ancestor.
    var _list: (any CellSelecting)? {
        var view = superview
        while let current = view {
            if let list = current as? any CellSelecting { return list }
            view = current.superview
        }
        return nil
    }

    func _record(_ kind: String) {
        _trace?.record(.layer(LayerEvent(layer: .list, kind: kind, subject: traceName)))
    }

    func _cellTouchesBegan() {
        guard let list = _list, list.allowsSelection, !isHighlighted else { return }
        isHighlighted = true
        _record("highlight")
    }

    func _cellTouchesCancelled() {
        guard isHighlighted else { return }
        isHighlighted = false
        _record("unhighlight")
    }

    func _cellTouchesEnded() {
        guard let list = _list, list.allowsSelection else { return }
        if isHighlighted {
            isHighlighted = false
            _record("unhighlight")
        }
        if list.allowsMultipleSelection && isSelected {
            isSelected = false
            _record("deselect")
            list.didDeselectCell?(self)
            return
        }
        if !list.allowsMultipleSelection {
            for other in list._selectedCells where other !== self {
                other.isSelected = false
                other._record("deselect")
                list.didDeselectCell?(other)
            }
        }
        isSelected = true
        _record("select")
        list.didSelectCell?(self)
    }
}

extension CellSelecting {
    /// The selected cells, depth first.
    var _selectedCells: [any SelectableCell] {
        var found: [any SelectableCell] = []
        var stack: [UIView] = Array(subviews.reversed())
        while let view = stack.popLast() {
            if let cell = view as? any SelectableCell, cell.isSelected { found.append(cell) }
            if !(view is any CellSelecting) { stack += view.subviews.reversed() }
        }
        return found
    }
}
