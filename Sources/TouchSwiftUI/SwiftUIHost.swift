import Foundation
@_spi(Records) import TouchKit

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
    /// The representable node of each representable's UIKit view.
    var representables: [ObjectIdentifier: SwiftUINode] = [:]
    /// Every recognizer the era made.
    public private(set) var recognizers: [UIGestureRecognizer] = []

    deinit {
        // Its hosting views may stay in a window: they no longer have a host, and its
        // recognizers (which hold it unretained) leave their views.
        view.host = nil
        for content in contentHosts.values {
            content.host = nil
            content.enclosingScrollView = nil
        }
        for recognizer in recognizers { recognizer.view?.removeGestureRecognizer(recognizer) }
    }

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
            content.enclosingScrollView = scroll
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
                representables[ObjectIdentifier(uiView)] = node
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

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _swiftUIHostFields = RecordCell(SwiftUIHostHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public func _recordFields(label: String) -> Any? {
        label == "_swiftUIHostFields" ? _swiftUIHostFields.fields : nil
    }

    /// Each gesture-bearing node's container (ios18 and later), by node.
    var containers: [ObjectIdentifier: SwiftUIGestureContainer] {
        _read { yield _swiftUIHostFields.fields.containers }
        _modify { yield &_swiftUIHostFields.fields.containers }
    }

    private func installRecognizers() {
        if era.hasRecognizerPerModifier {
            // One container view per view with gestures, inside its nearest ancestor's container
            // (or its hosting view), as SwiftUI's gesture containers: UIKit binds a touch to the
            // recognizers of the containers on its path only.
            for node in root.subtree {
                let attachments = node.allAttachments
                guard !attachments.isEmpty || !node.uiKitRecognizers.isEmpty else { continue }
                let container = SwiftUIGestureContainer(node: node)
                let parent = node.ancestors.first { containers[ObjectIdentifier($0)] != nil && hostingView(of: $0) === hostingView(of: node) }
                let superview: UIView = parent.flatMap { containers[ObjectIdentifier($0)] } ?? hostingView(of: node)
                // Placed over its view (for the overlays); UIKit's hit testing never picks it by
                // itself: the hosting view hands it the touches on its view's path.
                let origin = parent.map { $0.layoutFrame.origin } ?? .zero
                container.frame = node.layoutFrame.offsetBy(dx: -origin.x, dy: -origin.y)
                superview.addSubview(container)
                containers[ObjectIdentifier(node)] = container
                for (index, attachment) in attachments.enumerated() {
                    let recognizer = SwiftUIResponderRecognizer(host: self, node: node, attachment: attachment, index: index)
                    container.addGestureRecognizer(recognizer)
                    recognizers.append(recognizer)
                }
                for recognizer in node.uiKitRecognizers {
                    container.addGestureRecognizer(recognizer)
                    recognizers.append(recognizer)
                }
            }
            adoptUIKitViews()
        } else {
            let recognizer = SwiftUILegacyRecognizer(host: self)
            view.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
    }

    /// Puts each scroll view's and representable's UIKit view inside the gesture container of the
    /// nearest view around it with gestures, so a touch on it has those gestures' recognizers on
    /// its responder chain (a `.gesture` around a map or a ScrollView sees its touches, as on a
    /// device). Hit testing reaches them through the hosting view (`SwiftUIHostingView.hitTest`).
    private func adoptUIKitViews() {
        for node in root.subtree {
            let uiView: UIView?
            switch node.kind {
            case .scrollView, .list: uiView = scrollViews[ObjectIdentifier(node)]
            case .uikit: uiView = node.uiView
            default: uiView = nil
            }
            guard let uiView, let hosting = uiView.superview as? SwiftUIHostingView,
                let around = node.ancestors.first(where: { containers[ObjectIdentifier($0)] != nil && hostingView(of: $0) === hosting }),
                let container = containers[ObjectIdentifier(around)]
            else { continue }
            uiView.frame = node.layoutFrame.offsetBy(dx: -around.layoutFrame.minX, dy: -around.layoutFrame.minY)
            container.addSubview(uiView)
        }
    }

    /// The UIKit view a scroll view or representable node stands on, if it has one.
    func uiKitView(of node: SwiftUINode) -> UIView? {
        switch node.kind {
        case .scrollView, .list: scrollViews[ObjectIdentifier(node)]
        case .uikit: node.uiView
        default: nil
        }
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
                    var path = hosting.path(at: point) ?? []
                    path.append(node)
                    path.append(contentsOf: node.ancestors)
                    return path
                }
                return hosting.path(at: point) ?? []
            }
            if let scroll = scrollNode(of: current) { return [scroll] + scroll.ancestors }
            if let representable = representables[ObjectIdentifier(current)] { return [representable] + representable.ancestors }
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
                    gesture = gesture.standingIn(.disabled)
                } else if !attachment.mask.contains(.gesture) {
                    gesture = gesture.standingIn(.masked(by: label))
                }
                parts.append((label, attachment, gesture))
                var below = sub
                if below != nil, !attachment.mask.contains(.subviews) {
                    below = below?.standingIn(.masked(by: label))
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
        guard hasButtonAttachment else { return attachments }
        let action = self.action
        var callbacks = GestureDescription.Callbacks()
        callbacks.onEnded = { _ in action?() }
        let tap = GestureDescription(.tap(count: 1), id: id, callbacks: callbacks)
        return [GestureAttachment(.button, tap)] + attachments
    }

    /// Whether `allAttachments` starts with the button's own tap (its mask: all).
    var hasButtonAttachment: Bool { kind == .button && !isSelectedByListRow }
}

/// A SwiftUI view's gesture container (iOS 18's `_UIGestureRecognizerContainer`): a view with no
/// size of its own that holds the recognizers of one SwiftUI view's gesture modifiers, inside the
/// container of the nearest SwiftUI view above with gestures. The hosting view hands it the touches
/// on its SwiftUI view's path, so UIKit binds them to these recognizers and to its ancestors'
/// only; touches it gets go on up the responder chain to the hosting view. Never hit by itself
/// (`isPassedByHitTesting`): which container a touch goes to is SwiftUI's hit testing's answer.
public final class SwiftUIGestureContainer: UIView {
    public unowned let node: SwiftUINode

    init(node: SwiftUINode) {
        self.node = node
        super.init(frame: .zero)
        traceClass = "_UIGestureRecognizerContainer"
        accessibilityIdentifier = node.id
        isPassedByHitTesting = true
    }

}

/// The view a SwiftUI tree is drawn in (UIKit's `_UIHostingView`): it takes a touch where a
/// SwiftUI view of its tree is hit, and lets the rest through to the views behind.
public final class SwiftUIHostingView: UIView {
    /// The host that built it. Unowned, not weak (a weak reference would give the host a side
    /// table, and each retain of it on every touch the slow path): the host clears it in deinit.
    /// Kept in the record cell, as `enclosingScrollView` is: hit testing reads both at every
    /// touch, and a class's stored property is checked for exclusive access at each read.
    var host: SwiftUIHost? {
        get { _swiftUIHostingViewFields.fields.host }
        set { _swiftUIHostingViewFields.fields.host = newValue }
    }
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _swiftUIHostingViewFields = RecordCell(SwiftUIHostingViewHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public override func _recordFields(label: String) -> Any? {
        label == "_swiftUIHostingViewFields" ? _swiftUIHostingViewFields.fields : super._recordFields(label: label)
    }

    /// The tree it shows (for a scroll view's content: the scroll view node, whose children it shows).
    public internal(set) var rootNode: SwiftUINode? {
        _read { yield _swiftUIHostingViewFields.fields.rootNode }
        _modify { yield &_swiftUIHostingViewFields.fields.rootNode }
    }
    /// A scroll view's content: only the node's children are its views.
    public internal(set) var contentOnly: Bool {
        get { _swiftUIHostingViewFields.fields.contentOnly }
        set { _swiftUIHostingViewFields.fields.contentOnly = newValue }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        traceClass = "_UIHostingView"
    }

    /// The view UIKit gives a touch here: a scroll view or representable inside, else (ios18 and
    /// later) the container of the deepest view with gestures on the touch's path, else this view
    /// (where SwiftUI draws nothing too). What an app's override of `hitTest` sees returned is
    /// another matter, which changed with the eras: `uikitAnswer(at:)`.
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let hit = super.hitTest(point, with: event) else { return nil }
        // A container a deeper hosting view (a scroll view's content) chose stands.
        guard hit === self, let host, lookUp(point) else { return hit }
        // The path is read in place (`super.hitTest` asked `point(inside:)`, which found it).
        // A scroll view or representable inside a gesture container (which hit testing passes
        // by) is asked here, where SwiftUI's hit testing found it.
        if let uiView = host.uiKitView(of: hitPathCache[0]), uiView.superview is SwiftUIGestureContainer, uiView.isDescendant(of: self),
            let found = uiView.hitTest(convert(point, to: uiView), with: event)
        {
            return found
        }
        guard !host.containers.isEmpty else { return hit }
        for candidate in hitPathCache {
            if let container = host.containers[ObjectIdentifier(candidate)], container.isDescendant(of: self) { return container }
        }
        return self
    }

    /// A hosting view takes every touch in its bounds, where its SwiftUI content draws nothing
    /// too: UIKit views behind a `UIHostingController`'s view get none (rule
    /// `swiftui.hostingView.takesBounds`, observed). The SwiftUI path is looked up first, so
    /// that `hitTest` finds it in place.
    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let node = rootNode else { return false }
        if contentOnly, node.kind == .list, let row = Self.row(at: point, in: node), row.subtree.contains(where: \.isSelectedByListRow) {
            return true
        }
        return lookUp(point) || super.point(inside: point, with: event)
    }

    /// The scroll view whose content this is (set by the host that builds it), unretained: the
    /// host holds it (`scrollViews`) and clears this link when it goes. Its offset is part of
    /// what the path cache is keyed on.
    var enclosingScrollView: UIScrollView? {
        get { _swiftUIHostingViewFields.fields.enclosingScrollView }
        set { _swiftUIHostingViewFields.fields.enclosingScrollView = newValue }
    }

    // The last SwiftUI path asked of this view (hit testing asks `point(inside:)`, then
    // `hitTest`, then the recognizers the path, at one point), kept in parts so that a question
    // copies nothing (named `…Cache`: a checkpoint leaves them out, they are made again).
    private var hitValidCache: Bool {
        get { _swiftUIHostingViewFields.fields.hitValidCache }
        set { _swiftUIHostingViewFields.fields.hitValidCache = newValue }
    }
    private var hitPointCache: CGPoint {
        get { _swiftUIHostingViewFields.fields.hitPointCache }
        set { _swiftUIHostingViewFields.fields.hitPointCache = newValue }
    }
    private var hitOffsetCache: CGPoint {
        get { _swiftUIHostingViewFields.fields.hitOffsetCache }
        set { _swiftUIHostingViewFields.fields.hitOffsetCache = newValue }
    }
    private var hitFoundCache: Bool {
        get { _swiftUIHostingViewFields.fields.hitFoundCache }
        set { _swiftUIHostingViewFields.fields.hitFoundCache = newValue }
    }
    private var hitPathCache: [SwiftUINode] {
        _read { yield _swiftUIHostingViewFields.fields.hitPathCache }
        _modify { yield &_swiftUIHostingViewFields.fields.hitPathCache }
    }

    /// Whether a SwiftUI view of this one's tree is hit at `point` (this view's coordinates);
    /// its path is then `hitPathCache`.
    func lookUp(_ point: CGPoint) -> Bool {
        guard let node = rootNode else { return false }
        let offset = enclosingScrollView?.contentOffset ?? .zero
        if hitValidCache, hitPointCache == point, hitOffsetCache == offset { return hitFoundCache }
        // The last answer's list is filled again (the hit test that asked for it is over).
        hitPathCache.removeAllKeepingCapacity()
        hitFoundCache = SwiftUIHitTesting.appendPath(node, at: point, contentOnly: contentOnly, to: &hitPathCache)
        hitPointCache = point
        hitOffsetCache = offset
        hitValidCache = true
        return hitFoundCache
    }

    /// The SwiftUI views under `point` in this view's coordinates, deepest first, as SwiftUI's
    /// hit testing finds them (nil: nothing is hit).
    public func path(at point: CGPoint) -> [SwiftUINode]? {
        lookUp(point) ? hitPathCache : nil
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
                        layer: .swiftUI, kind: "rowSelected", subject: row.traceName,
                        fields: [.init("buttons", buttons.map(\.traceName).joined(separator: ", ")), .init("era", host?.era.rawValue ?? "")])))
            for button in buttons { button.action?() }
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard contentOnly, let list = rootNode, list.kind == .list else { return super.touchesCancelled(touches, with: event) }
        for touch in touches { selecting[touch.fingerID] = nil }
    }
}

/// `SwiftUIHost`'s fields that every event reads or writes (see `RecordCell`).
struct SwiftUIHostHotFields {
    var containers: [ObjectIdentifier: SwiftUIGestureContainer] = [:]
}

/// `SwiftUIHostingView`'s fields that every event reads or writes (see `RecordCell`).
struct SwiftUIHostingViewHotFields {
    unowned var host: SwiftUIHost?
    var rootNode: SwiftUINode?
    var contentOnly: Bool = false
    unowned var enclosingScrollView: UIScrollView?
    var hitValidCache: Bool = false
    var hitPointCache: CGPoint = CGPoint.zero
    var hitOffsetCache: CGPoint = CGPoint.zero
    var hitFoundCache: Bool = false
    var hitPathCache: [SwiftUINode] = []
}

@_spi(Records) extension SwiftUIHost: RecordCellOwner {}
