import Foundation
import TouchKit

/// A SwiftUI tree placed in a UIKit window: the hosting view (`_UIHostingView`), a `UIScrollView`
/// with a content hosting view for each scroll view and list of the tree, the UIKit view of each
/// representable, and the recognizers of the era: one per gesture modifier from the iOS 18 SDK
/// (model M5), one for the whole tree before it (model M6).
public final class SwiftUIHost {
    public let root: SwiftUINode
    public let era: SwiftUIEra
    /// The hosting view to add to a window.
    public let view: SwiftUIHostingView
    /// Each scroll view or list node's UIKit scroll view.
    public private(set) var scrollViews: [ObjectIdentifier: UIScrollView] = [:]
    var contentHosts: [ObjectIdentifier: SwiftUIHostingView] = [:]
    /// The scroll view (or list) node of each UIKit scroll view.
    var scrollNodes: [ObjectIdentifier: SwiftUINode] = [:]
    /// Every recognizer the era made.
    public private(set) var recognizers: [UIGestureRecognizer] = []

    /// Builds the views for `root`, laid out in `frame` (the hosting view's frame in its superview).
    public init(root: SwiftUINode, frame: CGRect, era: SwiftUIEra = .ios18) {
        self.root = root
        self.era = era
        view = SwiftUIHostingView(frame: frame)
        view.host = self
        view.rootNode = root
        view.isMultipleTouchEnabled = true
        SwiftUILayout.layout(root, in: CGRect(origin: .zero, size: frame.size))
        build(root, in: view)
        installRecognizers()
    }

    /// The views a scroll view, a list and a representable need, inside `container`.
    private func build(_ node: SwiftUINode, in container: UIView) {
        switch node.kind {
        case .scrollView, .list:
            let scroll = UIScrollView(frame: node.layoutFrame)
            scroll.accessibilityIdentifier = node.id
            let size =
                node.contentSize ?? CGSize(width: node.layoutFrame.width, height: max(node.layoutFrame.height, SwiftUILayout.contentHeight(node)))
            scroll.contentSize = size
            let content = SwiftUIHostingView(frame: CGRect(origin: .zero, size: size))
            content.host = self
            content.rootNode = node
            content.contentOnly = true
            content.isMultipleTouchEnabled = true
            scroll.addSubview(content)
            container.addSubview(scroll)
            scrollViews[ObjectIdentifier(node)] = scroll
            scrollNodes[ObjectIdentifier(scroll)] = node
            contentHosts[ObjectIdentifier(node)] = content
            for child in node.children { build(child, in: content) }
        case .uikit:
            if let uiView = node.uiView {
                uiView.frame = node.layoutFrame
                container.addSubview(uiView)
            }
        default:
            for child in node.children { build(child, in: container) }
        }
    }

    /// The hosting view whose coordinates `node` is laid out in (a scroll view's content for what
    /// is inside it).
    func hostingView(of node: SwiftUINode) -> SwiftUIHostingView {
        if let scroll = node.enclosingScrollView, let content = contentHosts[ObjectIdentifier(scroll)] { return content }
        return view
    }

    /// The scroll view node whose UIKit scroll view this is.
    func scrollNode(of scrollView: UIView) -> SwiftUINode? {
        scrollNodes[ObjectIdentifier(scrollView)]
    }

    private func installRecognizers() {
        if era.hasRecognizerPerModifier {
            for node in root.subtree {
                for (index, attachment) in node.allAttachments.enumerated() {
                    let recognizer = SwiftUIResponderRecognizer(host: self, node: node, attachment: attachment, index: index)
                    hostingView(of: node).addGestureRecognizer(recognizer)
                    recognizers.append(recognizer)
                }
            }
        } else {
            let recognizer = SwiftUILegacyRecognizer(host: self)
            view.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
    }

    /// The last path computed, for the touch it was computed for (every recognizer asks at once).
    private var cachedPath: (touch: ObjectIdentifier, finger: Int, location: CGPoint, path: [SwiftUINode], members: Set<ObjectIdentifier>)?

    /// Whether `node` is on `touch`'s responder path (computed once for all the recognizers that
    /// ask about one touch).
    func isOnPath(_ node: SwiftUINode, of touch: UITouch) -> Bool {
        cached(for: touch).members.contains(ObjectIdentifier(node))
    }

    /// `path(for:)`, computed once for one touch at one place.
    func cachedPathNodes(for touch: UITouch) -> [SwiftUINode] { cached(for: touch).path }

    private func cached(for touch: UITouch) -> (path: [SwiftUINode], members: Set<ObjectIdentifier>) {
        let location = touch.location(in: nil)
        if let cached = cachedPath, cached.touch == ObjectIdentifier(touch), cached.finger == touch.fingerID, cached.location == location {
            return (cached.path, cached.members)
        }
        let path = path(for: touch)
        let members = Set(path.map(ObjectIdentifier.init))
        cachedPath = (ObjectIdentifier(touch), touch.fingerID, location, path, members)
        return (path, members)
    }

    /// The responder path of `touch` (deepest first, to the root): through the SwiftUI view it
    /// hit, or the scroll view or representable it landed on.
    public func path(for touch: UITouch) -> [SwiftUINode] {
        guard let hit = touch.view else { return [] }
        var view: UIView? = hit
        while let current = view {
            if let hosting = current as? SwiftUIHostingView, hosting.host === self, let node = hosting.rootNode {
                let point = touch.location(in: hosting)
                if hosting.contentOnly {
                    let inner = SwiftUIHitTesting.path(node, at: point, contentOnly: true) ?? []
                    return inner + [node] + node.ancestors
                }
                return SwiftUIHitTesting.path(node, at: point) ?? []
            }
            if let scroll = scrollNode(of: current) { return [scroll] + scroll.ancestors }
            if let representable = root.subtree.first(where: { $0.kind == .uikit && $0.uiView === current }) {
                return [representable] + representable.ancestors
            }
            view = current.superview
        }
        return []
    }

    /// Every gesture a touch on `path` meets, as SwiftUI composes them (model M1), each modifier's
    /// gesture labelled with its trace name.
    func composedGesture(for path: [SwiftUINode]) -> (
        GestureDescription?, [(label: String, attachment: GestureAttachment, gesture: GestureDescription)]
    ) {
        var sub: GestureDescription?
        var parts: [(String, GestureAttachment, GestureDescription)] = []
        for node in path {
            for attachment in node.allAttachments {
                let label = Self.label(attachment, node)
                var gesture = attachment.gesture
                if !attachment.isEnabled || node.isDisabled {
                    gesture = GestureDescription(.never(.disabled), id: gesture.id)
                } else if !attachment.mask.contains(.gesture) {
                    gesture = GestureDescription(.never(.masked(by: label)), id: gesture.id)
                }
                parts.append((label, attachment, gesture))
                var below = sub
                if below != nil, !attachment.mask.contains(.subviews) {
                    below = GestureDescription(.never(.masked(by: label)))
                }
                guard let below else {
                    sub = gesture
                    continue
                }
                switch attachment.modifier {
                case .highPriorityGesture: sub = GestureDescription(.exclusively(gesture, below))
                case .simultaneousGesture: sub = GestureDescription(.simultaneously(below, gesture))
                case .gesture, .onTapGesture, .onLongPressGesture, .button: sub = GestureDescription(.exclusively(below, gesture))
                }
            }
        }
        return (sub, parts)
    }

    /// `#name (.gesture) on Rectangle#card`.
    static func label(_ attachment: GestureAttachment, _ node: SwiftUINode) -> String {
        let name = attachment.name ?? attachment.gesture.id
        let what = attachment.modifier == .button ? "Button" : ".\(attachment.modifier.rawValue)"
        return (name.map { "#\($0) (\(what))" } ?? what) + " on " + node.traceName
    }
}

extension SwiftUINode {
    /// The List row this view is in (the list's child it belongs to), if any.
    var listRow: SwiftUINode? {
        var node: SwiftUINode? = self
        while let current = node {
            if current.parent?.kind == .list { return current }
            node = current.parent
        }
        return nil
    }

    /// Whether this is a Button a List row selects: automatic style in a row. Its action runs when
    /// the row's cell is selected (UIKit's selection: the touch reaches the row and lifts there,
    /// not cancelled by a scroll or a recognizer), for every such Button of the row at once.
    var isSelectedByListRow: Bool { kind == .button && buttonStyle == "automatic" && listRow != nil }

    /// Its attachments with a Button's own gesture first (the innermost responder).
    var allAttachments: [GestureAttachment] {
        guard kind == .button, !isSelectedByListRow else { return attachments }
        let action = self.action
        var callbacks = GestureDescription.Callbacks()
        callbacks.onEnded = { _ in action?() }
        let tap = GestureDescription(.tap(count: 1), id: id, callbacks: callbacks)
        return [GestureAttachment(.button, tap)] + attachments
    }
}

/// The view a SwiftUI tree is drawn in (UIKit's `_UIHostingView`): it takes a touch where a
/// SwiftUI view of its tree is hit, and lets the rest through to the views behind.
public final class SwiftUIHostingView: UIView {
    weak var host: SwiftUIHost?
    /// The tree it shows (for a scroll view's content: the scroll view node, whose children it shows).
    public internal(set) var rootNode: SwiftUINode?
    /// A scroll view's content: only the node's children are its views.
    public internal(set) var contentOnly = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        traceClass = "_UIHostingView"
    }

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let node = rootNode else { return false }
        if contentOnly, node.kind == .list, let row = Self.row(at: point, in: node), row.subtree.contains(where: \.isSelectedByListRow) {
            return true
        }
        return SwiftUIHitTesting.path(node, at: point, contentOnly: contentOnly) != nil
    }

    /// The row of `list` at `point` (content coordinates).
    static func row(at point: CGPoint, in list: SwiftUINode) -> SwiftUINode? {
        list.children.first { $0.layoutFrame.contains(point) }
    }

    /// Rows whose selection a touch started (by finger).
    var selecting: [Int: SwiftUINode] = [:]

    // A List's rows are selected as cells are: the touch's began and ended reach the content
    // view (after the scroll view's delay; not when a scroll or a recognizer cancelled them).
    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard contentOnly, let list = rootNode, list.kind == .list else { return super.touchesBegan(touches, with: event) }
        for touch in touches {
            if let row = Self.row(at: touch.location(in: self), in: list), row.subtree.contains(where: \.isSelectedByListRow) {
                selecting[touch.fingerID] = row
            }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard contentOnly, let list = rootNode, list.kind == .list else { return super.touchesEnded(touches, with: event) }
        for touch in touches {
            guard let row = selecting.removeValue(forKey: touch.fingerID), Self.row(at: touch.location(in: self), in: list) === row else { continue }
            let buttons = row.subtree.filter(\.isSelectedByListRow)
            (window?.next as? UIApplication)?.trace.record(
                TraceEvent.layer(
                    LayerEvent(
                        layer: "swiftui", kind: "rowSelected", subject: row.traceName,
                        fields: [.init("buttons", buttons.map(\.traceName).joined(separator: ", ")), .init("era", host?.era.rawValue ?? "")])))
            for button in buttons { button.action?() }
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard contentOnly, let list = rootNode, list.kind == .list else { return super.touchesCancelled(touches, with: event) }
        for touch in touches { selecting[touch.fingerID] = nil }
    }
}
