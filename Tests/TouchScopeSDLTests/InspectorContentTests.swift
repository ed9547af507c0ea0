import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

/// The inspector describes the touch that concerns the inspected view, not merely the latest one.
@Suite("Inspector content")
struct InspectorContentTests {
    @Test("with two fingers down, each view is described by the finger that hit it; a covered view by the finger meant for it")
    func touchAboutTheView() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 600))
        left.accessibilityIdentifier = "left"
        let right = UIView(frame: CGRect(x: 150, y: 0, width: 150, height: 600))
        right.accessibilityIdentifier = "right"
        let cover = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 600))
        cover.accessibilityIdentifier = "cover"
        window.addSubview(left)
        window.addSubview(right)
        window.addSubview(cover)
        let sim = TouchSimulator(window: window)
        let model = TraceModel()
        ModelFollower(model: model).follow(sim.application)

        let first = sim.touchDown(at: CGPoint(x: 50, y: 50))
        let second = sim.touchDown(at: CGPoint(x: 200, y: 50))
        #expect(model.described?.finger == model.touches.last?.finger)

        let onRight = InspectorContent.touch(about: right, in: model)
        let onCover = InspectorContent.touch(about: cover, in: model)
        let onLeft = InspectorContent.touch(about: left, in: model)
        let firstFinger = try #require(model.touches.first?.finger)
        let secondFinger = try #require(model.touches.last?.finger)
        #expect(firstFinger != secondFinger)
        #expect(onRight?.finger == secondFinger)
        #expect(onCover?.finger == firstFinger, "the cover was hit by the first finger")
        #expect(onLeft?.finger == firstFinger, "the left view lay under the first finger, covered")
        #expect(onLeft?.down == CGPoint(x: 50, y: 50))
        let section = InspectorContent.inspection(of: left, model: model, trace: sim.trace).sections[1]
        #expect(section.lines.contains { $0.value.contains("covered: UIView#cover") }, "\(section.lines)")
        sim.touchUp(first)
        sim.touchUp(second)
    }

    @Test("the inspector names the rules a touch's decisions rest on, with their provenance: a pan's begin rests on the approximated hysteresis")
    func rulesAtTheDecisions() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        card.accessibilityIdentifier = "card"
        card.addGestureRecognizer(UIPanGestureRecognizer())
        window.addSubview(card)
        let sim = TouchSimulator(window: window)
        let model = TraceModel()
        ModelFollower(model: model).follow(sim.application)
        sim.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 200, y: 50), duration: 0.2, steps: 10)
        let inspection = InspectorContent.inspection(of: card, model: model, trace: sim.trace)
        let rules = try #require(inspection.sections.first { $0.title == "Rules at the decisions" }, "\(inspection.sections.map(\.title))")
        let hysteresis = try #require(rules.lines.first { $0.label == "pan.hysteresis" }, "\(rules.lines)")
        #expect(hysteresis.value.hasPrefix("approximation"), "\(hysteresis.value)")
    }
}
