import Foundation
import TouchKit

/// What checking one session found, as a value every reporter reads (the line output, JUnit,
/// GitHub annotations, JSON, the HTML report): made on a worker thread, shared as a copy.
public struct SessionCheckResult: Sendable {
    /// How the session came out.
    public enum Status: String, Sendable {
        /// The replay matches its golden.
        case passed
        /// The replay differs from its golden.
        case failed
        /// The session, its scene or its golden cannot be read.
        case error
        /// Nothing to compare with: no golden, and the record mode writes none.
        case skipped
    }

    /// One input whose outcomes differ: what led to it and each change.
    public struct Divergence: Sendable {
        /// The input moment (1-based; 0 before the first input).
        public let input: Int
        /// The session line of the input, when known.
        public let sessionLine: Int?
        /// The input's text in the session, when known.
        public let inputText: String?
        /// When the first change happened, in microseconds.
        public let micros: Int64
        /// Each change, in one line (`was X, now Y`).
        public let changes: [String]
        /// The views and controls the golden names in this input's changed records.
        public let expectedViews: [String]
        /// The views and controls the replay names in them.
        public let actualViews: [String]
        /// The golden's changed records, one line each.
        public let expected: [String]
        /// The replay's changed records, one line each.
        public let actual: [String]
    }

    public let path: String
    public var folder: String { CheckSet.Item(path: path).folder }
    public var status: Status
    /// Seconds the check took (load, replay, compare, write).
    public var seconds: Double = 0
    /// One line: `42 outcomes match`, the first divergence, the error, why it was skipped.
    public var message: String
    /// The whole divergence report, as `replay --check` prints it (empty unless failed).
    public var report: String = ""
    /// Every input that differs.
    public var divergences: [Divergence] = []
    /// Touches that went to another view than when recorded, with why (a drift is reported,
    /// not failed: the golden decides).
    public var drifts: [String] = []
    /// Warnings while loading (a repaired session, a changed scene).
    public var warnings: [String] = []
    /// Which scene the session was replayed on, and whether it changed since the recording
    /// (`SessionScene.CheckScene.note`); nil for a session that carries no scene.
    public var scene: String?
    /// Whether the scene file changed since the recording, and how many outcomes that changes.
    public var sceneChanged = false
    public var sceneOutcomesDiffer = 0
    /// What was written (`wrote X.golden (42 outcomes)`), when the record mode wrote.
    public var recorded: String?
    /// How many outcomes the replay made.
    public var outcomes: Int = 0
    /// The input records replayed.
    public var inputs: Int = 0
    /// The model held to the device, for a session a capture recorded (`DeviceComparison`).
    public var device: DeviceComparison?
    /// With `check --eras`: the session replayed in every era, neighbours compared
    /// (`EraComparison`); informational, never a failure.
    public var eras: [EraComparison.Step]?
    /// With `check --eras`, when the eras differ: the changes whose re-run gives every era the
    /// outcomes of the scene's own era (`EraFixes`); empty when none was found.
    public var eraFixes: [String]?

    public init(path: String, status: Status, message: String) {
        self.path = path
        self.status = status
        self.message = message
    }
}
