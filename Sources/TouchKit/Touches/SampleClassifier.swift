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

    private var down: Set<Int>
    private var downCount: Int
    private var changed: Set<Int> = []

    /// For an event arriving while `activeFingers` are down.
    init(activeFingers: [Int]) {
        down = Set(activeFingers)
        downCount = activeFingers.count
    }

    mutating func classify(_ original: TouchSample) -> Verdict {
        var sample = original
        sample.location = CGPoint(x: TouchSample.quantized(original.location.x), y: TouchSample.quantized(original.location.y))
        if let rejection = sample.rejection { return .drop(sample, rejection) }
        switch sample.phase {
        case .began:
            if down.contains(sample.finger) { return .drop(sample, .alreadyDown) }
            if downCount >= UIApplication.maximumSimultaneousTouches { return .drop(sample, .tooManyTouches) }
            down.insert(sample.finger)
            downCount += 1
            changed.insert(sample.finger)
        case .moved, .ended, .cancelled:
            guard down.contains(sample.finger), changed.insert(sample.finger).inserted else {
                return .drop(sample, .notDownOrAlreadyChanged)
            }
        case .stationary:
            return .ignore
        }
        return .take(sample)
    }
}
