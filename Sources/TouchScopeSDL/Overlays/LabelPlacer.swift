import Foundation

/// Places labels on the scene so that none overlaps another or leaves its area: each label
/// tries its candidate positions in order and takes the first free one; a label with no free
/// position is left out (the panel lists everything in full).
struct LabelPlacer {
    /// Where labels may go (the scene part of the frame), in pixels.
    let bounds: CGRect
    private(set) var placed: [CGRect] = []
    /// The placed rects by grid cell (`cellSize` pixels a side), so that a candidate is checked
    /// against its neighbours only: placing N labels is linear, not quadratic, in N.
    private var cells: [Cell: [Int]] = [:]
    static let cellSize: CGFloat = 64

    private struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    init(bounds: CGRect) {
        self.bounds = bounds
    }

    /// Reserves a rect no label may cover (a finger mark, say).
    mutating func reserve(_ rect: CGRect) {
        let index = placed.count
        placed.append(rect)
        for cell in cells(covering: rect) { cells[cell, default: []].append(index) }
    }

    /// The grid cells of the bounds that a rect touches (labels only go inside the bounds, so
    /// what lies outside them needs no cell; none for a rect that is not finite).
    private func cells(covering rect: CGRect) -> [Cell] {
        let clipped = rect.intersection(bounds)
        guard !clipped.isNull, clipped.minX.isFinite, clipped.minY.isFinite, clipped.maxX.isFinite, clipped.maxY.isFinite
        else { return [] }
        func cell(_ value: CGFloat) -> Int { Int(saturating: ((value - bounds.minX) / Self.cellSize).rounded(.down)) }
        func row(_ value: CGFloat) -> Int { Int(saturating: ((value - bounds.minY) / Self.cellSize).rounded(.down)) }
        var result: [Cell] = []
        for x in cell(clipped.minX)...cell(clipped.maxX) {
            for y in row(clipped.minY)...row(clipped.maxY) { result.append(Cell(x: x, y: y)) }
        }
        return result
    }

    private func isFree(_ rect: CGRect) -> Bool {
        for cell in cells(covering: rect) {
            for index in cells[cell] ?? [] where placed[index].intersects(rect) { return false }
        }
        return true
    }

    /// The first of `candidates` (top-left corners) where a label of `size` fits, reserved; nil
    /// when none does.
    mutating func place(size: CGSize, candidates: [CGPoint]) -> CGRect? {
        for origin in candidates {
            var rect = CGRect(origin: origin, size: size)
            // Slide into the bounds when only a little outside.
            if rect.maxX > bounds.maxX { rect.origin.x = bounds.maxX - rect.width }
            if rect.minX < bounds.minX { rect.origin.x = bounds.minX }
            if rect.maxY > bounds.maxY { rect.origin.y = bounds.maxY - rect.height }
            if rect.minY < bounds.minY { rect.origin.y = bounds.minY }
            guard bounds.contains(rect), isFree(rect) else { continue }
            reserve(rect)
            return rect
        }
        return nil
    }

    /// Candidate corners around a quad's bounding box (pixels): inside its top-left, inside its
    /// bottom-left, above it, below it, inside its top-right.
    static func candidates(around box: CGRect, size: CGSize) -> [CGPoint] {
        let inset = Theme.labelInset
        let gap = Theme.labelOutsideGap
        return [
            CGPoint(x: box.minX + inset, y: box.minY + inset), CGPoint(x: box.minX + inset, y: box.maxY - size.height - inset),
            CGPoint(x: box.minX, y: box.minY - size.height - gap), CGPoint(x: box.minX, y: box.maxY + gap),
            CGPoint(x: box.maxX - size.width - inset, y: box.minY + inset),
            CGPoint(x: box.maxX - size.width - inset, y: box.maxY - size.height - inset),
        ]
    }

    /// Candidates beside a point: right-below, right-above, left-below, left-above.
    static func candidates(beside point: CGPoint, size: CGSize, gap: CGFloat) -> [CGPoint] {
        [
            CGPoint(x: point.x + gap, y: point.y + gap / 2), CGPoint(x: point.x + gap, y: point.y - gap / 2 - size.height),
            CGPoint(x: point.x - gap - size.width, y: point.y + gap / 2), CGPoint(x: point.x - gap - size.width, y: point.y - gap / 2 - size.height),
        ]
    }
}
