import Foundation
import TouchKit

// The two controller classes a scene builds, for what UIKit code overrides on a controller and a
// scene states as data (the edges deferring system gestures). Views need no class of their own:
// a scene view with behaviours is a plain view of its kind whose `interceptor` is its
// `BehaviourHost`, which TouchKit's base classes consult as a subclass's overrides would be.

/// A view controller a scene builds: UIKit's, with the deferring edges the scene gives it. Its
/// behaviours (event handlers, first responder and actions) are its `interceptor`, as a scene
/// view's are.
final class SceneViewController: UIViewController {
    /// `preferredScreenEdgesDeferringSystemGestures`, as the scene says.
    var deferringEdges: UIRectEdge = []
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { deferringEdges }
}

/// A navigation controller a scene builds: UIKit's, with the deferring edges the scene gives it
/// (nil: those of its top controller, as UIKit's navigation controller answers).
final class SceneNavigationController: UINavigationController {
    var deferringEdges: UIRectEdge?
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { deferringEdges ?? [] }
    override var childForScreenEdgesDeferringSystemGestures: UIViewController? {
        deferringEdges == nil ? topViewController : nil
    }
}
