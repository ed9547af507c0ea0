import Foundation
import TouchKit

/// The records of a session, stored packed: a time and a kind per record, and the touch samples
/// of all input records in one array of 20-byte values (coordinates and radii as whole
/// millipoints, the resolution the engine takes input at). An hour of input at 120 Hz takes about
/// 15 MB instead of 50.
///
/// It is a random-access collection of `SessionRecord` values, made as they are read, so code that
/// reads a session reads it as it always did.
public struct SessionRecords: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// One touch of an input record, packed.
    struct PackedSample: Equatable, Sendable {
        var finger: Int32
        var x: Int32
        var y: Int32
        /// Millipoints, or -1 for none.
        var radius: Int32
        var phase: UInt8
    }

    private enum Kind: UInt8 {
        case input, marker, note, trace, end, hit
    }

    private var kinds: [UInt8] = []
    private var times: [Int64] = []
    /// For an input record: where its samples start in `samples`; for a text record: the index
    /// of its text in `texts`.
    private var starts: [UInt32] = []
    private var samples: [PackedSample] = []
    private var texts: [String] = []
    /// The finger of each hit record, by record index (hit records are one per touch).
    private var hitFingers: [Int: Int] = [:]

    public init() {}

    public init(_ records: some Sequence<SessionRecord>) {
        for record in records { append(record) }
    }

    public init(arrayLiteral elements: SessionRecord...) {
        self.init(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { kinds.count }

    /// The record's time without making the record (nil for trace lines).
    public func micros(at index: Int) -> Int64? {
        Kind(rawValue: kinds[index]) == .trace ? nil : times[index]
    }

    /// Whether record `index` is input, without making it.
    public func isInput(at index: Int) -> Bool {
        kinds[index] == Kind.input.rawValue
    }

    public subscript(index: Int) -> SessionRecord {
        let time = times[index]
        switch Kind(rawValue: kinds[index])! {
        case .input:
            let start = Int(starts[index])
            let end = index + 1 < kinds.count && kinds[index + 1] == Kind.input.rawValue ? Int(starts[index + 1]) : sampleEnd(after: index)
            return .input(micros: time, samples: samples[start..<end].map(Self.unpack))
        case .marker: return .marker(micros: time, label: texts[Int(starts[index])])
        case .note: return .note(micros: time, text: texts[Int(starts[index])])
        case .trace: return .trace(line: texts[Int(starts[index])])
        case .end: return .end(micros: time)
        case .hit: return .hit(micros: time, finger: hitFingers[index] ?? 0, view: texts[Int(starts[index])])
        }
    }

    /// Puts the samples of record `index` into `buffer` (emptied first, its storage kept) when it
    /// is an input record, and says whether it was: replaying a long session this way makes no
    /// record and allocates nothing per record.
    func inputSamples(at index: Int, into buffer: inout [TouchSample]) -> Bool {
        guard kinds[index] == Kind.input.rawValue else { return false }
        let start = Int(starts[index])
        let end = index + 1 < kinds.count && kinds[index + 1] == Kind.input.rawValue ? Int(starts[index + 1]) : sampleEnd(after: index)
        buffer.removeAll(keepingCapacity: true)
        for position in start..<end { buffer.append(Self.unpack(samples[position])) }
        return true
    }

    /// Where the samples of input record `index` end: the start of the next input record's.
    private func sampleEnd(after index: Int) -> Int {
        var next = index + 1
        while next < kinds.count {
            if kinds[next] == Kind.input.rawValue { return Int(starts[next]) }
            next += 1
        }
        return samples.count
    }

    public mutating func append(_ record: SessionRecord) {
        switch record {
        case .input(let t, let recordSamples):
            kinds.append(Kind.input.rawValue)
            times.append(t)
            starts.append(UInt32(samples.count))
            for sample in recordSamples { samples.append(Self.pack(sample)) }
        case .marker(let t, let label): appendText(.marker, t, label)
        case .note(let t, let text): appendText(.note, t, text)
        case .trace(let line): appendText(.trace, 0, line)
        case .hit(let t, let finger, let view):
            hitFingers[kinds.count] = finger
            appendText(.hit, t, view)
        case .end(let t):
            kinds.append(Kind.end.rawValue)
            times.append(t)
            starts.append(0)
        }
    }

    private mutating func appendText(_ kind: Kind, _ t: Int64, _ text: String) {
        kinds.append(kind.rawValue)
        times.append(t)
        starts.append(UInt32(texts.count))
        texts.append(text)
    }

    /// Inserts `record` at `index` (the loader inserts the cancel of unfinished touches before
    /// the end record). Linear in the number of records.
    public mutating func insert(_ record: SessionRecord, at index: Int) {
        var rebuilt = SessionRecords()
        for position in 0..<count {
            if position == index { rebuilt.append(record) }
            rebuilt.append(self[position])
        }
        if index >= count { rebuilt.append(record) }
        self = rebuilt
    }

    public static func == (lhs: SessionRecords, rhs: SessionRecords) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Bytes held, about.
    public var byteCount: Int {
        kinds.count * 13 + samples.count * MemoryLayout<PackedSample>.stride + texts.reduce(0) { $0 + $1.utf8.count + 16 }
    }

    static func pack(_ sample: TouchSample) -> PackedSample {
        func millis(_ value: CGFloat) -> Int32 {
            let scaled = (Double(value) * 1000).rounded()
            // Through `Int(saturating:)`, not the generic conversion (which costs a generic
            // dispatch a coordinate); Int32.min stays free as a marker.
            return Int32(clamping: Swift.max(Int(Int32.min) + 1, Int(saturating: scaled)))
        }
        return PackedSample(
            finger: Int32(clamping: sample.finger), x: millis(sample.location.x), y: millis(sample.location.y),
            radius: sample.majorRadius.map(millis) ?? -1, phase: UInt8(sample.phase.rawValue))
    }

    static func unpack(_ packed: PackedSample) -> TouchSample {
        TouchSample(
            finger: Int(packed.finger), phase: UITouch.Phase(rawValue: Int(packed.phase)) ?? .cancelled,
            location: CGPoint(x: Double(packed.x) / 1000, y: Double(packed.y) / 1000),
            majorRadius: packed.radius < 0 ? nil : CGFloat(Double(packed.radius) / 1000))
    }
}
