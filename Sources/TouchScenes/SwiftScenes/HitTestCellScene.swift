import Foundation
import TouchKit

/// Seed 004's reference implementation of `hitTest(_:with:)`, written against public API.
class HitTestExampleView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled else { return nil }
        guard !isHidden else { return nil }
        guard alpha >= 0.01 else { return nil }
        guard self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let convertedPoint = subview.convert(point, from: self)
            if let candidate = subview.hitTest(convertedPoint, with: event) {
                return candidate
            }
        }
        return self
    }
}

/// Seed 004's event cell: a swipe overlay covers the cell, yet taps on the join button (and on
/// the delete button, once revealed) must reach them; its `hitTest` checks them first.
final class EventCell: HitTestExampleView {
    let joinButton = UIButton(type: .system)
    let deleteButton = UIButton(type: .system)
    let deletionOverlay = UIView()
    var isDeleteButtonOpen = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        deleteButton.frame = CGRect(x: frame.width - 90, y: 10, width: 80, height: frame.height - 20)
        deleteButton.setTitle("Delete", for: .normal)
        deleteButton.backgroundColor = .red
        deleteButton.accessibilityIdentifier = "delete"
        joinButton.frame = CGRect(x: 16, y: 20, width: 90, height: frame.height - 40)
        joinButton.setTitle("Join", for: .normal)
        joinButton.backgroundColor = UIColor(white: 0.9, alpha: 1)
        joinButton.accessibilityIdentifier = "join"
        deletionOverlay.frame = bounds
        deletionOverlay.accessibilityIdentifier = "overlay"
        deletionOverlay.backgroundColor = UIColor(white: 0, alpha: 0.05)
        addSubview(deleteButton)
        addSubview(joinButton)
        addSubview(deletionOverlay)
        let swipe = UIPanGestureRecognizer { [unowned self] pan in
            guard pan.state == .ended else { return }
            let open = pan.translation(in: self).x < 0
            self.isDeleteButtonOpen = open
            self.joinButton.frame.origin.x = open ? 16 - 90 : 16
        }
        swipe.name = "swipeToDelete"
        deletionOverlay.addGestureRecognizer(swipe)
    }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled else { return nil }
        guard !isHidden else { return nil }
        guard alpha >= 0.01 else { return nil }
        guard self.point(inside: point, with: event) else { return nil }
        if joinButton.point(inside: convert(point, to: joinButton), with: event) {
            return joinButton
        }
        if isDeleteButtonOpen && deleteButton.point(inside: convert(point, to: deleteButton), with: event) {
            return deleteButton
        }
        return super.hitTest(point, with: event)
    }
}

enum HitTestCellScene {
    static func make() -> LoadedScene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.backgroundColor = UIColor(white: 0.95, alpha: 1)
        let list = HitTestExampleView(frame: window.bounds)
        list.accessibilityIdentifier = "list"
        let cell = EventCell(frame: CGRect(x: 0, y: 100, width: 390, height: 88))
        cell.accessibilityIdentifier = "cell"
        for button in [cell.joinButton, cell.deleteButton] {
            button.addAction(
                UIAction { [unowned button] _ in
                    button.window?.next.flatMap { $0 as? UIApplication }?.trace.note("\(button.accessibilityIdentifier ?? "?") tapped")
                }, for: .touchUpInside)
        }
        list.addSubview(cell)
        window.addSubview(list)
        return .swift(name: "hit-test-cell", summary: SwiftScenes.all[3].summary, window: window)
    }
}
