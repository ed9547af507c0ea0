import Foundation
import TouchKit

/// Places a hosting tree: a node with a `frame` sits there in its parent's coordinates; the
/// children of a stack are placed by the stack in order along its axis with `spacing`, each with
/// its own size (from its frame) or an equal share of what is left, and aligned across the axis by
/// `alignment`; a ZStack lays its children over each other; a scroll view's and a list's children
/// are laid out in its content's coordinates (a list's rows one under the other, 44 pt high unless
/// they say). `offset` moves a view as drawn and hit.
enum SwiftUILayout {
    /// Lays out `root` in `bounds` (the host's coordinates).
    static func layout(_ root: SwiftUINode, in bounds: CGRect) {
        let frame = root.frame.map { $0.offsetBy(dx: bounds.minX, dy: bounds.minY) } ?? bounds
        place(root, at: frame)
    }

    static func place(_ node: SwiftUINode, at frame: CGRect) {
        node.layoutFrame = frame.offsetBy(dx: node.offset.width, dy: node.offset.height)
        defer { node.indexChildrenForHitTesting() }
        let inner = node.layoutFrame
        switch node.kind {
        case .scrollView, .list:
            // The content has its own coordinates (the scroll view's content), from zero.
            let size = node.contentSize ?? CGSize(width: inner.width, height: max(inner.height, contentHeight(node)))
            stack(
                node.children, in: CGRect(origin: .zero, size: size), vertical: !node.horizontal, spacing: node.kind == .list ? 0 : node.spacing,
                alignment: node.alignment, list: node.kind == .list)
        case .vstack: stack(node.children, in: inner, vertical: true, spacing: node.spacing, alignment: node.alignment, list: false)
        case .hstack: stack(node.children, in: inner, vertical: false, spacing: node.spacing, alignment: node.alignment, list: false)
        default:
            for child in node.children {
                if let frame = child.frame {
                    place(child, at: frame.offsetBy(dx: inner.minX, dy: inner.minY))
                } else {
                    place(child, at: inner)
                }
            }
        }
    }

    static func contentHeight(_ node: SwiftUINode) -> CGFloat {
        node.children.reduce(0) { $0 + ($1.frame?.height ?? (node.kind == .list ? SwiftUINode.rowHeight : 0)) }
    }

    static func stack(_ children: [SwiftUINode], in area: CGRect, vertical: Bool, spacing: CGFloat, alignment: String, list: Bool) {
        let main = vertical ? area.height : area.width
        let gaps = spacing * CGFloat(max(0, children.count - 1))
        let fixed = children.reduce(CGFloat(0)) { total, child in
            total + (child.frame.map { vertical ? $0.height : $0.width } ?? (list ? SwiftUINode.rowHeight : 0))
        }
        let flexible = children.filter { $0.frame == nil && !list }.count
        let share = flexible > 0 ? max(0, main - fixed - gaps) / CGFloat(flexible) : 0
        var position = vertical ? area.minY : area.minX
        for child in children {
            let length = child.frame.map { vertical ? $0.height : $0.width } ?? (list ? SwiftUINode.rowHeight : share)
            let across = child.frame.map { vertical ? $0.width : $0.height } ?? (vertical ? area.width : area.height)
            let room = (vertical ? area.width : area.height) - across
            let lead: CGFloat =
                switch alignment {
                case "leading", "top": 0
                case "trailing", "bottom": room
                default: room / 2
                }
            let frame =
                vertical
                ? CGRect(x: area.minX + lead, y: position, width: across, height: length)
                : CGRect(x: position, y: area.minY + lead, width: length, height: across)
            place(child, at: frame)
            position += length + spacing
        }
    }
}
