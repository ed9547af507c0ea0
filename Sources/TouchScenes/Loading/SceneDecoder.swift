import Foundation
import TouchKit
import TouchSupport
import TouchSwiftUI

/// Turns a `touchscope.scene` JSON document into a `SceneDescription`, reporting every problem
/// of the file at once (see `FieldReader`), then checking references across the whole scene
/// (`SceneDecoder+References`).
public enum SceneDecoder {
    /// Most views a scene may have. TouchScope's choice: far above any screen, far below a hostile file.
    public static let maximumViewCount = 20_000
    /// Most gesture recognizers a scene may have. TouchScope's choice: when a touch begins, UIKit
    /// asks every pair of the recognizers that see it about failure requirements and
    /// simultaneity (the delegates may answer per pair), so that work is quadratic in the
    /// recognizers on one touch; this bound keeps one touch under a second on the largest scene.
    public static let maximumRecognizerCount = 2_000
    /// Deepest nesting of views. TouchScope's choice.
    public static let maximumViewDepth = 64
    /// Largest scene file read, in bytes.
    public static let maximumFileSize = 32 * 1024 * 1024

    /// Loads and decodes the scene file at `url`.
    public static func load(contentsOf url: URL) throws(SceneLoadError) -> SceneDescription {
        let bytes = try readFile(url)
        return try decode(data: Data(bytes), file: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// The bytes of a scene file: a regular file of at most `maximumFileSize` bytes.
    package static func readFile(_ url: URL) throws(SceneLoadError) -> [UInt8] {
        do {
            return try RegularFile.contents(of: url.path, maximumSize: maximumFileSize, what: "scene file")
        } catch {
            throw SceneLoadError(issues: [SceneIssue(file: url.path, path: .root, line: 0, column: 0, message: error.reason)])
        }
    }

    /// Decodes scene JSON from bytes; `file` names the source in issues.
    public static func decode(data: Data, file: String, defaultName: String) throws(SceneLoadError) -> SceneDescription {
        guard String(data: data, encoding: .utf8) != nil else {
            throw SceneLoadError(issues: [
                SceneIssue(file: file, path: .root, line: 0, column: 0, message: "the file is not UTF-8 text; expected a JSON scene")
            ])
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(Array(data))
        } catch {
            if FileKind(of: Array(data)) == .session {
                throw SceneLoadError(issues: [
                    SceneIssue(
                        file: file, path: .root, line: 1, column: 1,
                        message:
                            "this is a session (JSON Lines, \"format\": \"touchscope.session\"), not a scene; give a scene file, or pass the session as --session"
                    )
                ])
            }
            throw SceneLoadError(issues: [
                SceneIssue(file: file, path: .root, line: error.line, column: error.column, message: "not valid JSON: \(error.message)")
            ])
        }
        var context = DecodingContext(reader: FieldReader(file: file))
        let scene = context.scene(document, defaultName: defaultName)
        if let scene { context.checkReferences(scene) }
        let issues = context.reader.issues.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        if let scene, issues.isEmpty { return scene }
        throw SceneLoadError(issues: issues, omittedIssueCount: context.reader.omittedIssueCount)
    }
}

/// State of one decoding pass.
struct DecodingContext {
    var reader: FieldReader
    var viewCount = 0
    var recognizerCount = 0
    /// Where each id was declared, for duplicate and reference checks.
    var viewIDs: [String: JSONPath] = [:]
    var recognizerIDs: [String: (path: JSONPath, value: JSONValue)] = [:]
    /// References to check once everything is read: (id, where, what kind of thing).
    var viewReferences: [(String, JSONPath, JSONValue)] = []
    var recognizerReferences: [(String, JSONPath, JSONValue)] = []
    var stateReferences: [(String, JSONPath, JSONValue)] = []
    /// Each view's and controller's next responder, by JSON path (`window` at the top).
    var responderParents: [String: String] = [:]
    /// Behaviours that handle routed events and named actions, for the loop check.
    var messageHandlers: [MessageHandler] = []

    init(reader: FieldReader) {
        self.reader = reader
    }

    static let topLevelKeys = [
        "format", "version", "name", "description", "window", "rootViewController", "views", "windows", "state", "swiftUI", "era",
    ]

    mutating func scene(_ document: JSONValue, defaultName: String) -> SceneDescription? {
        guard let top = reader.object(document, at: .root, allowed: Self.topLevelKeys, required: ["format", "version", "window"]) else {
            return nil
        }
        if let format = reader.string(top, "format"), format != SceneDescription.formatName, let (value, path) = top["format"] {
            reader.report("expected format \"\(SceneDescription.formatName)\", found \"\(format)\"", at: path, value)
        }
        if let (value, path) = top["version"], case .number(let version) = value.kind {
            if version > Double(SceneDescription.formatVersion) {
                reader.report(
                    "this scene is version \(JSONWriter.number(version)); this TouchScope reads version \(SceneDescription.formatVersion) (a newer TouchScope wrote it)",
                    at: path, value)
            } else if version != Double(SceneDescription.formatVersion) {
                reader.report("expected version \(SceneDescription.formatVersion), found \(JSONWriter.number(version))", at: path, value)
            }
        } else if let (value, path) = top["version"] {
            reader.report("expected a version number, found \(value.typeName)", at: path, value)
        }
        // A scene's name is shown on lines of output everywhere: one visible line, whatever the
        // file holds (`TerminalText.line`).
        var scene = SceneDescription(
            name: TerminalText.line(reader.string(top, "name") ?? defaultName), windowSize: CGSize(width: 390, height: 844))
        scene.summary = reader.string(top, "description", nonEmpty: false)
        if let (value, path) = top["window"],
            let window = reader.object(
                value, at: path, allowed: ["width", "height", "backgroundColor", "systemGestureGate"], required: ["width", "height"])
        {
            let width = reader.number(window, "width", in: 1...10_000)
            let height = reader.number(window, "height", in: 1...10_000)
            if let width, let height { scene.windowSize = CGSize(width: width, height: height) }
            scene.windowBackground = reader.color(window, "backgroundColor")
            scene.systemGestureGate = reader.bool(window, "systemGestureGate") ?? false
        }
        if let (value, path) = top["state"], let flags = reader.openObject(value, at: path) {
            for member in flags.members {
                if let flag = reader.bool(member.value, at: path.appending(member.key)) { scene.state[member.key] = flag }
            }
        }
        if let (value, path) = top["swiftUI"] { scene.swiftUI = swiftUISettings(value, at: path) }
        if let (value, path) = top["era"], let name = reader.string(value, at: path) {
            if let era = SwiftUIEra(rawValue: name) {
                scene.era = era
            } else {
                reader.report(
                    "unknown era \"\(name)\" (eras: \(SwiftUIEra.allCases.map(\.rawValue).joined(separator: ", ")))", at: path, value)
            }
        }
        if let (value, path) = top["rootViewController"] {
            scene.rootController = controller(value, at: path, depth: 0, presenting: nil)
        }
        if let views = reader.array(top, "views") {
            scene.views = expandingRepeats(views, key: "repeat").compactMap { view($0.0, at: $0.1, depth: 1, parent: MessageHandler.window) }
        }
        if let windows = reader.array(top, "windows", maximumCount: 16) {
            scene.windows = windows.compactMap { window($0.0, at: $0.1) }
        }
        return scene
    }

    static let controllerKeys = [
        "kind", "id", "class", "title", "view", "behaviours", "presents", "viewControllers", "builtInRecognizers",
        "preferredScreenEdgesDeferringSystemGestures",
    ]

    mutating func controller(_ value: JSONValue, at path: JSONPath, depth: Int, presenting: JSONPath?) -> ControllerDescription? {
        guard depth < 8 else {
            reader.report("controllers are nested (presented or stacked) more than 8 deep", at: path, value)
            return nil
        }
        guard let fields = reader.object(value, at: path, allowed: Self.controllerKeys) else { return nil }
        var kind = ControllerDescription.Kind.viewController
        if let name = reader.string(fields, "kind") {
            if let known = ControllerDescription.Kind(rawValue: name) {
                kind = known
            } else if let (kindValue, kindPath) = fields["kind"] {
                reader.report("unknown controller kind \"\(name)\"; expected viewController or navigationController", at: kindPath, kindValue)
            }
        }
        let id = declareViewID(fields)
        responderParents[path.description] = presenting?.description ?? MessageHandler.window
        var controller: ControllerDescription
        switch kind {
        case .viewController:
            for key in ["viewControllers", "builtInRecognizers"] {
                if let (extra, extraPath) = fields[key] {
                    reader.report("\(key) belongs to a navigation controller (\"kind\": \"navigationController\")", at: extraPath, extra)
                }
            }
            guard let (viewValue, viewPath) = fields["view"] else {
                reader.report("missing required field \"view\"", at: path, value)
                return nil
            }
            guard let rootView = view(viewValue, at: viewPath, depth: 1, parent: path.description) else { return nil }
            controller = ControllerDescription(id: id, view: rootView)
            controller.behaviours = behaviours(fields, owner: id, ownerPath: path, subviewIDs: Set(rootView.allViews.compactMap(\.id)))
        case .navigationController:
            for key in ["view", "behaviours"] {
                if let (extra, extraPath) = fields[key] {
                    reader.report(
                        "a navigation controller's view is UIKit's (it shows its top controller's); give its \"viewControllers\"", at: extraPath,
                        extra)
                }
            }
            controller = ControllerDescription(id: id, view: ViewDescription(kind: .view))
            controller.kind = .navigationController
            // One message a problem: a stack that is too long is reported by the reader as such,
            // never also as missing.
            guard let (stackValue, stackPath) = fields["viewControllers"], case .array(let elements) = stackValue.kind, !elements.isEmpty
            else {
                let (stackValue, stackPath) = fields["viewControllers"] ?? (value, path)
                reader.report(
                    "a navigation controller needs \"viewControllers\": its stack, the root first (at least one)", at: stackPath, stackValue)
                return nil
            }
            guard let stack = reader.array(stackValue, at: stackPath, maximumCount: 16) else { return nil }
            controller.viewControllers = stack.compactMap { self.controller($0.0, at: $0.1, depth: depth + 1, presenting: path) }
            if let id, let (idValue, idPath) = fields["id"] { declareBuiltIn(BuiltInRecognizerRole.pop.id(of: id), owner: id, at: idPath, idValue) }
            if let (builtIns, builtInsPath) = fields["builtInRecognizers"] {
                controller.builtInRecognizers = builtInRecognizers(builtIns, at: builtInsPath, roles: BuiltInRecognizerRole.navigationRoles)
                if id == nil, !controller.builtInRecognizers.isEmpty {
                    reader.report("give the navigation controller an \"id\": its pop gesture is addressed as <id>.pop", at: builtInsPath, builtIns)
                }
            }
        }
        controller.className = reader.string(fields, "class")
        controller.title = reader.string(fields, "title", nonEmpty: false)
        if let names = reader.strings(fields, "preferredScreenEdgesDeferringSystemGestures", allowed: RecognizerNames.edges.map(\.name) + ["all"]) {
            controller.deferringEdges = names.reduce(into: UIRectEdge()) { edges, name in
                edges.formUnion(name == "all" ? .all : RecognizerNames.edges.first { $0.name == name }?.edge ?? [])
            }
        }
        if let presented = reader.array(fields, "presents", maximumCount: 4) {
            controller.presents = presented.compactMap { self.controller($0.0, at: $0.1, depth: depth + 1, presenting: path) }
        }
        return controller
    }

    /// Declares the object's `id` as a view id, reporting duplicates.
    mutating func declareViewID(_ fields: Fields) -> String? {
        guard let id = reader.string(fields, "id", maximumLength: 200), let (value, path) = fields["id"] else { return nil }
        if id == "self" || id == "*" {
            reader.report("\"\(id)\" is reserved; choose another id", at: path, value)
            return nil
        }
        if let first = viewIDs[id] {
            reader.report("duplicate id \"\(id)\" (first used at \(first))", at: path, value)
            return nil
        }
        // Views and recognizers share one namespace of ids (docs/scene-format.md).
        if let first = recognizerIDs[id] {
            reader.report("duplicate id \"\(id)\" (a recognizer's id, at \(first.path); views and recognizers share one namespace)", at: path, value)
            return nil
        }
        viewIDs[id] = path
        return id
    }
}
