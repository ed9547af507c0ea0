import Foundation
import Testing
@testable import TouchKit

@Test func smokeTap() {
    let log = EventLog()
    let window = makeWindow()
    let view = LoggingView("card", frame: CGRect(x: 0, y: 0, width: 200, height: 200), log: log)
    window.addSubview(view)
    let tap = UITapGestureRecognizer { _ in log.append("tap action") }
    view.addGestureRecognizer(tap)
    let sim = TouchSimulator(window: window)
    sim.tap(at: CGPoint(x: 60, y: 60))
    print(sim.trace.text)
    print(log.entries)
}

@Test func smokeSingleDouble() {
    let log = EventLog()
    let window = makeWindow()
    let view = LoggingView("card", frame: CGRect(x: 0, y: 0, width: 200, height: 200), log: log)
    window.addSubview(view)
    let single = UITapGestureRecognizer { r in log.append("single \(r.state)") }
    let double = UITapGestureRecognizer { r in log.append("double \(r.state)") }
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    view.addGestureRecognizer(single)
    view.addGestureRecognizer(double)
    let sim = TouchSimulator(window: window)
    sim.tap(at: CGPoint(x: 60, y: 60))
    log.append("after tap at \(sim.now)")
    sim.advance(by: 1)
    print(sim.trace.text)
    print(log.entries)
}
