import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

/// The commands on a session captured from an app (the bundled sample, where the model and the
/// device disagree at touch 4 because of PromoView's hitTest override).
@Suite("Commands on a captured session: the device as referee")
struct DeviceCommandTests {
    static let sample = repositoryRoot.appendingPathComponent("Scenes/captured/checkout.session")

    /// A copy of the sample in a scratch folder (check writes nothing beside it with --record never).
    func copy() throws -> (folder: URL, session: URL) {
        let folder = try scratchDirectory()
        let session = folder.appendingPathComponent("checkout.session")
        try FileManager.default.copyItem(at: Self.sample, to: session)
        return (folder, session)
    }

    @Test("replay says how many touches agree and shows the disagreement; --check fails on it, --ignore-device does not")
    func replay() throws {
        let (plain, output) = try runTouchscope(["replay", Self.sample.path])
        #expect(plain == 0, "\(output)")
        #expect(output.contains("device and model agree on 4 of 5 touches"))
        #expect(output.contains("  device: UIButton#pay got finger 1\n  model:  PromoView#promo got finger 1"))
        let (checked, checkOutput) = try runTouchscope(["replay", Self.sample.path, "--check"])
        #expect(checked == 1, "\(checkOutput)")
        let (ignored, _) = try runTouchscope(["replay", Self.sample.path, "--check", "--ignore-device"])
        #expect(ignored == 2, "without the device, a check needs a golden, which the sample has not")
        let (_, json) = try runTouchscope(["replay", Self.sample.path, "--json"])
        let value = try JSONParser.parse(Array(json.utf8))
        #expect(value["device"]?["agree"] == .number(4))
        guard case .array(let disagreements)? = value["device"]?["disagreements"]?.kind else {
            Issue.record("no disagreements in \(json)")
            return
        }
        #expect(disagreements.first?["line"] == .number(48))
    }

    @Test("check fails the session and names the touch and its line in the line, JUnit and GitHub reports; --ignore-device skips it")
    func check() throws {
        let (folder, _) = try copy()
        let junit = folder.appendingPathComponent("report.xml")
        let (status, output) = try runTouchscope(
            ["check", "--record", "never", "--reporter", "line,github,junit:\(junit.path)"], workingDirectory: folder)
        #expect(status == 1, "\(output)")
        #expect(
            output.contains("device and model agree on 4 of 5 touches; touch 4 (finger 1 at (195.00, 748.00), 3.699996 s): hit of finger 1"),
            "\(output)")
        #expect(output.contains("::error file=checkout.session,line=48"), "\(output)")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("type=\"DeviceDisagreement\""))
        #expect(xml.contains("touch 4"))
        let (ignored, ignoredOutput) = try runTouchscope(["check", "--record", "never", "--ignore-device"], workingDirectory: folder)
        #expect(ignored == 2, "nothing else to check: no golden; \(ignoredOutput)")
        #expect(ignoredOutput.contains("no golden"))
    }

    @Test("why --touch 4 explains the model's touch and says what the device did; --json carries it")
    func why() throws {
        let (status, output) = try runTouchscope(["why", Self.sample.path, "--touch", "4"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("hit view: PromoView#promo"))
        #expect(output.contains("On the device this touch went otherwise: hit of finger 1"))
        let (_, json) = try runTouchscope(["why", Self.sample.path, "--touch", "1", "--json"])
        #expect(try JSONParser.parse(Array(json.utf8))["device"]?["agrees"] == .bool(true))
        let (missing, missingOutput) = try runTouchscope(["why", Self.sample.path, "--touch", "9"])
        #expect(missing == 2)
        #expect(missingOutput.contains("the session has 5 touches; there is no touch 9"))
    }

    @Test("reconcile -o writes the scene whose replay agrees on every touch, and leaves the session as it was")
    func reconcile() throws {
        let (folder, session) = try copy()
        let before = try Data(contentsOf: session)
        let fixed = folder.appendingPathComponent("fixed.json")
        let (status, output) = try runTouchscope(["reconcile", session.path, "-o", fixed.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("1. touch 4"))
        #expect(output.contains("wrote \(fixed.path) with change 1: promo: point(inside:with:) answers true only over its subviews"))
        #expect(try Data(contentsOf: session) == before)
        let (replayed, replayOutput) = try runTouchscope(["replay", session.path, "--scene", fixed.path])
        #expect(replayed == 0)
        #expect(replayOutput.contains("device and model agree on 5 of 5 touches"), "\(replayOutput)")
        let (plain, _) = try runTouchscope(["reconcile", repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session").path])
        #expect(plain == 2, "a session with no device records has nothing to reconcile")
    }

    @Test("trace ends with the comparison; its --json ends with a device line")
    func trace() throws {
        let (_, text) = try runTouchscope(["trace", Self.sample.path])
        #expect(text.contains("device and model agree on 4 of 5 touches"))
        let (_, json) = try runTouchscope(["trace", Self.sample.path, "--json"])
        let last = try #require(json.split(separator: "\n").last)
        #expect(try JSONParser.parse(Array(last.utf8))["device"]?["touches"] == .number(5))
    }
}
