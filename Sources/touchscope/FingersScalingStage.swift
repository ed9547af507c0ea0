import Foundation
import TouchBench
import TouchKit
import TouchScenes
import TouchScopeSDL

/// `bench --parse`'s rendering stage: one frame with every overlay after `n` taps made while one
/// finger stays down, so that they all belong to one gesture (the overlays keep
/// `TraceModel.maximumTouchesPerGesture` of them and count the rest).
enum FingersScalingStage {
    static var stage: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "render.fingers", unit: "touches", base: 30,
            limit:
                "\(TraceModel.maximumTouchesPerGesture) touches a gesture drawn, the rest counted; \(UIApplication.maximumSimultaneousTouches) down at once"
        ) { n in
            let scene = FrameBenchmark.makeScene()
            let simulator = scene.makeSimulator()
            let model = TraceModel()
            simulator.trace.addListener { model.consume($0) }
            let held = simulator.touchDown(at: CGPoint(x: 20, y: 20))
            for i in 0..<n {
                let finger = simulator.touchDown(at: CGPoint(x: 30 + i % 35 * 10, y: 40 + i / 35 % 80 * 10))
                simulator.advance(by: 0.01)
                simulator.touchUp(finger)
            }
            let target = try OffscreenTarget(width: 390 + Int(saturating: OverlayRenderer.panelWidth), height: 844)
            let renderer = FrameRenderer(target: target)
            renderer.overlays.layers = .all
            return (
                n,
                {
                    renderer.render(window: simulator.window, model: model, status: OverlayRenderer.Status(), area: target.size)
                    withExtendedLifetime(held) {}
                }
            )
        }
    }
}
