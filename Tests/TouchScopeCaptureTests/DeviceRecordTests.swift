import CaptureDemoApp
import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeCapture
import TouchTestSupport

/// A delegate that keeps the top half of its view's touches from the recognizer.
final class TopHalfRefuser: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let view = gestureRecognizer.view else { return true }
        return touch.location(in: view).y > view.bounds.height / 2
    }
}

/// A recognizer of the app's own: recognizes when a touch lifts.
final class LiftRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .cancelled }
}

/// A scroll view that never takes a touch from its content once it went there.
final class KeepingScrollView: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool { false }
}

/// Captures `app` while `drive` plays the user, then compares the model with the device.
func captureAndCompare(
    _ name: String, window: TouchScopeCaptureWindow, drive: (TouchSimulator) -> Void
) throws -> (session: Session, comparison: DeviceComparison, url: URL) {
    let directory = try scratchDirectory()
    let sim = TouchSimulator(window: window)
    let capture = try TouchScopeCapture.start(window: window, name: name, directory: directory, observe: false)
    drive(sim)
    capture.stop()
    #expect(capture.failure == nil)
    let session = try SessionLoader.load(contentsOf: capture.sessionURL)
    let resolved = try SessionScene.resolve(for: session, sessionFile: capture.sessionURL.path, catalog: catalog)
    let replayer = try SessionReplayer(session: session, scene: resolved.makeScene)
    return (session, DeviceComparison.compare(session: session, replayer: replayer), capture.sessionURL)
}

func window() -> TouchScopeCaptureWindow {
    let window = TouchScopeCaptureWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.backgroundColor = .white
    return window
}

func button(_ id: String, _ frame: CGRect) -> UIButton {
    let button = UIButton(frame: frame)
    button.accessibilityIdentifier = id
    button.addAction(UIAction { _ in }, for: .touchUpInside)
    return button
}

/// The scene a captured session carries.
func sceneDescription(of session: Session) throws -> SceneDescription {
    let resolved = try SessionScene.embedded(session, sessionFile: "/nonexistent/captured.session")
    return try #require(resolved.scene.sceneDescription)
}

/// Reconciles `session` and returns its first change, which must make every touch agree.
func reconcile(_ session: Session) throws -> Reconciliation.Change {
    let result = try Reconciliation.run(session: session, scene: try sceneDescription(of: session))
    let first = try #require(result.changes.first, "\(result.lines)")
    #expect(first.after.disagreements.isEmpty, "\(first.after.lines)")
    return first
}

extension CaptureSuites {
    @Suite("Device records: the capture says what UIKit did, and the model is held to it", .serialized)
    struct DeviceRecordTests {
        @Test(
            "an app whose routing is all in the scene: the device records name each hit, state and control event, and device and model agree on every touch"
        )
        func agreement() throws {
            let window = window()
            let pay = button("pay", CGRect(x: 20, y: 40, width: 160, height: 44))
            let card = UIView(frame: CGRect(x: 20, y: 120, width: 350, height: 200))
            card.accessibilityIdentifier = "card"
            let zoom = UITapGestureRecognizer(target: nil, action: nil)
            zoom.numberOfTapsRequired = 2
            zoom.name = "zoom"
            card.addGestureRecognizer(zoom)
            card.addGestureRecognizer(UILongPressGestureRecognizer(target: nil, action: nil))
            [pay, card].forEach(window.addSubview)
            let (session, comparison, _) = try captureAndCompare("agree", window: window) { sim in
                sim.tap(at: CGPoint(x: 100, y: 60))
                sim.advance(by: 0.5)
                sim.tap(at: CGPoint(x: 200, y: 200), count: 2)
                sim.advance(by: 0.5)
                sim.longPress(at: CGPoint(x: 100, y: 250), duration: 0.8)
                sim.advance(by: 0.5)
            }
            let facts = session.device.map(\.fact)
            #expect(facts.contains(.app(os: "TouchKit", sdk: nil)))
            #expect(facts.contains(.hit(finger: 1, view: "UIButton#pay")))
            #expect(facts.contains(.control(control: "UIButton#pay", event: "touchUpInside")))
            #expect(facts.contains(.recognizer(name: "UITapGestureRecognizer#zoom", state: "ended")))
            #expect(facts.contains(.recognizer(name: "UILongPressGestureRecognizer@UIView#card", state: "began")))
            #expect(comparison.touches.count == 4)
            #expect(comparison.disagreements.isEmpty, "\(comparison.lines)")
            #expect(comparison.summary == "device and model agree on 4 of 4 touches")
        }

        @Test("a view whose class overrides hitTest: the code fact is recorded, the touch disagrees on its hit, and the cause names the override")
        func hitTestOverride() throws {
            let window = window()
            let pay = button("pay", CGRect(x: 20, y: 40, width: 160, height: 44))
            let promo = PromoView(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
            promo.accessibilityIdentifier = "promo"
            [pay, promo].forEach(window.addSubview)
            let (session, comparison, _) = try captureAndCompare("promo", window: window) { sim in
                sim.tap(at: CGPoint(x: 100, y: 60))
                sim.advance(by: 0.5)
                sim.tap(at: CGPoint(x: 300, y: 600))
                sim.advance(by: 0.5)
            }
            #expect(
                session.device.map(\.fact).contains(
                    .code(CodeFacts(subject: "PromoView#promo", className: "PromoView", overrides: ["hitTest(_:with:)"]))))
            #expect(comparison.summary == "device and model agree on 1 of 2 touches")
            let disagreement = try #require(comparison.disagreements.first)
            #expect(disagreement.touch.number == 1)
            #expect(disagreement.fact == .hit(finger: 1))
            #expect(disagreement.device == "UIButton#pay got finger 1")
            #expect(disagreement.model == "PromoView#promo got finger 1")
            #expect(
                disagreement.causeLine == "PromoView#promo: PromoView overrides hitTest(_:with:), and the scene does not say what it answers.")
            #expect(try reconcile(session).change.hasPrefix("promo: point(inside:with:) answers true only over its subviews"))
        }

        @Test("a delegate that answers by the touch: the device's tap fails where the model's recognizes, and the cause names the delegate method")
        func delegateAnswers() throws {
            let window = window()
            let card = UIView(frame: CGRect(x: 20, y: 120, width: 350, height: 200))
            card.accessibilityIdentifier = "card"
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.name = "open"
            let refuser = TopHalfRefuser()
            tap.delegate = refuser
            card.addGestureRecognizer(tap)
            window.addSubview(card)
            let (session, comparison, _) = try captureAndCompare("delegate", window: window) { sim in
                sim.tap(at: CGPoint(x: 100, y: 280))
                sim.advance(by: 0.5)
                sim.tap(at: CGPoint(x: 100, y: 140))
                sim.advance(by: 0.5)
            }
            withExtendedLifetime(refuser) {}
            // reconcile: a delegate answer where the touch decides (the top half of the card).
            let reconciled = try reconcile(session)
            #expect(
                reconciled.change.contains("gestureRecognizer(_:shouldReceive:) answers false for touches in the top half of card"),
                "\(reconciled.change)")
            let code = session.device.compactMap { if case .code(let facts) = $0.fact { facts } else { nil } }
            #expect(code.contains { $0.subject == "UITapGestureRecognizer#open" && $0.implements == ["gestureRecognizer(_:shouldReceive:)"] })
            #expect(comparison.summary == "device and model agree on 1 of 2 touches")
            let disagreement = try #require(comparison.disagreements.first)
            #expect(disagreement.touch.number == 2)
            #expect(disagreement.fact == .recognizer("UITapGestureRecognizer#open"))
            #expect(disagreement.device == "UITapGestureRecognizer#open did not recognize")
            #expect(disagreement.model == "UITapGestureRecognizer#open ended")
            #expect(disagreement.causeLine.contains("its delegate TopHalfRefuser implements gestureRecognizer(_:shouldReceive:)"))
        }

        @Test("a recognizer class of the app's own: the device's recognizer is not in the scene; the cause says the scene cannot hold it")
        func customRecognizer() throws {
            let window = window()
            let card = UIView(frame: CGRect(x: 20, y: 120, width: 350, height: 200))
            card.accessibilityIdentifier = "card"
            let lift = LiftRecognizer(target: nil, action: nil)
            lift.name = "lift"
            card.addGestureRecognizer(lift)
            window.addSubview(card)
            let (session, comparison, _) = try captureAndCompare("custom", window: window) { sim in
                sim.tap(at: CGPoint(x: 100, y: 200))
                sim.advance(by: 0.5)
            }
            let disagreement = try #require(comparison.disagreements.first)
            #expect(disagreement.fact == .recognizer("LiftRecognizer#lift"))
            #expect(disagreement.device == "LiftRecognizer#lift ended")
            #expect(disagreement.model == "LiftRecognizer#lift did not recognize")
            #expect(disagreement.causeLine == "LiftRecognizer#lift: LiftRecognizer is a custom recognizer class, which the scene cannot hold.")
            #expect(comparison.warnings.contains { $0.contains("\"LiftRecognizer#lift\" is not in the replayed scene") }, "\(comparison.warnings)")
            let result = try Reconciliation.run(session: session, scene: try sceneDescription(of: session))
            #expect(result.changes.isEmpty)
            #expect(result.unresolved.first?.reason.contains("LiftRecognizer is a custom recognizer class; a scene cannot hold it") == true)
        }

        @Test(
            "a scroll view that overrides touchesShouldCancel(in:): the device keeps the content's touch where the model scrolls, and the cause names the override"
        )
        func touchesShouldCancel() throws {
            let window = window()
            let scroll = KeepingScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 500))
            scroll.accessibilityIdentifier = "list"
            scroll.contentSize = CGSize(width: 390, height: 2000)
            scroll.delaysContentTouches = false
            // Not a control: UIKit's own touchesShouldCancel(in:) already keeps a control's touch.
            let photo = UIView(frame: CGRect(x: 20, y: 20, width: 300, height: 200))
            photo.accessibilityIdentifier = "photo"
            scroll.addSubview(photo)
            window.addSubview(scroll)
            let (session, comparison, _) = try captureAndCompare("keeps", window: window) { sim in
                sim.drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 150), duration: 0.3, steps: 10)
                sim.advance(by: 2)
            }
            #expect(
                session.device.map(\.fact).contains(
                    .code(CodeFacts(subject: "KeepingScrollView#list", className: "KeepingScrollView", overrides: ["touchesShouldCancel(in:)"]))))
            let disagreement = try #require(comparison.disagreements.first, "\(comparison.lines)")
            #expect(disagreement.fact == .recognizer("UIScrollViewPanGestureRecognizer@KeepingScrollView#list"), "\(disagreement.lines)")
            #expect(disagreement.device == "UIScrollViewPanGestureRecognizer@KeepingScrollView#list failed")
            #expect(disagreement.model == "UIScrollViewPanGestureRecognizer@KeepingScrollView#list began … ended")
            #expect(
                disagreement.causeLine.contains("KeepingScrollView#list: KeepingScrollView overrides touchesShouldCancel(in:)"),
                "\(disagreement.lines)")
            let reconciled = try reconcile(session)
            #expect(
                reconciled.change == "list: override touchesShouldCancel(in:) to return false (scene: touchesShouldCancel)", "\(reconciled.change)")
        }

        @Test(
            "a tap whose action pushes a screen: the capture writes a snapshot of the new tree, the push is said to be the app's code, and the next touch, replayed on the snapshot, agrees"
        )
        func snapshotAfterPush() throws {
            let window = window()
            let root = UIViewController()
            root.view.frame = window.bounds
            root.view.accessibilityIdentifier = "home"
            let detail = UIViewController()
            detail.view.frame = window.bounds
            detail.view.accessibilityIdentifier = "detail"
            detail.view.addSubview(button("buy", CGRect(x: 20, y: 300, width: 200, height: 60)))
            let navigation = UINavigationController(rootViewController: root)
            let next = button("next", CGRect(x: 20, y: 100, width: 200, height: 60))
            next.addAction(UIAction { [weak navigation] _ in navigation?.pushViewController(detail, animated: false) }, for: .touchUpInside)
            root.view.addSubview(next)
            window.rootViewController = navigation
            let (session, comparison, _) = try captureAndCompare("push", window: window) { sim in
                sim.tap(at: CGPoint(x: 100, y: 130))
                sim.advance(by: 0.5)
                sim.tap(at: CGPoint(x: 100, y: 330))
                sim.advance(by: 0.5)
            }
            #expect(session.scenes.count == 2)
            #expect(session.scenes.last?.isSnapshot == true)
            #expect(comparison.summary == "device and model agree on 1 of 2 touches", "\(comparison.lines)")
            let disagreement = try #require(comparison.disagreements.first)
            #expect(disagreement.touch.number == 1)
            #expect(disagreement.fact == .navigation)
            #expect(disagreement.causeLine.hasPrefix("The app's own code changed the navigation stack"), "\(disagreement.causeLine)")
            #expect(comparison.device[1].hits[1] == .some("UIButton#buy"))
            #expect(comparison.model[1].hits[1] == .some("UIButton#buy"), "the second touch replays on the snapshot")
        }

        @Test("where no captured code explains a disagreement, the answer names the model's rule and its provenance")
        func ruleNamed() throws {
            // A session whose device record says the pay button got a touch the model gives to the
            // view on top, with no code facts: the model's hit-testing rule is named.
            let window = window()
            let pay = button("pay", CGRect(x: 20, y: 40, width: 160, height: 44))
            window.addSubview(pay)
            let (session, _, _) = try captureAndCompare("rule", window: window) { sim in
                sim.tap(at: CGPoint(x: 100, y: 60))
                sim.advance(by: 0.5)
            }
            var edited = session
            edited.device = edited.device.map { record in
                guard case .hit(let finger, _) = record.fact else { return record }
                var changed = record
                changed.fact = .hit(finger: finger, view: "UIWindow")
                return changed
            }
            let scene = try SessionScene.resolve(for: session, sessionFile: "/nonexistent/rule.session", catalog: catalog)
            let comparison = DeviceComparison.compare(session: edited, replayer: try SessionReplayer(session: edited, scene: scene.makeScene))
            let disagreement = try #require(comparison.disagreements.first)
            #expect(disagreement.causeLine.hasPrefix("No captured code explains this; the model decided it by hitTest.order (documented"))
        }
    }
}
