import Foundation

/// Code that stands in front of one responder's four touches methods: the scene loader's
/// `onTouches` behaviours, which a scene attaches to any kind of view without a subclass per
/// UIKit class.
///
/// Every call of a touches method by TouchKit (delivery from the window, a recognizer releasing
/// held touches, a responder forwarding to `next`) goes through `UIResponder._send`, which hands
/// it to the interceptor with the responder's own method as `uikit`. The interceptor runs it, or
/// not, as an override that may or may not call `super` would. Not UIKit API.
package protocol TouchesInterceptor: AnyObject {
    /// Handles `method` for `responder`; `uikit` runs the responder's own method.
    func intercept(_ method: TouchMethod, of responder: UIResponder, uikit: () -> Void)
}
