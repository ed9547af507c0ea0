import Foundation
import TouchKit

/// SwiftUI's hit testing (model, "SwiftUI hit testing"): a view that draws is hit where it
/// draws (a circle inside its circle, a capsule inside its capsule), or where its `contentShape`
/// says; a stack, a spacer or a scroll view is hit only through its children; views later in
/// their parent (or with a higher `zIndex`) are asked first; `allowsHitTesting(false)` and an
/// opacity below 0.001 take a view and its subviews out; `clipped` keeps the children inside the
/// frame. The answer is the responder path: the view hit, then its ancestors up to the root.
enum SwiftUIHitTesting {
    /// The path under `point` (in the host's coordinates) below `root` (its children only when
    /// `contentOf` is set: a scroll view's content), deepest first; nil when nothing is hit.
    static func path(_ root: SwiftUINode, at point: CGPoint, contentOnly: Bool = false) -> [SwiftUINode]? {
        var path: [SwiftUINode] = []
        return appendPath(root, at: point, contentOnly: contentOnly, to: &path) ? path : nil
    }

    /// `path(_:at:contentOnly:)` appended to `path` (one list, appended to as the search comes
    /// back up, deepest first: no list per level); false when nothing is hit.
    static func appendPath(_ root: SwiftUINode, at point: CGPoint, contentOnly: Bool, to path: inout [SwiftUINode]) -> Bool {
        contentOnly
            ? appendFirstHit(of: root, at: point, opacity: root.opacity, to: &path)
            : appendPath(root, at: point, opacity: 1, to: &path)
    }

    /// Appends the path under `point` below `node`, deepest first, to `path`; false (and nothing
    /// appended) when nothing is hit.
    static func appendPath(_ node: SwiftUINode, at point: CGPoint, opacity: Double, to path: inout [SwiftUINode]) -> Bool {
        let visible = opacity * node.opacity
        guard node.allowsHitTesting, visible >= SwiftUIThresholds.minimumHitOpacity else { return false }
        let frame = node.layoutFrame
        if node.clipped && !frame.contains(point) { return false }
        // A scroll view's content and a representable's UIKit view are views of their own: the
        // hosting view finds them through UIKit (they are its subviews).
        if node.kind == .scrollView || node.kind == .list || node.kind == .uikit {
            guard frame.contains(point) else { return false }
            path.append(node)
            return true
        }
        if appendFirstHit(of: node, at: point, opacity: visible, to: &path) || isHit(node, point) {
            path.append(node)
            return true
        }
        return false
    }

    /// Appends the path of the first of `parent`'s children hit, in hit-testing order.
    static func appendFirstHit(of parent: SwiftUINode, at point: CGPoint, opacity: Double, to path: inout [SwiftUINode]) -> Bool {
        let children = parent.children
        if let index = parent.currentChildHitIndex, parent.childrenAtZeroZIndex {
            // Only the children whose extent can hold the point, last first as below.
            for candidate in index.candidates(at: point).reversed() where appendPath(children[candidate], at: point, opacity: opacity, to: &path) {
                return true
            }
            return false
        }
        if children.allSatisfy({ $0.zIndex == 0 }) {
            var index = children.count - 1
            while index >= 0 {
                if appendPath(children[index], at: point, opacity: opacity, to: &path) { return true }
                index -= 1
            }
            return false
        }
        for child in ordered(children) where appendPath(child, at: point, opacity: opacity, to: &path) {
            return true
        }
        return false
    }

    /// Later children first, higher `zIndex` first (a stable order).
    static func ordered(_ children: [SwiftUINode]) -> [SwiftUINode] {
        if children.allSatisfy({ $0.zIndex == 0 }) { return children.reversed() }
        return children.enumerated().sorted { a, b in
            a.element.zIndex != b.element.zIndex ? a.element.zIndex > b.element.zIndex : a.offset > b.offset
        }.map(\.element)
    }

    /// Whether `node` itself takes a touch at `point`.
    static func isHit(_ node: SwiftUINode, _ point: CGPoint) -> Bool {
        let frame = node.layoutFrame
        let shape: SwiftUINode.Shape
        if let contentShape = node.contentShape {
            shape = contentShape
        } else {
            guard node.kind.draws else { return false }
            shape = node.kind == .circle ? .circle : node.kind == .capsule ? .capsule : .rectangle
        }
        guard frame.contains(point) else { return false }
        let dx = point.x - frame.midX
        let dy = point.y - frame.midY
        switch shape {
        case .rectangle: return true
        case .circle:
            let radius = min(frame.width, frame.height) / 2
            return dx * dx + dy * dy <= radius * radius
        case .ellipse:
            let a = frame.width / 2
            let b = frame.height / 2
            return a > 0 && b > 0 && (dx * dx) / (a * a) + (dy * dy) / (b * b) <= 1
        case .capsule:
            let radius = min(frame.width, frame.height) / 2
            let halfStraight = max(frame.width, frame.height) / 2 - radius
            let along = frame.width >= frame.height ? abs(dx) : abs(dy)
            let across = frame.width >= frame.height ? dy : dx
            let beyond = max(0, along - halfStraight)
            return beyond * beyond + across * across <= radius * radius
        }
    }
}
