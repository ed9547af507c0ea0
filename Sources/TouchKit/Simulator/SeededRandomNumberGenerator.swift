/// A small deterministic random number generator (xorshift64*), for property tests, fuzzing
/// and generated sessions: the same seed gives the same numbers on every machine, so a failing
/// case is replayed from its seed alone.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole sequence follows from `seed` (0 is replaced by a fixed odd value).
    public init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    public mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}
