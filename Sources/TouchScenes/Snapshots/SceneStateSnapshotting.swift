import Foundation
import TouchKit

/// Adopted by a Swift scene's objects that keep state of their own (a counter, a mode): seeking
/// through a session enters it at checkpoints taken at rest, and an object that adopts this is
/// put back as it was there. A scene whose objects keep state without adopting it still replays
/// exactly; seeking then re-runs it from the start (the window says so), because the restored
/// engine would not dump the same as the original (`EngineStateDump` finds the difference).
public protocol SceneStateSnapshotting: AnyObject {
    /// The object's state now, as a value.
    func captureSceneState() -> any Sendable
    /// Puts back a state `captureSceneState()` returned; false when it cannot.
    func restoreSceneState(_ state: any Sendable) -> Bool
}

/// A scene's own state at a checkpoint: its runtime's state flags and its Swift objects' states.
public struct SceneStateSnapshot: @unchecked Sendable {
    let runtime: [String: Bool]?
    let objects: [any Sendable]
}

extension LoadedScene {
    /// The objects whose state a snapshot keeps: the scene's retained objects and the
    /// application, where they adopt `SceneStateSnapshotting`.
    private func statefulObjects(_ application: UIApplication) -> [SceneStateSnapshotting] {
        retained.compactMap { $0 as? SceneStateSnapshotting } + [application as? SceneStateSnapshotting].compactMap { $0 }
    }

    /// The scene's own state now (nil while an effect is running or a view is being dragged).
    public func captureState(application: UIApplication) -> SceneStateSnapshot? {
        var flags: [String: Bool]?
        if let runtime {
            guard runtime.isAtRest else { return nil }
            flags = runtime.state
        }
        return SceneStateSnapshot(runtime: flags, objects: statefulObjects(application).map { $0.captureSceneState() })
    }

    /// Puts back the scene's own state on a fresh build of the same scene.
    public func restoreState(_ snapshot: SceneStateSnapshot, application: UIApplication) -> Bool {
        if let flags = snapshot.runtime {
            guard let runtime else { return false }
            runtime.state = flags
        }
        let objects = statefulObjects(application)
        guard objects.count == snapshot.objects.count else { return false }
        for (object, state) in zip(objects, snapshot.objects) where !object.restoreSceneState(state) { return false }
        return true
    }

    /// The scene's own state as dump lines (after the engine's, in `EngineStateDump`).
    public func stateDumpLines(application: UIApplication) -> [String] {
        var lines: [String] = []
        if let runtime { lines.append(runtime.stateDump) }
        for object in retained where !(object is UIResponder) && !(object is UIGestureRecognizer) {
            lines.append("retained \(type(of: object)): " + EngineStateDump.fields(of: object))
        }
        return lines
    }
}
