import Foundation
import TouchReplay

/// What the window's panel shows of the model held to the device (`DeviceComparison`): the
/// summary line, and the latest touch where they disagree, side by side with its likely cause.
package struct DeviceSummary: Equatable, Sendable {
    package struct Disagreement: Equatable, Sendable {
        package var touch: String
        package var device: String
        package var model: String
        package var cause: String
    }

    package var summary: String
    package var latest: Disagreement?

    package init(_ comparison: DeviceComparison) {
        summary = comparison.summary
        latest = comparison.disagreements.last.map {
            Disagreement(
                touch: "\($0.touch.description): \($0.fact.label)", device: $0.device, model: $0.model, cause: "likely cause: " + $0.causeLine)
        }
    }
}
