import Foundation

/// A uniform grid over a view's subview frames (their hit boxes: frames grown by a rounding
/// allowance, as the prefilter tests them), so that hit testing visits only the subviews whose
/// frames might contain a point, in UIKit's order (front to back).
///
/// Built lazily when a view with at least `minimumSubviewCount` subviews is hit-tested, and thrown
/// away whenever the subviews or one of their frames change (`UIView` clears it), so it is always
/// in step with the tree. Subviews that override `hitTest` or `point(inside:)`, have non-finite
/// frames, or cover many cells sit in a separate list that every query visits; the index only ever
/// leaves out views that would answer nil.
final class SubviewHitIndex {
    /// Below this many subviews a linear scan is as fast; TouchScope's choice.
    static let minimumSubviewCount = 16
    /// A subview covering more cells than this goes to the always-visited list.
    static let maximumCellsPerSubview = 64

    private let originX: CGFloat
    private let originY: CGFloat
    private let maxX: CGFloat
    private let maxY: CGFloat
    private let cellWidth: CGFloat
    private let cellHeight: CGFloat
    private let columns: Int
    private let rows: Int
    /// `cellStart[c] ..< cellStart[c + 1]` are the entries of cell `c`, ascending subview indices.
    private let cellStart: [Int32]
    private let entries: [Int32]
    /// Ascending indices of subviews every query visits.
    private let always: [Int32]

    init(subviews: [UIView]) {
        var minX = CGFloat.infinity
        var minY = CGFloat.infinity
        var maxX = -CGFloat.infinity
        var maxY = -CGFloat.infinity
        var indexed: [Int] = []
        var always: [Int32] = []
        for (i, view) in subviews.enumerated() {
            let f = view._hitBox
            let finite =
                f.origin.x.isFinite && f.origin.y.isFinite && f.size.width.isFinite
                && f.size.height.isFinite && f.size.width >= 0 && f.size.height >= 0
            if view._keepsDefaultHitTesting && finite {
                indexed.append(i)
                minX = min(minX, f.origin.x)
                minY = min(minY, f.origin.y)
                maxX = max(maxX, f.origin.x + f.size.width)
                maxY = max(maxY, f.origin.y + f.size.height)
            } else {
                always.append(Int32(i))
            }
        }
        if indexed.isEmpty {
            minX = 0
            minY = 0
            maxX = 0
            maxY = 0
        }
        (columns, rows) = Self.cells(for: indexed.map { subviews[$0]._hitBox.size }, spanX: maxX - minX, spanY: maxY - minY)
        originX = minX
        originY = minY
        self.maxX = maxX
        self.maxY = maxY
        cellWidth = max((maxX - minX) / CGFloat(columns), .leastNormalMagnitude)
        cellHeight = max((maxY - minY) / CGFloat(rows), .leastNormalMagnitude)

        var ranges: [(i: Int, c0: Int, c1: Int, r0: Int, r1: Int)] = []
        ranges.reserveCapacity(indexed.count)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for i in indexed {
            let f = subviews[i]._hitBox
            let c0 = Self.clamp(Int(saturating: ((f.origin.x - minX) / cellWidth).rounded(.down)), columns)
            let c1 = Self.clamp(Int(saturating: ((f.origin.x + f.size.width - minX) / cellWidth).rounded(.down)), columns)
            let r0 = Self.clamp(Int(saturating: ((f.origin.y - minY) / cellHeight).rounded(.down)), rows)
            let r1 = Self.clamp(Int(saturating: ((f.origin.y + f.size.height - minY) / cellHeight).rounded(.down)), rows)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > Self.maximumCellsPerSubview {
                always.append(Int32(i))
                continue
            }
            ranges.append((i, c0, c1, r0, r1))
            for r in r0...r1 {
                for c in c0...c1 { counts[r * columns + c + 1] += 1 }
            }
        }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        var fill = counts
        var entries = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for range in ranges {
            for r in range.r0...range.r1 {
                for c in range.c0...range.c1 {
                    let cell = r * columns + c
                    entries[Int(fill[cell])] = Int32(range.i)
                    fill[cell] += 1
                }
            }
        }
        cellStart = counts
        self.entries = entries
        self.always = always.sorted()
    }

    /// The grid's columns and rows: in the proportion of how many subviews of the average size
    /// fit side by side across the span along each axis (a list of full-width rows: one column, a
    /// row per cell; a lattice: its own columns and rows), between one and four cells a subview
    /// in all, at most 256 along an axis. The shape of the grid only changes how many subviews a
    /// query visits, never an answer.
    static func cells(for sizes: [CGSize], spanX: CGFloat, spanY: CGFloat) -> (columns: Int, rows: Int) {
        guard !sizes.isEmpty else { return (1, 1) }
        let count = CGFloat(sizes.count)
        let averageWidth = sizes.reduce(0) { $0 + $1.width } / count
        let averageHeight = sizes.reduce(0) { $0 + $1.height } / count
        func fit(_ span: CGFloat, _ average: CGFloat) -> CGFloat {
            guard span.isFinite, span > 0 else { return 1 }
            guard average.isFinite, average > 0 else { return count }
            return min(count, max(1, span / average))
        }
        var across = fit(spanX, averageWidth)
        var down = fit(spanY, averageHeight)
        // Between one and four cells a subview: both axes scale by the same factor.
        let cells = across * down
        if cells > 4 * count || cells < count {
            let scale = ((cells > 4 * count ? 4 * count : count) / cells).squareRoot()
            across = max(1, across * scale)
            down = max(1, down * scale)
        }
        return (Self.side(across), Self.side(down))
    }

    private static func side(_ value: CGFloat) -> Int {
        let rounded = value.rounded(.down)
        guard rounded.isFinite, rounded >= 1 else { return 1 }
        return rounded >= 256 ? 256 : Int(saturating: rounded)
    }

    private static func clamp(_ value: Int, _ side: Int) -> Int {
        max(0, min(side - 1, value))
    }

    /// Calls `body` with each candidate subview index in descending order (front to back) until
    /// it returns false. A point outside every indexed frame visits only the always-visited list.
    func forEachCandidate(containing point: CGPoint, _ body: (Int) -> Bool) {
        // The cell's entries are `aEnd ... a`, walked down; `a < aEnd` means none.
        var a = -1
        var aEnd = 0
        if point.x >= originX && point.x <= maxX && point.y >= originY && point.y <= maxY {
            let c = Self.clamp(Int(saturating: ((point.x - originX) / cellWidth).rounded(.down)), columns)
            let r = Self.clamp(Int(saturating: ((point.y - originY) / cellHeight).rounded(.down)), rows)
            let cell = r * columns + c
            aEnd = Int(cellStart[cell])
            a = Int(cellStart[cell + 1]) - 1
        }
        var b = always.count - 1
        while a >= aEnd || b >= 0 {
            let next: Int
            if a >= aEnd && (b < 0 || entries[a] > always[b]) {
                next = Int(entries[a])
                a -= 1
            } else {
                next = Int(always[b])
                b -= 1
            }
            if !body(next) { return }
        }
    }
}
