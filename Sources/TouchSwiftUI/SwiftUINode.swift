import Foundation
@_spi(Records) import TouchKit

/// Which of a gesture modifier's halves take part (SwiftUI's `GestureMask`, raw values
/// none 0, gesture 1, subviews 2, all 3).
public struct GestureMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
    public static let none: GestureMask = []
}

/// A gesture attached to a view by a modifier (model M1): `.gesture`, `.highPriorityGesture`,
/// `.simultaneousGesture`, `.onTapGesture`, `.onLongPressGesture`, or a `Button`'s own.
public struct GestureAttachment: @unchecked Sendable {
    /// The modifier, as SwiftUI names it.
    public enum Modifier: String, Sendable {
        case gesture, highPriorityGesture, simultaneousGesture, onTapGesture, onLongPressGesture, button

        /// `highPriorityGesture` goes before the view's subviews; the rest after (or with them).
        public var isHighPriority: Bool { self == .highPriorityGesture }
        public var isSimultaneous: Bool { self == .simultaneousGesture }
    }

    public var modifier: Modifier
    public var gesture: GestureDescription
    public var mask: GestureMask = .all
    /// `gesture(_:name:isEnabled:)`'s name: UIKit recognizers may require it to fail (iOS 18).
    public var name: String?
    public var isEnabled = true
    /// `onLongPressGesture`'s `onPressingChanged`.
    public var onPressingChanged: ((Bool) -> Void)?

    public init(_ modifier: Modifier, _ gesture: GestureDescription, mask: GestureMask = .all, name: String? = nil, isEnabled: Bool = true) {
        self.modifier = modifier
        self.gesture = gesture
        self.mask = mask
        self.name = name
        self.isEnabled = isEnabled
    }

    /// Whether it is "cancellable" (model M5: a Button, the press callbacks of
    /// `onLongPressGesture`): treated as simultaneous with UIKit's pans, never preventing them,
    /// cancelled by them, and waiting for a scroll view's delayed-touches recognizer.
    public var isCancellable: Bool { modifier == .button || (modifier == .onLongPressGesture && onPressingChanged != nil) }

    /// What traces and lanes call it: its name, its gesture's id, or the modifier.
    public var displayName: String { name ?? gesture.id ?? ".\(modifier.rawValue)" }
}

/// One SwiftUI view of a hosting tree: its kind, frame and children, the modifiers that matter
/// to touches, and its gesture attachments in source order (the first written is the innermost).
public final class SwiftUINode {
    /// The views TouchScope models.
    public enum Kind: String, Sendable, CaseIterable {
        case color, rectangle, circle, capsule, text, image, spacer, button, vstack, hstack, zstack, scrollView, list, uikit

        /// Whether it draws (and so is hit where it draws, model: "children only where they draw").
        public var draws: Bool {
            switch self {
            case .color, .rectangle, .circle, .capsule, .text, .image, .button: true
            case .spacer, .vstack, .hstack, .zstack, .scrollView, .list, .uikit: false
            }
        }
    }

    /// A shape a view draws or is given by `contentShape`.
    public enum Shape: String, Sendable {
        case rectangle, circle, capsule, ellipse
    }

    public let kind: Kind
    public var id: String?
    /// In the parent's coordinates; nil inside a stack (the stack places it).
    public var frame: CGRect?
    // Hit testing reads these on every touch-down: kept in the node's record cell, which no
    // dynamic exclusivity check guards (nothing modifies a tree while it is hit-tested).
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _swiftUINodeFields = RecordCell(SwiftUINodeHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public func _recordFields(label: String) -> Any? {
        label == "_swiftUINodeFields" ? _swiftUINodeFields.fields : nil
    }

    /// Set by the initializer and `add(_:)` only, which link each child back (`parent`).
    public internal(set) var children: [SwiftUINode] {
        _read { yield _swiftUINodeFields.fields.children }
        _modify { yield &_swiftUINodeFields.fields.children }
    }
    /// The node it was added to: a back-link to its owner, not retained (as UIKit's superview
    /// is not), kept as an `UnretainedLink` rather than a `weak` reference. Measured
    /// (2026-11-28, callgrind, 30,000 SwiftUI events): as `weak`, every node gets a side table and
    /// every retain of a node the slow path, 3.5 M more instructions (1.7 %). Sound because a
    /// node's children change only through `init` and `add(_:)`, which set the link, and a node
    /// clears its children's links when it goes.
    public internal(set) var parent: SwiftUINode? {
        get { parentLink?.object }
        set { parentLink = newValue.map(UnretainedLink.init) }
    }
    var parentLink: UnretainedLink<SwiftUINode>?

    // Modifiers.
    public var contentShape: Shape? {
        _read { yield _swiftUINodeFields.fields.contentShape }
        _modify { yield &_swiftUINodeFields.fields.contentShape }
    }
    public var allowsHitTesting: Bool {
        get { _swiftUINodeFields.fields.allowsHitTesting }
        set { _swiftUINodeFields.fields.allowsHitTesting = newValue }
    }
    public var opacity: Double {
        get { _swiftUINodeFields.fields.opacity }
        set { _swiftUINodeFields.fields.opacity = newValue }
    }
    public var disabled: Bool {
        get { _swiftUINodeFields.fields.disabled }
        set { _swiftUINodeFields.fields.disabled = newValue }
    }
    public var offset: CGSize = .zero
    /// A new `zIndex` drops the parent's hit index (which records that its children's are all 0).
    public var zIndex: Double {
        get { _swiftUINodeFields.fields.zIndex }
        set {
            let oldValue = _swiftUINodeFields.fields.zIndex
            _swiftUINodeFields.fields.zIndex = newValue
            if newValue != oldValue { parent?.childHitIndexCount = -1 }
        }
    }
    public var clipped: Bool {
        get { _swiftUINodeFields.fields.clipped }
        set { _swiftUINodeFields.fields.clipped = newValue }
    }
    public var attachments: [GestureAttachment] {
        _read { yield _swiftUINodeFields.fields.attachments }
        _modify { yield &_swiftUINodeFields.fields.attachments }
    }
    /// UIKit recognizers a `UIGestureRecognizerRepresentable` attaches (`.gesture(R())`, the iOS
    /// 18 SDK and later): on the view's gesture container, beside its SwiftUI gestures.
    public var uiKitRecognizers: [UIGestureRecognizer] = []
    /// A Button's action.
    public var action: (() -> Void)?
    /// `buttonStyle`: `automatic`, `plain`, `borderless` (matters in a List row).
    public var buttonStyle = "automatic"
    // Stacks.
    public var spacing: CGFloat = 8
    public var alignment = "center"
    // Scroll views.
    public var horizontal = false
    public var contentSize: CGSize?
    /// A `uikit` node's view (`UIViewRepresentable`).
    public var uiView: UIView?
    /// A list row's height when it gives no frame.
    public static let rowHeight: CGFloat = 44

    /// Where layout put it, in its host's coordinates (the scroll content's, inside a scroll view).
    public internal(set) var layoutFrame: CGRect {
        get { _swiftUINodeFields.fields.layoutFrame }
        set { _swiftUINodeFields.fields.layoutFrame = newValue }
    }
    /// Every point where this node or a descendant can be hit lies inside (set by layout: its
    /// subtree's frames; a scroll view's, a list's or a representable's own frame, their content
    /// being UIKit's).
    var layoutExtent: CGRect = .null
    /// Which children may be hit where (layout builds it when there are many children).
    var childHitIndex: ChildHitIndex? {
        _read { yield _swiftUINodeFields.fields.childHitIndex }
        _modify { yield &_swiftUINodeFields.fields.childHitIndex }
    }
    var childHitIndexCount: Int {
        get { _swiftUINodeFields.fields.childHitIndexCount }
        set { _swiftUINodeFields.fields.childHitIndexCount = newValue }
    }
    /// Whether every child's `zIndex` was 0 when the index was built (hit testing then asks them
    /// in reverse child order, without looking at each).
    var childrenAtZeroZIndex: Bool {
        get { _swiftUINodeFields.fields.childrenAtZeroZIndex }
        set { _swiftUINodeFields.fields.childrenAtZeroZIndex = newValue }
    }

    deinit {
        for child in children where child.parentLink?.refers(to: self) == true { child.parentLink = nil }
    }

    public init(_ kind: Kind, id: String? = nil, frame: CGRect? = nil, children: [SwiftUINode] = []) {
        self.kind = kind
        self.id = id
        self.frame = frame
        self.children = children
        for child in children { child.parent = self }
    }

    /// Adds `child` last.
    public func add(_ child: SwiftUINode) {
        child.parent = self
        children.append(child)
    }

    /// `Rectangle#id`, `VStack`, …: the name traces give it.
    public var traceName: String {
        let type: String =
            switch kind {
            case .vstack: "VStack"
            case .hstack: "HStack"
            case .zstack: "ZStack"
            case .scrollView: "ScrollView"
            case .uikit: "UIViewRepresentable"
            default: kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
            }
        return id.map { "\(type)#\(TerminalText.line($0))" } ?? type
    }

    /// Every node of the tree, this one first.
    public var subtree: [SwiftUINode] { [self] + children.flatMap(\.subtree) }

    /// The ancestors, nearest first.
    public var ancestors: [SwiftUINode] {
        var result: [SwiftUINode] = []
        var node = parent
        while let current = node {
            result.append(current)
            node = current.parent
        }
        return result
    }

    /// Whether `other` is above this node (walks the parents; no array is made).
    public func isDescendant(of other: SwiftUINode) -> Bool {
        _containsAncestor { $0 === other }
    }

    /// Whether `.disabled(true)` applies here (written here or on an ancestor: it is inherited).
    public var isDisabled: Bool { disabled || _containsAncestor { $0.disabled } }

    /// Whether `predicate` holds for an ancestor, nearest first.
    @inline(__always)
    func _containsAncestor(where predicate: (SwiftUINode) -> Bool) -> Bool {
        var link = parentLink
        while let current = link {
            if current.with(predicate) { return true }
            link = current.with { $0.parentLink }
        }
        return false
    }

    /// The nearest scroll view (or list) above, if any.
    public var enclosingScrollView: SwiftUINode? {
        var node = parent
        while let current = node {
            if current.kind == .scrollView || current.kind == .list { return current }
            node = current.parent
        }
        return nil
    }
}

/// `SwiftUINode`'s fields that every event reads or writes (see `RecordCell`).
struct SwiftUINodeHotFields {
    var zIndex: Double = 0
    var children: [SwiftUINode] = []
    var contentShape: SwiftUINode.Shape?
    var allowsHitTesting: Bool = true
    var opacity: Double = 1
    var disabled: Bool = false
    var clipped: Bool = false
    var attachments: [GestureAttachment] = []
    var layoutFrame: CGRect = .zero
    var childHitIndex: ChildHitIndex?
    var childHitIndexCount: Int = -1
    var childrenAtZeroZIndex: Bool = true
}

@_spi(Records) extension SwiftUINode: RecordCellOwner {}
