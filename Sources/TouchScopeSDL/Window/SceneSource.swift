import Foundation
import TouchKit
import TouchScenes

/// Where the window's scenes come from: a factory for fresh copies (seeks and replays rebuild
/// the scene), and, for a scene file, a watch on the file. When the file changes and decodes,
/// the factory switches to the new scene; when it does not decode, the last good scene stays
/// and the problems are reported.
final class SceneSource {
    /// What a look at the file found.
    enum Change {
        /// The file changed and loads: the new scene, built once already.
        case reloaded(LoadedScene)
        /// The file changed and does not load: its problems, first first.
        case failed([String])
        /// The file loads again after failing, and is the scene shown: the problems are gone,
        /// nothing else changes.
        case recovered
    }

    private(set) var make: () throws -> LoadedScene
    /// The watched scene file (nil: nothing is watched).
    let path: String?
    private var stamp: FileStamp?
    private var hash: String?
    /// Whether the last look found a file that does not load.
    private var failing = false
    /// When the file was last looked at (seconds on the monotonic clock).
    private var lastPoll: TimeInterval = 0
    /// Seconds between looks at the file.
    static let pollInterval: TimeInterval = 0.25

    /// The scene as first built.
    let first: LoadedScene

    /// Builds from `make` from now on (a live link's session brought more scene versions).
    func use(_ make: @escaping () throws -> LoadedScene) {
        self.make = make
    }

    /// Builds the scene once; a scene from a file is then rebuilt from what was read, never from
    /// the file again, so a seek or a replay always gets the scene that is shown, whatever
    /// happens to the file (only a reload that loads replaces it).
    init(make: @escaping () throws -> LoadedScene, watching path: String?) throws {
        let first = try make()
        self.first = first
        self.path = path
        self.make = make
        if let path { stamp = FileStamp(path: path) }
        guard case .file(let filePath, let contentHash) = first.source else { return }
        hash = contentHash
        let url = URL(fileURLWithPath: filePath)
        if let bytes = try? SceneDecoder.readFile(url), fnv1aHash(bytes) == contentHash,
            let description = try? SceneDecoder.decode(data: Data(bytes), file: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
        {
            let source = first.source
            self.make = { SceneBuilder.build(description, source: source) }
        }
    }

    /// Looks at the file if it is time to: nil when nothing changed.
    func poll(now: TimeInterval) -> Change? {
        guard let path, now - lastPoll >= Self.pollInterval else { return nil }
        lastPoll = now
        let current = FileStamp(path: path)
        guard current != stamp else { return nil }
        stamp = current
        guard current != nil else {
            failing = true
            return .failed(["\(path): the scene file is gone; the last good scene stays"])
        }
        let url = URL(fileURLWithPath: path)
        let bytes: [UInt8]
        let description: SceneDescription
        do {
            bytes = try SceneDecoder.readFile(url)
            let newHash = fnv1aHash(bytes)
            // Saved without a change (or touched): nothing to do, unless it failed meanwhile:
            // then the problems it reported are gone.
            guard newHash != hash else {
                defer { failing = false }
                return failing ? .recovered : nil
            }
            description = try SceneDecoder.decode(data: Data(bytes), file: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
            hash = newHash
        } catch {
            failing = true
            return .failed(String(describing: error).split(separator: "\n").map(String.init))
        }
        failing = false
        let source = LoadedScene.Source.file(path: url.standardized.path, contentHash: fnv1aHash(bytes))
        make = { SceneBuilder.build(description, source: source) }
        return .reloaded(SceneBuilder.build(description, source: source))
    }
}

/// A file's modification time and size, to notice a save cheaply.
struct FileStamp: Equatable {
    let seconds: Int
    let nanoseconds: Int
    let size: Int64
    let inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
    }
}
