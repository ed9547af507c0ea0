import Foundation

extension UIWindow {
    /// The time on the clock of the application this window belongs to (what `UIEvent.timestamp`
    /// is measured on), or nil outside an application: TouchKit's stand-in for the system uptime
    /// a capture on iOS reads. Not UIKit API.
    package var captureNow: TimeInterval? { _application?.clock.now }

    /// The SDK the window's application behaves as linked against (`TouchKitConfiguration.linkedSDK`).
    package var captureLinkedSDK: Int? { _application?.configuration.linkedSDK }
}
