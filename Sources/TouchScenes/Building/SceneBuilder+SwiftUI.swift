import Foundation
import TouchKit
import TouchSwiftUI

/// Builds a `hosting` view: its SwiftUI tree as TouchSwiftUI nodes (modifiers applied in source
/// order, an overlay or a background wrapping what came before it), gestures whose callbacks run
/// the scene's effects (a note's `{value}` is the gesture's value), the era's recognizers
/// registered by their gestures' names and ids, so that UIKit recognizers may require them to fail.
extension SceneBuilder {
    static func makeHosting(
        _ description: ViewDescription, runtime: SceneRuntime, pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) -> UIView {
        let frame = description.frame ?? CGRect(origin: .zero, size: description.bounds?.size ?? .zero)
        let source = EffectSource(runtime: runtime)
        let root = description.content.map { node($0, source: source, pending: &pending) } ?? SwiftUINode(.zstack)
        let host = SwiftUIHost(root: root, frame: frame, era: runtime.swiftUIEra)
        let view = host.view
        if let id = description.id {
            view.accessibilityIdentifier = id
            runtime.register(view: view, id: id)
        }
        if let center = description.center, description.frame == nil { view.center = center }
        view.isHidden = description.isHidden
        view.alpha = description.alpha
        if let enabled = description.isUserInteractionEnabled { view.isUserInteractionEnabled = enabled }
        view.backgroundColor = description.backgroundColor
        if !description.behaviours.isEmpty { view.interceptor = BehaviourHost(behaviours: description.behaviours, runtime: runtime) }
        for node in root.subtree where node.id != nil {
            if let scroll = host.scrollViews[ObjectIdentifier(node)], let id = node.id {
                runtime.register(view: scroll, id: id)
                runtime.register(recognizer: scroll.panGestureRecognizer, id: BuiltInRecognizerRole.pan.id(of: id))
                runtime.register(recognizer: scroll.delayedTouchesGestureRecognizer, id: BuiltInRecognizerRole.delay.id(of: id))
            }
        }
        for recognizer in host.recognizers {
            if let name = recognizer.name { runtime.register(recognizer: recognizer, id: name) }
        }
        runtime.swiftUIHosts.append(host)
        source.view = view
        return view
    }

    /// A SwiftUI node from its description, its modifiers applied in order.
    static func node(
        _ description: SwiftUIViewDescription, source: EffectSource, pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) -> SwiftUINode {
        guard let runtime = source.runtime else { return SwiftUINode(description.kind) }
        var current = SwiftUINode(description.kind, id: description.id, frame: description.frame)
        for child in description.children { current.add(node(child, source: source, pending: &pending)) }
        if let spacing = description.spacing { current.spacing = CGFloat(spacing) }
        if let alignment = description.alignment { current.alignment = alignment }
        current.horizontal = description.horizontal
        current.contentSize = description.contentSize
        if let style = description.buttonStyle { current.buttonStyle = style }
        if !description.action.isEmpty {
            let effects = description.action
            current.action = { source.run(effects, value: "") }
        }
        if let uiView = description.uiView.first { current.uiView = makeView(uiView, runtime: runtime, pending: &pending) }
        for modifier in description.modifiers {
            switch modifier {
            case .contentShape(let shape): current.contentShape = shape
            case .allowsHitTesting(let allows): current.allowsHitTesting = allows
            case .opacity(let opacity): current.opacity = opacity
            case .disabled(let disabled): current.disabled = disabled
            case .offset(let offset): current.offset = offset
            case .zIndex(let z): current.zIndex = z
            case .clipped(let clipped): current.clipped = clipped
            case .gesture(let attachment): current.attachments.append(Self.attachment(attachment, source: source))
            case .representable(let description):
                // A UIKit recognizer on the view's gesture container (the host attaches it, from
                // the iOS 18 SDK on); its requireToFail links are resolved with the others.
                let recognizer = makeRecognizer(description, runtime: runtime)
                current.uiKitRecognizers.append(recognizer)
                pending.append((recognizer, description))
            case .overlay(let layer), .background(let layer):
                // What follows applies to the view with its overlay (or background): a wrapper.
                let wrapper = SwiftUINode(.zstack, frame: current.frame)
                current.frame = nil
                let added = node(layer, source: source, pending: &pending)
                if case .overlay = modifier {
                    wrapper.add(current)
                    wrapper.add(added)
                } else {
                    wrapper.add(added)
                    wrapper.add(current)
                }
                current = wrapper
            }
        }
        return current
    }

    static func attachment(_ description: GestureAttachmentDescription, source: EffectSource) -> GestureAttachment {
        let mask: GestureMask =
            switch description.including {
            case "gesture": .gesture
            case "subviews": .subviews
            case "none": .none
            default: .all
            }
        var attachment = GestureAttachment(
            description.modifier, gesture(description.gesture, source: source), mask: mask, name: description.name, isEnabled: description.isEnabled)
        if description.hasPressingChanged {
            let pressed = description.onPressingTrue
            let released = description.onPressingFalse
            attachment.onPressingChanged = { pressing in source.run(pressing ? pressed : released, value: "\(pressing)") }
        }
        return attachment
    }

    static func gesture(_ description: SwiftUIGestureDescription, source: EffectSource) -> GestureDescription {
        let kind = description.kind.map { gesture($0, source: source) }
        func run(_ effects: [Effect]) -> ((String) -> Void)? {
            effects.isEmpty ? nil : { value in source.run(effects, value: value) }
        }
        let reset = description.onReset
        let callbacks = GestureDescription.Callbacks(
            onChanged: run(description.onChanged), onEnded: run(description.onEnded), updating: run(description.updating),
            onReset: reset.isEmpty ? nil : { source.run(reset, value: "") })
        return GestureDescription(kind, id: description.id, callbacks: callbacks)
    }
}

/// Where a hosting view's callbacks run their effects: the scene's runtime, from the hosting
/// view (set once it is built); both held weakly, as the runtime holds the views.
final class EffectSource {
    weak var runtime: SceneRuntime?
    weak var view: UIView?

    init(runtime: SceneRuntime) {
        self.runtime = runtime
    }

    /// Runs `effects`, a note's `{value}` replaced by the gesture's value.
    func run(_ effects: [Effect], value: String) {
        guard let runtime, let view else { return }
        runtime.run(effects.map { $0.substitutingValue(value) }, from: view)
    }
}

extension Effect {
    /// The effect with `{value}` in a note replaced by `value`.
    func substitutingValue(_ value: String) -> Effect {
        if case .note(let text) = self { return .note(text.replacingOccurrences(of: "{value}", with: value)) }
        return self
    }
}
