import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeCapture
import TouchTestSupport

/// The checkout screen of the bundled captured sample (`Scenes/captured/checkout.session`): a
/// cart that scrolls, a coupon switch, a pay button, and a promo banner over the pay button
/// whose class lets touches through everywhere but its close button. The scene cannot hold
/// that override, so the model and the device disagree on the tap on Pay.
func checkoutApp() -> TouchScopeCaptureWindow {
    let window = TouchScopeCaptureWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.backgroundColor = .white
    let cart = UIScrollView(frame: CGRect(x: 0, y: 60, width: 390, height: 520))
    cart.accessibilityIdentifier = "cart"
    cart.contentSize = CGSize(width: 390, height: 1400)
    cart.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    for row in 0..<8 {
        let item = UIButton(frame: CGRect(x: 16, y: 16 + CGFloat(row) * 84, width: 358, height: 72))
        item.accessibilityIdentifier = "item\(row + 1)"
        item.backgroundColor = .white
        item.addAction(UIAction { _ in }, for: .touchUpInside)
        cart.addSubview(item)
    }
    let coupon = UISwitch(frame: CGRect(x: 24, y: 600, width: 51, height: 31))
    coupon.accessibilityIdentifier = "coupon"
    let pay = UIButton(frame: CGRect(x: 20, y: 720, width: 350, height: 56))
    pay.accessibilityIdentifier = "pay"
    pay.backgroundColor = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1)
    pay.addAction(UIAction { _ in }, for: .touchUpInside)
    let promo = PromoView(frame: CGRect(x: 0, y: 650, width: 390, height: 110))
    promo.accessibilityIdentifier = "promo"
    promo.backgroundColor = UIColor(red: 1.0, green: 0.8, blue: 0.2, alpha: 0.35)
    let close = UIButton(frame: CGRect(x: 346, y: 8, width: 36, height: 36))
    close.accessibilityIdentifier = "close"
    close.backgroundColor = UIColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
    close.addAction(UIAction { _ in }, for: .touchUpInside)
    promo.addSubview(close)
    [cart, coupon, pay, promo].forEach(window.addSubview)
    return window
}

/// The user's touches in the sample: a cart item, a scroll, the coupon, Pay, the promo's close.
func checkoutTouches(_ sim: TouchSimulator) {
    sim.tap(at: CGPoint(x: 200, y: 110))
    sim.advance(by: 0.6)
    sim.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 200, y: 250), duration: 0.4, steps: 12)
    sim.advance(by: 2)
    sim.tap(at: CGPoint(x: 50, y: 615))
    sim.advance(by: 0.6)
    sim.tap(at: CGPoint(x: 195, y: 748))
    sim.advance(by: 0.6)
    sim.tap(at: CGPoint(x: 364, y: 676))
    sim.advance(by: 0.6)
}

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
        #expect(try String(contentsOf: sessionURL, encoding: .utf8) == fresh.session)
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
