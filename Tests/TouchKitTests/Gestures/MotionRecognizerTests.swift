import Foundation
import Testing
import TouchKit
import TouchTestSupport

@Suite("Swipe, pinch, rotation and screen-edge pan")
struct MotionRecognizerTests {
    @Test(
        "a quick stroke in the watched direction is a swipe; against it, too slow, or sideways is not",
        arguments: [
            ("right", CGPoint(x: 200, y: 100), 0.1, true),
            ("left", CGPoint(x: 0, y: 100), 0.1, false),
            ("slow", CGPoint(x: 130, y: 100), 1.2, false),
            ("sideways", CGPoint(x: 100, y: 400), 0.2, false),
        ])
    func swipe(name: String, end: CGPoint, duration: TimeInterval, recognizes: Bool) {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let swipe = UISwipeGestureRecognizer { _ in log.append("swipe") }
        swipe.direction = .right
        view.addGestureRecognizer(swipe)
        sim.drag(from: CGPoint(x: 100, y: 100), to: end, duration: duration, steps: 6)
        #expect(log.entries.contains("swipe") == recognizes, "\(name)")
    }

    @Test("a swipe in one of several directions, by two fingers")
    func swipeDirectionsAndFingers() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.isMultipleTouchEnabled = true
        let swipe = UISwipeGestureRecognizer { _ in log.append("swipe") }
        swipe.direction = [.up, .down]
        swipe.numberOfTouchesRequired = 2
        view.addGestureRecognizer(swipe)
        sim.drag(
            from: [CGPoint(x: 100, y: 300), CGPoint(x: 150, y: 300)], to: [CGPoint(x: 100, y: 200), CGPoint(x: 150, y: 200)], duration: 0.1, steps: 4)
        #expect(log.entries.last == "swipe")
    }

    @Test("pinch scale follows the finger distance; setting it to 1 re-bases it")
    func pinch() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        var scales: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer { recognizer in
            scales.append(recognizer.scale)
            if recognizer.state == .changed { recognizer.scale = 1 }
        }
        view.addGestureRecognizer(pinch)
        sim.pinch(center: CGPoint(x: 200, y: 400), fromDistance: 100, toDistance: 150, duration: 0.2, steps: 5)
        // Began at 110/100; the first change reads 120/100 and re-bases; later changes are relative
        // to the previous step; the end reads 1 (nothing moved since the last re-base).
        let expected: [CGFloat] = [1.1, 1.2, 130 / 120, 140 / 130, 150 / 140, 1]
        #expect(scales.count == expected.count)
        #expect(zip(scales, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(scales)")
        #expect(transitions(of: pinch, in: sim.trace).last == "changed -> ended")
    }

    @Test("rotation follows the turn of the line between the fingers, clockwise positive")
    func rotation() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        var last: CGFloat = 0
        let rotation = UIRotationGestureRecognizer { last = $0.rotation }
        view.addGestureRecognizer(rotation)
        sim.rotate(center: CGPoint(x: 200, y: 400), radius: 60, fromAngle: 0, toAngle: .pi / 4, duration: 0.2, steps: 8)
        #expect(abs(last - .pi / 4) < 1e-9)
    }

    @Test(
        "a screen-edge pan starts only near a watched edge and moving away from it",
        arguments: [
            (CGPoint(x: 5, y: 300), CGPoint(x: 105, y: 300), true),
            (CGPoint(x: 100, y: 300), CGPoint(x: 200, y: 300), false),
            (CGPoint(x: 5, y: 300), CGPoint(x: 5, y: 400), false),
        ])
    func screenEdge(start: CGPoint, end: CGPoint, recognizes: Bool) {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let edge = UIScreenEdgePanGestureRecognizer { recognizer in log.append("edge \(recognizer.state)") }
        edge.edges = .left
        view.addGestureRecognizer(edge)
        sim.drag(from: start, to: end, duration: 0.2, steps: 5)
        #expect(log.entries.contains("edge began") == recognizes)
    }
}

// MARK: - Seed 002: the long-press menu

/// A controller showing a "Reset" menu on a long press, as Apple's sample does; the menu item's
/// action travels the responder chain to the controller, which is first responder.
final class PieceViewController: UIViewController {
    var menuLocation: CGPoint?
    weak var viewForReset: UIView?
    let home = CGPoint(x: 100, y: 100)

    override var canBecomeFirstResponder: Bool { true }

    func showResetMenu(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.state == .began else { return }
        becomeFirstResponder()
        viewForReset = gestureRecognizer.view
        menuLocation = gestureRecognizer.location(in: gestureRecognizer.view)
    }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == "resetPiece"
    }

    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        viewForReset?.center = home
    }
}

@Suite("Seed 002: the long-press menu")
struct LongPressMenuTests {
    @Test("a long press shows the menu where the finger is; choosing Reset moves the piece home")
    func resetMenu() {
        let window = makeWindow()
        let controller = PieceViewController()
        window.rootViewController = controller
        let piece = UIView(frame: CGRect(x: 200, y: 300, width: 80, height: 80))
        controller.view.addSubview(piece)
        let sim = TouchSimulator(window: window)
        piece.addGestureRecognizer(UILongPressGestureRecognizer(target: controller, action: { controller.showResetMenu($0) }))
        sim.longPress(at: CGPoint(x: 230, y: 320))
        #expect(controller.isFirstResponder)
        #expect(controller.menuLocation == CGPoint(x: 30, y: 20))
        #expect(sim.application.sendAction("resetPiece", to: nil, from: nil, for: nil))
        #expect(piece.center == controller.home)
    }
}
