import Foundation

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
        let position = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(position): \(path): \(message)"
    }
}

/// A scene file that cannot be loaded, with every issue found in it, in file order.
public struct SceneLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var issues: [SceneIssue]

    public init(issues: [SceneIssue]) {
        self.issues = issues
    }

    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}
