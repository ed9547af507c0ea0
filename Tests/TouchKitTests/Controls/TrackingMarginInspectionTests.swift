import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// The inspector says when a tracked touch counts as inside only through the tracking margin.
@Suite("The tracking margin in the inspector")
struct TrackingMarginInspectionTests {
    @Test("inside the bounds: yes; outside them but within the margin: no, with the margin; beyond it: no, touchUpOutside")
    func touchInside() {
        let window = makeWindow()
        let button = UIButton(frame: CGRect(x: 100, y: 300, width: 190, height: 44))
        window.addSubview(button)
        let sim = TouchSimulator(window: window)
        let finger = sim.touchDown(at: CGPoint(x: 150, y: 320))
        #expect(ViewInspection(view: button).text.contains("touch inside: yes"))
        sim.touchMove(finger, to: CGPoint(x: 150, y: 384))
        #expect(ViewInspection(view: button).text.contains("touch inside: no (outside the bounds, inside the 70.00 pt tracking margin"))
        sim.touchMove(finger, to: CGPoint(x: 150, y: 500))
        #expect(ViewInspection(view: button).text.contains("touch inside: no (beyond the 70.00 pt tracking margin"))
        sim.touchUp(finger)
    }
}
