import Foundation
import TouchKit
import TouchScenes

/// A question `why` answers: about a new touch at a point, a recorded touch, recognizer or
/// SwiftUI gesture, a goal, or a touch in every era; with the view it is about, if any.
public struct WhyQuestion: Sendable {
    /// What the question is about.
    public enum Subject: Sendable {
        /// A touch at `point` in window points: a tap, or `gesture` (`SimulatedGesture`'s forms:
        /// `tap`, `drag:DX,DY`, …), on the scene, or on the session's state at `time` seconds (its
        /// end when nil).
        case point(CGPoint, gesture: String?, time: Double?)
        /// The session's own trace: a finger's touch, the session's N-th touch, a recognizer, or a
        /// SwiftUI gesture (by id or modifier name). With none of them and a view: the touches that
        /// concern the view.
        case recorded(finger: Int?, touch: Int?, recognizer: String?, swiftUIGesture: String?)
        /// A goal as people state it (`recognizes=R`, `fires=C.EVENT`, …, `FixGoal.parse`), about a
        /// finger's touch, the N-th touch, or else the first touch that misses it.
        case goal(String, finger: Int?, touch: Int?)
        /// The session's N-th touch in each era, with a fix that holds in every era.
        case eras(touch: Int)
    }

    public var subject: Subject
    /// The view the question is about: its id or trace name.
    public var view: String?

    public init(_ subject: Subject, view: String? = nil) {
        self.subject = subject
        self.view = view
    }
}

/// What `why` asks its question of: a scene as loaded, the factory for fresh copies of it, and
/// the session on it (nil for a scene alone).
public struct WhyInput {
    public var scene: LoadedScene
    public var makeScene: () throws -> LoadedScene
    public var session: Session?

    public init(scene: LoadedScene, makeScene: @escaping () throws -> LoadedScene, session: Session?) {
        self.scene = scene
        self.makeScene = makeScene
        self.session = session
    }

    /// The session, or a problem saying the question needs one.
    func recorded() throws(WhyAnswer.Problem) -> Session {
        guard let session else { throw WhyAnswer.Problem(message: "this question is about a recorded session: give the session", isUsage: true) }
        return session
    }
}
