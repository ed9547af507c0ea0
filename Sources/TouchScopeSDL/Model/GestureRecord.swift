import Foundation
import TouchKit

/// One gesture as the panels describe it: its touches (from the first finger down until every
/// finger was up), what its recognizers did, the one that recognized first, and when it began.
/// The model keeps the current one and the last `TraceModel.earlierGesturesKept` before it, so
/// that `Tab` can describe an earlier touch with the lanes of its own gesture.
package struct GestureRecord: Sendable {
    package var touches: [TouchRecord] = []
    package var recognizers: [RecognizerTimeline] = []
    /// The recognizer that recognized first.
    package var winner: String?
    /// When its first touch went down.
    package var start: Int64 = 0
    /// Touches past `TraceModel.maximumTouchesPerGesture`: counted, not kept.
    package var omittedTouchCount = 0
    /// Whether it is over and kept for `Tab` (a later gesture has begun).
    package var isEarlier = false

    /// Whether a finger is down or a recognizer is still at work.
    package var isLive: Bool {
        !isEarlier && (touches.contains { $0.isDown } || recognizers.contains { $0.state != .possible && !$0.state.isFinal })
    }
}
