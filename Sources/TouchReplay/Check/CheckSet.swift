import Foundation
import TouchKit

/// The sessions a check covers: every `.session` file under the paths given (folders searched
/// recursively; hidden folders such as `.build` and `.git`, and links to folders, are not
/// entered), each named by the path it was found by (`Tests/Sessions/menu.session`), in one
/// order that does not depend on the order the file system lists folders: sorted by those names,
/// byte by byte. A session named twice (two paths reaching one file) is checked once.
public struct CheckSet: Sendable {
    /// One session to check.
    public struct Item: Sendable, Equatable {
        /// The path as shown and as the shard key: the argument joined with the path below it.
        public let path: String
        /// The folder of `path` (`.` for a session in the current folder): a JUnit test suite.
        public var folder: String {
            let parent = (path as NSString).deletingLastPathComponent
            return parent.isEmpty ? "." : parent
        }
    }

    /// A path given that cannot be searched (missing, unreadable).
    public struct Problem: Sendable, Equatable {
        public let path: String
        public let message: String
    }

    public let items: [Item]
    public let problems: [Problem]

    public init(items: [Item], problems: [Problem] = []) {
        self.items = items
        self.problems = problems
    }

    /// Most sessions one check takes (a folder with more is refused, not cut).
    public static let maximumSessionCount = 1_000_000
    /// Deepest folder nesting searched.
    public static let maximumDepth = 64

    /// The sessions under `paths` (default: the current folder). A file named explicitly is a
    /// session whatever its extension; in folders only `*.session` files are.
    public static func discover(_ paths: [String]) -> CheckSet {
        var found: [Item] = []
        var problems: [Problem] = []
        var seen: Set<String> = []
        let manager = FileManager.default
        func add(_ shown: String, real: String) {
            let key = URL(fileURLWithPath: real).resolvingSymlinksInPath().path
            guard seen.insert(key).inserted else { return }
            found.append(Item(path: shown))
        }
        func walk(_ directory: String, shown: String, depth: Int) {
            guard depth <= maximumDepth else {
                problems.append(Problem(path: shown, message: "folders nest deeper than \(maximumDepth) levels here; not searched further"))
                return
            }
            let names: [String]
            do { names = try manager.contentsOfDirectory(atPath: directory) } catch {
                problems.append(Problem(path: shown, message: "cannot list this folder: \(error.localizedDescription)"))
                return
            }
            for name in names.sorted(by: Self.byteOrder) where !name.hasPrefix(".") {
                let full = directory + "/" + name
                let child = shown == "." ? name : shown + "/" + name
                guard let kind = Self.kind(of: full) else { continue }
                switch kind {
                case .directory: walk(full, shown: child, depth: depth + 1)
                case .file where name.hasSuffix(".session"): add(child, real: full)
                case .file, .linkToDirectory: continue
                }
            }
        }
        for path in paths.isEmpty ? ["."] : paths {
            let shown = Self.trimmed(path)
            switch Self.kind(of: path) {
            case .directory?: walk(path, shown: shown, depth: 0)
            case .file?: add(shown, real: path)
            case .linkToDirectory?:
                walk(URL(fileURLWithPath: path).resolvingSymlinksInPath().path, shown: shown, depth: 0)
            case nil: problems.append(Problem(path: path, message: "no such file or folder"))
            }
            if found.count > maximumSessionCount { break }
        }
        if found.count > maximumSessionCount {
            return CheckSet(
                items: [],
                problems: problems + [
                    Problem(path: paths.joined(separator: " "), message: "more than \(maximumSessionCount) sessions; check fewer at once")
                ])
        }
        return CheckSet(items: found.sorted { byteOrder($0.path, $1.path) }, problems: problems)
    }

    enum Kind { case file, directory, linkToDirectory }

    /// What `path` is (nil when nothing is there). A link to a file counts as the file; a link
    /// to a folder is entered only when named on the command line (no loops).
    static func kind(of path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else { return nil }
            switch target.st_mode & S_IFMT {
            case S_IFDIR: return .linkToDirectory
            case S_IFREG: return .file
            default: return nil
            }
        default: return nil
        }
    }

    /// A path as given, without trailing slashes or a leading `./` (`.` stays `.`).
    static func trimmed(_ path: String) -> String {
        var text = path
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        while text.hasPrefix("./") && text.count > 2 { text.removeFirst(2) }
        return text.isEmpty ? "." : text
    }

    /// Byte order of UTF-8: the same on every machine, whatever the locale.
    static func byteOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The part `shard` takes (see `CheckShard`).
    public func shard(_ shard: CheckShard?) -> CheckSet {
        guard let shard else { return self }
        return CheckSet(items: shard.select(items), problems: problems)
    }
}
