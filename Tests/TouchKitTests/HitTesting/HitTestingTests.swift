import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

@Suite("Hit testing follows UIKit's rules")
struct HitTestingTests {
    /// A visible window holding `views` (back to front), driven by a simulator.
    func scene(_ views: [UIView]) -> TouchSimulator {
        let window = makeWindow(width: 300, height: 300)
        for view in views { window.addSubview(view) }
        return TouchSimulator(window: window)
    }

    func hitEntries(_ sim: TouchSimulator) -> [String] {
        sim.trace.entries.compactMap { entry -> String? in
            guard case (let category, let body) = entry.event.textParts, category == "hittest" else { return nil }
            return body
        }
    }

    @Test("hidden, transparent and non-interactive views are passed over, each with its reason")
    func skipReasons() {
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        plain.accessibilityIdentifier = "plain"
        let disabled = UIView(frame: plain.frame)
        disabled.accessibilityIdentifier = "disabled"
        disabled.isUserInteractionEnabled = false
        let faint = UIView(frame: plain.frame)
        faint.accessibilityIdentifier = "faint"
        faint.alpha = 0.009
        let hidden = UIView(frame: plain.frame)
        hidden.accessibilityIdentifier = "hidden"
        hidden.isHidden = true
        let sim = scene([plain, disabled, faint, hidden])
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(
            hitEntries(sim) == [
                "finger 1 starts at UIWindow (50.00, 50.00)",
                "visit UIWindow at (50.00, 50.00)",
                "pass UIView#hidden: isHidden is true",
                "pass UIView#faint: alpha is below 0.01",
                "pass UIView#disabled: isUserInteractionEnabled is false",
                "visit UIView#plain at (50.00, 50.00)",
                "finger 1 -> UIView#plain",
            ])
    }

    @Test("alpha exactly 0.01 is still hit; below it is not", arguments: [(0.01, true), (0.0099, false), (0.0, false)])
    func alphaThreshold(alpha: Double, hit: Bool) {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.alpha = CGFloat(alpha)
        let sim = scene([view])
        #expect((sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view) == hit)
    }

    @Test("a child outside its parent's bounds cannot be tapped, whatever clipsToBounds says", arguments: [false, true])
    func outsideParentBounds(clips: Bool) {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.clipsToBounds = clips
        let child = UIView(frame: CGRect(x: 90, y: 90, width: 50, height: 50))
        parent.addSubview(child)
        let sim = scene([parent])
        #expect(sim.window.hitTest(CGPoint(x: 120, y: 120), with: nil) === sim.window)
        #expect(sim.window.hitTest(CGPoint(x: 95, y: 95), with: nil) === child)
    }

    @Test("subviews are asked front to back: the last added, or brought to front, wins")
    func frontToBack() {
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let sim = scene([back, front])
        #expect(sim.window.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        sim.window.bringSubviewToFront(back)
        #expect(sim.window.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        sim.window.sendSubviewToBack(back)
        #expect(sim.window.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
    }

    @Test("labels and image views ignore touches until user interaction is enabled")
    func labelsAndImages() {
        let behind = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let label = UILabel(frame: behind.frame)
        let image = UIImageView(frame: CGRect(x: 0, y: 50, width: 100, height: 50))
        #expect(!label.isUserInteractionEnabled && !image.isUserInteractionEnabled)
        let sim = scene([behind, label, image])
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === behind)
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 60), with: nil) === behind)
        label.isUserInteractionEnabled = true
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === label)
    }

    @Test("an enlarged point(inside:) takes touches outside the bounds, and the trace says so")
    func enlargedHitArea() {
        let small = EnlargedView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        small.accessibilityIdentifier = "small"
        let sim = scene([small])
        sim.tap(at: CGPoint(x: 90, y: 90))
        #expect(hitEntries(sim).contains("override EnlargedView#small point(inside:) answered true outside its bounds"))
        #expect(hitEntries(sim).last == "finger 1 -> EnlargedView#small")
    }

    @Test("a refusing point(inside:) override and a hitTest override that skips UIKit are named in the trace")
    func overrideReasons() {
        let refusing = PassThroughView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        refusing.accessibilityIdentifier = "glass"
        let sim = scene([refusing])
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(
            hitEntries(sim) == [
                "finger 1 starts at UIWindow (10.00, 10.00)",
                "visit UIWindow at (10.00, 10.00)",
                "visit PassThroughView#glass at (10.00, 10.00)",
                "finger 1 -> UIWindow",
            ])
    }

    @Test("a disabled control is not hit: the touch goes to the view behind")
    func disabledControl() {
        let behind = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        button.accessibilityIdentifier = "ok"
        button.isEnabled = false
        let sim = scene([behind, button])
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(hitEntries(sim).contains("pass UIButton#ok: it is a disabled control"))
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === behind)
        button.isEnabled = true
        #expect(sim.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === button)
    }

    @Test("seed 004's reference hitTest gives the built-in answer on random trees", arguments: 1...40)
    func referenceAgreement(seed: UInt64) {
        var builder = RandomTreeBuilder(seed: seed)
        let root = builder.makeTree(count: 60, fanOut: 24)
        for _ in 0..<200 {
            let point = CGPoint(x: builder.double(-30...230), y: builder.double(-30...230))
            #expect(root.hitTest(point, with: nil) === referenceHitTest(root, point, nil), "seed \(seed) at \(point)")
        }
    }

    @Test("hit testing many siblings through the index gives UIKit's linear answer")
    func indexedSiblings() {
        var builder = RandomTreeBuilder(seed: 99)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        for _ in 0..<400 { root.addSubview(builder.makeView()) }
        for _ in 0..<2_000 {
            let point = CGPoint(x: builder.double(-30...230), y: builder.double(-30...230))
            #expect(root.hitTest(point, with: nil) === referenceHitTest(root, point, nil))
        }
        // Moving a subview keeps the index in step with the tree.
        let moved = root.subviews[0]
        moved.frame = CGRect(x: 180, y: 180, width: 5, height: 5)
        root.bringSubviewToFront(moved)
        #expect(root.hitTest(CGPoint(x: 182, y: 182), with: nil) === moved)
    }

    @Test("a touch outside every indexed subview's frame hits the parent (16 rows, a tap below them)")
    func touchOutsideTheIndexedSubviews() {
        // Regression: the subview index read before its first entry for a point outside the
        // bounding box of its 16 or more subviews, and trapped (issue 21, crash 1).
        let window = makeWindow(width: 390, height: 844)
        let list = UIView(frame: window.bounds)
        list.accessibilityIdentifier = "list"
        for row in 0..<16 { list.addSubview(UIView(frame: CGRect(x: 0, y: row * 44, width: 390, height: 44))) }
        window.addSubview(list)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 100, y: 800))
        sim.tap(at: CGPoint(x: 100, y: 20))
        let hits = sim.trace.entries.compactMap { entry -> String? in
            if case .hitResult(_, let view) = entry.event { return view }
            return nil
        }
        #expect(hits == ["UIView#list", "UIView@list.0"])
        #expect(
            hitEntries(sim).contains(
                "skip 16 subviews of UIView#list whose frames do not hold the point: UIView@list.15, UIView@list.14, UIView@list.13 and 13 more"))
    }

    @Test("the index skips siblings without visiting them, and the trace counts them and names the first, front first")
    func skippedSiblingsAreCounted() {
        let window = makeWindow(width: 1000, height: 1000)
        for row in 0..<10 {
            for column in 0..<10 {
                let leaf = UIView(frame: CGRect(x: column * 100, y: row * 100, width: 100, height: 100))
                window.addSubview(leaf)
            }
        }
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 150, y: 50))
        // Leaf (row 0, column 1) is index 1: the 98 leaves above it are skipped without a visit.
        #expect(
            hitEntries(sim) == [
                "finger 1 starts at UIWindow (150.00, 50.00)",
                "visit UIWindow at (150.00, 50.00)",
                "visit UIView@1 at (50.00, 50.00)",
                "skip 98 subviews of UIWindow whose frames do not hold the point: UIView@99, UIView@98, UIView@97 and 95 more",
                "finger 1 -> UIView@1",
            ])
    }

    @Test("override detection tells default views from views that override hit testing")
    func overrideDetection() {
        #expect(HitTestOverrides.isAvailable)
        #expect(HitTestOverrides.keepsDefaults(UIView.self))
        #expect(HitTestOverrides.keepsDefaults(UIButton.self))
        #expect(HitTestOverrides.keepsDefaults(UIScrollView.self))
        #expect(HitTestOverrides.keepsDefaults(LoggingView.self))
        #expect(!HitTestOverrides.keepsDefaults(EnlargedView.self))
        #expect(!HitTestOverrides.keepsDefaults(PassThroughView.self))
        #expect(!HitTestOverrides.keepsDefaults(EnlargedSubclass.self))
        #expect(HitTestOverrides.overridesPointInside(EnlargedView.self))
        #expect(!HitTestOverrides.overridesPointInside(PassThroughView.self))
    }
}

/// Inherits an override from its superclass.
final class EnlargedSubclass: EnlargedViewBase {}

class EnlargedViewBase: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { true }
}

@Suite("Hit testing names what it skips")
struct SkippedNamesTests {
    func hitEntries(_ sim: TouchSimulator) -> [String] {
        sim.trace.entries.compactMap { entry -> String? in
            guard case (let category, let body) = entry.event.textParts, category == "hittest" else { return nil }
            return body
        }
    }

    @Test("a skip line names the skipped siblings front first, not the ones asked, also without the index")
    func namesSkippedNotVisited() {
        let window = makeWindow(width: 400, height: 400)
        for (index, frame) in [
            CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 200, y: 200, width: 100, height: 100),
            CGRect(x: 0, y: 0, width: 50, height: 50), CGRect(x: 300, y: 0, width: 100, height: 100),
        ].enumerated() {
            let view = UIView(frame: frame)
            view.accessibilityIdentifier = "v\(index)"
            window.addSubview(view)
        }
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 20, y: 20))
        // v3 (front) is skipped, v2 holds the point and answers; v1 and v0 are behind the answer.
        #expect(hitEntries(sim).contains("skip 1 subview of UIWindow whose frame does not hold the point: UIView#v3"), "\(hitEntries(sim))")
        sim.tap(at: CGPoint(x: 250, y: 350))
        #expect(
            hitEntries(sim).contains("skip 4 subviews of UIWindow whose frames do not hold the point: UIView#v3, UIView#v2, UIView#v1 and 1 more"),
            "\(hitEntries(sim))")
    }
}
