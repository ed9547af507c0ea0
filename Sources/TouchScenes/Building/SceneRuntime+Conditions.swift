import Foundation
import TouchKit
import TouchSwiftUI

extension SceneRuntime {
    /// Whether `condition` holds for `recognizer`, asked about `touch` (nil: the recognizer's
    /// first touch) and the `other` recognizer of a relation (nil where there is none: then the
    /// `other…` conditions do not hold).
    func evaluate(_ condition: TouchCondition, recognizer: UIGestureRecognizer, touch: UITouch?, other: UIGestureRecognizer?) -> Bool {
        switch condition {
        case .always(let value):
            return value
        case .touchViewIn(let ids):
            guard let view = touchView(recognizer, touch) else { return false }
            return ids.contains { id in self.view(id).map { view.isDescendant(of: $0) } ?? false }
        case .touchViewIsControl:
            return touchView(recognizer, touch) is UIControl
        case .touchViewKind(let kind):
            guard let view = touchView(recognizer, touch) else { return false }
            return kind.matches(view)
        case .touchViewClass(let name):
            guard let view = touchView(recognizer, touch) else { return false }
            return view.traceClass == name || String(describing: type(of: view)) == name
        case .location(let id, let rect):
            guard let view = self.view(id) else { return false }
            let point = touch?.location(in: view) ?? (recognizer.numberOfTouches > 0 ? recognizer.location(in: view) : nil)
            return point.map(rect.contains) ?? false
        case .state(let name, let equals):
            return state[name, default: false] == equals
        case .otherKind(let kind):
            return other.map(kind.matches) ?? false
        case .otherView(let id):
            guard let other, let view = self.view(id) else { return false }
            return other.view === view
        case .otherID(let ids):
            guard let other else { return false }
            return ids.contains("*") || ids.contains { self.recognizer($0) === other }
        case .not(let inner):
            return !evaluate(inner, recognizer: recognizer, touch: touch, other: other)
        case .all(let items):
            return items.allSatisfy { evaluate($0, recognizer: recognizer, touch: touch, other: other) }
        case .any(let items):
            return items.contains { evaluate($0, recognizer: recognizer, touch: touch, other: other) }
        }
    }

    /// Whether `condition` holds for the content view `view` (a scroll view's
    /// `touchesShouldCancel(in:)`): the `touchView…` terms describe `view`, `state` a flag; the
    /// terms about a touch's location or another recognizer do not hold.
    func evaluate(_ condition: TouchCondition, view: UIView) -> Bool {
        switch condition {
        case .always(let value): return value
        case .touchViewIn(let ids): return ids.contains { id in self.view(id).map { view.isDescendant(of: $0) } ?? false }
        case .touchViewIsControl: return view is UIControl
        case .touchViewKind(let kind): return kind.matches(view)
        case .touchViewClass(let name): return view.traceClass == name || String(describing: type(of: view)) == name
        case .state(let name, let equals): return state[name, default: false] == equals
        case .location, .otherKind, .otherView, .otherID: return false
        case .not(let inner): return !evaluate(inner, view: view)
        case .all(let items): return items.allSatisfy { evaluate($0, view: view) }
        case .any(let items): return items.contains { evaluate($0, view: view) }
        }
    }

    /// Whether `condition` holds for a control tracking `touch` (its `beginTracking` or
    /// `continueTracking`): the `touchView…` terms describe the control, `location` the touch
    /// where it is now, `state` a flag; the terms about another recognizer do not hold.
    func evaluate(_ condition: TouchCondition, control: UIControl, touch: UITouch) -> Bool {
        switch condition {
        case .location(let id, let rect):
            guard let view = self.view(id) else { return false }
            return rect.contains(touch.location(in: view))
        case .not(let inner): return !evaluate(inner, control: control, touch: touch)
        case .all(let items): return items.allSatisfy { evaluate($0, control: control, touch: touch) }
        case .any(let items): return items.contains { evaluate($0, control: control, touch: touch) }
        default: return evaluate(condition, view: control)
        }
    }

    private func touchView(_ recognizer: UIGestureRecognizer, _ touch: UITouch?) -> UIView? {
        touch?.view ?? recognizer.recognizerContext.touches.first?.view
    }
}

extension ViewKind {
    /// Whether `view` is of this kind: its UIKit class or a subclass.
    func matches(_ view: UIView) -> Bool {
        switch self {
        case .view: true
        case .label: view is UILabel
        case .imageView: view is UIImageView
        case .control: view is UIControl
        case .button: view is UIButton
        case .scrollView: view is UIScrollView
        case .switch: view is UISwitch
        case .slider: view is UISlider
        case .tableView: view is UITableView
        case .tableViewCell: view is UITableViewCell
        case .collectionView: view is UICollectionView
        case .collectionViewCell: view is UICollectionViewCell
        case .textField: view is UITextField
        case .hosting: view is SwiftUIHostingView
        }
    }
}

extension RecognizerKind {
    /// Whether `recognizer` is of this kind: its UIKit class or a subclass.
    func matches(_ recognizer: UIGestureRecognizer) -> Bool {
        switch self {
        case .tap: recognizer is UITapGestureRecognizer
        case .longPress: recognizer is UILongPressGestureRecognizer
        case .pan: recognizer is UIPanGestureRecognizer && !(recognizer is UIScreenEdgePanGestureRecognizer)
        case .screenEdgePan: recognizer is UIScreenEdgePanGestureRecognizer
        case .swipe: recognizer is UISwipeGestureRecognizer
        case .pinch: recognizer is UIPinchGestureRecognizer
        case .rotation: recognizer is UIRotationGestureRecognizer
        }
    }
}
