import Foundation
import TouchKit

/// A session file that cannot be replayed, and why, line by line.
public struct SessionLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One problem, with its line (0 for the whole file).
    public struct Issue: Equatable, Sendable {
        /// 1-based line of the session file (0 for the file as a whole).
        public var line: Int
        public var message: String
    }

    public var file: String
    public var issues: [Issue]

    public init(file: String, issues: [Issue]) {
        self.file = file
        self.issues = issues
    }

    init(file: String, line: Int, _ message: String) {
        self.init(file: file, issues: [Issue(line: line, message: message)])
    }

    /// `demo.session:7: finger 1 begins again while it is still down (since line 3)`.
    public var description: String {
        issues.map { "\(TerminalText.line(file))\($0.line > 0 ? ":\($0.line)" : ""): \($0.message)" }.joined(separator: "\n")
    }
}
