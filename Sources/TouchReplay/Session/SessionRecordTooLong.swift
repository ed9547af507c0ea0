import Foundation

/// A record the session writers refuse because the session reader would refuse it: a `scene`
/// record longer than `SessionFormat.maximumSceneLineLength`. Said before anything is written.
public struct SessionRecordTooLong: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line's length in bytes, and the reader's limit.
    public var length: Int
    public var limit: Int

    public var description: String {
        "the scene record would be \(length) bytes, more than the \(limit) a session reader takes; the scene is too large to carry in a session (replay it with --scene FILE instead)"
    }
}
