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
    /// Paths under a folder that look like sessions (`*.session`) but are not regular files (a
    /// FIFO, a socket, a link to nothing): not checked, and said so.
    public let skipped: [Problem]

    public init(items: [Item], problems: [Problem] = [], skipped: [Problem] = []) {
        self.items = items
        self.problems = problems
        self.skipped = skipped
    }

    /// Every file a check of these sessions reads, which no report may replace: each session,
    /// its golden and old text golden, and the scene file its header names (resolved against
    /// the session's folder). The header is read alone (its first line, at most 64 KiB).
    public var inputFiles: [String] {
        var files: [String] = []
        for item in items {
            files.append(item.path)
            let url = URL(fileURLWithPath: item.path)
            files.append(GoldenFile.url(for: url).path)
            files.append(GoldenFile.textURL(for: url).path)
            if let scene = Self.headerScenePath(item.path) { files.append(scene) }
        }
        return files
    }

    /// The scene file a session's header names, resolved against the session's folder; nil when
    /// it names none or the header cannot be read.
    static func headerScenePath(_ session: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: session) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 64 << 10), let newline = data.firstIndex(of: 0x0A),
            let value = try? JSONParser.parse(Array(data[..<newline]), maximumDepth: 8),
            case .string(let relative)? = value["scene"]?["path"]?.kind, SessionScene.isAcceptableRelativePath(relative)
        else { return nil }
        return SessionScene.resolvedPath(relative, sessionFile: session)
    }

    /// Why a `*.session` path is not a file to check.
    static func notAFile(_ path: String) -> String {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return "skipped: not a regular file (a link to nothing, or to something that is not a file)"
        }
        return "skipped: not a regular file"
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
        var skipped: [Problem] = []
        var seen: Set<String> = []
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
            let entries: [DirectoryEntry]
            do { entries = try DirectoryEntry.list(directory) } catch {
                problems.append(Problem(path: shown, message: "cannot list this folder: \(error.reason)"))
                return
            }
            for entry in entries where entry.bytes.first != UInt8(ascii: ".") {
                guard let name = entry.name else {
                    // A name that is not UTF-8 cannot be named to the replay; said, never dropped.
                    let place = (shown == "." ? "" : shown + "/") + entry.shown
                    if entry.isDirectory {
                        problems.append(Problem(path: place, message: "cannot name: not UTF-8; the folder is not searched (rename it)"))
                    } else if entry.bytes.count >= 8 && entry.bytes.suffix(8).elementsEqual(".session".utf8) {
                        problems.append(Problem(path: place, message: "cannot name: not UTF-8; rename it"))
                    }
                    continue
                }
                let full = directory + "/" + name
                let child = shown == "." ? name : shown + "/" + name
                guard let kind = Self.kind(of: full) else {
                    if name.hasSuffix(".session") { skipped.append(Problem(path: child, message: Self.notAFile(full))) }
                    continue
                }
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
        return CheckSet(items: found.sorted { byteOrder($0.path, $1.path) }, problems: problems, skipped: skipped)
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
        return CheckSet(items: shard.select(items), problems: problems, skipped: skipped)
    }
}

/// One name in a folder as the file system holds it: bytes, which need not be UTF-8.
struct DirectoryEntry {
    let bytes: [UInt8]
    /// Whether the file system says it is a folder.
    let isDirectory: Bool
    /// The name, when its bytes are UTF-8.
    var name: String? { String(validating: bytes, as: UTF8.self) }
    /// The name with each byte that is not UTF-8 shown as `\xNN`.
    var shown: String {
        var out = ""
        var index = 0
        while index < bytes.count {
            var end = min(bytes.count, index + 4)
            while end > index, String(validating: bytes[index..<end], as: UTF8.self) == nil { end -= 1 }
            if end > index {
                out += String(decoding: bytes[index..<end], as: UTF8.self)
                index = end
            } else {
                out += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return out
    }

    /// The entries of `directory` but `.` and `..`, sorted byte by byte.
    static func list(_ directory: String) throws(FileError) -> [DirectoryEntry] {
        guard let stream = opendir(directory) else { throw FileError.fromErrno(directory, writing: false) }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            entries.append(DirectoryEntry(bytes: bytes, isDirectory: entry.pointee.d_type == UInt8(DT_DIR)))
        }
        return entries.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }
}
