/// A part of a check, as Playwright's `--shard K/N` names it (1-based): the sessions sorted by
/// path (`CheckSet`'s order, the same on every machine for the same files) are cut into N
/// contiguous parts whose sizes differ by at most one, and part K is checked. The N parts
/// together hold each session exactly once. Sharding comes before parallelism: each machine
/// checks its part with as many workers as it has.
public struct CheckShard: Sendable, Equatable, CustomStringConvertible {
    /// Which part, from 1.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// Most parts a check may be cut into.
    public static let maximumCount = 10_000

    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, or says what was expected.
    public static func parse(_ text: String) -> Result<CheckShard, CheckOptionError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            return .failure(CheckOptionError("expected K/N, such as 1/3 (part K of N, from 1), not \"\(text.prefix(40))\""))
        }
        guard (1...maximumCount).contains(n) else {
            return .failure(CheckOptionError("N must be from 1 to \(maximumCount), not \(n)"))
        }
        guard let shard = CheckShard(index: k, count: n) else {
            return .failure(CheckOptionError("K must be from 1 to \(n), not \(k)"))
        }
        return .success(shard)
    }

    /// This part of `items` (already in `CheckSet`'s order).
    public func select<T>(_ items: [T]) -> [T] {
        let lower = items.count * (index - 1) / count
        let upper = items.count * index / count
        return Array(items[lower..<upper])
    }

    public var description: String { "\(index)/\(count)" }
}

/// An option of `touchscope check` that does not parse.
public struct CheckOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
