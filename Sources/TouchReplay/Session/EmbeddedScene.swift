import Foundation

/// A scene a session carries, so that the session replays on the scene it was recorded on with
/// no scene file anywhere (a `.session` attached to a bug report is self-contained).
///
/// The first is the scene as the recording began; each later one is a hot reload, with the
/// place in the session where it took effect. In the file each is a `scene` record, written
/// where it took effect: `{"t":…,"type":"scene","hash":"…","scene":"<the scene's canonical JSON>"}`.
/// The scene is a JSON string (one line, its own depth and size limits, checked by the scene
/// decoder); `hash` is the scene's content hash when it was recorded, as the header names it.
public struct EmbeddedScene: Equatable, Sendable {
    /// When the version took effect, in microseconds.
    public var micros: Int64
    /// How many records (after the header) came before it.
    public var recordIndex: Int
    /// The scene's content hash when it was recorded (`LoadedScene.contentHash`).
    public var hash: String
    /// The scene's canonical JSON (`SceneEncoder`, compact).
    public var text: String
    /// The line of the session file it was read from (0 when made in memory).
    public var line: Int
    /// A capture's snapshot of the app's tree when it changed (format version 5, `"snapshot":
    /// true`): the app as it is then, taken as it is by a replay (`SceneReload.isSnapshot`),
    /// where a hot reload is brought to its moment by the input before it.
    public var isSnapshot: Bool

    public init(micros: Int64, recordIndex: Int, hash: String, text: String, line: Int = 0, isSnapshot: Bool = false) {
        self.micros = micros
        self.recordIndex = recordIndex
        self.hash = hash
        self.text = text
        self.line = line
        self.isSnapshot = isSnapshot
    }
}
