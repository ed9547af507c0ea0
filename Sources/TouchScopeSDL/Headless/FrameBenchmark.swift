import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Times frames of the front end with every overlay on, on a 1,000-view scene, in SDL's software
/// renderer (what a machine without a GPU, or CI, draws with).
package enum FrameBenchmark {
    /// Frame times of one run, in milliseconds, and the peak memory.
    package struct Result: Sendable {
        package var views: Int
        package var frames: Int
        package var medianMilliseconds: Double
        package var p99Milliseconds: Double
        package var peakResidentBytes: Int
    }

    /// A 390x844 window holding 1,000 views: 40 rows of 25, some labels and buttons, and a pan
    /// recognizer, so every overlay has something to show.
    package static func makeScene() -> LoadedScene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.backgroundColor = .white
        let root = UIView(frame: window.bounds)
        root.accessibilityIdentifier = "root"
        root.addGestureRecognizer(UIPanGestureRecognizer())
        root.addGestureRecognizer(UITapGestureRecognizer())
        var count = 1
        for row in 0..<40 {
            for column in 0..<25 where count < 1000 {
                let frame = CGRect(x: column * 15 + 1, y: row * 21 + 2, width: 13, height: 19)
                let view: UIView
                switch (row + column) % 10 {
                case 0:
                    let label = UILabel(frame: frame)
                    label.text = "\(count)"
                    view = label
                case 5:
                    let button = UIButton(frame: frame)
                    button.setTitle("b", for: .normal)
                    view = button
                default:
                    view = UIView(frame: frame)
                }
                view.backgroundColor = UIColor(red: CGFloat(row) / 40, green: CGFloat(column) / 25, blue: 0.6, alpha: 1)
                root.addSubview(view)
                count += 1
            }
        }
        window.addSubview(root)
        return .swift(name: "frame-benchmark", summary: "1,000 views for the frame benchmark", window: window)
    }

    package static func run(frames: Int = 120) throws -> Result {
        let scene = makeScene()
        let simulator = scene.makeSimulator()
        let model = TraceModel()
        simulator.trace.addListener { model.consume($0) }
        let finger = simulator.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 250, y: 500), duration: 0.5, steps: 20, lift: false)
        let target = try OffscreenTarget(width: 390 + Int(saturating: OverlayRenderer.panelWidth), height: 844)
        let renderer = FrameRenderer(target: target)
        renderer.overlays.layers = OverlayRenderer.Layers.all.union(.help)
        var status = OverlayRenderer.Status()
        status.pointer = CGPoint(x: 250, y: 500)
        var times: [Double] = []
        for index in 0..<(frames + 10) {
            let start = DispatchTime.now().uptimeNanoseconds
            renderer.render(window: simulator.window, model: model, status: status, area: target.size)
            if index >= 10 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        }
        simulator.touchUp(finger)
        times.sort()
        return Result(
            views: scene.window.subtree.count - 1, frames: frames, medianMilliseconds: times[times.count / 2],
            p99Milliseconds: times[min(times.count - 1, times.count * 99 / 100)], peakResidentBytes: peakResidentBytes())
    }

    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }
}
