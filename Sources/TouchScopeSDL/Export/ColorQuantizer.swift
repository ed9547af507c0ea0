import Foundation

/// Chooses at most 256 colours for a frame (GIF's limit) and maps every pixel to one.
///
/// A frame with 256 colours or fewer keeps them all, exactly. Otherwise the colours that carry
/// meaning (`exact`: the overlays' outline, finger and state colours) keep their own entries
/// whenever they occur, and the rest (the gradients of anti-aliased text and edges) are reduced
/// by median cut, weighted by how many pixels use each colour. A pixel of an exact colour is
/// always drawn in that colour.
struct ColorQuantizer {
    /// The palette, as 0xRRGGBB.
    private(set) var palette: [UInt32] = []
    /// Palette index of every colour seen.
    private var index: [UInt32: UInt8] = [:]

    init(pixels: [UInt32], exact: Set<UInt32>, maximum: Int = 256) {
        var counts: [UInt32: Int] = [:]
        for pixel in pixels { counts[pixel, default: 0] += 1 }
        if counts.count <= maximum {
            palette = counts.keys.sorted()
            for (i, color) in palette.enumerated() { index[color] = UInt8(i) }
            return
        }
        let kept = counts.keys.filter(exact.contains).sorted().prefix(maximum / 2)
        palette = Array(kept)
        let rest = counts.filter { !exact.contains($0.key) || !kept.contains($0.key) }.map { ($0.key, $0.value) }
        palette += Self.medianCut(rest, boxes: maximum - palette.count)
        for color in kept { index[color] = UInt8(palette.firstIndex(of: color)!) }
        for (color, _) in rest { index[color] = nearest(color) }
    }

    /// The palette index for `color` (a colour of the frame the quantizer was made from).
    func entry(_ color: UInt32) -> UInt8 {
        index[color] ?? nearest(color)
    }

    private func nearest(_ color: UInt32) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (i, candidate) in palette.enumerated() {
            let d = Self.distance(color, candidate)
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// Median cut: split the box with the widest channel range at its weighted median until there
    /// are `boxes` boxes; each box's colour is the weighted mean of its colours.
    static func medianCut(_ colors: [(UInt32, Int)], boxes: Int) -> [UInt32] {
        guard !colors.isEmpty, boxes > 0 else { return [] }
        var work: [[(UInt32, Int)]] = [colors]
        func channel(_ c: UInt32, _ shift: UInt32) -> Int { Int((c >> shift) & 0xFF) }
        func widest(_ box: [(UInt32, Int)]) -> (shift: UInt32, range: Int) {
            var best: (UInt32, Int) = (16, -1)
            for shift: UInt32 in [16, 8, 0] {
                let values = box.map { channel($0.0, shift) }
                let range = (values.max() ?? 0) - (values.min() ?? 0)
                if range > best.1 { best = (shift, range) }
            }
            return best
        }
        while work.count < boxes {
            guard
                let (position, box) = work.enumerated().filter({ $0.element.count > 1 })
                    .max(by: { widest($0.element).range < widest($1.element).range })
            else { break }
            let shift = widest(box).shift
            let sorted = box.sorted { channel($0.0, shift) < channel($1.0, shift) }
            let total = sorted.reduce(0) { $0 + $1.1 }
            var running = 0
            var cut = 1
            for (i, entry) in sorted.enumerated() {
                running += entry.1
                if running * 2 >= total {
                    cut = max(1, min(sorted.count - 1, i + 1))
                    break
                }
            }
            work[position] = Array(sorted[..<cut])
            work.append(Array(sorted[cut...]))
        }
        return work.map { box in
            let total = max(1, box.reduce(0) { $0 + $1.1 })
            func mean(_ shift: UInt32) -> UInt32 { UInt32(box.reduce(0) { $0 + channel($1.0, shift) * $1.1 } / total) }
            return (mean(16) << 16) | (mean(8) << 8) | mean(0)
        }
    }
}
