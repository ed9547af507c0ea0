import Foundation
import TouchKit
import TouchSupport

/// Finds scenes by name: JSON files in scene directories and the Swift scenes compiled in.
public struct SceneCatalog: Sendable {
    /// One scene the catalog can load.
    public struct Entry: Equatable, Sendable {
        /// Where a scene comes from: a JSON file or a Swift scene registered in code.
        public enum Kind: String, Sendable { case json, swift }
        public let name: String
        public let kind: Kind
        /// The file, for JSON scenes.
        public let path: String?
    }

    /// Directories searched for `*.json` scenes, in order.
    public var directories: [URL]

    public init(directories: [URL]) {
        self.directories = directories
    }

    /// The catalog of the bundled `Scenes/` directory (see `bundledScenesDirectory`).
    public static func bundled() -> SceneCatalog {
        SceneCatalog(directories: bundledScenesDirectory().map { [$0] } ?? [])
    }

    /// The bundled `Scenes/` directory: `$TOUCHSCOPE_SCENES`, else `./Scenes`, else the one next
    /// to the package this binary was built from (found by walking up from the executable, then
    /// from this source file's location).
    public static func bundledScenesDirectory() -> URL? {
        let manager = FileManager.default
        func isScenes(_ url: URL) -> Bool {
            var directory: ObjCBool = false
            return manager.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
        }
        if let override = ProcessInfo.processInfo.environment["TOUCHSCOPE_SCENES"] {
            return URL(fileURLWithPath: override)
        }
        let local = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent("Scenes")
        if isScenes(local), manager.fileExists(atPath: local.deletingLastPathComponent().appendingPathComponent("Package.swift").path) {
            return local
        }
        var starts = [URL(fileURLWithPath: #filePath)]
        if let executable = Bundle.main.executableURL { starts.insert(executable, at: 0) }
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<8 {
                let candidate = directory.appendingPathComponent("Scenes")
                if isScenes(candidate), manager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                    return candidate
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return isScenes(local) ? local : nil
    }

    /// Every scene, JSON files first (by name), then Swift scenes.
    public func entries() -> [Entry] {
        var result: [Entry] = []
        var seen: Set<String> = []
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                guard seen.insert(name).inserted else { continue }
                result.append(Entry(name: name, kind: .json, path: directory.appendingPathComponent(file).path))
            }
        }
        for scene in SwiftScenes.all where seen.insert(scene.name).inserted {
            result.append(Entry(name: scene.name, kind: .swift, path: nil))
        }
        return result
    }

    /// Loads a scene by name (a JSON scene or a Swift scene) or by file path.
    public func load(_ nameOrPath: String) throws(SceneLoadError) -> LoadedScene {
        let manager = FileManager.default
        if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
            return try Self.loadFile(URL(fileURLWithPath: nameOrPath))
        }
        if let entry = entries().first(where: { $0.name == nameOrPath }) {
            if let path = entry.path { return try Self.loadFile(URL(fileURLWithPath: path)) }
            if let scene = SwiftScenes.all.first(where: { $0.name == nameOrPath }) { return scene.load() }
        }
        if manager.fileExists(atPath: nameOrPath) { return try Self.loadFile(URL(fileURLWithPath: nameOrPath)) }
        let names = entries().map(\.name)
        let hint = FieldReader.hint(for: nameOrPath, among: names)
        throw SceneLoadError(issues: [
            SceneIssue(
                file: nameOrPath, path: .root, line: 0, column: 0,
                message: "no scene file or bundled scene has this name\(hint) (run `touchscope scenes` for the list)")
        ])
    }

    /// Loads a bundled scene by name only (never a path), or nil when there is none by that
    /// name or it does not load. For names that come from files (a session's header).
    public func loadBundled(named name: String, cache: SceneCache? = nil) -> LoadedScene? {
        guard !name.contains("/"), !name.hasSuffix(".json"), let entry = entries().first(where: { $0.name == name }) else {
            return nil
        }
        if let path = entry.path { return try? Self.loadFile(URL(fileURLWithPath: path), cache: cache) }
        return SwiftScenes.all.first { $0.name == name }?.load()
    }

    /// Builds a scene a session carries: `text` is its JSON, `file` names it in issues (the
    /// session and the record), `contentHash` is the hash recorded with it.
    public static func loadEmbedded(
        text: String, file: String, name: String, contentHash: String, cache: SceneCache? = nil
    ) throws(SceneLoadError) -> LoadedScene {
        if let cache { return try cache.embeddedScene(text: text, file: file, name: name, contentHash: contentHash) }
        let description = try SceneDecoder.decode(data: Data(text.utf8), file: file, defaultName: name)
        return SceneBuilder.build(description, source: .embedded(contentHash: contentHash))
    }

    /// Loads a scene file named relative to the package a source file belongs to (the nearest
    /// folder above `sourceFile` holding a `Package.swift`): how a generated test finds its scene
    /// wherever in the package the test file is moved. `sourceFile` is the test's `#filePath`.
    public static func loadFile(packagePath path: String, from sourceFile: String) throws(SceneLoadError) -> LoadedScene {
        var directory = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return try loadFile(directory.appendingPathComponent(path))
            }
            directory.deleteLastPathComponent()
        }
        throw SceneLoadError(issues: [
            SceneIssue(
                file: path, path: .root, line: 0, column: 0,
                message: "no Package.swift above \(sourceFile): a scene path in a generated test is relative to its package")
        ])
    }

    /// Loads and builds a JSON scene file; the hash is of the very bytes decoded.
    public static func loadFile(_ url: URL, cache: SceneCache? = nil) throws(SceneLoadError) -> LoadedScene {
        if let cache { return try cache.fileScene(url) }
        let bytes = try SceneDecoder.readFile(url)
        let description = try SceneDecoder.decode(
            data: Data(bytes), file: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
        return SceneBuilder.build(description, source: .file(path: url.standardized.path, contentHash: fnv1aHash(bytes)))
    }
}
