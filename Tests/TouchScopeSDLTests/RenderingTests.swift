import CSDL2
import Foundation
import Testing
import TouchKit
import TouchScenes

@testable import TouchScopeSDL

extension SDLTests {
    @Suite("Rendering on the offscreen driver")
    struct RenderingTests {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)

        /// A 200x200 window: a red view, a hidden green view, a rotated blue view, a grey button.
        func scene() -> LoadedScene {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.backgroundColor = .white
            let redView = UIView(frame: CGRect(x: 20, y: 20, width: 50, height: 50))
            redView.accessibilityIdentifier = "red"
            redView.backgroundColor = red
            let hidden = UIView(frame: CGRect(x: 100, y: 20, width: 50, height: 50))
            hidden.accessibilityIdentifier = "hidden"
            hidden.backgroundColor = .green
            hidden.isHidden = true
            let rotated = UIView(frame: CGRect(x: 100, y: 100, width: 60, height: 60))
            rotated.backgroundColor = .blue
            rotated.transform = CGAffineTransform(rotationAngle: .pi / 4)
            let button = UIButton(frame: CGRect(x: 20, y: 120, width: 60, height: 40))
            button.accessibilityIdentifier = "button"
            button.backgroundColor = UIColor(white: 0.8, alpha: 1)
            window.addSubview(redView)
            window.addSubview(hidden)
            window.addSubview(rotated)
            window.addSubview(button)
            return .swift(name: "pixels", summary: "", window: window)
        }

        /// Draws the scene at 1:1 with the panel, after `drive` ran on it.
        func render(
            layers: OverlayRenderer.Layers = [], showHidden: Bool = false, drive: (TouchSimulator) -> Void = { _ in }
        ) throws -> OffscreenTarget {
            let scene = scene()
            let simulator = scene.makeSimulator()
            let model = TraceModel()
            simulator.trace.addListener { model.consume($0) }
            drive(simulator)
            let size = FrameLayout.size(forScene: CGSize(width: 200, height: 200), overlays: true, showsPanel: true, hasTimeline: false)
            let target = try OffscreenTarget(width: Int(size.width), height: Int(size.height))
            let frame = FrameRenderer(target: target)
            frame.overlays.layers = layers.union(.pointer)
            frame.scene.options.showHiddenViews = showHidden
            frame.scene.options.showBorders = false
            frame.render(window: simulator.window, model: model, status: .init(), area: target.size)
            #expect(frame.mapping.scale == 1 && frame.mapping.offset == .zero)
            withExtendedLifetime(simulator) {}
            return target
        }

        @Test("background colours fill their views; a hidden view is not drawn")
        func backgrounds() throws {
            let target = try render()
            #expect(close(target.pixel(x: 45, y: 45), red))
            #expect(close(target.pixel(x: 5, y: 5), .white))
            #expect(close(target.pixel(x: 125, y: 45), .white))
        }

        @Test("asked, hidden views show as a faint dashed outline")
        func hiddenOutline() throws {
            let target = try render(showHidden: true)
            let edge = (100..<150).map { target.pixel(x: $0, y: 20) }
            #expect(edge.contains { !close($0, .white) && !close($0, .green) })
            #expect(edge.contains { close($0, .white) })
            #expect(close(target.pixel(x: 125, y: 45), .white))
        }

        @Test("a rotated view is drawn as a rotated quad, not its bounding box")
        func rotatedQuad() throws {
            let target = try render()
            #expect(close(target.pixel(x: 130, y: 130), .blue))
            #expect(close(target.pixel(x: 130, y: 93), .blue))
            #expect(close(target.pixel(x: 102, y: 102), .white))
        }

        @Test("the hit view is outlined in the hit colour, never filled: its own colour stays as it is")
        func hitViewHighlight() throws {
            let target = try render(layers: .hitTestPath) { sim in sim.tap(at: CGPoint(x: 45, y: 45)) }
            #expect(close(target.pixel(x: 45, y: 45), red), "the inside keeps the view's colour")
            #expect(close(target.pixel(x: 60, y: 20), Theme.hitOutline), "the edge is drawn in the hit colour")
            // The light halo outside the outline makes it show on any background.
            #expect(close(target.pixel(x: 60, y: 16), .white, tolerance: 12))
        }

        @Test("a view passed over by hit testing is outlined in the pass colour, dashed")
        func passedOverOutline() throws {
            let target = try render(layers: .hitTestPath) { sim in sim.tap(at: CGPoint(x: 125, y: 45)) }
            let top = (100..<150).map { target.pixel(x: $0, y: 21) }
            #expect(top.contains { close($0, blend(Theme.passedOutline, over: .white), tolerance: 6) })
            #expect(top.contains { close($0, .white) })
            // The window is the hit view: outlined, not filled.
            #expect(close(target.pixel(x: 125, y: 45), .white))
        }

        @Test("a highlighted button is drawn darker while the finger is down")
        func buttonHighlight() throws {
            let normal = try render().pixel(x: 25, y: 125)
            let pressed = try render { sim in sim.touchDown(at: CGPoint(x: 50, y: 140)) }.pixel(x: 25, y: 125)
            #expect(close(normal, UIColor(white: 0.8, alpha: 1)))
            #expect(close(pressed, blend(UIColor(white: 0, alpha: 0.25), over: UIColor(white: 0.8, alpha: 1))))
        }

        @Test("the side panel is drawn when overlays are on, and text renders with the DejaVu font")
        func panelAndText() throws {
            #expect(SDLContext.fontPath != nil, "fonts-dejavu-core is installed by tools/install-deps.sh")
            let target = try render(layers: .all) { sim in sim.tap(at: CGPoint(x: 45, y: 45)) }
            #expect(close(target.pixel(x: 200 + 3, y: 190), Theme.panelBackground))
            let heading = (200..<560).flatMap { x in (10..<30).map { target.pixel(x: x, y: $0) } }
            #expect(heading.contains { $0.red > 0.8 && $0.green > 0.8 && $0.blue > 0.8 })
        }

        @Test("render writes a PNG atomically, and it holds the frame")
        func pngFile() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-\(UUID().uuidString).png").path
            let target = try render()
            try target.savePNG(to: path, inputs: [])
            let data = try #require(FileManager.default.contents(atPath: path))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(!FileManager.default.fileExists(atPath: path + ".partial.png"))
            let loaded = try #require(IMG_Load(path))
            defer { SDL_FreeSurface(loaded) }
            #expect(loaded.pointee.w == 560 && loaded.pointee.h == 200 + Int32(Theme.statusHeight))
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
