import Foundation
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// The bundled scenes.
let bundledCatalog = SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")])

/// Loads a bundled scene by name and returns it with a simulator driving it.
func drive(_ name: String) throws -> (LoadedScene, TouchSimulator) {
    let scene = try bundledCatalog.load(name)
    return (scene, scene.makeSimulator())
}

extension TouchSimulator {
    /// The trace's notes, in order.
    var notes: [String] {
        trace.entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
    }

    /// Notes added while `body` ran.
    func notes(during body: () -> Void) -> [String] {
        let before = notes.count
        body()
        return Array(notes.dropFirst(before))
    }

    /// The view a touch at `point` is hit-tested to.
    func hitView(at point: CGPoint) -> UIView? {
        window.hitTest(point, with: nil)
    }
}
