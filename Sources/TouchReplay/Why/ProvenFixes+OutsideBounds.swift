import Foundation
import TouchKit
import TouchScenes

/// A view that sticks out of an ancestor is never asked where it sticks out: `hitTest(_:with:)`
/// asks a view's subviews only for points inside the view (`point(inside:with:)`), whatever
/// `clipsToBounds` says. The fixes people ship, each re-run like any candidate: the ancestor's
/// `hitTest` asks that subview when its own finds nothing (Apple's Technical Q&A QA1812), or the
/// ancestor's `point(inside:with:)` grown over the part that sticks out. Every ancestor that
/// leaves the touch out gets the change, in one candidate.
extension ProvenFixes {
    static func outsideBoundsCandidates(viewID: String, scene: SceneDescription, window entries: [TraceEntry]) -> [Candidate] {
        guard let point = firstTouchDown(in: entries) else { return [] }
        // The scene as built, for where each view lies (frames, centers, transforms).
        let loaded = SceneBuilder.build(scene, source: .embedded(contentHash: "outside-bounds"))
        guard let view = loaded.window.subtree.first(where: { $0.accessibilityIdentifier == viewID }) else { return [] }
        var pruning: [(ancestor: String, child: String, grow: UIEdgeInsets)] = []
        var child = view
        while let ancestor = child.superview {
            if !ancestor.point(inside: ancestor.convert(point, from: nil), with: nil) {
                // A view without an id cannot be named in the scene: no candidate then.
                guard let ancestorID = ancestor.accessibilityIdentifier, let childID = child.accessibilityIdentifier else { return [] }
                let sticking = view.convert(view.bounds, to: ancestor)
                let bounds = ancestor.bounds
                let grow = UIEdgeInsets(
                    top: max(0, bounds.minY - sticking.minY), left: max(0, bounds.minX - sticking.minX),
                    bottom: max(0, sticking.maxY - bounds.maxY), right: max(0, sticking.maxX - bounds.maxX))
                pruning.append((ancestorID, childID, grow))
            }
            child = ancestor
        }
        guard !pruning.isEmpty else { return [] }
        func number(_ value: CGFloat) -> String { JSONWriter.number(Double(value)) }
        let asks = pruning.map { "\($0.ancestor): override hitTest(_:with:) to ask \($0.child) when its own finds nothing (QA1812)" }
        let grows = pruning.map { item in
            let g = item.grow
            return
                "\(item.ancestor): point(inside:with:) grown over \(viewID) (top \(number(g.top)), left \(number(g.left)), bottom \(number(g.bottom)), right \(number(g.right)) pt)"
        }
        return [
            Candidate(change: asks.joined(separator: "; ")) { scene in
                pruning.allSatisfy { item in scene.editView(item.ancestor) { $0.behaviours.insert(.hitTestSubviewsOutside([item.child]), at: 0) } }
            },
            Candidate(change: grows.joined(separator: "; ")) { scene in
                pruning.allSatisfy { item in scene.editView(item.ancestor) { $0.behaviours.insert(.enlargeHitArea(item.grow), at: 0) } }
            },
        ]
    }

    /// Where the first finger went down, in window points.
    static func firstTouchDown(in entries: [TraceEntry]) -> CGPoint? {
        for entry in entries {
            if case .input(_, .began, let x, let y) = entry.event { return CGPoint(x: x, y: y) }
        }
        return nil
    }
}
