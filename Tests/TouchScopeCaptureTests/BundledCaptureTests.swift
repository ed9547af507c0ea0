import CaptureDemoApp
import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeCapture
import TouchTestSupport

extension CaptureSuites {
    @Suite("The bundled captured sample", .serialized)
    struct BundledCaptureTests {
        static let folder = repositoryRoot.appendingPathComponent("Scenes/captured")

        /// The sample as the capture writes it now, with the start time the bundled file has.
        func freshCapture() throws -> (session: String, scene: String) {
            let directory = try scratchDirectory()
            let window = checkoutApp()
            let sim = TouchSimulator(window: window)
            let capture = try TouchScopeCapture.start(window: window, name: "checkout", directory: directory, observe: false)
            checkoutTouches(sim)
            capture.stop()
            #expect(capture.failure == nil)
            var session = try String(contentsOf: capture.sessionURL, encoding: .utf8)
            session = session.replacingOccurrences(of: #""started":"[^"]*""#, with: #""started":"2026-11-27T12:00:00Z""#, options: .regularExpression)
            return (session, try String(contentsOf: capture.sceneURL, encoding: .utf8))
        }

        @Test("Scenes/captured/checkout.session is what the capture writes for the checkout app (TOUCHSCOPE_WRITE_SAMPLES=1 rewrites it)")
        func sampleIsCurrent() throws {
            let fresh = try freshCapture()
            let sessionURL = Self.folder.appendingPathComponent("checkout.session")
            let sceneURL = Self.folder.appendingPathComponent("checkout.scene.json")
            if ProcessInfo.processInfo.environment["TOUCHSCOPE_WRITE_SAMPLES"] == "1" {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try Data(fresh.session.utf8).write(to: sessionURL, options: .atomic)
                try Data(fresh.scene.utf8).write(to: sceneURL, options: .atomic)
            }
            let bundled = try String(contentsOf: sessionURL, encoding: .utf8)
            let firstDifference = zip(bundled.split(separator: "\n"), fresh.session.split(separator: "\n")).enumerated()
                .first { $0.element.0 != $0.element.1 }
                .map { "line \($0.offset + 1): bundled \($0.element.0) | now \($0.element.1)" }
            #expect(bundled == fresh.session, "\(firstDifference ?? "lengths differ")")
            #expect(try String(contentsOf: sceneURL, encoding: .utf8) == fresh.scene)
        }

        @Test(
            "the sample disagrees at one touch, the tap on Pay, because of PromoView's hitTest override; reconcile finds the change that makes all five agree"
        )
        func sampleReconciles() throws {
            let url = Self.folder.appendingPathComponent("checkout.session")
            let session = try SessionLoader.load(contentsOf: url)
            let resolved = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: catalog)
            let comparison = DeviceComparison.compare(session: session, replayer: try SessionReplayer(session: session, scene: resolved.makeScene))
            #expect(comparison.summary == "device and model agree on 4 of 5 touches", "\(comparison.lines)")
            let disagreement = try #require(comparison.disagreements.first)
            #expect(disagreement.touch.number == 4)
            #expect(disagreement.device == "UIButton#pay got finger 1")
            #expect(disagreement.model == "PromoView#promo got finger 1")
            #expect(disagreement.causeLine.contains("PromoView overrides hitTest(_:with:)"))
            let description = try #require(resolved.scene.sceneDescription)
            let result = try Reconciliation.run(session: session, scene: description)
            let first = try #require(result.changes.first, "\(result.lines)")
            #expect(first.change.hasPrefix("promo: point(inside:with:) answers true only over its subviews"))
            #expect(first.after.disagreements.isEmpty)
            #expect(first.after.summary == "device and model agree on 5 of 5 touches")
            // A change that would break touch 5 (the close button) is not offered.
            #expect(result.changes.allSatisfy { $0.after.disagreements.isEmpty })
        }
    }
}
