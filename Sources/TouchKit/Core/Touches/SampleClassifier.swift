import Foundation

/// Decides each sample of one event in order: taken (quantized) or dropped with a reason.
///
/// One classifier serves both `dispatch`, which acts on the samples, and the input observers
/// (recorders), which are told beforehand what the engine will take, so the two can never
/// disagree. The rules: a non-finite or out-of-range sample is dropped; a finger that is down
/// does not begin again, nor does one past `UIApplication.maximumSimultaneousTouches`; a finger
/// that is not down, or already changed in this event, does not move or lift; `stationary`
/// samples carry nothing and are ignored.
struct SampleClassifier {
    enum Verdict {
        case take(TouchSample)
        case drop(TouchSample, InputDropReason)
        case ignore
    }

    private var downCount: Int
    /// Fingers that began, moved or lifted in this event: the first inline, so that the common
    /// one-sample event allocates nothing.
    private var firstChanged: Int?
    private var moreChanged: [Int] = []

    /// For an event arriving while `downCount` touches are down.
    init(downCount: Int) {
        self.downCount = downCount
    }

    private func hasChanged(_ finger: Int) -> Bool {
        firstChanged == finger || (!moreChanged.isEmpty && moreChanged.contains(finger))
    }

    private mutating func markChanged(_ finger: Int) {
        if firstChanged == nil { firstChanged = finger } else { moreChanged.append(finger) }
    }

    /// Decides `original`; `wasDown` says whether its finger was down when the event arrived (the
    /// caller looks it up, keeping the touch it finds).
    @inline(__always)
    mutating func classify(_ original: TouchSample, wasDown: Bool) -> Verdict {
        var sample = original
        sample.location = CGPoint(x: TouchSample.quantized(original.location.x), y: TouchSample.quantized(original.location.y))
        if let rejection = sample.rejection { return .drop(sample, rejection) }
        switch sample.phase {
        case .began:
            // A finger that changed in this event is down (it began, or it was down already).
            if wasDown || hasChanged(sample.finger) { return .drop(sample, .alreadyDown) }
            if downCount >= UIApplication.maximumSimultaneousTouches { return .drop(sample, .tooManyTouches) }
            downCount += 1
            markChanged(sample.finger)
        case .moved, .ended, .cancelled:
            guard wasDown, !hasChanged(sample.finger) else { return .drop(sample, .notDownOrAlreadyChanged) }
            markChanged(sample.finger)
        case .stationary:
            return .ignore
        }
        return .take(sample)
    }
}
