import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// A window with a 100x44 control at (100, 100) whose every touch event is logged.
func controlScene<Control: UIControl>(_ control: Control, log: EventLog) -> TouchSimulator {
    let window = makeWindow()
    control.frame = CGRect(x: 100, y: 100, width: 100, height: 44)
    control.accessibilityIdentifier = "control"
    for (event, name) in UIControl.Event.named {
        control.addAction(UIAction(title: name) { _ in log.append(name) }, for: event)
    }
    window.addSubview(control)
    return TouchSimulator(window: window)
}

@Suite("UIControl events")
struct ControlTests {
    @Test("a tap inside: touchDown, touchUpInside, primaryActionTriggered for a button")
    func tapInside() {
        let log = EventLog()
        let button = UIButton(type: .system)
        let sim = controlScene(button, log: log)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(log.entries == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("drag out and back in: exit and enter come before the drag event of the same move")
    func dragOutAndBack() {
        let log = EventLog()
        let control = UIControl()
        let sim = controlScene(control, log: log)
        var highlights: [Bool] = []
        control.addAction(UIAction { _ in highlights.append(control.isHighlighted) }, for: [.touchDragInside, .touchDragOutside])
        let finger = sim.touchDown(at: CGPoint(x: 150, y: 120))
        #expect(control.isHighlighted && control.isTracking)
        sim.touchMove(finger, to: CGPoint(x: 160, y: 120))
        sim.touchMove(finger, to: CGPoint(x: 150, y: 300))
        sim.touchMove(finger, to: CGPoint(x: 150, y: 320))
        sim.touchMove(finger, to: CGPoint(x: 150, y: 130))
        sim.touchUp(finger)
        #expect(
            log.entries == [
                "touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragOutside",
                "touchDragEnter", "touchDragInside", "touchUpInside",
            ])
        #expect(highlights == [true, false, false, true])
        #expect(!control.isHighlighted && !control.isTracking)
    }

    @Test(
        "lifting 20 pt outside is still touchUpInside; 150 pt outside is touchUpOutside",
        arguments: [
            (CGFloat(20), "touchUpInside"), (CGFloat(69), "touchUpInside"), (CGFloat(71), "touchUpOutside"), (CGFloat(150), "touchUpOutside"),
        ])
    func liftDistance(distance: CGFloat, expected: String) {
        let log = EventLog()
        let sim = controlScene(UIControl(), log: log)
        sim.drag(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 200 + distance, y: 120), duration: 0.1, steps: 1)
        #expect(log.entries.last == expected)
    }

    @Test("a double tap fires touchDownRepeat with the second touchDown")
    func touchDownRepeat() {
        let log = EventLog()
        let sim = controlScene(UIControl(), log: log)
        sim.tap(at: CGPoint(x: 150, y: 120), count: 2)
        #expect(log.entries == ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside"])
    }

    @Test("a cancelled touch fires touchCancel and clears the highlight")
    func cancel() {
        let log = EventLog()
        let control = UIControl()
        let sim = controlScene(control, log: log)
        let finger = sim.touchDown(at: CGPoint(x: 150, y: 120))
        sim.touchCancel([finger])
        #expect(log.entries == ["touchDown", "touchCancel"])
        #expect(!control.isHighlighted)
    }

    @Test("tracking methods are overridable: refusing to track fires no events")
    func trackingOverride() {
        let log = EventLog()
        let control = NoTrackingControl()
        let sim = controlScene(control, log: log)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(log.entries.isEmpty)
        #expect(control.calls == ["begin"])
    }

    @Test("closure targets are held weakly and removable; removing an action stops it")
    func targets() {
        let log = EventLog()
        let control = UIControl()
        let sim = controlScene(control, log: log)
        var target: EventLog? = EventLog()
        control.addTarget(target!, action: { _ in log.append("weak target") }, for: .touchUpInside)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(log.entries.contains("weak target"))
        log.clear()
        target = nil
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(!log.entries.contains("weak target"))
        let once = UIAction(title: "once") { _ in log.append("once") }
        control.addAction(once, for: .touchUpInside)
        control.removeAction(once, for: .touchUpInside)
        log.clear()
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(!log.entries.contains("once"))
        #expect(control.allControlEvents.contains(.touchUpInside))
    }

    @Test("sendActions(for:) fires events as if the user had")
    func sendActions() {
        let log = EventLog()
        let control = UIControl()
        _ = controlScene(control, log: log)
        control.sendActions(for: [.valueChanged, .touchUpInside])
        #expect(log.entries == ["touchUpInside", "valueChanged"])
    }

    @Test("a nil-target action travels the responder chain from the control")
    func nilTargetAction() {
        let log = EventLog()
        let window = makeWindow()
        let controller = ActionController(log: log)
        window.rootViewController = controller
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 100, height: 44))
        controller.view.addSubview(button)
        let sim = TouchSimulator(window: window)
        button.addTarget(nil, action: "save", for: .touchUpInside)
        sim.tap(at: CGPoint(x: 50, y: 30))
        #expect(log.entries == ["save from UIButton"])
        #expect(sim.trace.lines.contains { $0.hasSuffix("save from UIButton@0.0 -> ActionController") })
    }
}

final class NoTrackingControl: UIControl {
    var calls: [String] = []
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        calls.append("begin")
        return false
    }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        calls.append("end")
    }
}

final class ActionController: UIViewController {
    let log: EventLog
    init(log: EventLog) {
        self.log = log
        super.init()
    }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { action == "save" }
    override func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        log.append("\(action) from \(sender.map { String(describing: type(of: $0)) } ?? "nil")")
    }
}

@Suite("UIButton against other views' recognizers")
struct ButtonArbitrationTests {
    /// A parent with a recognizer, and a child control in it.
    func scene(_ control: UIControl, parentRecognizer: UIGestureRecognizer, log: EventLog) -> TouchSimulator {
        let window = makeWindow()
        let parent = UIView(frame: window.bounds)
        parent.accessibilityIdentifier = "parent"
        parent.addGestureRecognizer(parentRecognizer)
        control.frame = CGRect(x: 100, y: 100, width: 100, height: 44)
        control.addAction(UIAction { _ in log.append("touchUpInside") }, for: .touchUpInside)
        control.addAction(UIAction { _ in log.append("touchCancel") }, for: .touchCancel)
        parent.addSubview(control)
        window.addSubview(parent)
        return TouchSimulator(window: window)
    }

    @Test("a button beats its parent's single tap: the tap fails, the button fires")
    func buttonBeatsParentTap() {
        let log = EventLog()
        let tap = UITapGestureRecognizer { _ in log.append("parent tap") }
        let sim = scene(UIButton(), parentRecognizer: tap, log: log)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(log.entries == ["touchUpInside"])
        #expect(causes(of: tap, in: sim.trace) == ["failed: UIButton@parent.0 refused to let it begin"])
    }

    @Test("a parent's double tap still wins over a button")
    func doubleTapBeatsButton() {
        let log = EventLog()
        let doubleTap = UITapGestureRecognizer { _ in log.append("parent double tap") }
        doubleTap.numberOfTapsRequired = 2
        let sim = scene(UIButton(), parentRecognizer: doubleTap, log: log)
        sim.tap(at: CGPoint(x: 150, y: 120), count: 2)
        #expect(log.entries == ["touchCancel", "parent double tap"])
    }

    @Test("a plain UIControl has no such rule and loses its touch to the parent's tap")
    func customControlLoses() {
        let log = EventLog()
        let tap = UITapGestureRecognizer { _ in log.append("parent tap") }
        let sim = scene(UIControl(), parentRecognizer: tap, log: log)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(log.entries == ["touchCancel", "parent tap"])
    }

    @Test("a tap recognizer on the button itself wins over its touchUpInside")
    func tapOnButtonItself() {
        let log = EventLog()
        let window = makeWindow()
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44))
        button.addAction(UIAction { _ in log.append("touchUpInside") }, for: .touchUpInside)
        button.addGestureRecognizer(UITapGestureRecognizer { _ in log.append("own tap") })
        window.addSubview(button)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(log.entries == ["own tap"])
    }
}

@Suite("UISwitch and UISlider")
struct SwitchAndSliderTests {
    @Test("a tap toggles a switch and fires valueChanged")
    func switchToggles() {
        let log = EventLog()
        let toggle = UISwitch()
        let sim = controlScene(toggle, log: log)
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(toggle.isOn)
        #expect(log.entries == ["touchDown", "valueChanged", "touchUpInside"])
        sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(!toggle.isOn)
    }

    @Test("dragging the slider's thumb moves the value continuously; touching the track does not")
    func slider() {
        let log = EventLog()
        let slider = UISlider()
        let sim = controlScene(slider, log: log)
        slider.frame = CGRect(x: 100, y: 100, width: 231, height: 44)
        var values: [Float] = []
        slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
        sim.drag(from: CGPoint(x: 115.5, y: 122), to: CGPoint(x: 215.5, y: 122), duration: 0.2, steps: 2)
        #expect(values == [0.25, 0.5])
        values.removeAll()
        sim.drag(from: CGPoint(x: 300, y: 122), to: CGPoint(x: 320, y: 122), duration: 0.2, steps: 2)
        #expect(values.isEmpty && slider.value == 0.5)
    }

    /// A switch (51 x 31, UIKit's size) or slider in a view with a pan recognizer, as in a
    /// settings row inside a pannable container.
    func pannedControl<Control: UIControl>(_ control: Control, frame: CGRect, log: EventLog) -> (TouchSimulator, UIPanGestureRecognizer) {
        let sim = controlScene(control, log: log)
        control.frame = frame
        let container = UIView(frame: sim.window.bounds)
        control.removeFromSuperview()
        container.addSubview(control)
        sim.window.addSubview(container)
        let pan = UIPanGestureRecognizer { _ in log.append("pan") }
        container.addGestureRecognizer(pan)
        return (sim, pan)
    }

    @Test("UIKit rule: a single-finger pan along a switch from its knob is the switch's; the knob stays where it is left")
    func switchKnobPan() {
        let log = EventLog()
        let toggle = UISwitch()
        let (sim, pan) = pannedControl(toggle, frame: CGRect(x: 100, y: 100, width: 51, height: 31), log: log)
        // From the knob (off: the left end) to the right end.
        sim.drag(from: CGPoint(x: 112, y: 115), to: CGPoint(x: 146, y: 117), duration: 0.2, steps: 4)
        #expect(transitions(of: pan, in: sim.trace) == ["possible -> failed"])
        #expect(toggle.isOn)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 1)
        #expect(!log.entries.contains("pan"))
        // Dragged right and back again: the knob is left at the on end, nothing changes.
        log.clear()
        sim.drag(from: CGPoint(x: 140, y: 115), to: CGPoint(x: 175, y: 115), duration: 0.2, steps: 4)
        #expect(toggle.isOn)
        #expect(!log.entries.contains("valueChanged"))
        // Dragged from the on knob to the left end: off.
        sim.drag(from: CGPoint(x: 140, y: 115), to: CGPoint(x: 104, y: 115), duration: 0.2, steps: 4)
        #expect(!toggle.isOn)
    }

    @Test("UIKit rule: a pan across a switch (not along it), or along it from its track, may begin")
    func switchCrossPan() {
        let log = EventLog()
        let toggle = UISwitch()
        let (sim, pan) = pannedControl(toggle, frame: CGRect(x: 100, y: 100, width: 51, height: 31), log: log)
        sim.drag(from: CGPoint(x: 112, y: 115), to: CGPoint(x: 114, y: 180), duration: 0.2, steps: 4)
        #expect(transitions(of: pan, in: sim.trace).first == "possible -> began")
        #expect(log.entries.contains("touchCancel"), "the pan takes the touch from the switch: \(log.entries)")
        #expect(!toggle.isOn)
        // Along the switch from the track (the knob is at the other end): the pan's.
        log.clear()
        sim.drag(from: CGPoint(x: 145, y: 115), to: CGPoint(x: 200, y: 115), duration: 0.2, steps: 4)
        #expect(log.entries.contains("pan"))
        #expect(!toggle.isOn)
    }

    @Test("UIKit rule: a single-finger drag along a slider from its thumb is the slider's; across it, a pan may begin")
    func sliderPans() {
        let log = EventLog()
        let slider = UISlider()
        let (sim, pan) = pannedControl(slider, frame: CGRect(x: 100, y: 100, width: 231, height: 44), log: log)
        sim.drag(from: CGPoint(x: 115.5, y: 122), to: CGPoint(x: 215.5, y: 125), duration: 0.2, steps: 4)
        #expect(transitions(of: pan, in: sim.trace) == ["possible -> failed"])
        #expect(slider.value == 0.5)
        log.clear()
        sim.drag(from: CGPoint(x: 215.5, y: 122), to: CGPoint(x: 218, y: 200), duration: 0.2, steps: 4)
        #expect(transitions(of: pan, in: sim.trace).dropFirst().first == "possible -> began")
        #expect(log.entries.contains("touchCancel"), "\(log.entries)")
    }
}
