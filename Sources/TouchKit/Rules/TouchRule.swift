import Foundation

/// One rule of the model that decides an outcome, with where it comes from: what `touchscope
/// rules` lists, `docs/rules.md` shows, and an explanation names when an answer rests on it.
public struct TouchRule: Sendable, Equatable, Identifiable {
    /// Where a rule comes from, from most to least certain.
    public enum Provenance: String, Sendable, CaseIterable {
        /// An Apple document or release note (with its id), WWDC, an Apple engineer's reply.
        case documented
        /// What devices were seen to do: field reports, cited.
        case observed
        /// A reconstruction (OpenSwiftUI) or TouchScope's own reading, not confirmed on a device.
        case inferred
        /// A private value TouchScope had to choose.
        case approximation
    }

    /// A stable id (`nav.popVsContentPans`), for `touchscope rules ID` and explanations.
    public let id: String
    /// The framework the rule models: `UIKit` or `SwiftUI`.
    public let framework: String
    /// What the rule says, in one or two sentences.
    public let summary: String
    public let provenance: Provenance
    /// The sources, each one line: a document and its id, a release note's number, a report.
    public let sources: [String]
    /// The eras it holds in (`ios17`, `ios18`, `ios26`); empty: every era.
    public let eras: [String]

    public init(_ id: String, framework: String, _ summary: String, _ provenance: Provenance, sources: [String], eras: [String] = []) {
        self.id = id
        self.framework = framework
        self.summary = summary
        self.provenance = provenance
        self.sources = sources
        self.eras = eras
    }

    /// `inferred (OpenSwiftUI's reconstruction)`: the one line an answer resting on it shows.
    public var provenanceLine: String {
        "\(provenance.rawValue)" + (sources.first.map { " (\($0))" } ?? "")
    }
}
