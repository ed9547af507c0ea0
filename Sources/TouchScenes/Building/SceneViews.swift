import Foundation
import TouchKit

// The classes a scene builds for views and controllers that have behaviours. Each forwards the
// methods UIKit code overrides to its `BehaviourHost`, passing `super` along. (Views without
// behaviours are plain TouchKit views, so hit testing keeps its fast path for them.) The touches
// methods need no override: the host is the view's `touchesInterceptor`.
//
// Every view class forwards the same methods, so any behaviour the loader accepts works on any
// kind; the bodies repeat because each class must subclass a different UIKit class.

/// A view class the builder makes for views with behaviours: it hands its overridable methods
/// to `host`.
protocol SceneHosted: UIView {
    var host: BehaviourHost! { get set }
}

/// A `UIView` with scene behaviours.
final class SceneView: UIView, SceneHosted {
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

/// A `UILabel` with scene behaviours.
final class SceneLabel: UILabel, SceneHosted {
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

/// A `UIImageView` with scene behaviours.
final class SceneImageView: UIImageView, SceneHosted {
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

/// A `UIButton` with scene behaviours.
final class SceneButton: UIButton, SceneHosted {
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

/// A `UIControl` with scene behaviours.
final class SceneControl: UIControl, SceneHosted {
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

/// A `UISwitch` with scene behaviours.
final class SceneSwitch: UISwitch, SceneHosted {
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

/// A `UISlider` with scene behaviours.
final class SceneSlider: UISlider, SceneHosted {
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

/// A `UIScrollView` with scene behaviours.
final class SceneScrollView: UIScrollView, SceneHosted {
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

/// A `UIViewController` with scene behaviours (event handlers, first responder and actions).
final class SceneViewController: UIViewController {
    var host: BehaviourHost?
    /// `preferredScreenEdgesDeferringSystemGestures`, as the scene says.
    var deferringEdges: UIRectEdge = []
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { deferringEdges }
    override func router<Event: ResponderChainEvent>(event: Event) {
        guard let host else { return super.router(event: event) }
        host.route(self, event: event) { super.router(event: event) }
    }
    override var canBecomeFirstResponder: Bool { host?.canBecomeFirstResponder ?? false }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        host?.effects(forAction: action) != nil
    }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        if let host, let effects = host.effects(forAction: action) { host.runtime?.run(effects, from: self) }
    }
}

/// A navigation controller a scene builds: UIKit's, with the deferring edges the scene gives it
/// (nil: those of its top controller, as UIKit's navigation controller answers).
final class SceneNavigationController: UINavigationController {
    var deferringEdges: UIRectEdge?
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { deferringEdges ?? [] }
    override var childForScreenEdgesDeferringSystemGestures: UIViewController? {
        deferringEdges == nil ? topViewController : nil
    }
}
