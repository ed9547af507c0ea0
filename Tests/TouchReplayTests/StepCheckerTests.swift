import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// The step-by-step checks of generated tests (`export --swift-test`).
@Suite("generated tests: step checks")
struct StepCheckerTests {
    static let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")

    /// The plan of a bundled golden session, run again on `scene` with a `StepChecker`, as the
    /// generated test runs: the failures it reports.
    func failures(session name: String, on scene: @escaping () throws -> LoadedScene) throws -> [String] {
        let session = try SessionLoader.load(contentsOf: Self.goldens.appendingPathComponent("\(name).session"))
        let catalog = SceneCatalog.bundled()
        let plan = try SwiftTestExporter.plan(
            session: session, makeScene: { try catalog.load(session.header.sceneName) }, asserting: .default)
        let sim = try scene().makeSimulator()
        let steps = StepChecker(sim.trace)
        var failures: [String] = []
        for (group, expected) in zip(plan.groups, plan.expectations) {
            for step in group.steps {
                switch step {
                case .advance(let micros): sim.advance(by: Double(micros) / 1e6)
                case .clock(let micros): sim.advance(to: Double(micros) / 1e6)
                case .tap(let point, let hold): sim.tap(at: point, holdDuration: Double(hold) / 1e6)
                case .longPress(let point, let duration): sim.longPress(at: point, duration: Double(duration) / 1e6)
                case .drag(let from, let to, let duration, let count): sim.drag(from: from, to: to, duration: Double(duration) / 1e6, steps: count)
                case .send(let samples): sim.send(samples)
                case .marker(let label): sim.trace.record(.marker(label))
                }
            }
            sim.advance(to: Double(group.checkAt) / 1e6)
            if let failure = steps.check(group.name, expected) { failures.append(failure) }
        }
        return failures
    }

    @Test("on the scene it was made from, every step holds")
    func holds() throws {
        let catalog = SceneCatalog.bundled()
        #expect(try failures(session: "bug-transparent-overlay", on: { try catalog.load("bug-transparent-overlay") }) == [])
    }

    @Test("when routing changes, the failure names the step and says what was expected and what came")
    func namesTheStep() throws {
        // The inert overlay made interactive: the fixed button no longer gets the tap.
        let url = repositoryRoot.appendingPathComponent("Scenes/bug-transparent-overlay.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        let inert = #""backgroundColor": "clear", "userInteractionEnabled": false"#
        #expect(text.contains(inert))
        text = text.replacingOccurrences(of: inert, with: #""backgroundColor": "clear""#)
        let description = try SceneDecoder.decode(data: Data(text.utf8), file: "changed.json", defaultName: "bug-transparent-overlay")
        let failures = try failures(
            session: "bug-transparent-overlay", on: { SceneBuilder.build(description, source: .file(path: "changed.json", contentHash: "x")) })
        #expect(failures.count == 1, "\(failures)")
        let failure = try #require(failures.first)
        #expect(failure.hasPrefix("after 'tap the fixed button: the inert overlay lets it through': "), "\(failure)")
        #expect(failure.contains("expected hit UIButton#fixed, got hit UIView#inertOverlay"), "\(failure)")
        #expect(failure.contains("expected UIButton#fixed touchUpInside, got nothing"), "\(failure)")
    }

    @Test("differences pair outcomes of one kind and subject: the changed part once")
    func differences() {
        let lines = StepChecker.differences(
            expected: [.hit("UIButton#checkbox"), .control("UIButton#checkbox", .touchUpInside), .note("checked")],
            actual: [.hit("UIButton#checkbox"), .control("UIButton#checkbox", .touchCancel), .note("extra")])
        #expect(lines == ["expected UIButton#checkbox touchUpInside, got touchCancel", "expected note \"checked\", got note \"extra\""])
        #expect(StepChecker.differences(expected: [], actual: [.note("x")]) == ["got note \"x\", not expected"])
    }

    @Test("by default a control event counts only when it fires an action; --assert all counts every one")
    func firingControlEvents() throws {
        let catalog = SceneCatalog.bundled()
        let sim = try catalog.load("floating-menu").makeSimulator()
        sim.tap(at: CGPoint(x: 130, y: 165))
        let all = StepOutcome.outcomes(in: sim.trace.entries, selection: .all).filter { $0.kind == .control }
        let firing = StepOutcome.outcomes(in: sim.trace.entries, selection: .default).filter { $0.kind == .control }
        #expect(firing == [.control("UIButton#contentButton", .touchUpInside)])
        #expect(all.count > firing.count, "\(all)")
        #expect(all.contains(.control("UIButton#contentButton", .touchDown)))
    }
}
