import Foundation
import TouchKit

/// Folds a scroll view's deceleration (the content offsets its timer writes after the finger
/// lifted, one a frame) into one sentence for the text timeline:
///
///     UIScrollView#list decelerates from 2925 pt/s to rest at y 556.00 in 0.13 s (8 frames)
///
/// A run of offsets of one view with no input between them, written after the last input, is a
/// deceleration; runs of fewer than `minimumFrames` are left as they are. The trace itself and
/// its JSON keep every frame.
public struct DecelerationFolding {
    /// What to print: an entry as it is, or a deceleration's summary.
    public enum Item {
        case entry(TraceEntry)
        case deceleration(micros: Int64, view: String, text: String)
    }

    /// Shortest run folded.
    public static let minimumFrames = 3
    private var run: [TraceEntry] = []
    private var runView: String?
    private var lastInputMicros: Int64 = -1

    public init() {}

    /// Feeds one entry; returns what can be printed now, in order.
    public mutating func consume(_ entry: TraceEntry) -> [Item] {
        if case .scrollOffset(let view, _, _) = entry.event, entry.micros > lastInputMicros {
            if view == runView || run.isEmpty {
                runView = view
                run.append(entry)
                return []
            }
            let out = flush()
            runView = view
            run = [entry]
            return out
        }
        if case .input = entry.event { lastInputMicros = entry.micros }
        return flush() + [.entry(entry)]
    }

    /// What is still held, at the end.
    public mutating func finish() -> [Item] { flush() }

    private mutating func flush() -> [Item] {
        defer {
            run.removeAll()
            runView = nil
        }
        guard run.count >= Self.minimumFrames, let view = runView else { return run.map(Item.entry) }
        return [.deceleration(micros: run[0].micros, view: view, text: Self.sentence(view: view, run))]
    }

    static func sentence(view: String, _ frames: [TraceEntry]) -> String {
        func offset(_ entry: TraceEntry) -> (Double, Double) {
            if case .scrollOffset(_, let x, let y) = entry.event { return (x, y) }
            return (0, 0)
        }
        let first = offset(frames[0])
        let second = offset(frames[1])
        let last = offset(frames[frames.count - 1])
        let step = Double(frames[1].micros - frames[0].micros) / 1_000_000
        let speed = step > 0 ? hypot(second.0 - first.0, second.1 - first.1) / step : 0
        let movedX = abs(last.0 - first.0) > 0.005
        let movedY = abs(last.1 - first.1) > 0.005
        let rest =
            movedX && movedY
            ? "(\(TraceFormat.number(last.0)), \(TraceFormat.number(last.1)))"
            : movedX ? "x \(TraceFormat.number(last.0))" : "y \(TraceFormat.number(last.1))"
        let seconds = Double(frames[frames.count - 1].micros - frames[0].micros) / 1_000_000
        return
            "\(view) decelerates from \(Int(saturating: speed.rounded())) pt/s to rest at \(rest) in \(String(format: "%.2f", seconds)) s (\(frames.count) frames)"
    }
}
