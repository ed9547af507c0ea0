import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeCapture
import TouchTestSupport

/// Every suite that starts a capture: one capture runs at a time in an app
/// (`TouchScopeCapture.current`), so they run one after another.
@Suite(.serialized) struct CaptureSuites {}

let catalog = SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")])

/// The outcomes compared: which view each touch went to, the control events, the recognizers'
/// state changes; the capture's own observer left out, and finger numbers too (a capture numbers
/// fingers as a screen does, the simulator counts up).
func outcomes(_ entries: some Sequence<TraceEntry>) -> [String] {
    GoldenExtractor.records(of: entries)
        .filter { [.hits, .controls, .recognizers].contains($0.topic) }
        .filter { !$0.description.contains("TouchScopeCapture") }
        .map { $0.description.replacingOccurrences(of: #"finger=\d+"#, with: "finger=*", options: .regularExpression) }
}

/// Drives `application` with the input records of `session`, on its clock (as a replay does).
func drive(_ application: UIApplication, with session: Session) {
    for record in session.records {
        switch record {
        case .input(let t, let samples):
            application.clock.advance(to: TimeInterval(t) / 1_000_000)
            application.dispatch(samples)
        case .end(let t):
            application.clock.advance(to: TimeInterval(t) / 1_000_000)
        default:
            break
        }
    }
}

extension CaptureSuites {
    @Suite("Capturing a running app with TouchScopeCapture.swift", .serialized)
    struct CaptureTests {
        /// A small app: a button, a view with a double tap and a long press, a scroll view with a
        /// button inside, a switch; in the capture window.
        func app() -> (TouchScopeCaptureWindow, TouchSimulator) {
            let window = TouchScopeCaptureWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.backgroundColor = .white
            let button = UIButton(frame: CGRect(x: 20, y: 40, width: 160, height: 44))
            button.accessibilityIdentifier = "pay"
            button.addAction(UIAction { _ in }, for: .touchUpInside)
            let card = UIView(frame: CGRect(x: 20, y: 120, width: 350, height: 200))
            card.accessibilityIdentifier = "card"
            let double = UITapGestureRecognizer(target: nil, action: nil)
            double.numberOfTapsRequired = 2
            double.name = "zoom"
            let press = UILongPressGestureRecognizer(target: nil, action: nil)
            press.name = "menu"
            card.addGestureRecognizer(double)
            card.addGestureRecognizer(press)
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 360, width: 390, height: 300))
            scroll.accessibilityIdentifier = "list"
            scroll.contentSize = CGSize(width: 390, height: 1200)
            let row = UIButton(frame: CGRect(x: 20, y: 20, width: 200, height: 44))
            row.tag = 7
            row.addAction(UIAction { _ in }, for: .touchUpInside)
            scroll.addSubview(row)
            let toggle = UISwitch(frame: CGRect(x: 300, y: 700, width: 51, height: 31))
            toggle.accessibilityIdentifier = "wifi"
            [button, card, scroll, toggle].forEach(window.addSubview)
            return (window, TouchSimulator(window: window))
        }

        @Test(
            "the capture window records every touch; replayed on the captured scene, the hits, control events and recognizer outcomes are the app's")
        func windowCapture() throws {
            let directory = try scratchDirectory()
            let (window, sim) = app()
            let capture = try TouchScopeCapture.start(window: window, name: "shop", directory: directory, observe: false)
            sim.tap(at: CGPoint(x: 100, y: 60))
            sim.advance(by: 0.5)
            TouchScopeCapture.mark("double tap the card")
            sim.tap(at: CGPoint(x: 200, y: 200), count: 2)
            sim.advance(by: 0.5)
            sim.longPress(at: CGPoint(x: 100, y: 250), duration: 0.8)
            sim.advance(by: 0.5)
            sim.tap(at: CGPoint(x: 100, y: 402))
            sim.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 420), duration: 0.2, steps: 8)
            sim.advance(by: 2)
            sim.tap(at: CGPoint(x: 325, y: 715))
            sim.advance(by: 0.5)
            capture.stop()
            #expect(capture.failure == nil)
            let original = outcomes(sim.trace.entries)

            // What TouchScope makes of the files.
            let session = try SessionLoader.load(contentsOf: capture.sessionURL)
            #expect(session.warnings.isEmpty, "\(session.warnings)")
            #expect(session.header.scenePath == "shop.scene.json")
            let resolved = try SessionScene.resolve(for: session, sessionFile: capture.sessionURL.path, catalog: catalog)
            #expect(resolved.changeWarning == nil, "the header's hash is the scene file's")
            let replayer = try SessionReplayer(session: session, scene: resolved.makeScene)
            replayer.runToEnd()
            #expect(outcomes(replayer.trace.entries) == original)
            #expect(original.contains { $0.contains("UIButton#pay") && $0.contains("touchUpInside") }, "\(original)")
            #expect(original.contains { $0.contains("#zoom") && $0.contains("ended") })
            #expect(replayer.trace.entries.contains { if case .marker("double tap the card") = $0.event { true } else { false } })
        }

        @Test("the scene file keeps ids, kinds, flags, control and scroll state and recognizers; text only when asked")
        func sceneFile() throws {
            let directory = try scratchDirectory()
            let (window, _) = app()
            (window.subviews[0] as? UIButton)?.setTitle("Pay 12.00", for: .normal)
            window.subviews[1].isExclusiveTouch = true
            (window.subviews[3] as? UISwitch)?.isOn = true
            let capture = try TouchScopeCapture.start(window: window, name: "shop", directory: directory)
            capture.stop()
            let scene = try SceneDecoder.load(contentsOf: capture.sceneURL)
            let ids = scene.views.flatMap(\.allViews).compactMap(\.id)
            #expect(ids == ["pay", "card", "list", "tag7", "wifi"])
            let card = try #require(scene.views.first { $0.id == "card" })
            #expect(card.isExclusiveTouch)
            #expect(card.recognizers.map(\.kind) == [.tap, .longPress])
            #expect(card.recognizers[0].numberOfTapsRequired == 2 && card.recognizers[0].id == "zoom")
            #expect(scene.views.first { $0.id == "wifi" }?.isOn == true)
            #expect(scene.views.first { $0.id == "list" }?.contentSize == CGSize(width: 390, height: 1200))
            #expect(scene.views.first { $0.id == "pay" }?.title == nil, "no text unless asked")
            let withText = try TouchScopeCapture.start(window: window, name: "text", directory: directory, includeText: true)
            withText.stop()
            #expect(try SceneDecoder.load(contentsOf: withText.sceneURL).views.first { $0.id == "pay" }?.title == "Pay 12.00")
        }

        @Test(
            "installed on a window with one line (an observing recognizer), it changes nothing for the app",
            arguments: [
                "touch-up-inside.session", "kitchen-sink.session", "bug-transparent-overlay.session", "bug-parent-tap-steals-control.session",
                "long-press-menu.session", "draggable-piece.session", "join-delete-cell.session",
            ])
        func observerChangesNothing(file: String) throws {
            let session = try SessionLoader.load(contentsOf: repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/\(file)"))
            let plain = try catalog.load(session.header.sceneName).makeSimulator()
            drive(plain.application, with: session)
            let observed = try catalog.load(session.header.sceneName).makeSimulator()
            let capture = try TouchScopeCapture.start(window: observed.window, name: "observed", directory: try scratchDirectory())
            drive(observed.application, with: session)
            capture.stop()
            let filtered = GoldenExtractor.records(of: observed.trace.entries).filter { !$0.description.contains("TouchScopeCapture") }.map(
                \.description)
            #expect(filtered == GoldenExtractor.records(of: plain.trace.entries).map(\.description))
            // And the session it wrote holds the same input.
            let captured = try SessionLoader.load(contentsOf: capture.sessionURL)
            #expect(captured.inputCount == session.inputCount, "\(file)")
        }

        /// Scenes whose routing depends on code a capture cannot read (point(inside:) overrides,
        /// failure requirements, delegates, custom recognizer classes: the floating menu, the kitchen
        /// sink, touch-up-inside) replay differently, as they would from a real app; the README says so.
        @Test(
            "seed scenes whose routing is all data replay from their capture with the same outcomes",
            arguments: [
                "bug-transparent-overlay", "bug-parent-tap-steals-control", "draggable-piece",
            ])
        func seedScenes(name: String) throws {
            let session = try SessionLoader.load(contentsOf: repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/\(name).session"))
            let directory = try scratchDirectory()
            let scene = try catalog.load(name)
            // The capture window holds the scene's views (what an app with the capture window has).
            let window = TouchScopeCaptureWindow(frame: scene.window.frame)
            window.backgroundColor = scene.window.backgroundColor
            for view in scene.window.subviews { window.addSubview(view) }
            let sim = TouchSimulator(window: window)
            let capture = try TouchScopeCapture.start(window: window, name: name, directory: directory, observe: false)
            drive(sim.application, with: session)
            capture.stop()
            let captured = try SessionLoader.load(contentsOf: capture.sessionURL)
            let resolved = try SessionScene.resolve(for: captured, sessionFile: capture.sessionURL.path, catalog: catalog)
            let replayer = try SessionReplayer(session: captured, scene: resolved.makeScene)
            replayer.runToEnd()
            #expect(outcomes(replayer.trace.entries) == outcomes(sim.trace.entries), "\(name)")
            withExtendedLifetime(scene) {}
        }

        @Test("a session that cannot be moved into place is a failure the capture names, not a silent loss")
        func failureNamed() throws {
            let directory = try scratchDirectory()
            let window = TouchScopeCaptureWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let sim = TouchSimulator(window: window)
            let capture = try TouchScopeCapture.start(window: window, name: "gone", directory: directory, observe: false)
            sim.tap(at: CGPoint(x: 50, y: 50))
            // Someone removes the session being written.
            try FileManager.default.removeItem(at: capture.sessionURL.appendingPathExtension("partial"))
            capture.stop()
            let failure = try #require(capture.failure)
            #expect(failure.hasPrefix("moving the session into place failed"), "\(failure)")
            #expect(TouchScopeCapture.current == nil)
        }

        @Test("the session carries its scene: with the scene file deleted it replays the app's outcomes")
        func embedsScene() throws {
            let directory = try scratchDirectory()
            let (window, sim) = app()
            let capture = try TouchScopeCapture.start(window: window, name: "carried", directory: directory, observe: false)
            sim.tap(at: CGPoint(x: 100, y: 60))
            sim.advance(by: 0.5)
            sim.tap(at: CGPoint(x: 325, y: 715))
            sim.advance(by: 0.5)
            capture.stop()
            try FileManager.default.removeItem(at: capture.sceneURL)
            let session = try SessionLoader.load(contentsOf: capture.sessionURL)
            #expect(session.header.version == 5)
            #expect(session.scenes.count == 1)
            let resolved = try SessionScene.resolve(for: session, sessionFile: capture.sessionURL.path, catalog: catalog)
            let replayer = try SessionReplayer(session: session, scene: resolved.makeScene)
            replayer.runToEnd()
            #expect(outcomes(replayer.trace.entries) == outcomes(sim.trace.entries))
        }

        @Test("a navigation controller, a table view with cells and the built-in recognizers' settings are captured as scene kinds")
        func navigationAndLists() throws {
            let directory = try scratchDirectory()
            let window = TouchScopeCaptureWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let root = UIViewController()
            root.view.frame = window.bounds
            let detail = UIViewController()
            detail.view.frame = window.bounds
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            table.accessibilityIdentifier = "orders"
            table.allowsMultipleSelection = true
            table.contentSize = CGSize(width: 390, height: 1200)
            table.panGestureRecognizer.isEnabled = false
            let cell = UITableViewCell(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
            cell.accessibilityIdentifier = "order1"
            table.addSubview(cell)
            detail.view.addSubview(table)
            let navigation = UINavigationController(rootViewController: root)
            navigation.pushViewController(detail, animated: false)
            window.rootViewController = navigation
            navigation.interactivePopGestureRecognizer?.isEnabled = false
            let capture = try TouchScopeCapture.start(window: window, name: "nav", directory: directory, observe: false)
            capture.stop()
            let scene = try SceneDecoder.load(contentsOf: capture.sceneURL)
            let controller = try #require(scene.rootController)
            #expect(controller.kind == .navigationController)
            #expect(controller.viewControllers.count == 2)
            #expect(controller.builtInRecognizers.first?.role == .pop && controller.builtInRecognizers.first?.isEnabled == false)
            let captured = try #require(scene.allViews.first { $0.id == "orders" })
            #expect(captured.kind == .tableView)
            #expect(captured.allowsMultipleSelection)
            #expect(captured.builtInRecognizers.first?.role == .pan && captured.builtInRecognizers.first?.isEnabled == false)
            #expect(scene.allViews.first { $0.id == "order1" }?.kind == .tableViewCell)
            // The scene builds: the stack, and the pop gesture off.
            let built = SceneBuilder.build(scene, source: .file(path: capture.sceneURL.path, contentHash: "0"))
            let rebuilt = try #require(built.window.rootViewController as? UINavigationController)
            #expect(rebuilt.viewControllers.count == 2)
            #expect(rebuilt.interactivePopGestureRecognizer?.isEnabled == false)
        }
    }
}
