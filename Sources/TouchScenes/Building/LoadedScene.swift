import Foundation
import TouchKit
import TouchSupport

/// A scene ready to drive: its window (built, not yet attached to an application), where it came
/// from, and, for JSON scenes, the runtime behind its behaviours.
public final class LoadedScene {
    /// Where a scene came from.
    public enum Source: Equatable, Sendable {
        /// A scene file, with the FNV-1a hash of its bytes.
        case file(path: String, contentHash: String)
        /// A scene written in Swift, registered in `SwiftScenes`.
        case swift
        /// A scene a session carries (its canonical JSON), with the content hash the scene had
        /// when it was recorded (the hash of its file then).
        case embedded(contentHash: String)
    }

    /// The file the scene was read from, if any: an input no output may replace.
    public var filePath: String? {
        switch source {
        case .file(let path, _): path
        case .swift, .embedded: nil
        }
    }

    public let name: String
    public let summary: String
    public let window: UIWindow
    /// The scene's windows over the main one (`"windows"`), back to front: attached to the
    /// same application as `window` by `makeSimulator()`.
    public internal(set) var overlayWindows: [UIWindow] = []
    public let source: Source
    /// The runtime of a JSON scene (nil for Swift scenes).
    public let runtime: SceneRuntime?
    /// What a JSON scene was built from (nil for Swift scenes): what a session embeds.
    public internal(set) var sceneDescription: SceneDescription?
    /// Later versions of this scene that replaced it during a recording (hot reloads), in the
    /// order they took effect. A replay switches to each at its place in the session.
    public var reloads: [SceneReload] = []
    /// Makes the application the scene runs in (Swift scenes may bring a subclass).
    let makeApplication: () -> UIApplication
    /// Objects a Swift scene keeps alive for as long as the scene (or its window) is used.
    let retained: [AnyObject]
    /// Builds another copy of the same scene without reading anything again (set by whoever built
    /// this one: the builder from its description, the catalog for a Swift scene).
    var rebuild: (() -> LoadedScene)?

    init(
        name: String, summary: String, window: UIWindow, source: Source, runtime: SceneRuntime?,
        retained: [AnyObject] = [], makeApplication: @escaping () -> UIApplication = { UIApplication() }
    ) {
        self.name = name
        self.summary = summary
        self.window = window
        self.source = source
        self.runtime = runtime
        self.retained = retained
        self.makeApplication = makeApplication
        // As a JSON scene's runtime: alive as long as the window, whoever keeps the window (a
        // simulator made from the scene, without the scene).
        window._keptAlive.append(contentsOf: retained)
    }

    /// A stable fingerprint of the scene: its file's hash, or `swift:<name>`.
    public var contentHash: String {
        switch source {
        case .file(_, let hash), .embedded(let hash): hash
        case .swift: "swift:" + name
        }
    }

    /// The scene as one line of canonical JSON (`SceneEncoder`), what a session embeds; nil for
    /// a Swift scene (its name is enough: it is code, bundled with TouchScope).
    public var canonicalText: String? {
        sceneDescription.map { JSONWriter.compact(SceneEncoder.document($0)) }
    }

    /// Attaches the window to a new application and returns a simulator driving it.
    public func makeSimulator() -> TouchSimulator {
        let simulator = TouchSimulator(window: window, application: makeApplication())
        for overlay in overlayWindows { simulator.application.attach(overlay) }
        return simulator
    }

    /// A fresh copy of this very scene, built from what was read the first time (never from the
    /// file again, so replays and seeks see the scene that was loaded whatever happens to the
    /// file). Nil for a scene made outside the builder and the catalog.
    public func freshCopy() -> LoadedScene? {
        rebuild?()
    }

    /// A factory of fresh copies: `freshCopy()`, or this scene itself once when it cannot be copied.
    public var factory: () throws -> LoadedScene {
        if let rebuild { return rebuild }
        var handedOut = false
        return { [self] in
            guard !handedOut else {
                throw SceneLoadError(issues: [SceneIssue(file: name, path: .root, line: 0, column: 0, message: "this scene cannot be built again")])
            }
            handedOut = true
            return self
        }
    }

    /// A new application of the kind the scene needs (a subclass for some Swift scenes).
    public func newApplication() -> UIApplication {
        makeApplication()
    }

    /// The view with `identifier`, anywhere in the window or the windows over it.
    public func view(_ identifier: String) -> UIView? {
        window.view(withIdentifier: identifier) ?? overlayWindows.lazy.compactMap { $0.view(withIdentifier: identifier) }.first
    }
}

/// FNV-1a, 64 bits, as 16 hex digits: a content fingerprint (not a security measure).
package func fnv1aHash(_ bytes: some Sequence<UInt8>) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
