import Foundation
import Testing
import TouchKit
import TouchTestSupport

@Suite("UIPanGestureRecognizer")
struct PanGestureRecognizerTests {
    @Test("a parent's pan beginning fails a child's tap that was still within its allowance")
    func panBeatsChildTap() {
        let log = EventLog()
        let window = makeWindow()
        let parent = LoggingView("parent", frame: window.bounds, log: log)
        let child = LoggingView("child", frame: CGRect(x: 50, y: 50, width: 200, height: 200), log: log)
        parent.addSubview(child)
        window.addSubview(parent)
        let sim = TouchSimulator(window: window)
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        child.addGestureRecognizer(tap)
        let pan = UIPanGestureRecognizer().logActions(as: "pan", into: log)
        parent.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 120, y: 100), duration: 0.1, steps: 2)
        #expect(log.entries == ["child began [1]", "child cancelled [1]", "pan began", "pan changed", "pan ended"])
        #expect(causes(of: tap, in: sim.trace) == ["failed: prevented by UIPanGestureRecognizer@LoggingView#parent"])
        #expect(causes(of: pan, in: sim.trace).first == "began: moved 10.00 pt >= hysteresis 10.00 pt")
    }

    @Test("a threshold changed on the running application holds from the next touch (the recognizers' copy follows it)")
    func configurationChangedAtRunTime() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let pan = UIPanGestureRecognizer().logActions(as: "pan", into: log)
        view.addGestureRecognizer(pan)
        sim.application.configuration.panHysteresis = 30
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 120, y: 100), duration: 0.1, steps: 2)
        #expect(!log.entries.contains("pan began"), "20 pt is short of the new 30 pt")
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 140, y: 100), duration: 0.1, steps: 2)
        #expect(causes(of: pan, in: sim.trace).contains("began: moved 40.00 pt >= hysteresis 30.00 pt"))
    }

    @Test("the pan that drags a piece: translation applied to the center, restored on cancel")
    func dragPiece() {
        let window = makeWindow()
        let board = UIView(frame: window.bounds)
        let piece = UIView(frame: CGRect(x: 50, y: 50, width: 60, height: 60))
        board.addSubview(piece)
        window.addSubview(board)
        let sim = TouchSimulator(window: window)
        var initialCenter = CGPoint()
        let pan = UIPanGestureRecognizer { gestureRecognizer in
            guard let piece = gestureRecognizer.view else { return }
            let translation = gestureRecognizer.translation(in: piece.superview)
            if gestureRecognizer.state == .began { initialCenter = piece.center }
            if gestureRecognizer.state != .cancelled {
                piece.center = CGPoint(x: initialCenter.x + translation.x, y: initialCenter.y + translation.y)
            } else {
                piece.center = initialCenter
            }
        }
        piece.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 80, y: 80), to: CGPoint(x: 180, y: 130), duration: 0.2, steps: 5)
        #expect(piece.center == CGPoint(x: 180, y: 130))
        let finger = sim.drag(from: CGPoint(x: 180, y: 130), to: CGPoint(x: 250, y: 130), steps: 3, lift: false)
        #expect(approx(piece.center, CGPoint(x: 250, y: 130), 1e-9))
        sim.touchCancel([finger])
        #expect(piece.center == CGPoint(x: 180, y: 130))
        #expect(transitions(of: pan, in: sim.trace).suffix(2) == ["changed -> changed", "changed -> cancelled"])
    }

    @Test("velocity is points per second over the latest samples, in the view's coordinates")
    func velocity() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        var velocities: [CGPoint] = []
        let pan = UIPanGestureRecognizer { velocities.append($0.velocity(in: view)) }
        view.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 100, y: 100), duration: 0.5, steps: 10)
        #expect(abs((velocities.last?.x ?? 0) - 200) < 1e-6)
        #expect(velocities.last?.y == 0)
    }

    @Test("setTranslation(.zero) lets an action apply the pan in steps that add up to the whole")
    func incrementalTranslation() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        var total = CGPoint.zero
        let pan = UIPanGestureRecognizer { recognizer in
            let t = recognizer.translation(in: view)
            total.x += t.x
            total.y += t.y
            recognizer.setTranslation(.zero, in: view)
        }
        view.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 73, y: 41), duration: 0.3, steps: 7)
        #expect(approx(total, CGPoint(x: 63, y: 31)))
    }

    @Test("minimum and maximum numbers of touches", arguments: [(2, Int.max, 1, false), (2, Int.max, 2, true), (1, 1, 2, false)])
    func touchCounts(minimum: Int, maximum: Int, fingers: Int, recognizes: Bool) {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.isMultipleTouchEnabled = true
        let pan = UIPanGestureRecognizer().logActions(as: "pan", into: log)
        pan.minimumNumberOfTouches = minimum
        pan.maximumNumberOfTouches = maximum
        view.addGestureRecognizer(pan)
        let starts = Array([CGPoint(x: 50, y: 50), CGPoint(x: 100, y: 50)].prefix(fingers))
        sim.drag(from: starts, to: starts.map { CGPoint(x: $0.x, y: $0.y + 100) })
        #expect(log.entries.contains("pan began") == recognizes)
    }

    @Test("a second finger joining does not make the translation jump")
    func fingerJoins() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.isMultipleTouchEnabled = true
        var last = CGPoint.zero
        let pan = UIPanGestureRecognizer { last = $0.translation(in: view) }
        view.addGestureRecognizer(pan)
        let a = sim.touchDown(at: CGPoint(x: 100, y: 100))
        sim.touchMove(a, to: CGPoint(x: 130, y: 100))
        #expect(last == CGPoint(x: 30, y: 0))
        let b = sim.touchDown(at: CGPoint(x: 300, y: 300))
        sim.touchMove([a, b], to: [CGPoint(x: 140, y: 100), CGPoint(x: 310, y: 300)])
        #expect(last == CGPoint(x: 40, y: 0))
        sim.touchUp([a, b])
    }
}
