import Foundation
import TouchKit
import TouchSwiftUI

/// Dispatch through SwiftUI's gestures: a hosting view holding a ScrollView of 200 rows, each
/// with an `onTapGesture` and a `.gesture(DragGesture())` (ios18: two UIKit recognizers a row, 400
/// in all, plus the scroll view's), driven by the workload's touch stream (docs/bench-workload.md's
/// xorshift32 sequences in a 1000 x 1000 window), timed as the UIKit shapes are.
package final class SwiftUIDispatchBenchmark {
    package struct Result: Sendable {
        package var rows: Int
        /// The views in the window (the hosting view's tree: the scroll view, its content, the
        /// gesture containers).
        package var views: Int
        package var events: Int
        package var sequences: Int
        package var eventsPerSecondRuns: [Double]
        /// Taps and drags that ended (the same every run, or -1).
        package var ended: Int
        package var eventsPerSecond: Double {
            let sorted = eventsPerSecondRuns.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
    }

    package static let rows = 200
    let application = UIApplication()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
    let host: SwiftUIHost
    let samples: [TouchSample]
    final class Counter: @unchecked Sendable { var ended = 0 }
    let counter = Counter()

    package init(sequences: Int) {
        let root = SwiftUINode(.scrollView, id: "rows", frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        root.contentSize = CGSize(width: 1000, height: CGFloat(Self.rows) * 50)
        root.spacing = 0
        let counter = self.counter
        for index in 0..<Self.rows {
            let row = SwiftUINode(.rectangle, id: "row\(index)", frame: CGRect(x: 0, y: 0, width: 1000, height: 50))
            var tap = GestureDescription.Callbacks()
            tap.onEnded = { _ in counter.ended += 1 }
            var drag = GestureDescription.Callbacks()
            drag.onEnded = { _ in counter.ended += 1 }
            row.attachments = [
                GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), callbacks: tap)),
                GestureAttachment(.gesture, GestureDescription(.drag(minimumDistance: 10, global: false), callbacks: drag)),
            ]
            root.add(row)
        }
        host = SwiftUIHost(root: root, frame: window.bounds, era: .ios18)
        window.addSubview(host.view)
        application.attach(window)
        window.makeKeyAndVisible()
        var samples: [TouchSample] = []
        for (index, points) in Workload.stream(sequences: sequences).enumerated() {
            let finger = Workload.finger(forSequence: index)
            for (step, point) in points.enumerated() {
                let phase: UITouch.Phase = step == 0 ? .began : (step == Workload.eventsPerSequence - 1 ? .ended : .moved)
                samples.append(TouchSample(finger: finger, phase: phase, location: point))
            }
        }
        self.samples = samples
    }

    /// `warmup` untimed runs, then `runs` timed ones, the trace off; each run from the top of the list.
    package func run(runs: Int, warmup: Int) -> Result {
        application.trace.isEnabled = false
        var rates: [Double] = []
        var endings: Set<Int> = []
        for index in 0..<(warmup + runs) {
            counter.ended = 0
            host.scrollViews.values.first?.contentOffset = .zero
            let start = DispatchTime.now().uptimeNanoseconds
            for sample in samples { application.dispatch(sample) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            endings.insert(counter.ended)
            if index >= warmup { rates.append(Double(samples.count) / elapsed) }
        }
        return Result(
            rows: Self.rows, views: Self.viewCount(window), events: samples.count, sequences: samples.count / Workload.eventsPerSequence,
            eventsPerSecondRuns: rates, ended: endings.count == 1 ? counter.ended : -1)
    }

    private static func viewCount(_ view: UIView) -> Int {
        view.subviews.reduce(1) { $0 + viewCount($1) }
    }
}
