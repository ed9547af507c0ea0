/// When a check writes goldens, as swift-snapshot-testing names its record modes.
///
/// - `never`: never writes; a session without a golden is skipped. The default when the `CI`
///   environment variable is set (a CI run must not make its own expectations).
/// - `missing`: writes the golden of a session that has none; checks the others. The default
///   elsewhere.
/// - `failed`: also rewrites the golden of a session that differs from it (the run still fails).
/// - `all`: rewrites every golden (the run fails when it wrote any: a recording run is never
///   taken for a passing one).
///
/// Goldens are written atomically (a whole new file or the old one), never over the session.
public enum RecordMode: String, Sendable, CaseIterable, CustomStringConvertible {
    case never, missing, failed, all

    /// `never` when `CI` is set to anything but `""`, `0` or `false`; `missing` otherwise.
    public static func `default`(environment: [String: String]) -> RecordMode {
        guard let ci = environment["CI"] else { return .missing }
        return ["", "0", "false"].contains(ci.lowercased()) ? .missing : .never
    }

    /// Whether a session with no golden gets one.
    public var recordsMissing: Bool { self != .never }
    /// Whether a session that differs from its golden gets a new one.
    public var recordsFailed: Bool { self == .failed || self == .all }
    /// Whether a session that matches its golden has it written again.
    public var recordsPassing: Bool { self == .all }
    /// Whether recording anything makes the run fail (so that it is never taken for a pass).
    public var recordingFails: Bool { self == .failed || self == .all }

    public var description: String { rawValue }
}
