import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// Records each event's changed touches: `began 1,2`.
final class MultiTouchRecorder: UIView {
    var events: [String] = []
    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }
    private func record(_ name: String, _ touches: Set<UITouch>) {
        events.append(name + " " + touches.map(\.fingerID).sorted().map(String.init).joined(separator: ","))
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }
}

@Suite("TouchSimulator drives windows headless")
struct TouchSimulatorTests {
    @Test("pinch puts two fingers down in one event and moves them apart in step")
    func pinch() {
        let window = makeWindow()
        let recorder = MultiTouchRecorder(frame: window.bounds)
        window.addSubview(recorder)
        let sim = TouchSimulator(window: window)
        let pinch = UIPinchGestureRecognizer { _ in }
        recorder.addGestureRecognizer(pinch)
        var scales: [CGFloat] = []
        pinch.addTarget(recorder) { scales.append(($0 as! UIPinchGestureRecognizer).scale) }
        sim.pinch(center: CGPoint(x: 200, y: 400), fromDistance: 100, toDistance: 200, duration: 0.3, steps: 4)
        #expect(recorder.events.first == "began 1,2")
        #expect(abs((scales.last ?? 0) - 2) < 1e-9)
        #expect(sim.now == 0.3)
    }

    @Test("a two-finger drag moves both fingers in every event")
    func twoFingerDrag() {
        let window = makeWindow()
        let recorder = MultiTouchRecorder(frame: window.bounds)
        window.addSubview(recorder)
        let sim = TouchSimulator(window: window)
        sim.drag(from: [CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10)], to: [CGPoint(x: 10, y: 110), CGPoint(x: 50, y: 110)], steps: 2)
        #expect(recorder.events == ["began 1,2", "moved 1,2", "moved 1,2", "ended 1,2"])
    }

    @Test("tap with a count taps that many times, each a new finger")
    func multiTap() {
        let window = makeWindow()
        let recorder = MultiTouchRecorder(frame: window.bounds)
        window.addSubview(recorder)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 5, y: 5), count: 2)
        #expect(recorder.events == ["began 1", "ended 1", "began 2", "ended 2"])
    }
}
