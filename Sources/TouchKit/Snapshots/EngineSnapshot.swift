import Foundation

/// A copy of an engine's state taken at rest (no touch down, no recognizer at work, no timer
/// pending), to be put back on a freshly built copy of the same scene: how a session can be
/// entered at a checkpoint instead of being replayed from its start.
///
/// At rest, what a touch stream can have changed is the views' properties (moved, hidden,
/// recoloured, retitled, switched, scrolled), the recognizers' settings, the first responder and
/// the last lift (which counts taps). Everything else is as freshly built, and
/// `EngineStateDump` checks it: a restore is trusted only when the restored engine dumps the same
/// text as the original did.
public struct EngineSnapshot {
    /// The clock's time.
    public let time: TimeInterval
    let lastLift: (location: CGPoint, time: TimeInterval, tapCount: Int)?
    let windows: [[ViewSnapshot]]
    let keyWindow: Int?
    /// Each window's first responder, as a view's index in the window's tree order (nil: none;
    /// -1: a responder that is not one of its views).
    let firstResponders: [Int?]

    /// Takes a snapshot of `application`, or nil when it is not at rest.
    public init?(capturing application: UIApplication) {
        guard application.isAtRest else { return nil }
        time = application.clock.now
        lastLift = application._lastLift
        let windows = application.windows
        self.windows = windows.map { $0.subtree.map(ViewSnapshot.init) }
        keyWindow = application.keyWindow.flatMap { key in windows.firstIndex { $0 === key } }
        firstResponders = windows.map { window in
            guard let responder = window._firstResponder else { return nil }
            return window.subtree.firstIndex { $0 === responder } ?? -1
        }
    }

    /// Puts the snapshot back on `application`, a fresh build of the scene it was taken of, with
    /// its clock at the start. False when the trees differ in shape (views were added or removed
    /// since the scene was built) or a first responder cannot be named: the caller then replays.
    public func restore(into application: UIApplication) -> Bool {
        let targets = application.windows
        guard targets.count == windows.count, application.isAtRest, !firstResponders.contains(-1) else { return false }
        let trees = targets.map(\.subtree)
        for (tree, saved) in zip(trees, windows) {
            guard tree.count == saved.count, zip(tree, saved).allSatisfy({ $1.matches($0) }) else { return false }
        }
        for (tree, saved) in zip(trees, windows) {
            for (view, state) in zip(tree, saved) { state.restore(on: view) }
        }
        for (index, window) in targets.enumerated() {
            if let responder = firstResponders[index] {
                window._firstResponder = trees[index][responder]
            } else {
                window._firstResponder = nil
            }
        }
        if let keyWindow { application._keyWindow = targets[keyWindow] }
        application._lastLift = lastLift
        application.clock.advance(to: time)
        return true
    }
}

extension UIApplication {
    /// At rest: no touch down, no recognizer holding work, no delivery held, no timer pending.
    /// An engine at rest is its views' properties and little else (`EngineSnapshot`).
    public var isAtRest: Bool {
        let environment = _environmentForInspection
        return _activeTouches.isEmpty && environment.active.isEmpty && environment.held.isEmpty && environment.queue.isEmpty
            && clock.pendingTimerCount == 0
    }
}
