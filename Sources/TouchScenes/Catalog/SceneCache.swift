import Foundation
import TouchKit
import TouchSupport

/// Scenes read once and shared by many replays: what `touchscope check` keeps so that a thousand
/// sessions on ten scenes decode ten scenes. It holds descriptions (values), never built scenes:
/// each replay builds its own views from the shared, read-only description, so replays on
/// several threads share nothing they change. Only scenes that load are kept: a scene that does
/// not load is decoded again by the next session that asks, so its error names that session.
public final class SceneCache: @unchecked Sendable {
    private let lock = NSLock()
    private var embedded: [String: SceneDescription] = [:]
    private var files: [String: (description: SceneDescription, hash: String)] = [:]
    private var counts = (hits: 0, misses: 0)

    public init() {}

    /// How many lookups found a scene already decoded, and how many decoded one.
    public var statistics: (hits: Int, misses: Int) {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    /// The scene a session carries, decoded once per distinct text (and default name).
    func embeddedScene(text: String, file: String, name: String, contentHash: String) throws(SceneLoadError) -> LoadedScene {
        let key = name + "\u{0}" + text
        if let description = cached({ embedded[key] }) {
            return SceneBuilder.build(description, source: .embedded(contentHash: contentHash))
        }
        let description = try SceneDecoder.decode(data: Data(text.utf8), file: file, defaultName: name)
        store { embedded[key] = description }
        return SceneBuilder.build(description, source: .embedded(contentHash: contentHash))
    }

    /// A scene file, read and decoded once per path (the path made absolute and standardized).
    func fileScene(_ url: URL) throws(SceneLoadError) -> LoadedScene {
        let key = url.standardized.path
        if let entry = cached({ files[key] }) {
            return SceneBuilder.build(entry.description, source: .file(path: key, contentHash: entry.hash))
        }
        let bytes = try SceneDecoder.readFile(url)
        let description = try SceneDecoder.decode(data: Data(bytes), file: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
        let hash = fnv1aHash(bytes)
        store { files[key] = (description, hash) }
        return SceneBuilder.build(description, source: .file(path: key, contentHash: hash))
    }

    private func cached<T>(_ read: () -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        let value = read()
        if value != nil { counts.hits += 1 } else { counts.misses += 1 }
        return value
    }

    private func store(_ write: () -> Void) {
        lock.lock()
        write()
        lock.unlock()
    }
}
