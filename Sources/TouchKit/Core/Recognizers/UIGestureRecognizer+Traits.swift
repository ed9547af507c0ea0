import Foundation

/// What UIKit's tap rules ask of a recognizer: how many taps of how many fingers it needs.
///
/// `UIButton` and `UISwitch` refuse to let another view's single-tap recognizer begin on them,
/// and a recognizer needing fewer taps does not prevent one needing more; UIKit states these for
/// `UITapGestureRecognizer`. TouchScope reads the trait instead of the class, so a subclass of
/// any recognizer that declares a tap requirement is treated exactly as a tap.
public struct TapRequirement: Hashable, Sendable {
    /// `numberOfTapsRequired`.
    public var taps: Int
    /// `numberOfTouchesRequired`.
    public var touches: Int

    public init(taps: Int, touches: Int) {
        self.taps = taps
        self.touches = touches
    }

    /// One tap of one finger: the kind of recognizer a button or a switch refuses.
    public var isSingleTap: Bool { taps == 1 && touches == 1 }
}

/// What UIKit's drag rules ask of a recognizer: that it follows moving fingers, and how many.
///
/// `UISlider` and `UISwitch` keep a horizontal drag on their thumb from another view's pan (their
/// `gestureRecognizerShouldBegin`), and SwiftUI lets a cancellable gesture yield to a pan; UIKit
/// states these for `UIPanGestureRecognizer` (and its subclasses). TouchScope reads the trait
/// instead of the class, so a recognizer of any class that declares a pan requirement is treated
/// exactly as a pan.
public struct PanRequirement: Hashable, Sendable {
    /// `minimumNumberOfTouches`.
    public var minimumTouches: Int
    /// `maximumNumberOfTouches`.
    public var maximumTouches: Int

    public init(minimumTouches: Int, maximumTouches: Int) {
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
    }
}

/// A recognizer's settings as it describes itself: lines for the inspector, and named numbers
/// that a checkpoint keeps and gives back (keyed by the property's name, as UIKit spells it).
/// Built-in recognizers describe theirs; a subclass overrides `describedSettings` and
/// `restoreSettings(_:)` to be inspected and restored the same way.
public struct RecognizerSettings: Hashable, Sendable {
    /// What the inspector shows, a phrase each (`"taps 2"`, `"minimumPressDuration 0.5 s"`).
    public var summary: [String]
    /// What a checkpoint keeps, by setting (`"numberOfTapsRequired"`: 2).
    public var values: [String: Double]

    public init(summary: [String] = [], values: [String: Double] = [:]) {
        self.summary = summary
        self.values = values
    }
}

extension UIGestureRecognizer {
    /// A count as a checkpoint keeps it (exact up to 2^52).
    static func checkpointCount(_ value: Int) -> Double { Double(min(value, 1 << 52)) }
    /// A count given back from a checkpoint.
    static func checkpointCount(_ value: Double) -> Int { value >= Double(1 << 52) ? Int.max : Int(saturating: value) }
}
