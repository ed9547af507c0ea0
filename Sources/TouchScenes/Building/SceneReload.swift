/// A version of a scene that replaced the one before it during a recording (a hot reload), and
/// where in the session it took effect: before the session record at `recordIndex`, at time
/// `micros`. Replaying, the new version is built, brought to that moment by the input before it
/// (as the window did when it reloaded), and drives the rest of the session.
public struct SceneReload {
    /// The session time the version took effect, in microseconds.
    public var micros: Int64
    /// How many session records came before it.
    public var recordIndex: Int
    /// Builds the version.
    public var make: () throws -> LoadedScene
    /// The version's content hash (`LoadedScene.contentHash`): two reloads with one hash are the
    /// same scene, and a replay may reuse what it built for the first.
    public var contentHash: String?
    /// A snapshot of the app as it is at that moment (a capture's, `EmbeddedScene.isSnapshot`):
    /// taken as it is, not brought to its moment by replaying the input before it (the app's
    /// state, scroll offsets included, is in it already).
    public var isSnapshot: Bool

    public init(
        micros: Int64, recordIndex: Int, contentHash: String? = nil, isSnapshot: Bool = false, make: @escaping () throws -> LoadedScene
    ) {
        self.micros = micros
        self.recordIndex = recordIndex
        self.contentHash = contentHash
        self.isSnapshot = isSnapshot
        self.make = make
    }
}
