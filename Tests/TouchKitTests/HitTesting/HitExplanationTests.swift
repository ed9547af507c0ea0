import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

@Suite("Why a view gets a touch, or not")
struct HitExplanationTests {
    func window(_ views: UIView...) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.isHidden = false
        for view in views { window.addSubview(view) }
        return window
    }

    func named(_ name: String, _ frame: CGRect) -> UIView {
        let view = UIView(frame: frame)
        view.accessibilityIdentifier = name
        return view
    }

    @Test("UIKit rule: the front view takes the touch; the view behind is covered by it")
    func coveredByFrontSibling() {
        let back = named("back", CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = named("front", CGRect(x: 50, y: 50, width: 100, height: 100))
        let explanation = HitExplanation(window: window(back, front), point: CGPoint(x: 75, y: 75))
        #expect(explanation.hit === front)
        #expect(explanation.entries.map(\.name) == ["UIView#front", "UIView#back", "UIWindow"])
        #expect(explanation.verdict(for: back) == .covered(by: "UIView#front", frontView: "UIView#front"))
        #expect(explanation.verdict(for: front) == .hit)
    }

    @Test(
        "UIKit rule: hidden, alpha below 0.01 and user interaction off skip a view and its branch",
        arguments: [
            ("hidden", HitTestSkipReason.hidden), ("faint", .transparent), ("inert", .interactionDisabled),
        ])
    func skipped(kind: String, reason: HitTestSkipReason) {
        let parent = named("parent", CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = named("child", CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        switch reason {
        case .hidden: parent.isHidden = true
        case .transparent: parent.alpha = 0.005
        default: parent.isUserInteractionEnabled = false
        }
        let explanation = HitExplanation(window: window(parent), point: CGPoint(x: 10, y: 10))
        #expect(explanation.verdict(for: parent) == .skipped(reason: reason))
        #expect(explanation.verdict(for: child) == .superviewSkipped(superview: "UIView#parent", reason: reason))
    }

    @Test("UIKit rule: a child outside its parent's bounds is never asked there, clipsToBounds or not", arguments: [false, true])
    func outsideParent(clips: Bool) {
        let parent = named("parent", CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.clipsToBounds = clips
        let child = named("child", CGRect(x: 80, y: 80, width: 60, height: 60))
        parent.addSubview(child)
        let explanation = HitExplanation(window: window(parent), point: CGPoint(x: 120, y: 120))
        #expect(explanation.hit?.accessibilityIdentifier == nil)
        #expect(explanation.verdict(for: child) == .outsideSuperview(superview: "UIView#parent"))
    }

    @Test("overrides: an enlarged hit area takes a touch outside its bounds; a hitTest override that prefers a subview is named")
    func overrides() {
        final class Enlarged: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.insetBy(dx: -20, dy: -20).contains(point) }
        }
        final class Prefers: UIView {
            var preferred: UIView?
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                if let preferred, preferred.point(inside: convert(point, to: preferred), with: event) { return preferred }
                return super.hitTest(point, with: event)
            }
        }
        let enlarged = Enlarged(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        enlarged.accessibilityIdentifier = "small"
        let first = HitExplanation(window: window(enlarged), point: CGPoint(x: 95, y: 95))
        #expect(first.hit === enlarged)
        #expect(first.entries.first?.name == "UIView#small" || first.entries.first?.name == "Enlarged#small")
        let cell = Prefers(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        cell.accessibilityIdentifier = "cell"
        let join = named("join", CGRect(x: 0, y: 0, width: 50, height: 50))
        let overlay = named("overlay", CGRect(x: 0, y: 0, width: 200, height: 100))
        cell.addSubview(join)
        cell.addSubview(overlay)
        cell.preferred = join
        let second = HitExplanation(window: window(cell), point: CGPoint(x: 10, y: 10))
        #expect(second.hit === join)
        #expect(second.verdict(for: overlay) == .hitTestOverride(view: "Prefers#cell", answered: "UIView#join"))
    }

    @Test("a rotated view is explained in its own coordinates")
    func transformed() {
        let rotated = named("rotated", CGRect(x: 100, y: 100, width: 100, height: 20))
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let explanation = HitExplanation(window: window(rotated), point: CGPoint(x: 150, y: 150))
        #expect(explanation.hit === rotated)
        let outside = HitExplanation(window: window(named("other", .zero)), point: CGPoint(x: 190, y: 110))
        #expect(outside.hit?.accessibilityIdentifier == nil)
    }

    /// Trees per run: `TOUCHSCOPE_HIT_TREES=N` for a soak.
    static let treeCount = UInt64(ProcessInfo.processInfo.environment["TOUCHSCOPE_HIT_TREES"].flatMap { Int($0) } ?? 40)

    @Test("property: the explanation's hit is hitTest's answer; the hit's path passes it on; no other view claims it", arguments: 1...treeCount)
    func agreesWithHitTest(seed: UInt64) {
        var generator = DifferentialTreeGenerator(seed: seed &+ 5000)
        let window = generator.makeWindow()
        for point in generator.probePoints(in: window).prefix(400) {
            let explanation = HitExplanation(window: window, point: point)
            #expect(explanation.hit === window.hitTest(point, with: nil), "seed \(seed) at \(point)")
            for entry in explanation.entries {
                let onPath = explanation.hit.map { $0 === entry.view || $0.isDescendant(of: entry.view) } ?? false
                #expect(entry.verdict.isOnPath == onPath, "seed \(seed) at \(point): \(entry.name) \(entry.verdict)")
            }
        }
    }
}
