import Foundation
import TouchKit

/// The fixed touch-dispatch workload of `docs/bench-workload.md`: three tree shapes, an
/// xorshift32 touch stream, and checksums that every correct engine reproduces.
package enum Workload {
    /// The tree shapes.
    package enum Shape: String, CaseIterable, Sendable {
        case grid, deep, wide

        /// Sequences per shape in the full workload.
        package var defaultSequences: Int {
            switch self {
            case .grid, .deep: 20_000
            case .wide: 2_000
            }
        }
    }

    /// xorshift32 seed, as specified.
    package static let seed: UInt32 = 2_463_534_242
    /// Events per sequence: one down, eight moves, one up.
    package static let eventsPerSequence = 10

    /// Reference values `(down_checksum, checksum)` by shape and sequence count (docs/bench-workload.md, "Checks").
    package static let referenceChecksums: [Shape: [Int: (down: Int64, total: Int64)]] = [
        .grid: [1: (389, 3_890), 100: (19_634, 196_340), 20_000: (4_018_032, 40_180_320)],
        .deep: [1: (46, 460), 100: (7_681, 76_810), 20_000: (1_646_802, 16_468_020)],
        .wide: [1: (9_072, 90_720), 100: (488_294, 4_882_940), 2_000: (9_941_711, 99_417_110)],
    ]

    /// One step of Marsaglia's xorshift32 (shifts 13, 17, 5).
    @inline(__always)
    package static func next(_ state: inout UInt32) -> UInt32 {
        var x = state
        x ^= x << 13
        x ^= x >> 17
        x ^= x << 5
        state = x
        return x
    }

    /// The finger of sequence `index` (0-based). One finger is down at a time, so ids may repeat;
    /// they stay inside the engine's range (`TouchSample.fingerIDs`), which would otherwise drop
    /// every touch past a million sequences and make the checksum look wrong.
    package static func finger(forSequence index: Int) -> Int {
        1 + index % TouchSample.fingerIDs.upperBound
    }

    /// The first `count` sequences of ten points each (down, eight moves, up), all `k + 0.5`.
    package static func stream(sequences count: Int) -> [[CGPoint]] {
        var state = seed
        var result: [[CGPoint]] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            var ix = Int(next(&state) % 1000)
            var iy = Int(next(&state) % 1000)
            var points = [CGPoint(x: Double(ix) + 0.5, y: Double(iy) + 0.5)]
            for _ in 1...8 {
                let dx = Int(next(&state) % 21) - 10
                let dy = Int(next(&state) % 21) - 10
                ix = min(max(ix + dx, 0), 999)
                iy = min(max(iy + dy, 0), 999)
                points.append(CGPoint(x: Double(ix) + 0.5, y: Double(iy) + 0.5))
            }
            points.append(points[8])
            result.append(points)
        }
        return result
    }

    /// The nodes of a shape, `(id, parent id, frame relative to the parent)`, in insertion order.
    package static func nodes(_ shape: Shape) -> [(id: Int, parent: Int?, frame: CGRect)] {
        var nodes: [(Int, Int?, CGRect)] = [(0, nil, CGRect(x: 0, y: 0, width: 1000, height: 1000))]
        switch shape {
        case .grid:
            var id = 1
            for row in 0..<10 {
                for column in 0..<10 {
                    let cell = id
                    nodes.append((cell, 0, CGRect(x: 100 * column, y: 100 * row, width: 100, height: 100)))
                    id += 1
                    var parent = cell
                    var size = 100
                    for _ in 0..<3 {
                        size -= 20
                        nodes.append((id, parent, CGRect(x: 10, y: 10, width: size, height: size)))
                        parent = id
                        id += 1
                    }
                }
            }
        case .deep:
            var size = 1000
            for k in 1..<200 {
                size -= 4
                nodes.append((k, k - 1, CGRect(x: 2, y: 2, width: size, height: size)))
            }
        case .wide:
            for row in 0..<100 {
                for column in 0..<100 {
                    nodes.append((1 + 100 * row + column, 0, CGRect(x: 10 * column, y: 10 * row, width: 10, height: 10)))
                }
            }
        }
        return nodes
    }
}

/// Accumulates the workload's checksums: each handler call adds the receiving view's id.
package final class ChecksumAccumulator {
    package var checksum: Int64 = 0
    package var downChecksum: Int64 = 0
    package var delivered: Int64 = 0

    package init() {}

    package func reset() {
        checksum = 0
        downChecksum = 0
        delivered = 0
    }
}

/// A view that counts its touches into the accumulator, as the workload's handlers do.
package final class CountingView: UIView {
    let id: Int64
    unowned let accumulator: ChecksumAccumulator

    package init(id: Int, frame: CGRect, accumulator: ChecksumAccumulator) {
        self.id = Int64(id)
        self.accumulator = accumulator
        super.init(frame: frame)
    }

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        accumulator.checksum &+= id
        accumulator.downChecksum &+= id
        accumulator.delivered &+= 1
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        accumulator.checksum &+= id
        accumulator.delivered &+= 1
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        accumulator.checksum &+= id
        accumulator.delivered &+= 1
    }
}
