import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// The inspector's content: what a debugger shows about one view, and why the last touch did or
/// did not reach it.
@Suite("Inspecting a view")
struct ViewInspectionTests {
    func line(_ inspection: ViewInspection, _ section: String, _ label: String) -> String? {
        inspection.sections.first { $0.title == section || $0.title.hasPrefix(section) }?.lines.first { $0.label == label }?.value
    }

    @Test("geometry: the frame in window and superview coordinates, the bounds, and the transform in words")
    func geometry() {
        let window = makeWindow(width: 300, height: 300)
        let parent = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 200))
        parent.bounds.origin = CGPoint(x: 0, y: 10)
        let child = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
        child.accessibilityIdentifier = "child"
        child.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2)
        parent.addSubview(child)
        window.addSubview(parent)
        let inspection = ViewInspection(view: child)
        #expect(inspection.name == "UIView#child")
        #expect(line(inspection, "UIView#child", "id") == "child")
        #expect(line(inspection, "Geometry", "bounds") == "(0, 0, 50, 40)")
        #expect(line(inspection, "Geometry", "transform") == "rotated 90°, scaled 2 x 2")
        // Turned a quarter and doubled about its centre (35, 40): 80 wide, 100 high, in the
        // parent; the parent's bounds origin moves it up 10 in the window.
        #expect(line(inspection, "Geometry", "frame in superview") == "(-5, -10, 80, 100)")
        #expect(line(inspection, "Geometry", "frame in window") == "(15, 10, 80, 100)")
    }

    @Test("the flags hit testing reads, with the UIKit rule when one makes the view untouchable")
    func flags() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = 0.005
        view.isUserInteractionEnabled = false
        let inspection = ViewInspection(view: view)
        #expect(line(inspection, "Hit testing", "alpha")?.contains("below 0.01") == true)
        #expect(line(inspection, "Hit testing", "user interaction")?.hasPrefix("disabled") == true)
        #expect(line(inspection, "Hit testing", "clipsToBounds") == "no")
    }

    @Test("recognizers: state, parameters, delays and failure requirements; a control's state")
    func recognizersAndControl() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        button.setTitle("Save", for: .normal)
        button.addAction(UIAction { _ in }, for: .touchUpInside)
        let double = UITapGestureRecognizer(target: nil, action: nil)
        double.numberOfTapsRequired = 2
        double.name = "double"
        let single = UITapGestureRecognizer(target: nil, action: nil)
        single.name = "single"
        single.require(toFail: double)
        single.delaysTouchesBegan = true
        button.addGestureRecognizer(double)
        button.addGestureRecognizer(single)
        let inspection = ViewInspection(view: button)
        #expect(line(inspection, "Control", "title") == "Save")
        #expect(line(inspection, "Control", "actions for") == "touchUpInside")
        #expect(line(inspection, "Control", "highlighted") == "no")
        let singleSection = inspection.sections.first { $0.title.hasSuffix("#single") }
        #expect(singleSection?.lines.first { $0.label == "parameters" }?.value == "taps 1, touches 1")
        #expect(singleSection?.lines.first { $0.label == "requires to fail" }?.value.hasSuffix("#double") == true)
        #expect(singleSection?.lines.first { $0.label == "delaysTouchesBegan / Ended" }?.value == "yes / yes")
    }

    @Test("last touch: a covered view is told what covered it; the view that took it what happened next")
    func lastTouch() {
        let window = makeWindow(width: 300, height: 300)
        window.isHidden = false
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        button.accessibilityIdentifier = "button"
        let cover = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 150))
        cover.accessibilityIdentifier = "cover"
        window.addSubview(button)
        window.addSubview(cover)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 50, y: 50))
        let explanation = HitExplanation(window: window, point: CGPoint(x: 50, y: 50))
        let touch = ViewInspection.Touch(
            finger: 1, point: CGPoint(x: 50, y: 50), verdicts: explanation.entries.map { ($0.name, $0.verdict) }, entries: Array(sim.trace.entries))
        let covered = ViewInspection(view: button, touch: touch)
        #expect(line(covered, "Last touch", "hit testing") == "it " + HitVerdict.covered(by: "UIView#cover", frontView: "UIView#cover").description)
        #expect(covered.sections[1].lines.count == 1, "a view off the path hears nothing more")
        let taker = ViewInspection(view: cover, touch: touch)
        #expect(line(taker, "Last touch", "hit testing") == "it takes the touch (the hit view)")
        #expect(taker.sections[1].lines.contains { $0.label == "then" })
        // A view the point was outside of.
        let elsewhere = UIView(frame: CGRect(x: 200, y: 200, width: 50, height: 50))
        window.addSubview(elsewhere)
        #expect(line(ViewInspection(view: elsewhere, touch: touch), "Last touch", "hit testing") == "it is skipped: the point is outside its bounds")
    }

    @Test("last touch: the view's own recognizers' failures are told, named or not; other views' are not")
    func ownRecognizerFailures() {
        let window = makeWindow(width: 300, height: 300)
        window.isHidden = false
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        card.accessibilityIdentifier = "card"
        let double = UITapGestureRecognizer(target: nil, action: nil)
        double.numberOfTapsRequired = 2
        double.name = "zoom"
        let triple = UITapGestureRecognizer(target: nil, action: nil)
        triple.numberOfTapsRequired = 3
        card.addGestureRecognizer(double)
        card.addGestureRecognizer(triple)
        let windowDouble = UITapGestureRecognizer(target: nil, action: nil)
        windowDouble.numberOfTapsRequired = 2
        windowDouble.name = "outer"
        window.addGestureRecognizer(windowDouble)
        window.addSubview(card)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 50, y: 50))
        sim.advance(by: 1)  // past the repeated-tap window: the multi-tap recognizers fail
        let explanation = HitExplanation(window: window, point: CGPoint(x: 50, y: 50))
        let touch = ViewInspection.Touch(
            finger: 1, point: CGPoint(x: 50, y: 50), verdicts: explanation.entries.map { ($0.name, $0.verdict) }, entries: Array(sim.trace.entries))
        let then = ViewInspection(view: card, touch: touch).sections[1].lines.filter { $0.label == "then" }.map(\.value)
        #expect(then.contains { $0.hasPrefix("UITapGestureRecognizer#zoom failed") }, "\(then)")
        #expect(then.contains { $0.hasPrefix("UITapGestureRecognizer[1]@UIView#card failed") }, "\(then)")
        #expect(!then.contains { $0.contains("#outer") }, "\(then)")
    }

    @Test("UIKit binds a touch to the ancestors' recognizers too: the inspector lists them, a scroll view's built-ins included")
    func ancestorsRecognizers() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let scroll = UIScrollView(frame: window.bounds)
        scroll.accessibilityIdentifier = "feed"
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        card.accessibilityIdentifier = "card"
        let dismiss = UITapGestureRecognizer(target: nil, action: nil)
        dismiss.name = "dismissKeyboard"
        window.addGestureRecognizer(dismiss)
        scroll.addSubview(card)
        window.addSubview(scroll)
        let inspection = ViewInspection(view: card)
        let titles = inspection.sections.map(\.title)
        #expect(titles.contains { $0.hasPrefix("UIScrollViewPanGestureRecognizer@UIScrollView#feed") })
        #expect(titles.contains("UITapGestureRecognizer#dismissKeyboard"))
        let section = inspection.sections.first { $0.title == "UITapGestureRecognizer#dismissKeyboard" }
        #expect(section?.lines.first == ViewInspection.Line("sees touches here from", "ancestor UIWindow"))
    }
}
