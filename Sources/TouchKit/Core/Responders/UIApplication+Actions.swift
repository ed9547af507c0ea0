import Foundation

/// Named actions along the responder chain (UIKit's `sendAction(_:to:from:for:)`).
extension UIApplication {
    /// `sendAction(_:to:from:for:)`'s implementation.
    func _sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let senderName = (sender as? UIResponder)?.traceName ?? (sender.map { String(describing: type(of: $0)) })
        let performer: UIResponder?
        if let target {
            performer = target as? UIResponder
        } else {
            let start = firstResponder ?? (sender as? UIResponder) ?? keyWindow
            performer = start?.target(forAction: action, withSender: sender) as? UIResponder
        }
        guard _actionNesting < UIKitDefaults.maximumActionNesting else {
            trace.record(.loopStopped(responder: senderName ?? "nil", what: "sendAction \(action.name)", depth: _actionNesting))
            return false
        }
        trace.record(.actionSent(action: action.name, target: performer?.traceName, sender: senderName))
        guard let performer else { return false }
        _actionNesting += 1
        defer { _actionNesting -= 1 }
        performer.perform(action, sender: sender, event: event)
        return true
    }
}
