/// The four touch-handling methods, as the trace names them.
public enum TouchMethod: String, Hashable, Codable, Sendable, CaseIterable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

/// A set of finger ids, stored inline for the common single-finger case.
///
/// Encodes as a JSON array of integers in ascending order.
public struct FingerIDs: Hashable, Codable, Sendable, CustomStringConvertible {
    private var first: Int
    private var rest: [Int]

    /// One finger.
    public init(_ id: Int) {
        first = id
        rest = []
    }

    /// Several fingers; sorted and de-duplicated. An empty list is stored as `[]`.
    public init(_ ids: [Int]) {
        let sorted = Array(Set(ids)).sorted()
        first = sorted.first ?? -1
        rest = Array(sorted.dropFirst())
    }

    /// The ids in ascending order.
    public var ids: [Int] { first < 0 && rest.isEmpty ? [] : [first] + rest }

    /// The id, when the set holds exactly one (no array is made).
    public var single: Int? { rest.isEmpty && first >= 0 ? first : nil }

    public init(from decoder: any Decoder) throws {
        self.init(try [Int](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try ids.encode(to: encoder)
    }

    /// `[1]`, `[1,2]`.
    public var description: String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}

/// Phases of a control's tracking, as `UIControl`'s tracking methods name them.
public enum TrackingPhase: String, Hashable, Codable, Sendable, CaseIterable {
    case begin, `continue`, end, cancel
}
