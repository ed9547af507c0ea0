import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// A recognizer of any class that declares a pan requirement is a pan to UIKit's drag rules
/// (`PanRequirement`), as one that declares a tap requirement is a tap.
@Suite("The pan trait")
struct PanTraitTests {
    /// Follows a finger like a pan, without being one by class.
    final class DragLike: UIGestureRecognizer {
        override var panRequirement: PanRequirement? { PanRequirement(minimumTouches: 1, maximumTouches: 1) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            if state == .possible { state = .began } else { state = .changed }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = state == .possible ? .failed : .ended }
    }

    @Test("a pan declares its touches; a tap declares none")
    func declared() {
        let pan = UIPanGestureRecognizer { _ in }
        pan.maximumNumberOfTouches = 2
        #expect(pan.panRequirement == PanRequirement(minimumTouches: 1, maximumTouches: 2))
        #expect(UITapGestureRecognizer { _ in }.panRequirement == nil)
        #expect(UIScreenEdgePanGestureRecognizer { _ in }.panRequirement != nil, "a subclass inherits it")
    }

    @Test("a slider being dragged along its track refuses a drag-like recognizer of another view, as it refuses a pan")
    func sliderRefusesTheTrait() {
        let (sim, view) = plainViewScene(width: 300, height: 100)
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        slider.value = 0.5
        view.addSubview(slider)
        var began = 0
        let drag = DragLike(target: nil) { _ in began += 1 }
        view.addGestureRecognizer(drag)
        sim.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 250, y: 50))
        #expect(began == 0, "the slider kept the horizontal drag")
        #expect(slider.value > 0.5, "and moved its thumb")
    }
}
