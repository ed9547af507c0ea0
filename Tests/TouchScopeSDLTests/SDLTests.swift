import CSDL2
import Foundation
import Testing
import TouchKit
import TouchScenes

@testable import TouchScopeSDL

/// SDL is process-global and single-threaded: every test that touches it lives under this
/// serialized suite.
@Suite(.serialized) struct SDLTests {}

/// Whether two colours agree within `tolerance` per channel (0...255 scale).
func close(_ a: UIColor, _ b: UIColor, tolerance: CGFloat = 3) -> Bool {
    abs(a.red - b.red) * 255 <= tolerance && abs(a.green - b.green) * 255 <= tolerance && abs(a.blue - b.blue) * 255 <= tolerance
}

/// `base` with `overlay` blended over it at the overlay's alpha.
func blend(_ overlay: UIColor, over base: UIColor) -> UIColor {
    let a = overlay.alpha
    return UIColor(
        red: overlay.red * a + base.red * (1 - a), green: overlay.green * a + base.green * (1 - a),
        blue: overlay.blue * a + base.blue * (1 - a), alpha: 1)
}
