import CSDL2
import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

@testable import TouchScopeSDL

extension SDLTests {
    /// The overlays as pixels: finger marks that stay after the lift and show on any background,
    /// and bars and labels that keep to their part of the frame.
    @Suite("Overlays drawn as pixels")
    struct OverlayPixelTests {
        /// A 200x200 window: the left half black, the right half white.
        func halves() -> UIWindow {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.backgroundColor = .white
            let black = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
            black.backgroundColor = .black
            window.addSubview(black)
            return window
        }

        func render(_ window: UIWindow, layers: OverlayRenderer.Layers, drive: (TouchSimulator, TraceModel) -> Void) throws -> OffscreenTarget {
            let simulator = TouchSimulator(window: window)
            let model = TraceModel()
            ModelFollower(model: model).follow(simulator.application)
            drive(simulator, model)
            let size = FrameLayout.size(forScene: window.bounds.size, overlays: true, showsPanel: false, hasTimeline: false)
            let target = try OffscreenTarget(width: Int(size.width), height: Int(size.height))
            let frame = FrameRenderer(target: target)
            frame.overlays.layers = layers
            frame.overlays.showsPanel = false
            frame.scene.options.showBorders = false
            var status = OverlayRenderer.Status()
            status.now = TraceEntry.micros(from: simulator.clock.now)
            frame.render(window: window, model: model, status: status, area: target.size)
            return target
        }

        /// Pixels within `radius` of a point.
        func around(_ target: OffscreenTarget, _ x: Int, _ y: Int, radius: Int = 14) -> [UIColor] {
            (-radius...radius).flatMap { dy in (-radius...radius).map { dx in target.pixel(x: x + dx, y: y + dy) } }
        }

        @Test(
            "a control tracking a touch: its area, the bounds grown by UIKit's margin (or its own), is drawn dashed while it tracks, and gone after the lift"
        )
        func trackingArea() throws {
            func window(margin: CGFloat?) -> UIWindow {
                let window = halves()
                let button = UIButton(frame: CGRect(x: 120, y: 90, width: 40, height: 20))
                button.trackingMargin = margin
                window.addSubview(button)
                return window
            }
            let purple = Theme.trackingOutline
            // UIKit's 70 pt: the area's top edge is at y = 90 - 70 = 20.
            let tracking = try render(window(margin: nil), layers: .controlEvents) { sim, _ in
                let finger = sim.touchDown(at: CGPoint(x: 140, y: 100))
                sim.touchMove(finger, to: CGPoint(x: 140, y: 130))
            }
            #expect((130...190).contains { close(tracking.pixel(x: $0, y: 20), purple, tolerance: 40) }, "the top edge of the area, at y 20")
            #expect(!(130...190).contains { close(tracking.pixel(x: $0, y: 60), purple, tolerance: 40) }, "nothing inside it")
            // Its own 10 pt: the top edge at y = 80.
            let own = try render(window(margin: 10), layers: .controlEvents) { sim, _ in
                _ = sim.touchDown(at: CGPoint(x: 140, y: 100))
            }
            #expect((130...165).contains { close(own.pixel(x: $0, y: 80), purple, tolerance: 40) })
            let lifted = try render(window(margin: nil), layers: .controlEvents) { sim, _ in sim.tap(at: CGPoint(x: 140, y: 100)) }
            #expect(!(130...190).contains { close(lifted.pixel(x: $0, y: 20), purple, tolerance: 40) }, "no area once the finger lifted")
        }

        @Test("after the lift, a tap's marks stay where it went down, in the finger's colour, long after")
        func marksAfterLift() throws {
            let target = try render(halves(), layers: .trails) { sim, _ in
                sim.tap(at: CGPoint(x: 150, y: 100))
                sim.advance(by: 10)
            }
            let finger = Theme.finger(1)
            let floor = blend(finger.withAlphaComponent(Theme.markFloorAlpha), over: .white)
            #expect(around(target, 150, 100, radius: 6).contains { close($0, floor, tolerance: 40) || close($0, finger, tolerance: 40) })
            #expect(around(target, 30, 30).allSatisfy { close($0, .black) }, "nothing drawn away from the tap")
        }

        @Test("finger marks show on black and on white: each has a light and a dark edge", arguments: [50, 150])
        func twoTone(x: Int) throws {
            let target = try render(halves(), layers: .trails) { sim, _ in _ = sim.touchDown(at: CGPoint(x: x, y: 100)) }
            let pixels = around(target, x, 100)
            #expect(pixels.contains { $0.red > 0.85 && $0.green > 0.85 && $0.blue > 0.85 }, "a light edge")
            #expect(pixels.contains { $0.red < 0.15 && $0.green < 0.15 && $0.blue < 0.15 }, "a dark edge")
        }

        @Test("the status line has its own strip under the scene and never covers it")
        func statusLineKeepsItsPlace() throws {
            let target = try render(halves(), layers: .all) { sim, _ in sim.tap(at: CGPoint(x: 150, y: 100)) }
            // The status line sits under the scene, not over it: the scene's last row is the window's.
            #expect(close(target.pixel(x: 150, y: 185), .white))
            #expect(close(target.pixel(x: 150, y: 200 + Int(Theme.statusHeight) / 2 - 8), Theme.barBackground, tolerance: 6))
        }

        @Test("render at the end of a session draws the last gesture's marks (the PNG of a bug report shows the tap)")
        func renderShowsLastTap() throws {
            let scene = try SceneCatalog.loadFile(repositoryRoot.appendingPathComponent("Scenes/touch-up-inside.json"))
            let point = CGPoint(x: 195, y: 400)
            let header = SessionHeader(sceneName: scene.name, sceneHash: scene.contentHash, windowSize: scene.window.bounds.size, started: "")
            let session = Session(
                header: header,
                records: [
                    .input(micros: 100_000, samples: [TouchSample(finger: 1, phase: .began, location: point)]),
                    .input(micros: 150_000, samples: [TouchSample(finger: 1, phase: .ended, location: point)]),
                    .end(micros: 3_000_000),
                ])
            let (_, target) = try HeadlessRender.render(
                scene: { try SceneCatalog.loadFile(repositoryRoot.appendingPathComponent("Scenes/touch-up-inside.json")) },
                session: session, at: nil, overlays: .all, output: nil)
            let finger = Theme.finger(1)
            #expect(
                around(target, 195, 400, radius: 8).contains {
                    abs($0.red - finger.red) < 0.25 && abs($0.green - finger.green) < 0.25 && abs($0.blue - finger.blue) < 0.25
                })
        }
    }
}
