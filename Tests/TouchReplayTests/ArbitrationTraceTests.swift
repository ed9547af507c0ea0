import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

/// `TouchKitDebugOptions.tracesArbitration`: every relation question traced with its answer and
/// who gave it, and nothing else changed.
@Suite("Arbitration answers in the trace")
struct ArbitrationTraceTests {
    static func isArbitration(_ entry: TraceEntry) -> Bool {
        if case .layer(let event) = entry.event { return event.layer == "arbitration" }
        return false
    }

    @Test("on every golden session, tracing the answers adds only arbitration entries: the rest of the trace is the same")
    func changesNothingElse() throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
        let sessions = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".session") }.sorted()
        #expect(sessions.count >= 20)
        var asked = 0
        for name in sessions {
            let url = folder.appendingPathComponent(name)
            let session = try SessionLoader.load(contentsOf: url)
            let resolved = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: catalog)
            let plain = try SessionReplayer(session: session, scene: resolved.makeScene)
            plain.runToEnd()
            let traced = try SessionReplayer(session: session, scene: resolved.makeScene)
            traced.application.debugOptions.tracesArbitration = true
            traced.runToEnd()
            let answers = traced.trace.entries.filter(Self.isArbitration)
            asked += answers.count
            let rest = traced.trace.entries.filter { !Self.isArbitration($0) }.map { (entry: TraceEntry) in entry.description }
            #expect(rest == plain.trace.lines, "\(name)")
        }
        #expect(asked > 100, "the sessions ask \(asked) questions")
    }

    @Test("a single tap that waits for a double tap: the requirement, who set it, and the pairs that do not relate")
    func namesWhoAnswered() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let single = UITapGestureRecognizer { _ in }
        single.name = "single"
        let double = UITapGestureRecognizer { _ in }
        double.name = "double"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        let sim = TouchSimulator(window: window)
        sim.application.debugOptions.tracesArbitration = true
        sim.tap(at: CGPoint(x: 50, y: 50))
        sim.advance(by: 1)
        let answers = sim.trace.entries.compactMap { entry -> LayerEvent? in
            if case .layer(let event) = entry.event, event.layer == "arbitration" { return event }
            return nil
        }
        let field = { (event: LayerEvent, name: String) in event.fields.first { $0.name == name }?.value }
        let requirement = try #require(answers.first { $0.kind == "requiresFailureOf" && $0.subject == single.traceName })
        #expect(field(requirement, "other") == double.traceName)
        #expect(field(requirement, "answer") == "yes" && field(requirement, "by") == "require(toFail:)")
        #expect(Set(answers.map(\.kind)).isSubset(of: ["requiresFailureOf", "sharesTouch", "recognizeSimultaneously", "mayPrevent"]))
        #expect(answers.allSatisfy { field($0, "answer") == "yes" || field($0, "answer") == "no" }, "\(answers)")
        // Off by default: the same tap asks nothing aloud.
        let quiet = TouchSimulator(window: UIWindow(frame: window.frame))
        quiet.tap(at: CGPoint(x: 50, y: 50))
        #expect(!quiet.trace.entries.contains(where: ArbitrationTraceTests.isArbitration))
    }

    @Test("two pans that recognize together: the answer names the delegate that said yes")
    func delegateAnswer() throws {
        final class Together: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let outer = UIView(frame: window.bounds)
        let inner = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        outer.addSubview(inner)
        window.addSubview(outer)
        let outerPan = UIPanGestureRecognizer { _ in }
        outerPan.name = "outer"
        let together = Together()
        outerPan.delegate = together
        let innerPan = UIPanGestureRecognizer { _ in }
        innerPan.name = "inner"
        outer.addGestureRecognizer(outerPan)
        inner.addGestureRecognizer(innerPan)
        let sim = TouchSimulator(window: window)
        sim.application.debugOptions.tracesArbitration = true
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 200), duration: 0.3)
        let answers = sim.trace.entries.compactMap { entry -> LayerEvent? in
            if case .layer(let event) = entry.event, event.layer == "arbitration", event.kind == "recognizeSimultaneously" { return event }
            return nil
        }
        let yes = try #require(answers.first { $0.fields.contains(.init("answer", "yes")) }, "\(answers)")
        #expect(yes.fields.contains(.init("by", "\(outerPan.traceName)'s delegate shouldRecognizeSimultaneouslyWith")), "\(yes)")
        #expect(outerPan.state == .possible && innerPan.state == .possible, "both ended and reset")
        #expect(sim.trace.entries.contains { if case .gestureState(let r, _, .ended, _) = $0.event { r == outerPan.traceName } else { false } })
        #expect(sim.trace.entries.contains { if case .gestureState(let r, _, .ended, _) = $0.event { r == innerPan.traceName } else { false } })
        withExtendedLifetime(together) {}
    }
}
