import Foundation
import TouchKit

/// `.buttonStyle(_:)`'s styles, as far as touches care (in a List row). Default: automatic.
public enum SwiftUIButtonStyle: String, Sendable {
    case automatic, plain, borderless
}

/// The modifiers that matter to touches, in SwiftUI's names, written after a view as in
/// SwiftUI: each changes the view's node and returns it. Gesture modifiers are added in the
/// order written (the first written is the innermost, model M1).
extension SwiftUIView {
    /// Names the view for traces, lanes, `why` and scene files (`Rectangle#card`).
    @discardableResult
    public func id(_ id: String) -> SwiftUINode {
        node.id = id
        return node
    }

    /// Its size; a stack places it.
    @discardableResult
    public func frame(width: CGFloat, height: CGFloat) -> SwiftUINode {
        node.frame = CGRect(x: 0, y: 0, width: width, height: height)
        return node
    }

    /// Its frame in its parent's coordinates (TouchScope's shorthand for `frame` plus `position`
    /// outside a stack).
    @discardableResult
    public func frame(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) -> SwiftUINode {
        node.frame = CGRect(x: x, y: y, width: width, height: height)
        return node
    }

    /// `.contentShape(Rectangle())`: hit in this shape of its frame, drawn or not.
    @discardableResult
    public func contentShape(_ shape: some SwiftUIContentShape) -> SwiftUINode {
        node.contentShape = shape.shape
        return node
    }

    /// `.allowsHitTesting(false)`: the view and its subviews are not hit. Default true.
    @discardableResult
    public func allowsHitTesting(_ enabled: Bool) -> SwiftUINode {
        node.allowsHitTesting = enabled
        return node
    }

    /// `.opacity(_:)`: below 0.001 the view is not hit. Default 1.
    @discardableResult
    public func opacity(_ opacity: Double) -> SwiftUINode {
        node.opacity = opacity
        return node
    }

    /// `.disabled(true)`: its gestures and its subviews' never run. Default false.
    @discardableResult
    public func disabled(_ disabled: Bool) -> SwiftUINode {
        node.disabled = disabled
        return node
    }

    /// `.offset(x:y:)`: moves the view as drawn and hit.
    @discardableResult
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> SwiftUINode {
        node.offset = CGSize(width: x, height: y)
        return node
    }

    /// `.zIndex(_:)`: higher is asked first. Default 0.
    @discardableResult
    public func zIndex(_ value: Double) -> SwiftUINode {
        node.zIndex = value
        return node
    }

    /// `.clipped()`: its children are hit only inside its frame.
    @discardableResult
    public func clipped() -> SwiftUINode {
        node.clipped = true
        return node
    }

    /// `.buttonStyle(.borderless)`: how a Button in a List row is selected.
    @discardableResult
    public func buttonStyle(_ style: SwiftUIButtonStyle) -> SwiftUINode {
        node.buttonStyle = style.rawValue
        for button in node.subtree where button.kind == .button { button.buttonStyle = style.rawValue }
        return node
    }

    /// `.overlay { … }`: the view with another over it (a ZStack of the two, as SwiftUI lays it).
    public func overlay(@SwiftUIViewBuilder _ content: () -> [SwiftUINode]) -> SwiftUINode {
        wrap(content(), over: true)
    }

    /// `.background { … }`: the view with another behind it.
    public func background(@SwiftUIViewBuilder _ content: () -> [SwiftUINode]) -> SwiftUINode {
        wrap(content(), over: false)
    }

    private func wrap(_ layers: [SwiftUINode], over: Bool) -> SwiftUINode {
        let wrapper = SwiftUINode(.zstack, frame: node.frame)
        node.frame = nil
        if over {
            wrapper.add(node)
            for layer in layers { wrapper.add(layer) }
        } else {
            for layer in layers { wrapper.add(layer) }
            wrapper.add(node)
        }
        return wrapper
    }

    // MARK: Gestures

    /// `.gesture(_:name:isEnabled:)` (with `including:`): after the view's subviews' gestures.
    @discardableResult
    public func gesture(_ gesture: some SwiftUIGesture, name: String? = nil, isEnabled: Bool = true, including mask: GestureMask = .all)
        -> SwiftUINode
    {
        attach(GestureAttachment(.gesture, gesture.gestureDescription, mask: mask, name: name, isEnabled: isEnabled))
    }

    /// `.highPriorityGesture(_:including:)`: before the view's subviews' gestures.
    @discardableResult
    public func highPriorityGesture(_ gesture: some SwiftUIGesture, name: String? = nil, isEnabled: Bool = true, including mask: GestureMask = .all)
        -> SwiftUINode
    {
        attach(GestureAttachment(.highPriorityGesture, gesture.gestureDescription, mask: mask, name: name, isEnabled: isEnabled))
    }

    /// `.simultaneousGesture(_:including:)`: together with the view's subviews' gestures.
    @discardableResult
    public func simultaneousGesture(_ gesture: some SwiftUIGesture, name: String? = nil, isEnabled: Bool = true, including mask: GestureMask = .all)
        -> SwiftUINode
    {
        attach(GestureAttachment(.simultaneousGesture, gesture.gestureDescription, mask: mask, name: name, isEnabled: isEnabled))
    }

    /// `.onTapGesture(count:perform:)`; `id` names it in traces.
    @discardableResult
    public func onTapGesture(count: Int = 1, id: String? = nil, perform action: @escaping () -> Void) -> SwiftUINode {
        let tap = GestureDescription(.tap(count: count), id: id, callbacks: .init(onEnded: { _ in action() }))
        return attach(GestureAttachment(.onTapGesture, tap))
    }

    /// `.onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)` (0.5 s,
    /// 10 pt); `id` names it in traces.
    @discardableResult
    public func onLongPressGesture(
        minimumDuration: TimeInterval = 0.5, maximumDistance: CGFloat = 10, id: String? = nil, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> SwiftUINode {
        let press = GestureDescription(
            .longPress(minimumDuration: minimumDuration, maximumDistance: maximumDistance), id: id, callbacks: .init(onEnded: { _ in action() }))
        var attachment = GestureAttachment(.onLongPressGesture, press)
        attachment.onPressingChanged = onPressingChanged
        return attach(attachment)
    }

    private func attach(_ attachment: GestureAttachment) -> SwiftUINode {
        node.attachments.append(attachment)
        return node
    }
}
