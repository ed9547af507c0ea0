import Foundation
import TouchKit

/// A SwiftUI view written in Swift (`Rectangle()`, `VStack { … }`, a modified view): anything
/// that makes a `SwiftUINode`. Modifiers (`.frame`, `.gesture`, `.onTapGesture`, …) are
/// extensions on it and return the node, so they chain as in SwiftUI.
public protocol SwiftUIView {
    /// The node this view is (made once; modifiers change it in place).
    var node: SwiftUINode { get }
}

extension SwiftUINode: SwiftUIView {
    public var node: SwiftUINode { self }
}

/// Collects the views written one per line inside `VStack { … }`, a `ScrollView`, a `List` or a
/// hosting view, with `if`, `if`/`else` and `for` as in SwiftUI's `@ViewBuilder`.
@resultBuilder
public enum SwiftUIViewBuilder {
    public static func buildExpression(_ view: some SwiftUIView) -> [SwiftUINode] { [view.node] }
    public static func buildBlock(_ parts: [SwiftUINode]...) -> [SwiftUINode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [SwiftUINode]?) -> [SwiftUINode] { part ?? [] }
    public static func buildEither(first part: [SwiftUINode]) -> [SwiftUINode] { part }
    public static func buildEither(second part: [SwiftUINode]) -> [SwiftUINode] { part }
    public static func buildArray(_ parts: [[SwiftUINode]]) -> [SwiftUINode] { parts.flatMap { $0 } }
}

/// How a stack lines up its children across its axis (SwiftUI's `HorizontalAlignment` and
/// `VerticalAlignment`, as one). Default: center.
public enum StackAlignment: String, Sendable {
    case leading, center, trailing, top, bottom
}

/// A scroll view's axis (SwiftUI's `Axis.Set` for one axis). Default: vertical.
public enum ScrollAxis: Sendable {
    case vertical, horizontal
}

/// `Rectangle()`: hit in its whole frame.
public struct Rectangle: SwiftUIView, SwiftUIContentShape {
    public let node = SwiftUINode(.rectangle)
    public init() {}
    public var shape: SwiftUINode.Shape { .rectangle }
}

/// `Circle()`: hit inside its circle.
public struct Circle: SwiftUIView, SwiftUIContentShape {
    public let node = SwiftUINode(.circle)
    public init() {}
    public var shape: SwiftUINode.Shape { .circle }
}

/// `Capsule()`: hit inside its capsule.
public struct Capsule: SwiftUIView, SwiftUIContentShape {
    public let node = SwiftUINode(.capsule)
    public init() {}
    public var shape: SwiftUINode.Shape { .capsule }
}

/// `Ellipse()`, as a content shape.
public struct Ellipse: SwiftUIContentShape {
    public init() {}
    public var shape: SwiftUINode.Shape { .ellipse }
}

/// A shape `contentShape(_:)` takes.
public protocol SwiftUIContentShape {
    var shape: SwiftUINode.Shape { get }
}

/// `Color`: a view that draws its whole frame (TouchScope does not model `Color.clear`'s
/// exception; see the model's X11).
public struct Color: SwiftUIView {
    public let node = SwiftUINode(.color)
    public init() {}
}

/// `Text("…")`: hit where it draws, its frame.
public struct Text: SwiftUIView {
    public let node = SwiftUINode(.text)
    public init(_ text: String) {}
}

/// `Image("…")`: hit in its frame.
public struct Image: SwiftUIView {
    public let node = SwiftUINode(.image)
    public init(_ name: String) {}
}

/// `Spacer()`: never hit by itself.
public struct Spacer: SwiftUIView {
    public let node = SwiftUINode(.spacer)
    public init() {}
}

/// `Button(action:label:)` or `Button("Title", action:)`: its own gesture runs `action`.
public struct Button: SwiftUIView {
    public let node = SwiftUINode(.button)

    public init(_ title: String, action: @escaping () -> Void) {
        node.action = action
    }

    public init(action: @escaping () -> Void, @SwiftUIViewBuilder label: () -> [SwiftUINode]) {
        node.action = action
        for child in label() { node.add(child) }
    }
}

/// `VStack(alignment:spacing:) { … }`: its children one under the other.
public struct VStack: SwiftUIView {
    public let node = SwiftUINode(.vstack)

    public init(alignment: StackAlignment = .center, spacing: CGFloat = 8, @SwiftUIViewBuilder content: () -> [SwiftUINode]) {
        node.alignment = alignment.rawValue
        node.spacing = spacing
        for child in content() { node.add(child) }
    }
}

/// `HStack(alignment:spacing:) { … }`: its children side by side.
public struct HStack: SwiftUIView {
    public let node = SwiftUINode(.hstack)

    public init(alignment: StackAlignment = .center, spacing: CGFloat = 8, @SwiftUIViewBuilder content: () -> [SwiftUINode]) {
        node.alignment = alignment.rawValue
        node.spacing = spacing
        for child in content() { node.add(child) }
    }
}

/// `ZStack { … }`: its children over each other, later ones in front.
public struct ZStack: SwiftUIView {
    public let node = SwiftUINode(.zstack)

    public init(alignment: StackAlignment = .center, @SwiftUIViewBuilder content: () -> [SwiftUINode]) {
        node.alignment = alignment.rawValue
        for child in content() { node.add(child) }
    }
}

/// `ScrollView(.horizontal) { … }`: a `UIScrollView` with its pan and delays, its children laid
/// out along its axis (spacing 8) in its content.
public struct ScrollView: SwiftUIView {
    public let node = SwiftUINode(.scrollView)

    public init(_ axis: ScrollAxis = .vertical, contentSize: CGSize? = nil, @SwiftUIViewBuilder content: () -> [SwiftUINode]) {
        node.horizontal = axis == .horizontal
        node.contentSize = contentSize
        for child in content() { node.add(child) }
    }
}

/// `List { … }`: rows 44 pt high unless they say, selected as cells (their automatic Buttons).
public struct List: SwiftUIView {
    public let node = SwiftUINode(.list)

    public init(@SwiftUIViewBuilder rows: () -> [SwiftUINode]) {
        node.spacing = 0
        for row in rows() { node.add(row) }
    }
}

/// A `UIViewRepresentable`: one UIKit view, with its own recognizers, in the SwiftUI tree.
public struct Representable: SwiftUIView {
    public let node = SwiftUINode(.uikit)

    public init(_ uiView: UIView) {
        node.uiView = uiView
    }
}

extension SwiftUIHost {
    /// A hosting view of the views written in `content` (one view is the root; several are put
    /// in a `ZStack`), in `era`: `SwiftUIHost(frame: bounds) { ScrollView { … } }`.
    public convenience init(frame: CGRect, era: SwiftUIEra = .ios18, @SwiftUIViewBuilder content: () -> [SwiftUINode]) {
        let views = content()
        let root: SwiftUINode
        if views.count == 1 {
            root = views[0]
        } else {
            root = SwiftUINode(.zstack)
            for view in views { root.add(view) }
        }
        self.init(root: root, frame: frame, era: era)
    }
}
