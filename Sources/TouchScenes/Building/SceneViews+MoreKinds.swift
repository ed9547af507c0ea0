import Foundation
import TouchKit

// The list and text field kinds' scene classes, as `SceneViews.swift` makes the others: each forwards the
// methods UIKit code overrides to its `BehaviourHost`.

/// A `UITableView` with scene behaviours.
final class SceneTableView: UITableView, SceneHosted {
    var host: BehaviourHost!
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        host.pointInside(self, point, event) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        host.hitTest(self, point, event) { super.hitTest(point, with: event) }
    }
    override func router<Event: ResponderChainEvent>(event: Event) {
        host.route(self, event: event) { super.router(event: event) }
    }
    override var canBecomeFirstResponder: Bool { host.canBecomeFirstResponder || super.canBecomeFirstResponder }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        host.effects(forAction: action) != nil || super.canPerformAction(action, withSender: sender)
    }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if let effects = host.effects(forAction: action) { host.runtime?.run(effects, from: self) }
    }
}

/// A `UITableViewCell` with scene behaviours.
final class SceneTableViewCell: UITableViewCell, SceneHosted {
    var host: BehaviourHost!
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        host.pointInside(self, point, event) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        host.hitTest(self, point, event) { super.hitTest(point, with: event) }
    }
    override func router<Event: ResponderChainEvent>(event: Event) {
        host.route(self, event: event) { super.router(event: event) }
    }
    override var canBecomeFirstResponder: Bool { host.canBecomeFirstResponder || super.canBecomeFirstResponder }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        host.effects(forAction: action) != nil || super.canPerformAction(action, withSender: sender)
    }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if let effects = host.effects(forAction: action) { host.runtime?.run(effects, from: self) }
    }
}

/// A `UICollectionView` with scene behaviours.
final class SceneCollectionView: UICollectionView, SceneHosted {
    var host: BehaviourHost!
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        host.pointInside(self, point, event) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        host.hitTest(self, point, event) { super.hitTest(point, with: event) }
    }
    override func router<Event: ResponderChainEvent>(event: Event) {
        host.route(self, event: event) { super.router(event: event) }
    }
    override var canBecomeFirstResponder: Bool { host.canBecomeFirstResponder || super.canBecomeFirstResponder }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        host.effects(forAction: action) != nil || super.canPerformAction(action, withSender: sender)
    }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if let effects = host.effects(forAction: action) { host.runtime?.run(effects, from: self) }
    }
}

/// A `UICollectionViewCell` with scene behaviours.
final class SceneCollectionViewCell: UICollectionViewCell, SceneHosted {
    var host: BehaviourHost!
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        host.pointInside(self, point, event) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        host.hitTest(self, point, event) { super.hitTest(point, with: event) }
    }
    override func router<Event: ResponderChainEvent>(event: Event) {
        host.route(self, event: event) { super.router(event: event) }
    }
    override var canBecomeFirstResponder: Bool { host.canBecomeFirstResponder || super.canBecomeFirstResponder }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        host.effects(forAction: action) != nil || super.canPerformAction(action, withSender: sender)
    }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if let effects = host.effects(forAction: action) { host.runtime?.run(effects, from: self) }
    }
}

/// A `UITextField` with scene behaviours.
final class SceneTextField: UITextField, SceneHosted {
    var host: BehaviourHost!
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        host.pointInside(self, point, event) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        host.hitTest(self, point, event) { super.hitTest(point, with: event) }
    }
    override func router<Event: ResponderChainEvent>(event: Event) {
        host.route(self, event: event) { super.router(event: event) }
    }
    override var canBecomeFirstResponder: Bool { host.canBecomeFirstResponder || super.canBecomeFirstResponder }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        host.effects(forAction: action) != nil || super.canPerformAction(action, withSender: sender)
    }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if let effects = host.effects(forAction: action) { host.runtime?.run(effects, from: self) }
    }
}
