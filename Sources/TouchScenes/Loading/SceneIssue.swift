import Foundation
import TouchSupport

/// One thing wrong with a scene file: where (file, line, column, JSON path) and what was expected.
public struct SceneIssue: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var path: JSONPath
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, path: JSONPath, line: Int, column: Int, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `Scenes/menu.json:12:9: views[3].frame: expected an array of 4 numbers, found a string`.
    public var description: String {
        let shown = TerminalText.line(file)
        let position = line > 0 ? "\(shown):\(line):\(column)" : shown
        return "\(position): \(path): \(message)"
    }
}

/// A scene file that cannot be loaded, with the issues found in it, in file order: at most
/// `maximumIssueCount` of them, the rest counted in `omittedIssueCount`.
public struct SceneLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Most problems a report lists; the rest are counted ("and 4,212 more problems").
    public static let maximumIssueCount = 200
    /// Longest message of one problem, in characters; longer ones end in "…".
    public static let maximumMessageLength = 2_000

    public var issues: [SceneIssue]
    /// Problems found past `maximumIssueCount`.
    public var omittedIssueCount: Int

    public init(issues: [SceneIssue], omittedIssueCount: Int = 0) {
        self.issues = issues
        self.omittedIssueCount = omittedIssueCount
    }

    /// Every problem found, listed or not.
    public var problemCount: Int { issues.count + omittedIssueCount }

    public var description: String {
        let listed = issues.map(\.description).joined(separator: "\n")
        guard omittedIssueCount > 0 else { return listed }
        return listed + "\n… and \(omittedIssueCount) more problem\(omittedIssueCount == 1 ? "" : "s") (the first \(issues.count) are listed)"
    }
}
