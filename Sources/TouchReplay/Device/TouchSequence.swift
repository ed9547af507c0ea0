import Foundation
import TouchKit

/// One touch as the device comparison counts it: from a first finger down, with every finger
/// that joins before the last one lifts, to the next first finger down (so that a timer that
/// fires after the fingers lift, such as a double tap's failure, belongs to the touch before it).
public struct TouchSequence: Equatable, Sendable {
    /// 1-based, in session order.
    public var number: Int
    /// When its first finger went down, in microseconds.
    public var micros: Int64
    /// The fingers that took part, in the order they went down.
    public var fingers: [Int]
    /// Where the first finger went down, in window points.
    public var location: CGPoint
    /// The file line of the input record that began it (0 when unknown).
    public var line: Int
    /// The index among the session's records of the input record that began it.
    var recordIndex = 0

    /// `touch 3 (finger 1 at 120,300, 1.200 s)`.
    public var description: String {
        let where_ = TraceFormat.point(Double(location.x), Double(location.y))
        let who = fingers.count == 1 ? "finger \(fingers[0])" : "fingers " + fingers.map(String.init).joined(separator: ", ")
        return "touch \(number) (\(who) at \(where_), \(TraceEntry.seconds(micros)) s)"
    }

    /// The touches of `session`, in order.
    public static func all(in session: Session) -> [TouchSequence] {
        var result: [TouchSequence] = []
        var down: Set<Int> = []
        for index in session.records.indices where session.records.isInput(at: index) {
            guard case .input(let t, let samples) = session.records[index] else { continue }
            for sample in samples {
                switch sample.phase {
                case .began:
                    if down.isEmpty {
                        var touch = TouchSequence(
                            number: result.count + 1, micros: t, fingers: [sample.finger], location: sample.location,
                            line: session.fileLine(ofRecord: index))
                        touch.recordIndex = index
                        result.append(touch)
                    } else if !result.isEmpty {
                        result[result.count - 1].fingers.append(sample.finger)
                    }
                    down.insert(sample.finger)
                case .ended, .cancelled:
                    down.remove(sample.finger)
                default:
                    break
                }
            }
        }
        return result
    }

    /// The index in `sequences` of the touch that a moment at `micros` belongs to: the last one
    /// that began at or before it; nil before the first.
    static func index(of micros: Int64, in sequences: [TouchSequence]) -> Int? {
        var low = 0
        var high = sequences.count
        while low < high {
            let mid = (low + high) / 2
            if sequences[mid].micros <= micros { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }
}
