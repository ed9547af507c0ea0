import Foundation
import Testing
import TouchKit
import TouchSwiftUI
import TouchTestSupport

@testable import TouchReplay
@testable import TouchScenes

/// docs/scene-format.md and the README against what the loader, the schema and the script parser
/// accept: a name the documentation lists that the loader refuses, or a field the loader takes
/// that the documentation leaves out, fails here.
@Suite("The scene reference matches the loader")
struct SceneReferenceTests {
    static let reference = (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)) ?? ""

    /// The section under `## title`, up to the next `## `.
    static func section(_ title: String, in text: String = reference) -> String {
        guard let start = text.range(of: "## \(title)\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The first column of a section's table: `name` → the rest of the row's cells.
    static func table(_ section: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            rows[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Array(cells.dropFirst(2))
        }
        return rows
    }

    /// Every `name` in backticks in `text`.
    static func names(_ text: String) -> Set<String> {
        Set(text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    static func kinds(_ cell: String) -> Set<String> {
        Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test("top-level fields")
    func topLevel() {
        #expect(Set(Self.table(Self.section("Top level")).keys) == Set(DecodingContext.topLevelKeys))
    }

    @Test("view fields, the kinds each belongs to, and the view kinds")
    func views() {
        let rows = Self.table(Self.section("Views"))
        #expect(Set(rows.keys) == Set(DecodingContext.viewKeys))
        for (key, kinds) in DecodingContext.kindSpecificKeys {
            #expect(Self.kinds(rows[key]?.first ?? "") == Set(kinds.map(\.rawValue)), "\(key)")
        }
        for (key, cells) in rows where DecodingContext.kindSpecificKeys[key] == nil {
            #expect(cells.first == "all", "\(key) is for every kind")
        }
        let listed = Self.names(Self.section("Views").components(separatedBy: "\n\n").first ?? "")
        #expect(Set(ViewKind.allCases.map(\.rawValue)).isSubset(of: listed))
    }

    @Test("recognizer fields, the kinds each belongs to, and the recognizer kinds")
    func recognizers() {
        let section = Self.section("Recognizers")
        let rows = Self.table(section)
        #expect(Set(rows.keys) == Set(DecodingContext.recognizerKeys))
        for (key, kinds) in DecodingContext.recognizerSpecificKeys {
            #expect(Self.kinds(rows[key]?.first ?? "") == Set(kinds.map(\.rawValue)), "\(key)")
        }
        #expect(Set(RecognizerKind.allCases.map(\.rawValue)).isSubset(of: Self.names(section)))
    }

    @Test("built-in recognizer settings and delegate conditions are listed")
    func builtInsAndConditions() {
        #expect(Set(DecodingContext.builtInRecognizerKeys).isSubset(of: Self.names(Self.section("Built-in recognizers"))))
        #expect(Set(BuiltInRecognizerRole.allCases.map(\.rawValue)).isSubset(of: Self.names(Self.section("Built-in recognizers"))))
        #expect(Set(DecodingContext.conditionKeys).isSubset(of: Self.names(Self.section("Conditions"))))
    }

    @Test("behaviour kinds and their fields")
    func behaviours() {
        let rows = Self.table(Self.section("Behaviours"))
        #expect(Set(rows.keys) == Set(DecodingContext.behaviourKinds.keys))
        for (kind, fields) in DecodingContext.behaviourKinds {
            #expect(Self.names(rows[kind]?.first ?? "") == Set(fields), "\(kind)")
        }
    }

    @Test("effects, and what set can change")
    func effects() {
        let names = Self.names(Self.section("Effects"))
        #expect(Set(DecodingContext.effectKeys).isSubset(of: names))
        #expect(Set(DecodingContext.patchKeys).isSubset(of: names))
    }

    @Test("gesture script steps and their fields")
    func script() {
        let rows = Self.table(Self.section("Gesture scripts"))
        #expect(Set(rows.keys) == Set(GestureScript.stepNames))
        for (step, fields) in GestureScript.stepFields {
            #expect(Self.names(rows[step]?.first ?? "") == Set(fields.extra + fields.inner), "\(step)")
        }
    }

    @Test("the JSON Schema's view and recognizer properties are the loader's")
    func schema() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("docs/scene.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        func properties(_ name: String) -> Set<String> {
            Set(((definitions[name] as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        #expect(properties("view") == Set(DecodingContext.viewKeys))
        #expect(properties("recognizer") == Set(DecodingContext.recognizerKeys))
        #expect(Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? []) == Set(DecodingContext.topLevelKeys))
    }

    @Test("the README's scene section names only what the loader knows, and points to the reference")
    func readme() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = Self.section("The scene format", in: readme.replacingOccurrences(of: "### The scene format", with: "## The scene format"))
        #expect(section.contains("docs/scene-format.md"))
        var known = Set(DecodingContext.viewKeys + DecodingContext.recognizerKeys + DecodingContext.topLevelKeys)
        known.formUnion(DecodingContext.behaviourKinds.keys)
        known.formUnion(DecodingContext.effectKeys)
        known.formUnion(ViewKind.allCases.map(\.rawValue))
        known.formUnion(RecognizerKind.allCases.map(\.rawValue))
        known.formUnion(GestureScript.stepNames)
        known.formUnion(DecodingContext.controllerKeys)
        known.formUnion(DecodingContext.behaviourKinds.values.flatMap { $0 })
        known.formUnion(["shouldBegin", "shouldReceiveTouch", "recognizeSimultaneouslyWith", "requireFailureOf", "requiredToFailBy"])
        known.formUnion(["rotation", "scale", "translation"])
        known.formUnion(DecodingContext.builtInRecognizerKeys + DecodingContext.conditionKeys)
        known.formUnion(BuiltInRecognizerRole.allCases.map { $0.id(of: "carousel") } + BuiltInRecognizerRole.allCases.map { $0.id(of: "nav") })
        known.formUnion(ControllerDescription.Kind.allCasesNames + ["systemGestureGate"] + SwiftUINode.Kind.allCases.map(\.rawValue))
        known.formUnion(
            DecodingContext.swiftUINodeKeys + DecodingContext.attachmentKeys + DecodingContext.gestureKinds + DecodingContext.gestureCallbackKeys)
        known.formUnion(GestureScript.stepFields.values.flatMap { $0.extra + $0.inner })
        known.formUnion(UIControl.Event.named.map(\.1))
        known.formUnion(DecodingContext.repeatKeys + DecodingContext.forEachKeys + ["{i}", "UIGestureRecognizerRepresentable"])
        known.formUnion(DecodingContext.windowKeys)
        known.formUnion(["touchscope validate", "touchscope import dump.txt", "po [view recursiveDescription]", "Sources/TouchScenes/SwiftScenes/"])
        let unknown = Self.names(section).filter {
            !known.contains($0) && !$0.isEmpty && !$0.hasPrefix("\"") && !$0.contains(".json") && !$0.contains("#") && !$0.contains("(")
                && !$0.contains("[")
        }
        #expect(unknown.isEmpty, "\(unknown.sorted())")
    }
}
