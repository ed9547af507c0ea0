import Foundation

/// Which children of a node can be hit at a point, without asking each (a scroll view of hundreds
/// of rows): children are put in bands along the axis their extents spread over, each by its hit
/// extent (the union of its subtree's frames, which holds every point where it or a descendant can
/// be hit). A point's band lists the candidates in child order; hit testing asks them last first,
/// as without the index. Built by layout, from frames only (a modifier changed later cannot make
/// it drop a child that could be hit).
struct ChildHitIndex {
    /// Below this many children the children are asked one by one.
    static let minimumChildren = 16

    let vertical: Bool
    let start: CGFloat
    let bandLength: CGFloat
    /// Child indices per band, ascending.
    let bands: [[Int]]

    /// An index of `extents` (one per child), or nil when bands would not help (few children, or
    /// children that overlap so much that a band would hold most of them).
    init?(extents: [CGRect]) {
        guard extents.count >= Self.minimumChildren else { return nil }
        let live = extents.filter { !$0.isNull && !$0.isEmpty }
        guard !live.isEmpty else { return nil }
        let minY = live.map(\.minY).min()!
        let maxY = live.map(\.maxY).max()!
        let minX = live.map(\.minX).min()!
        let maxX = live.map(\.maxX).max()!
        let spreadY = live.reduce(CGFloat(0)) { $0 + $1.height } / max(1, maxY - minY)
        let spreadX = live.reduce(CGFloat(0)) { $0 + $1.width } / max(1, maxX - minX)
        // The axis along which children overlap least (a VStack: y).
        vertical = spreadY <= spreadX
        start = vertical ? minY : minX
        let span = vertical ? maxY - minY : maxX - minX
        guard span.isFinite, span > 0 else { return nil }
        let count = extents.count
        bandLength = span / CGFloat(count)
        var bands = [[Int]](repeating: [], count: count)
        var registered = 0
        for (index, extent) in extents.enumerated() where !extent.isNull && !extent.isEmpty {
            let low = vertical ? extent.minY : extent.minX
            let high = vertical ? extent.maxY : extent.maxX
            let first = Self.band((low - start) / bandLength, count: count)
            let last = Self.band((high - start) / bandLength, count: count)
            registered += last - first + 1
            // Overlapping children: the index would cost more than it saves.
            if registered > 8 * count { return nil }
            for band in first...last { bands[band].append(index) }
        }
        self.bands = bands
    }

    /// The children that may be hit at `point`, in child order (empty: none can be).
    func candidates(at point: CGPoint) -> [Int] {
        let value = vertical ? point.y : point.x
        guard value.isFinite else { return [] }
        let band = ((value - start) / bandLength).rounded(.down)
        guard band >= 0, band < CGFloat(bands.count) else { return [] }
        return bands[Self.band(band, count: bands.count)]
    }

    /// The band holding `position` (in band lengths from the start), clamped to `0..<count`; NaN
    /// gives 0. (`Int(exactly:)` of a value already in range: no conversion here can trap.)
    private static func band(_ position: CGFloat, count: Int) -> Int {
        let down = position.rounded(.down)
        guard down > 0 else { return 0 }
        guard down < CGFloat(count - 1) else { return count - 1 }
        return Int(exactly: down) ?? 0
    }
}

extension SwiftUINode {
    /// Sets `layoutExtent` from the frames layout gave this node and its children (children first)
    /// and indexes the children when there are many.
    func indexChildrenForHitTesting() {
        if kind == .scrollView || kind == .list || kind == .uikit {
            layoutExtent = layoutFrame
        } else {
            layoutExtent = children.reduce(layoutFrame) { $0.union($1.layoutExtent) }
        }
        childHitIndex = ChildHitIndex(extents: children.map(\.layoutExtent))
        childHitIndexCount = children.count
        childrenAtZeroZIndex = children.allSatisfy { $0.zIndex == 0 }
    }

    /// The index of the children, when it was built for the children there are now.
    var currentChildHitIndex: ChildHitIndex? {
        childHitIndexCount == children.count ? childHitIndex : nil
    }
}
