import Foundation
import TouchKit
import TouchSwiftUI

/// Draws a hosting view's SwiftUI tree: shapes and colors filled lightly with their outline,
/// buttons tinted with their id, text and images as labelled boxes, stacks as faint dashed frames,
/// each view's id at its top left; a scroll view's content is drawn by its own hosting view
/// (inside the UIKit scroll view, so it scrolls and clips as UIKit draws it).
enum SwiftUIRenderer {
    static let shapeFill = UIColor(red: 0.80, green: 0.88, blue: 1.0, alpha: 0.9)
    static let colorFill = UIColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.9)
    static let buttonFill = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 0.16)
    static let outline = UIColor(red: 0.25, green: 0.45, blue: 0.85, alpha: 0.8)
    static let stackOutline = UIColor(white: 0.55, alpha: 0.5)
    static let label = UIColor(white: 0.2, alpha: 1)
    static let buttonText = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1)

    /// Draws `view`'s tree into `quad`, the view's bounds in window points.
    static func draw(_ view: SwiftUIHostingView, quad: [CGPoint], alpha: CGFloat, canvas: Canvas) {
        guard let root = view.rootNode, view.bounds.width > 0, view.bounds.height > 0 else { return }
        let size = view.bounds.size
        func map(_ p: CGPoint) -> CGPoint {
            let u = p.x / size.width
            let v = p.y / size.height
            return CGPoint(
                x: quad[0].x + (quad[1].x - quad[0].x) * u + (quad[3].x - quad[0].x) * v,
                y: quad[0].y + (quad[1].y - quad[0].y) * u + (quad[3].y - quad[0].y) * v)
        }
        let nodes = view.contentOnly ? root.children : [root]
        for node in nodes { draw(node, map: map, alpha: alpha, canvas: canvas) }
    }

    static func draw(_ node: SwiftUINode, map: (CGPoint) -> CGPoint, alpha: CGFloat, canvas: Canvas) {
        let a = alpha * CGFloat(node.opacity)
        guard a > 0.001 else { return }
        let frame = node.layoutFrame
        let corners = [
            CGPoint(x: frame.minX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.maxY),
            CGPoint(x: frame.minX, y: frame.maxY),
        ].map(map)
        switch node.kind {
        case .rectangle, .capsule:
            canvas.fill(quad: corners, shapeFill.withAlphaComponent(shapeFill.alpha * a))
            canvas.stroke(polygon: corners + [corners[0]], outline.withAlphaComponent(a))
        case .circle:
            let center = map(CGPoint(x: frame.midX, y: frame.midY))
            let edge = map(CGPoint(x: frame.midX + min(frame.width, frame.height) / 2, y: frame.midY))
            let radius = hypot(edge.x - center.x, edge.y - center.y)
            canvas.disc(at: center, radius: radius * canvas.mapping.scale, shapeFill.withAlphaComponent(shapeFill.alpha * a))
            canvas.ring(at: center, radius: radius * canvas.mapping.scale, outline.withAlphaComponent(a), width: 1)
        case .color:
            canvas.fill(quad: corners, colorFill.withAlphaComponent(colorFill.alpha * a))
        case .button:
            canvas.fill(quad: corners, buttonFill.withAlphaComponent(buttonFill.alpha * a))
            canvas.stroke(polygon: corners + [corners[0]], outline.withAlphaComponent(a * 0.6))
            centred(node.id ?? "Button", in: corners, buttonText, alpha: a, canvas: canvas)
        case .text, .image:
            canvas.stroke(polygon: corners + [corners[0]], stackOutline.withAlphaComponent(a))
            centred(node.id ?? (node.kind == .text ? "Text" : "Image"), in: corners, label, alpha: a, canvas: canvas)
        case .vstack, .hstack, .zstack, .spacer, .list, .uikit:
            canvas.stroke(polygon: corners + [corners[0]], stackOutline.withAlphaComponent(a * 0.6), dashed: true)
        case .scrollView:
            return  // its UIKit scroll view and content hosting view draw it
        }
        if let id = node.id, node.kind != .button, node.kind != .text, node.kind != .image {
            let origin = canvas.mapping.pixel(corners[0])
            canvas.textPixels(id, at: CGPoint(x: origin.x + 3, y: origin.y + 2), size: Theme.smallSize, label, alpha: a * 0.8)
        }
        if node.kind == .list { return }
        for child in node.children { draw(child, map: map, alpha: a, canvas: canvas) }
    }

    static func centred(_ text: String, in corners: [CGPoint], _ color: UIColor, alpha: CGFloat, canvas: Canvas) {
        let center = CGPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        let pixel = canvas.mapping.pixel(center)
        let size = canvas.measure(text, size: Theme.bodySize)
        canvas.textPixels(text, at: CGPoint(x: pixel.x - size.width / 2, y: pixel.y - size.height / 2), size: Theme.bodySize, color, alpha: alpha)
    }
}
