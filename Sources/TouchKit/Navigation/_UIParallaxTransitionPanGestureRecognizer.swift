import Foundation

/// UIKit's class of the interactive pop gesture: a screen-edge pan that fails as soon as the
/// finger moves past the pan hysteresis in any direction but away from its edge (approximation:
/// UIKit's rule is private; a vertical drag along the edge never pops).
final class _UIParallaxTransitionPanGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible else { return }
        let t = translation(in: nil)
        let threshold = configuration.panHysteresis
        if hypot(t.x, t.y) >= threshold && !(t.x > 0 && abs(t.x) > abs(t.y)) {
            recognizerContext.fail(.custom(kind: "notTowardsContent", text: "moved away from the left edge's direction"))
        }
    }
}
