import Foundation
import TouchKit
import TouchSwiftUI

/// A built scene's live side: its objects by id, its state flags, and the effects engine.
///
/// The window keeps the runtime (`UIWindow._keptAlive`), as do the actions and targets that run
/// its effects, so behaviours work as long as the window lives; the runtime holds views,
/// controllers and recognizers weakly, so dropping the window frees it all.
public final class SceneRuntime {
    /// The scene's state flags (the floating menu's `menuOpen`, ...).
    public internal(set) var state: [String: Bool]
    private var _views: [String: WeakView] = [:]
    private var _controllers: [String: WeakController] = [:]
    private var _recognizers: [String: WeakGesture] = [:]
    /// Delegates of scene recognizers (recognizers hold their delegates weakly, as in UIKit).
    var delegates: [SceneRecognizerDelegate] = []
    /// Where each dragged view started, for `dragView`.
    private var dragStarts: [ObjectIdentifier: CGPoint] = [:]

    /// The era the scene's SwiftUI gestures behave in.
    public internal(set) var swiftUIEra: SwiftUIEra = .ios18
    /// What the scene's SwiftUI trees need alive (their hosts), as long as the runtime lives.
    var swiftUIHosts: [SwiftUIHost] = []

    init(state: [String: Bool]) {
        self.state = state
    }

    /// The scene's views by id.
    public var views: [String: UIView] { _views.compactMapValues(\.value) }
    /// The scene's controllers by id.
    public var controllers: [String: UIViewController] { _controllers.compactMapValues(\.value) }
    /// The scene's recognizers by id.
    public var recognizers: [String: UIGestureRecognizer] { _recognizers.compactMapValues(\.value) }

    /// The scene's recognizer with this id: one look-up (`recognizers` builds the whole table,
    /// which a walk over a scene's relations must not do per question).
    public func recognizer(_ id: String) -> UIGestureRecognizer? { _recognizers[id]?.value }

    /// What selecting and deselecting each cell does, by the cell.
    private var cellEffects: [ObjectIdentifier: (select: [Effect], deselect: [Effect])] = [:]

    func registerCellEffects(_ cell: UIView, select: [Effect], deselect: [Effect]) {
        guard !select.isEmpty || !deselect.isEmpty else { return }
        cellEffects[ObjectIdentifier(cell)] = (select, deselect)
    }

    /// Runs a cell's `didSelect` (or `didDeselect`) effects, from the cell.
    func runCellEffects(_ cell: UIView, selected: Bool) {
        guard let effects = cellEffects[ObjectIdentifier(cell)] else { return }
        run(selected ? effects.select : effects.deselect, from: cell)
    }

    /// The scene's view with this id, in one look-up.
    public func view(_ id: String) -> UIView? { _views[id]?.value }

    func register(view: UIView, id: String) { _views[id] = WeakView(value: view) }
    func register(controller: UIViewController, id: String) { _controllers[id] = WeakController(value: controller) }
    func register(recognizer: UIGestureRecognizer, id: String) { _recognizers[id] = WeakGesture(value: recognizer) }

    /// Deepest nesting of effects that run effects (a `route` whose handler routes again, an
    /// action whose performer sends one). A scene whose behaviours lead back to themselves is
    /// stopped here with a `loopStopped` trace entry instead of overflowing the stack;
    /// `touchscope validate` reports such loops before they run. TouchScope's choice.
    public static let maximumEffectNesting = 32
    private var nesting = 0

    /// No effect running and no view being dragged: the runtime is its state flags alone.
    var isAtRest: Bool { nesting == 0 && dragStarts.isEmpty }

    /// The runtime's state for `EngineStateDump`.
    var stateDump: String {
        "scene state " + state.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            + " drags=\(dragStarts.count) nesting=\(nesting)"
    }

    /// Runs `effects` on behalf of `source` (the view, controller or control that fired).
    public func run(_ effects: [Effect], from source: UIResponder, recognizer: UIGestureRecognizer? = nil) {
        guard nesting < Self.maximumEffectNesting else {
            let what = effects.map(\.summary).joined(separator: ", ")
            application(of: source)?.trace.record(.loopStopped(responder: source.traceName, what: what, depth: nesting))
            return
        }
        nesting += 1
        defer { nesting -= 1 }
        for effect in effects { run(effect, from: source, recognizer: recognizer) }
    }

    private func application(of source: UIResponder) -> UIApplication? {
        var responder: UIResponder? = source
        var steps = 0
        while let current = responder, steps < 10_000 {
            if let app = current as? UIApplication { return app }
            responder = current.next
            steps += 1
        }
        return nil
    }

    private func run(_ effect: Effect, from source: UIResponder, recognizer: UIGestureRecognizer?) {
        switch effect {
        case .note(let text):
            application(of: source)?.trace.note(text)
        case .set(let target, let patch):
            guard let view = resolveView(target, from: source) else { return }
            apply(patch, to: view)
        case .setState(let name, let value):
            state[name] = value
            application(of: source)?.trace.note("state \(name) = \(value)")
        case .toggleState(let name):
            state[name] = !(state[name] ?? false)
            application(of: source)?.trace.note("state \(name) = \(state[name] ?? false)")
        case .sendAction(let name):
            application(of: source)?.sendAction(Selector(name), to: nil, from: source, for: nil)
        case .route(let name):
            source.router(event: SceneEvent(name))
        case .becomeFirstResponder(let target):
            let responder: UIResponder? = target == "self" ? source : (controllers[target] ?? views[target])
            responder?.becomeFirstResponder()
        case .dragView(let target):
            guard let pan = recognizer as? UIPanGestureRecognizer, let view = resolveView(target, from: source) else { return }
            drag(view, with: pan)
        }
    }

    /// Seed 002's `panPiece`: translation applied to the center, restored on cancel.
    private func drag(_ view: UIView, with pan: UIPanGestureRecognizer) {
        let key = ObjectIdentifier(view)
        if pan.state == .began { dragStarts[key] = view.center }
        guard let start = dragStarts[key] else { return }
        if pan.state == .cancelled {
            view.center = start
        } else {
            let translation = pan.translation(in: view.superview)
            view.center = CGPoint(x: start.x + translation.x, y: start.y + translation.y)
        }
        if pan.state == .ended || pan.state == .cancelled { dragStarts[key] = nil }
    }

    private func resolveView(_ target: String, from source: UIResponder) -> UIView? {
        if target == "self" {
            return (source as? UIView) ?? (source as? UIViewController)?.view
        }
        return views[target] ?? controllers[target]?.view
    }

    private func apply(_ patch: ViewPatch, to view: UIView) {
        if let frame = patch.frame { view.frame = frame }
        if let center = patch.center { view.center = center }
        if let hidden = patch.isHidden { view.isHidden = hidden }
        if let alpha = patch.alpha { view.alpha = alpha }
        if let color = patch.backgroundColor { view.backgroundColor = color }
        if let interaction = patch.isUserInteractionEnabled { view.isUserInteractionEnabled = interaction }
        if let title = patch.title {
            if let button = view as? UIButton { button.setTitle(title, for: .normal) }
            if let label = view as? UILabel { label.text = title }
        }
        if let selected = patch.isSelected, let control = view as? UIControl { control.isSelected = selected }
    }
}

private struct WeakView { weak var value: UIView? }
private struct WeakController { weak var value: UIViewController? }
private struct WeakGesture { weak var value: UIGestureRecognizer? }

/// A delegate with the answers a scene file gives: constants or conditions on the touch
/// (`TouchCondition`).
final class SceneRecognizerDelegate: UIGestureRecognizerDelegate, CustomStringConvertible {
    let answers: DelegateDescription
    unowned let runtime: SceneRuntime

    init(_ description: DelegateDescription, runtime: SceneRuntime) {
        self.answers = description
        self.runtime = runtime
    }

    /// The answers as the inspector lists them.
    var description: String {
        var parts = ["shouldBegin \(answers.shouldBegin.summary)", "shouldReceive \(answers.shouldReceiveTouch.summary)"]
        let none = TouchCondition.otherID([])
        if answers.recognizeSimultaneouslyWith != none { parts.append("simultaneous with \(answers.recognizeSimultaneouslyWith.summary)") }
        if answers.requireFailureOf != none { parts.append("requires failure of \(answers.requireFailureOf.summary)") }
        if answers.requiredToFailBy != none { parts.append("required to fail by \(answers.requiredToFailBy.summary)") }
        return parts.joined(separator: "; ")
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        runtime.evaluate(answers.shouldBegin, recognizer: gestureRecognizer, touch: nil, other: nil)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        runtime.evaluate(answers.shouldReceiveTouch, recognizer: gestureRecognizer, touch: touch, other: nil)
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool {
        runtime.evaluate(answers.recognizeSimultaneouslyWith, recognizer: gestureRecognizer, touch: nil, other: other)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        runtime.evaluate(answers.requireFailureOf, recognizer: gestureRecognizer, touch: nil, other: other)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        runtime.evaluate(answers.requiredToFailBy, recognizer: gestureRecognizer, touch: nil, other: other)
    }
}
